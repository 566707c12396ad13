#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Fails if an AArch64 CPU of the image can turn its MMU on before VBAR_EL1
# points at bringup's vectors: VBAR_EL1 resets to an UNKNOWN value (DDI 0487,
# VBAR_EL1), so an abort while the MMU is being enabled (a bad table, a
# stale TLB entry) would jump through garbage instead of being reported.
# QEMU's abort at that point would only show if a table were broken, so the
# order is checked in the built image instead:
#  - secondary_el1 (boot/aarch64/secondary.S), which enables the MMU itself:
#    its MSR VBAR_EL1 must come before its last MSR SCTLR_EL1 (the enable);
#  - at_el1 (boot/aarch64/entry.S), the boot CPU, whose MMU is enabled later
#    in C (mmu_arch_enable, under boot_main): its MSR VBAR_EL1 must come
#    before its call of boot_main, and no other routine may write SCTLR_EL1
#    with the M bit from a place the boot CPU reaches before it (the only C
#    writer, mmu_arch_enable, runs under boot_main).
# usage: check-vbar-before-mmu.sh CROSS_PREFIX image.elf
set -euo pipefail
dis() { "${1}objdump" -d --no-show-raw-insn --disassemble="$3" "$2" | grep -E '^ *[0-9a-f]+:'; }
# order FUNC FIRST-REGEX LAST-REGEX WHAT: the first FIRST precedes the last LAST in FUNC.
order() {
	local body first last
	body=$(dis "$CROSS" "$ELF" "$1")
	[ -n "$body" ] || { echo "check-vbar-before-mmu: $ELF has no $1" >&2; return 1; }
	first=$(grep -nE -m1 -- "$2" <<<"$body" | cut -d: -f1)
	last=$(grep -nE -- "$3" <<<"$body" | tail -n1 | cut -d: -f1)
	if [ -z "$first" ] || [ -z "$last" ] || [ "$first" -gt "$last" ]; then
		echo "check-vbar-before-mmu: $ELF: $1: $4" >&2
		[ -n "$first" ] && echo "  $(sed -n "${first}p" <<<"$body")" >&2
		[ -n "$last" ] && echo "  $(sed -n "${last}p" <<<"$body")" >&2
		return 1
	fi
}
CROSS=$1 ELF=$2
r=0
order secondary_el1 'msr[[:space:]]+vbar_el1' 'msr[[:space:]]+sctlr_el1' \
	"the MMU is enabled (MSR SCTLR_EL1) before VBAR_EL1 is set" || r=1
order at_el1 'msr[[:space:]]+vbar_el1' 'bl[[:space:]]+[0-9a-f]+ <boot_main>' \
	"boot_main (which enables the MMU) runs before VBAR_EL1 is set" || r=1
exit $r
