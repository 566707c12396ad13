#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Fails if the ARMv7 image writes ACTLR on its way into PSCI CPU_OFF:
# smp_psci_cpu_off (boot/armv7/secondary.S) and the routines it calls must
# hold no MCR p15, 0, Rt, c1, c0, 1. Leaving coherency (ACTLR.SMP) is the
# firmware's last power-down step (DEN0022 "CPU_OFF"; Linux
# arch/arm/kernel/psci_smp.c psci_cpu_die leaves it set); written from
# Non-secure where NSACR.NS_SMP is 1, it takes the core out before U-Boot's
# sunxi/mx7 PSCI code runs. QEMU models no coherency: the image is checked.
# usage: check-cpu-off-actlr.sh CROSS_PREFIX image.elf
set -euo pipefail
"${1}objdump" -d --no-show-raw-insn "$2" | awk -v elf="$2" '
/^[0-9a-f]+ <[^>]+>:$/ { f = substr($2, 2, length($2) - 3); next }
/^ *[0-9a-f]+:\t/ {
	n[f]++; insn[f, n[f]] = $0;
	if ($2 ~ /^bl/ && $0 ~ /<[^+>]+>$/) { t = $0; sub(/.*</, "", t); sub(/>.*/, "", t); callee[f] = callee[f] " " t; }
}
END {
	if (!("smp_psci_cpu_off" in n)) { print "check-cpu-off-actlr: " elf ": no smp_psci_cpu_off" > "/dev/stderr"; exit 1; }
	m = split("smp_psci_cpu_off" callee["smp_psci_cpu_off"], fs, " ");
	for (i = 1; i <= m; i++)
		for (k = 1; k <= n[fs[i]]; k++)
			if (insn[fs[i], k] ~ /mcr[a-z]*[ \t]+(p15|15), 0, [a-z0-9]+, (cr1|c1), (cr0|c0), (\{1\}|1)/) {
				print "check-cpu-off-actlr: " elf ": " fs[i] " writes ACTLR before PSCI CPU_OFF:" > "/dev/stderr";
				print "  " insn[fs[i], k] > "/dev/stderr"; bad++;
			}
	exit bad ? 1 : 0
}'
