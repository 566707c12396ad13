# SPDX-License-Identifier: BSD-2-Clause
# boot-budget.sh: the boot benchmark's budget check of qemu-tests/run-matrix.sh.
# Sourced by it; boot_budget_check runs inside run_one after the TAP checks
# and sets run_one's why when the row's "# boot benchmark: N instructions"
# line is over its budget: the row's bootmax, else qemu-tests/boot-budgets.txt.
# Only under -icount: there the count is QEMU's retired instructions, exact
# and the same on every run; without it the PMU counts nothing (the line
# says n/a) and no bound is asserted.
# shellcheck shell=bash disable=SC2154 # run_one's locals

# boot_budget ARCH MACHINE CPU SMP: the budget boot-budgets.txt gives, or nothing.
boot_budget() {
	awk -v a="$1" -v m="$2" -v c="$3" -v n="${4:-1}" '
		/^[ \t]*(#|$)/ { next }
		$1 == a && m ~ $2 && c ~ $3 {
			print $4 + $5 * (n - 1) + (m ~ /gic-version=3/ ? $6 : 0); exit
		}' "$top/qemu-tests/boot-budgets.txt"
}

boot_budget_check() {
	local count budget from
	[ ${#icount_args[@]} -gt 0 ] || return 0
	count=$(sed -n 's/^# boot benchmark: \([0-9][0-9]*\) instructions retired.*/\1/p' "$log.txt" | head -1)
	[ -n "$count" ] || return 0
	if [ -n "$bootmax" ]; then
		budget=$bootmax from="its bootmax"
	else
		budget=$(boot_budget "$arch" "$machine" "$cpu" "$smp")
		from="qemu-tests/boot-budgets.txt: $machine $cpu x${smp:-1}"
	fi
	if [ -z "$budget" ]; then
		why="boot benchmark: $count instructions, and no budget for $arch $machine $cpu (bootmax = N, or a line of qemu-tests/boot-budgets.txt)"
	elif [ "$count" -gt "$budget" ]; then
		why="boot benchmark: $count instructions: over its target by $((count - budget)) (budget $budget, $from)"
	fi
}
