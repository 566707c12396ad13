# SPDX-License-Identifier: BSD-2-Clause
# soak.sh: the soak = N check of qemu-tests/run-matrix.sh. Sourced by it;
# soak_check runs inside run_one for a row with soak = N (a run until
# reset: memtest_passes=0, the DRAM test, memtest/soak.c; or stress=0, the
# DRAM stress, memtest/stress.c) and sets run_one's why (empty: the row
# passes) and soak_note. Such a run never ends by itself: it must have been
# stopped by the row's timeout (exit 124 or 137), its console must hold at
# least N error-free lines, pass lines or the stress's status lines,
#   # memtest: pass <n>: 0 errors so far, <s> s elapsed
#   # memtest: stress: status at <t> s: ..., 0 errors so far
# and no error: no "not ok" line, no "# FAIL", no such line with errors,
# no "Bail out!".
# shellcheck shell=bash disable=SC2154 # run_one's locals

soak_check() {
	local passes bad
	local good='^# memtest: (pass [0-9]+: 0 errors so far, |stress: status at [0-9.]+ s: .*, 0 errors so far$)'
	local errs='^# memtest: (pass [0-9]+: |stress: status at .*, )[1-9][0-9]* errors so far'
	passes=$(grep -cE "$good" "$log.txt")
	bad=$(grep -m1 -E "^not ok |^# FAIL |^Bail out!|$errs" "$log.txt")
	if [ "$rc" != 124 ] && [ "$rc" != 137 ]; then
		why="SOAK=$soak: the run ended by itself (exit $rc), not by the ${tmo}s timeout"
	elif ! grep -q '^TAP version 13$' "$log.txt"; then why="no TAP report"
	elif [ -n "$bad" ]; then why="SOAK=$soak: $bad"
	elif [ "$passes" -lt "$soak" ]; then
		why="SOAK=$soak: $passes error-free pass or status lines in ${tmo}s"
	fi
	soak_note=", soak: $passes error-free lines, stopped by the timeout"
}
