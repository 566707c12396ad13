# SPDX-License-Identifier: BSD-2-Clause
# trace-checks.sh: the checks of qemu-tests/run-matrix.sh that read QEMU's
# instruction traces (-d in_asm, to NAME.insns; -d in_asm,exec, to
# NAME.icsync). Sourced by run-matrix.sh; trace_checks runs inside run_one
# and reads its row's fields (noinsn, insn, nofunc, icsync; icsync_syms),
# files (insns, icsync_trace, log) and arch, and sets its why (the reason the
# row fails, if none yet) and icsync_note.
# shellcheck shell=bash disable=SC2154 # run_one's locals

# in_range ARCH ROUTINE LOG: reads in_asm lines ("0xADDR:  ..."), prints the
# first inside ROUTINE of the image and succeeds; the routine's [start, start
# + size) from nm -S, moved by the load delta the report (LOG) prints: the
# MMU is off or an identity map, so in_asm addresses are where the image
# runs. Fails silently if none is inside; prints a reason and fails with 2 if
# the symbol or the delta is missing.
in_range() {
	local cross=aarch64-linux-gnu- sym delta lo hi a rest
	[ "$1" = armv7 ] && cross=arm-none-eabi-
	sym=$("${cross}nm" -S "$top/build/$1/bringup.elf" | awk -v f="$2" '$4 == f { print $1, $2; exit }')
	delta=$(grep -m1 -oE 'load delta [+-][0-9]+' "$3" | grep -oE '[+-][0-9]+')
	if [ -z "$sym" ] || [ -z "$delta" ]; then
		echo "no symbol $2 in the image or no load delta in the report"
		return 2
	fi
	read -r lo hi <<<"$sym"
	lo=$((0x$lo + delta))
	hi=$((lo + 0x$hi))
	while read -r a rest; do
		a=${a%:}
		if ((a >= lo && a < hi)); then
			echo "$a: $rest"
			return 0
		fi
	done
	return 1
}

# insn_ere INSN: the extended regular expression of an in_asm line ("0xADDR:
# OPCODE  mnemonic operands") of that instruction: each space in INSN stands
# for one or more (QEMU pads the mnemonic), which ends at a space, a comma or
# the line's end. INSN is itself an ERE ("mcr p15, #0, r[0-9]+, c7, c5, #6").
insn_ere() { echo ":  [0-9a-f]{8}  ${1// / +}( |,|\$)"; }

trace_checks() {
	local t line in
	# noinsn = insn: no CPU may execute it; insn@routine: only the lines
	# inside that routine (in_range above).
	for t in "${noinsn[@]}"; do
		[ -n "$why" ] && break
		in=""
		[ "$t" != "${t%@*}" ] && in=${t#*@}
		if [ ! -s "$insns" ]; then why="no instruction trace ($insns)"
		elif [ -z "$in" ]; then
			line=$(grep -m1 -E -- "$(insn_ere "$t")" "$insns") && why="the run executed $t: $line"
		else
			line=$(grep -E -- "$(insn_ere "${t%%@*}")" "$insns" | in_range "$arch" "$in" "$log.txt") &&
				why="the run executed ${t%%@*} in $in: $line"
			[ -z "$why" ] && [ -n "$line" ] && why=$line
		fi
	done
	for t in "${insn[@]}"; do # the converse: some CPU must execute it
		[ -n "$why" ] && break
		if [ ! -s "$insns" ]; then why="no instruction trace ($insns)"
		elif ! grep -qE -- "$(insn_ere "$t")" "$insns"; then why="the run never executed $t"
		fi
	done
	for t in "${nofunc[@]}"; do
		[ -n "$why" ] && break
		[ -s "$insns" ] || { why="no instruction trace ($insns)"; break; }
		line=$(grep -E '^0x[0-9a-f]+:' "$insns" | in_range "$arch" "$t" "$log.txt") &&
			why="the run executed $t: $line"
		[ -z "$why" ] && [ -n "$line" ] && why=$line
	done
	# icsync = window[:unsynced]: every time code in the 1 MiB alias window at
	# window is translated again (QEMU drops a translation when its page is
	# written), a clean to PoU (dcache_clean_pou_lines) whose lines cover the
	# translated bytes and then an I-cache invalidate that covers them
	# (icache_inval_pou_lines, or icache_inval_all) must have run since that
	# address was last translated: the ranges from each call's registers,
	# the physical address from mmu_map_page's (qemu-tests/icsync.awk).
	# ":unsynced": the row's mutant skips the maintenance, and the check must
	# find it.
	if [ -n "$icsync" ] && [ -z "$why" ]; then
		local res
		res=$(read -r c i a m <<<"$icsync_syms"
			awk -v w="${icsync%:*}" -v c="$c" -v i="$i" -v a="$a" -v m="$m" -f "$top/qemu-tests/icsync.awk" "$icsync_trace")
		read -r icr icb icf <<<"$res"
		if [ -z "$icsync_syms" ]; then why="ICSYNC: no maintenance routines in the ELF's symbols"
		elif [ "${icr:-0}" -eq 0 ]; then why="ICSYNC: no code ran in the window at ${icsync%:*}"
		elif [ "${icsync#*:}" = unsynced ]; then
			[ "$icb" -gt 0 ] && icsync_note=", unsynced code caught: $icb of $icr translations (first at $icf)" ||
				why="ICSYNC: the maintenance was skipped, yet all $icr translations followed a clean and an invalidate"
		elif [ "$icb" -gt 0 ]; then
			why="ICSYNC: $icb of $icr translations of window code without a clean to PoU then an I-cache invalidate covering them since that address last ran (first: $icf)"
		else icsync_note=", $icr window code translations, each after a clean to PoU and an I-cache invalidate that cover its bytes"
		fi
	fi
}
