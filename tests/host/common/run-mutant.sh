#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# run-mutant.sh NAME LOG WHY CMD [ARGS...] -- runs a broken build of a host
# test (a mutant) and says whether its test caught it for the expected
# reason: CMD must exit non-zero, not by a signal or a sanitizer report (a
# crash proves nothing about the check), and its output (kept in LOG) must
# contain WHY, an extended regular expression for the failure the mutant
# should produce ('_' stands for a space). Prints "mutant NAME caught: <the
# matching line>" and exits 0, or prints the log and a FAIL line, exit 1.
set -u
name=$1 log=$2 why=$(printf '%s' "$3" | tr _ ' ')
shift 3
"$@" >"$log" 2>&1
status=$?
fail() {
	cat "$log"
	echo "FAIL: mutant $name: $1"
	exit 1
}
[ "$status" -eq 0 ] && fail "passed its test"
[ "$status" -ge 128 ] && fail "died by signal $((status - 128)), not by its test"
grep -qE 'ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:' "$log" &&
	fail "crashed (sanitizer report), not caught by its test"
line=$(grep -m 1 -E -- "$why" "$log") || fail "failed (status $status), but not with /$why/"
echo "mutant $name caught: $line"
