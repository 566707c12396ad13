#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-armv7-order.sh [BUILD] [SECONDARY.S] [RANGE.S] — two orders in the
# ARMv7 object code that QEMU cannot show.
#
# 1. The vectors are in
# place before the MMU is turned on, on every CPU: in the object code of
# boot/armv7/secondary.S, secondary_svc writes VBAR (MCR p15, 0, Rt, c12,
# c0, 0; ARM ARM DDI 0406C B4.1.156) before its last SCTLR write (the one
# that turns the MMU on, B3.2); boot/armv7/entry.S's at_svc writes VBAR
# before it calls boot_main (which turns the MMU on, mmu/armv7/enable.c).
# QEMU cannot show it (nothing faults while the MMU comes on there). A copy
# of secondary.S without its early VBAR write must be refused.
# 2. Every by-MVA data-cache routine of cache/armv7/range.S opens with a DSB
# before its first DCIMVAC/DCCMVAC/DCCMVAU/DCCIMVAC (Cortex-A9 erratum
# 764369: arch/armv7/errata.h). A copy without it must be refused.
# Both checks can fail. Part of make host-mmu-armv7.
set -euo pipefail
cd "$(dirname "$0")/../../.."
out=${1:-build}/host/armv7-vbar
src=${2:-boot/armv7/secondary.S}
range=${3:-cache/armv7/range.S}
mkdir -p "$out"
cc="arm-none-eabi-gcc -marm -march=armv7-a -I."
od=arm-none-eabi-objdump

# order OBJ FUNC: 0 if FUNC writes VBAR before its last SCTLR write (or, with
# no SCTLR write after, before its first BL to boot_main).
order() {
	"$od" -dr "$1" | awk -v fn="$2" '
	/^[0-9a-f]+ <[^>]*>:$/ { in_fn = ($2 == "<" fn ">:"); next }
	in_fn && /\tmcr\t15, 0, [^,]*, cr12, cr0, \{0\}/ { if (!vbar) vbar = NR }
	in_fn && /\tmcr\t15, 0, [^,]*, cr1, cr0, \{0\}/ { sctlr = NR }
	in_fn && /R_ARM_CALL\tboot_main/ { if (!main) main = NR }
	END {
		if (!vbar) { print fn ": no VBAR write"; exit 1 }
		if (main && vbar > main) { print fn ": VBAR written after boot_main"; exit 1 }
		if (!main && (!sctlr || vbar > sctlr)) { print fn ": VBAR written after the MMU is on"; exit 1 }
	}'
}

$cc -c "$src" -o "$out/secondary.o"
$cc -c boot/armv7/entry.S -o "$out/entry.o"
order "$out/secondary.o" secondary_svc
order "$out/entry.o" at_svc
# The mutant: the VBAR write before the MMU-on SCTLR write deleted.
awk '/^LOCAL_FUNC secondary_svc/ { m = 1 } m && /c12, c0, 0/ { m = 0; next } { print }' \
	"$src" >"$out/secondary_late_vbar.S"
$cc -c "$out/secondary_late_vbar.S" -o "$out/secondary_late_vbar.o"
if order "$out/secondary_late_vbar.o" secondary_svc >/dev/null; then
	echo "check-armv7-order: FAIL: secondary.S without its early VBAR write passed"
	exit 1
fi

# dsb_first OBJ: 0 if every function with a by-MVA D-cache op opens with dsb.
dsb_first() {
	"$od" -d "$1" | awk '
	/^[0-9a-f]+ <[^>]*>:$/ { fn = $2; first = 1; next }
	NF >= 3 && fn != "" {
		if (first) { starts[fn] = ($3 == "dsb"); first = 0 }
		if ($0 ~ /\tmcr\t15, 0, [^,]*, cr7, cr(6|10|11|14), \{1\}/) uses[fn] = 1
	}
	END {
		for (f in uses) { n++; if (!starts[f]) { print "no DSB before the by-MVA loop in " f; bad = 1 } }
		if (!n) { print "no by-MVA routine found"; bad = 1 }
		exit bad
	}'
}
$cc -c "$range" -o "$out/range.o"
dsb_first "$out/range.o"
awk '/^\.macro va_lines/ { m = 1 } m && /^\tdsb/ { m = 0; next } { print }' "$range" >"$out/range_nodsb.S"
$cc -c "$out/range_nodsb.S" -o "$out/range_nodsb.o"
if dsb_first "$out/range_nodsb.o" >/dev/null; then
	echo "check-armv7-order: FAIL: range.S without its leading DSB passed"
	exit 1
fi
echo "check-armv7-order: VBAR before the MMU on the boot CPU and the secondaries; a DSB before every by-MVA loop; without either: refused"
