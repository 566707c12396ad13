#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# check-run-mutant.sh BUILD -- proves tests/host/common/run-mutant.sh refuses what
# is not a caught mutant: one that passes, one killed by a signal, one with
# a sanitizer report, one that fails for another reason; and accepts the
# expected failure.
set -u
r=tests/host/common/run-mutant.sh log=$1/host/run-mutant-check.log n=0
refuse() { # refuse WHAT CMD...
	what=$1
	shift
	if $r "$what" "$log" 'FAIL_expected' "$@" >/dev/null 2>&1; then
		echo "check-run-mutant: FAIL: a mutant that $what counted as caught"
		exit 1
	fi
	n=$((n + 1))
}
refuse passes true
refuse crashes sh -c 'echo "FAIL expected"; kill -SEGV $$'
refuse trips-asan sh -c 'echo "FAIL expected"; echo "ERROR: AddressSanitizer: heap-buffer-overflow"; exit 1'
refuse fails-otherwise sh -c 'echo "FAIL something else"; exit 1'
$r expected "$log" 'FAIL_expected' sh -c 'echo "FAIL expected here"; exit 1' >/dev/null ||
	{ echo "check-run-mutant: FAIL: the expected failure was not accepted"; exit 1; }
echo "check-run-mutant: $n kinds of false catch refused, the expected failure accepted"
