#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Fails the AArch64 build if the image holds the sequence of Cortex-A53
# erratum 835769 (r0p0-r0p4; the Raspberry Pi 3's BCM2837 is r0p4): a load,
# store or prefetch immediately followed by a 64-bit multiply-accumulate
# (MADD, MSUB, SMADDL, SMSUBL, UMADDL, UMSUBL with an X destination) can give
# a wrong result (ARM Cortex-A53 MPCore Software Developers Errata Notice;
# Linux CONFIG_ARM64_ERRATUM_835769, TF-A ERRATA_A53_835769). The image and
# newlib are built with -mfix-cortex-a53-835769 and linked with
# --fix-cortex-a53-835769; this proves no pair is left, assembly included.
# usage: check-a53-835769.sh CROSS_PREFIX image.elf
set -euo pipefail
"${1}objdump" -d --no-show-raw-insn "$2" | awk -v elf="$2" '
/^ *[0-9a-f]+:\t/ {
	if (mem && $2 ~ /^(madd|msub|smaddl|smsubl|umaddl|umsubl)$/ && $3 ~ /^x/) {
		print "check-a53-835769: " elf ": erratum 835769 sequence:" > "/dev/stderr";
		print "  " prev "\n  " $0 > "/dev/stderr";
		bad++;
	}
	mem = $2 ~ /^(ld|st|prfm|prfum)/;
	prev = $0;
	next;
}
/^Disassembly of section/ { mem = 0 }
END { exit bad ? 1 : 0 }'
