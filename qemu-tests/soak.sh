# SPDX-License-Identifier: BSD-2-Clause
# soak.sh: the soak = N check of qemu-tests/run-matrix.sh. Sourced by it;
# soak_check runs inside run_one for a row with soak = N (memtest_passes=0:
# the DRAM test runs until reset, memtest/soak.c) and sets
# run_one's why (empty: the row passes) and soak_note. Such a run never ends
# by itself: it must have been stopped by the row's timeout (exit 124 or
# 137), its console must hold at least N pass lines
#   # memtest: pass <n>: 0 errors so far, <s> s elapsed
# and no error: no "not ok" line, no "# FAIL", no pass line with errors,
# no "Bail out!".
# shellcheck shell=bash disable=SC2154 # run_one's locals

soak_check() {
	local passes bad
	passes=$(grep -cE '^# memtest: pass [0-9]+: 0 errors so far, ' "$log.txt")
	bad=$(grep -m1 -E '^not ok |^# FAIL |^Bail out!|^# memtest: pass [0-9]+: [1-9][0-9]* errors so far' "$log.txt")
	if [ "$rc" != 124 ] && [ "$rc" != 137 ]; then
		why="SOAK=$soak: the run ended by itself (exit $rc), not by the ${tmo}s timeout"
	elif ! grep -q '^TAP version 13$' "$log.txt"; then why="no TAP report"
	elif [ -n "$bad" ]; then why="SOAK=$soak: $bad"
	elif [ "$passes" -lt "$soak" ]; then
		why="SOAK=$soak: $passes pass lines with 0 errors in ${tmo}s"
	fi
	soak_note=", soak: $passes passes, 0 errors, stopped by the timeout"
}
