#!/bin/sh
# tests/cli/returns.sh: every return code checked (issue 24, HACKING
# "messages"): a jansson setter is called through src/core/xjson.h
# (xjson_set, xjson_push: out of memory is fatal()) or its return is
# tested where it is called, never dropped.
. "$SRCDIR/tests/cli/lib.sh"

test_expect_success 'no jansson setter whose return is dropped (xjson.h, or an if)' '
	find "$SRCDIR/src" -name "*.c" ! -name xjson.c | sort >files &&
	{ xargs grep -n -E "json_(object_set|object_set_new|object_set_nocheck|object_set_new_nocheck|object_update[a-z_]*|object_del|array_append|array_append_new|array_insert|array_insert_new|array_set|array_set_new|array_extend)\\(" <files >calls ||
	    :; } &&
	test -s calls &&
	{ grep -v -E "(if|while) \\(+json_" calls >bad || :; } &&
	if [ -s bad ]; then
		sed "s|^$SRCDIR/src/|# |" bad && false
	fi
'
test_done
