# tests/cli/serve-lib.sh: starting and stopping `shakeref serve` in a
# test (sourced after lib.sh by tests/cli/serve.sh and serve-enter.sh).
# Each server listens on 127.0.0.1, port 0 (a free one), and stops by
# itself after --max-seconds should a test leave it running.

# Start serve in the background (its pid in ./serve.pid; global options
# $@ before it, $serve_opts after it: --enter; it stops by itself after
# $serve_max seconds, 120 by default), wait for its URL (in
# $url) and code on ./serve.out:
# the lines it begins with are $serve_at and $serve_ready in the
# language of the test (English by default; serve_at=none: no $url, the
# test reads serve.out itself).
serve_start() {
	# Gone first: the background shell may truncate it after the wait
	# below has read the last server's lines.
	rm -f serve.out
	"$SHAKEREF" "$@" serve ${serve_opts:-} --listen 127.0.0.1:0 --max-seconds "${serve_max:-120}" \
	    >serve.out 2>serve.err &
	echo $! >serve.pid
	i=0
	while ! grep -q "^${serve_ready:-Ctrl-C stops it}" serve.out 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 100 ] || { echo "# serve did not start"; cat serve.err; return 1; }
		sleep 0.1
	done
	[ "${serve_at:-}" = none ] && return 0
	url=$(sed -n "s/^${serve_at:-the scoreboard at }//p" serve.out)
	test -n "$url"
}

# Send serve signal $1 and wait for it to end (at most 5 s); its exit
# status into ./serve.rc.
serve_stop() {
	kill "-$1" "$(cat serve.pid)" &&
	i=0 &&
	while kill -0 "$(cat serve.pid)" 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 50 ] || { echo "# serve did not stop"; return 1; }
		sleep 0.1
	done &&
	{ wait "$(cat serve.pid)"; echo $? >serve.rc; } &&
	if [ "$(cat serve.rc)" -ne 0 ]; then
		echo "# serve exited $(cat serve.rc):"
		sed 's/^/#   /' serve.err | head -n 40
	fi
}

# axe-core (npm, in tests/node by ./bootstrap) for a browser test: its
# option in $axe ("--axe FILE") and "$1" in $axe_what (for the test's
# title); empty when it is not installed, then axe_skip says so with a
# line of its own, unless SHAKEREF_AXE_REQUIRED (.ci/run) makes that a
# bail-out.
axe_find() {
	axe_js=$SRCDIR/tests/node/node_modules/axe-core/axe.min.js
	if [ -f "$axe_js" ]; then
		axe="--axe $axe_js" axe_what=$1
	elif [ -n "${SHAKEREF_AXE_REQUIRED:-}" ]; then
		echo "Bail out! axe-core not installed (npm): ./bootstrap installs it in tests/node"
		exit 1
	else
		axe= axe_what=
	fi
}

axe_skip() {
	if [ -z "$axe" ]; then
		test_count=$((test_count + 1))
		echo "ok $test_count # SKIP skip: axe-core not installed (npm): $1 not checked for accessibility (./bootstrap installs it in tests/node)"
	fi
}
