#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Fails if from_el2 (boot/aarch64/el_drop.S) can write CNTHCTL_EL2 before
# its HCR_EL2 write is in effect and read back. The layout of CNTHCTL_EL2
# depends on HCR_EL2.E2H (DDI 0487, CNTHCTL_EL2): a write to HCR_EL2 takes
# effect only after a context synchronization (DDI 0487, "Synchronization
# requirements for System registers"), and where E2H is RES1 (no
# FEAT_E2H0) the write of 0 does not clear it, so the value must be read
# back. Required order in from_el2: MSR HCR_EL2, then ISB, then MRS of
# HCR_EL2, then every MSR CNTHCTL_EL2. QEMU lets firmware clear E2H, so a
# row cannot show it; the built image is checked instead.
# usage: check-e2h-isb.sh CROSS_PREFIX image.elf
set -euo pipefail
CROSS=$1 ELF=$2
body=$("${CROSS}objdump" -d --no-show-raw-insn --disassemble=from_el2 "$ELF" |
	grep -E '^ *[0-9a-f]+:') || true
[ -n "$body" ] || { echo "check-e2h-isb: $ELF has no from_el2" >&2; exit 1; }
line() { grep -nE -m1 -- "$1" <<<"$body" | cut -d: -f1; }
w=$(line 'msr[[:space:]]+hcr_el2')
cnt=$(line 'msr[[:space:]]+cnthctl_el2')
[ -n "$w" ] && [ -n "$cnt" ] || { echo "check-e2h-isb: $ELF: from_el2 writes no HCR_EL2/CNTHCTL_EL2" >&2; exit 1; }
between=$(sed -n "$((w + 1)),$((cnt - 1))p" <<<"$body")
isb=$(grep -nE -m1 '[[:space:]]isb' <<<"$between" | cut -d: -f1) || true
rd=$(grep -nE -m1 'mrs[[:space:]]+x[0-9]+, hcr_el2' <<<"$between" | cut -d: -f1) || true
if [ -z "$isb" ]; then
	echo "check-e2h-isb: $ELF: from_el2: no ISB between MSR HCR_EL2 and MSR CNTHCTL_EL2:" >&2
elif [ -z "$rd" ] || [ "$rd" -lt "$isb" ]; then
	echo "check-e2h-isb: $ELF: from_el2: HCR_EL2.E2H not read back after the ISB, before CNTHCTL_EL2:" >&2
else
	exit 0
fi
sed -n "${w}p;${cnt}p" <<<"$body" >&2
exit 1
