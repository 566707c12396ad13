#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Fails if code reachable on the AArch64 IRQ path uses an FP/SIMD register.
# irq_save (arch/aarch64/vectors.S) saves x0-x30 only: the FP/SIMD
# registers, FPSR and FPCR of the interrupted code are not saved (as in
# Linux, whose kernel code touching them must use kernel_neon_begin), and
# the image is not built with -mgeneral-regs-only (newlib's string
# routines use SIMD). A handler that copied a struct through q0 would
# corrupt memtest's SIMD loops whenever an IRQ lands in them.
# The path: irq_save, every GIC driver's entry (the .entry/.entry_noeoi of
# irq/*.c, what irq_init stores in arch_irq_handler) and every handler
# passed to irq_register in the sources, then every function they reach by
# BL or a tail B to a symbol; an FP/SIMD operand (b/h/s/d/q/v registers,
# FPCR/FPSR) in any of them is refused.
# usage: check-irq-no-fp.sh CROSS_PREFIX image.elf [ROOT...]
#   (ROOTs replace the roots read from the sources; for the planted check)
set -euo pipefail
CROSS=$1 ELF=$2
shift 2
if [ $# -gt 0 ]; then
	roots=("$@")
else
	mapfile -t roots < <({
		echo irq_save
		grep -hoE '\.entry(_noeoi)? = [a-z_0-9]+' irq/*.c | sed 's/.* = //'
		grep -hoE 'irq_register\([^,]+, *[a-z_][a-z_0-9]*' selftests/*.c boot/*.c smp/*.c memtest/*.c |
			sed 's/.*, *//' | grep -vx NULL
	} | sort -u)
fi
"${CROSS}objdump" -d --no-show-raw-insn "$ELF" | awk -v elf="$ELF" -v roots="${roots[*]}" '
/^[0-9a-f]+ <[^>]+>:$/ { f = substr($2, 2, length($2) - 3); next }
/^ *[0-9a-f]+:\t/ {
	if (f == "") next;
	n[f]++; insn[f, n[f]] = $0;
	if ($2 == "bl" || $2 == "b") {
		t = $0; sub(/.*</, "", t); sub(/[+>].*/, "", t);
		if (t != f && $0 ~ /<[^+>]+>$/) callee[f] = callee[f] " " t;
	}
}
END {
	nr = split(roots, q, " ");
	for (i = 1; i <= nr; i++) {
		if (!(q[i] in n)) { print "check-irq-no-fp: " elf ": no function " q[i] > "/dev/stderr"; bad++; }
		seen[q[i]] = 1;
	}
	for (i = 1; i <= nr; i++) {
		g = q[i];
		m = split(callee[g], c, " ");
		for (j = 1; j <= m; j++)
			if (!(c[j] in seen)) { seen[c[j]] = 1; q[++nr] = c[j]; }
	}
	for (i = 1; i <= nr; i++)
		for (k = 1; k <= n[q[i]]; k++) {
			s = insn[q[i], k]; ops = s; sub(/<.*/, "", ops);
			sub(/^ *[0-9a-f]+:\t[^\t]*\t?/, "", ops);
			if (ops ~ /(^|[^a-z0-9_])[bhsdqv][0-9]+([^0-9]|$)/ || ops ~ /fpcr|fpsr/) {
				print "check-irq-no-fp: " elf ": " q[i] " (on the IRQ path) uses FP/SIMD:" > "/dev/stderr";
				print "  " s > "/dev/stderr"; bad++;
			}
		}
	if (!bad) { printf "%d functions:", nr; for (i = 1; i <= nr; i++) printf " %s", q[i]; print ""; }
	exit bad ? 1 : 0
}'
