#!/bin/sh
# tests/fuzz/import-seeds.sh DIR: the seeds of tests/fuzz/fuzz-import, real
# exports written by the binary ($SHAKEREF, else ./shakeref): each whole
# game of tests/scenarios (three or more of each of the five games) played
# and exported on its own, then all of them in one export --all; and the
# game the target's database holds already (tests/fuzz/import-store.json),
# so that mutations meet its uid.  Run from a build folder after `make`
# (shake-a-word's dictionary from data/).
set -e
out=${1:?usage: import-seeds.sh DIR}
src=$(cd "$(dirname "$0")/../.." && pwd)
sr=${SHAKEREF:-./shakeref}
case $sr in /*) ;; *) sr=$(pwd)/$sr ;; esac
case $out in /*) ;; *) out=$(pwd)/$out ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
export SHAKEREF_DATA_DIR="${SHAKEREF_DATA_DIR:-$(pwd)/data}" \
    XDG_CACHE_HOME="$tmp/cache" SHAKEREF_NOW=1795000000
all="$tmp/all.db"
for play in "$src"/tests/scenarios/*.play; do
	name=$(basename "$play" .play)
	args=$(sed -n '1s/^# new: //p' "$play")
	# shellcheck disable=SC2086 # the new line's words, as scenario.sh
	"$sr" -d "$tmp/$name.db" new $args >/dev/null
	"$sr" -d "$tmp/$name.db" play <"$play" >/dev/null
	"$sr" -d "$tmp/$name.db" export >"$out/$name.json"
	"$sr" -d "$tmp/$name.db" export | "$sr" -d "$all" import - >/dev/null
done
"$sr" -d "$all" export --all >"$out/all.json"
cp "$src/tests/fuzz/import-store.json" "$out/store.json"
