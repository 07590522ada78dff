#!/bin/sh
# tests/cli/pure.sh: the pure core (libsr.a) does no I/O, reads no clock
# and no environment (HACKING): none of its objects refers to a function
# that would, and none needs the system library (libsrsys.a).  buf.o's
# fatal() alone may write to stderr and exit (out of memory).  And the
# environment is read once, by main (shakeref.o), into struct sr_ctx: no
# other object of shakeref calls getenv.  The core keeps no state of its
# own: no writable data or bss.
. "$SRCDIR/tests/cli/lib.sh"

core="$BUILDDIR/libsr.a" sys="$BUILDDIR/libsrsys.a"
if ! command -v nm >/dev/null 2>&1; then
	test_count=$((test_count + 7))
	echo "ok 1 # SKIP nm is not installed"
	echo "ok 2 # SKIP nm is not installed"
	echo "ok 3 # SKIP nm is not installed"
	echo "ok 4 # SKIP nm is not installed"
	echo "ok 5 # SKIP nm is not installed"
	echo "ok 6 # SKIP nm is not installed"
	echo "ok 7 # SKIP nm is not installed"
	test_done
	exit
fi

# The undefined symbols of each member of archive $1: "member symbol".
undefined() {
	nm -u "$1" | awk '/:$/ { m = $1; sub(/:$/, "", m); next }
	    NF >= 2 { print m, $2 } NF == 1 && $1 != "" { print m, $1 }'
}

test_expect_success 'the core calls nothing that does I/O, reads a clock or the environment' '
	undefined "$core" >und &&
	{ grep -E " (getenv|secure_getenv|open|open64|openat|fopen|fopen64|fdopen|mmap|mmap64|munmap|mprotect|madvise|msync|read|write|close|fclose|fread|readdir|closedir|dlclose|dlerror|fsync|fdatasync|rmdir|chdir|getcwd|realpath|pipe|dup|dup2|ftruncate|truncate|nanosleep|sleep|usleep|clock|pread|pwrite|stat|stat64|fstat|fstat64|lstat|access|mkdir|unlink|rename|opendir|time|clock_gettime|gettimeofday|localtime_r|localtime|gmtime_r|gmtime|dlopen|dlsym|posix_spawn|posix_spawnp|fork|execvp|sigaction|signal|tcsetattr|tcgetattr|isatty|ioctl|printf|fprintf|vfprintf|puts|fputs|fputc|putchar|fwrite|fflush|getline|fgets|sqlite3_[a-z0-9_]*|stdout|stdin|stderr|exit|_exit|abort|rand|random|srand|gettext|ngettext|textdomain|bindtextdomain|bind_textdomain_codeset|setlocale)$" und |
	    grep -v -E "^buf\.o (fwrite|fputs|fputc|vfprintf|stderr|exit)$" >bad ||
	    :; } &&
	if [ -s bad ]; then
		sed "s/^/# /" bad && false
	fi
'

# Words (HACKING "words"): the core looks a sentence up in the catalog
# main bound, with dgettext and dngettext alone (dcgettext and
# dcngettext with LC_MESSAGES, as glibc's optimized libintl.h writes
# them): a lookup, no I/O of its own; the language is main's to set
# (src/sys/i18n.c).
test_expect_success 'the core translates with dgettext and dngettext alone' '
	undefined "$core" | awk "{ print \$2 }" |
	    grep -E "gettext|textdomain|setlocale" | sort -u >got &&
	test -s got &&
	{ grep -v -x -E "dc?gettext|dc?ngettext" got >bad || :; } &&
	if [ -s bad ]; then
		sed "s/^/# /" bad && false
	fi
'

test_expect_success 'the walk of the word lists, the verdict by them and solve are in the core; their files in the system library' '
	nm -A --defined-only "$core" >core-syms &&
	for f in dawg_step dawg_new judge_all judge_compound solve_grid_list; do
		grep -q " T $f\$" core-syms || { echo "# $f is not in the core"; return 1; }
	done &&
	nm -A --defined-only "$sys" >sys-syms &&
	for f in dawgfile_open dawgfile_build wordlist_open; do
		grep -q " T $f\$" sys-syms || { echo "# $f is not in the system library"; return 1; }
	done
'

test_expect_success 'the core needs nothing from the system library' '
	nm -g --defined-only "$sys" | awk "NF == 3 { print \$3 }" | sort -u >sys &&
	undefined "$core" | awk "{ print \$2 }" | sort -u >core &&
	comm -12 sys core >bad &&
	if [ -s bad ]; then
		sed "s/^/# /" bad && false
	fi
'

# The writable data and bss of archive $1's objects, thread-local and
# common ones too, "member symbol" (a static's number dropped; the
# compiler's and sanitizers' own "__" names left out): the state they
# keep.
archive_state() {
	nm -f sysv -A "$1" | awk -F"|" "{
	    s = \$7; gsub(/ /, \"\", s); t = \$4; gsub(/ /, \"\", t);
	    if ((t != \"OBJECT\" && t != \"TLS\") || (s !~ /^\\.t?(data|bss)(\\..*)?\$/ &&
	        s != \"*COM*\") || s ~ /rel\\.ro/) next;
	    n = \$1; gsub(/ /, \"\", n); k = split(n, p, \":\"); y = p[k];
	    if (y ~ /^__/) next; sub(/\\.[0-9]+\$/, \"\", y);
	    print p[k - 1], y }" | sort -u
}

# DESIGN.md: no mutable globals in the core (issue 24).  What must last
# from one call to the next is a context its caller owns and lends
# (struct game_env in game.h: lang.c's struct lang, ICU and its letters;
# tt-coach.c's struct tt_coach, 10,000's models, turns and table
# source); what can be known at build time is const data (utf8.c's
# widths, printability and case folds, asked of C.UTF-8 by
# src/tools/mkctype.c).  So libsr.a has no writable data or bss at all,
# and a new static fails here.
test_expect_success 'the core keeps no state: no writable data or bss in libsr.a' '
	archive_state "$core" >got &&
	: >want &&
	expect_same want got
'

# The same reading finds the state of the system library, which may keep
# some (timer.c's flag that a signal sets): so an empty list above is
# the core's, not a reading that sees nothing.
test_expect_success 'the reading of state sees a static: the system library'"'"'s' '
	archive_state "$sys" >sys-state &&
	grep -q -x "timer\.o timer_interrupted" sys-state
'

test_expect_success 'the environment is read once: getenv in shakeref.o alone' '
	for o in $(find "$BUILDDIR/src" -name "*.o"); do
		case ${o##*/} in
		mkdawg.o|mktt*.o)
			continue ;;	# build tools, not shakeref: their own
		esac
		nm -u "$o" | awk -v m="${o##*/}" "NF >= 1 { print m, \$NF }" ||
		    return 1
	done >und &&
	grep -E " (getenv|secure_getenv|environ|__environ)$" und |
	    sort -u >got &&
	echo "shakeref.o getenv" >want &&
	expect_same want got
'
test_done
