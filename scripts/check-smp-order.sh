#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-smp-order.sh CROSS FILE: the message passing of smp/smp_work.c, the
# path every cross-CPU test and the DRAM test's CPUs take, as the compiler
# emitted it in FILE (the image's ELF, or an object). QEMU's TCG runs
# barriers as host fences or not at all and -icount serialises the vCPUs,
# so no row shows a weakened one; the object code does. The litmus is
# message passing (ARM ARM DDI 0487 B2.3, "MP"): the writer's data, then
# its flag with release semantics; the reader's flag with acquire
# semantics, then the data. Required:
#   run_ms              (writer: fn, arg, then seq) a release store (STLR;
#                       ARMv7: DMB then STR) before the DSB that precedes SEV
#   smp_secondary_main  (reader: seq, then fn, arg; done back) an acquire
#                       load (LDAR; ARMv7: LDR then DMB) and a release store
#   smp_wait_eq         an acquire load
#   smp_signal          SEV right after a DSB (SEV is not ordered by DMB:
#                       DDI 0487 D1.16.1 / DDI 0406C A3.8.3)
# Fails (exit 1) naming each function and what it lacks.
set -uo pipefail
cross=$1 file=$2
dis=$("${cross}objdump" -d --no-show-raw-insn "$file") || exit 2
# body NAME: the function's instructions, one mnemonic and operands a line.
body() {
	awk -v f="<$1>:" '$2 == f { p = 1; next } p && /^$/ { exit }
		p { sub(/^ *[0-9a-f]+:[[:space:]]*/, ""); sub(/[[:space:]]*@.*/, ""); sub(/[[:space:]]*\/\/.*/, ""); print }' <<<"$dis" |
		if [ -n "${AFTER_SEV:-}" ]; then sed '1,/^sev/d'; else cat; fi
}
# has NAME ERE...: the function holds these instructions, one a line, in
# that order, at most GAP others between two of them (default 0), each an
# arithmetic or compare (no load, store or branch; ERE over "mnemonic
# operands").
has() {
	local name=$1
	shift
	body "$name" | awk -v n=$# -v gap="${GAP:-0}" -v pats="$(printf '%s\037' "$@")" '
		BEGIN { split(pats, p, "\037") }
		{ line[NR] = $0 }
		END { for (i = 1; i <= NR; i++) { if (line[i] !~ p[1]) continue
			at = i; k = 2
			for (j = i + 1; k <= n && j <= NR && j - at <= gap + 1; j++)
				if (line[j] ~ p[k]) { at = j; k++ }
				else if (line[j] !~ /^(cmp|cmn|tst|mov|add|sub|and|orr|eor)[[:space:]]/) break
			if (k > n) exit 0 } exit 1 }'
}
bad=0
need() { # need NAME WHAT ERE...
	local name=$1 what=$2
	shift 2
	if [ -z "$(body "$name")" ]; then
		echo "check-smp-order: $file: no function $name"
		bad=1
	elif ! has "$name" "$@"; then
		echo "check-smp-order: $file: $name: $what"
		bad=1
	fi
}
dsb='^dsb[[:space:]]+(ish|sy)' sev='^sev'
if grep -q 'aarch64' <<<"${cross}"; then
	rel='^stlr[[:space:]]' acq='^(ldar|ldapr)[[:space:]]'
	# writer: the release store, then (anything) the DSB and SEV
	if ! body run_ms | grep -qE "$rel" || ! has run_ms "$dsb" "$sev"; then
		echo "check-smp-order: $file: run_ms: no release store (STLR) of seq before its DSB and SEV"
		bad=1
	fi
	# the wait loop's load: after the SEV that announces ONLINE (the read
	# of seq before it is another)
	AFTER_SEV=1 need smp_secondary_main "no acquire load (LDAR) of seq in its wait" "$acq"
	need smp_secondary_main "no release store (STLR) of done" "$rel"
	need smp_wait_eq "no acquire load (LDAR)" "$acq"
else
	need run_ms "no release store (DMB, then STR) of seq before its DSB and SEV" '^dmb[[:space:]]+(ish|sy)' '^str[[:space:]]'
	# GCC may schedule a compare between the load and its DMB
	GAP=3 AFTER_SEV=1 need smp_secondary_main "no acquire load (LDR, then DMB) of seq in its wait" \
		'^ldr[[:space:]]' '^dmb[[:space:]]+(ish|sy)'
	need smp_secondary_main "no release store (DMB, then STR) of done" '^dmb[[:space:]]+(ish|sy)' '^str[[:space:]]'
	GAP=3 need smp_wait_eq "no acquire load (LDR, then DMB)" '^ldr[[:space:]]' '^dmb[[:space:]]+(ish|sy)'
fi
need smp_signal "SEV not right after a DSB ISH or SY" "$dsb" "$sev"
need smp_secondary_main "SEV not right after a DSB ISH or SY" "$dsb" "$sev"
[ "$bad" -eq 0 ] && echo "check-smp-order: $file: smp_work's message passing has its release, acquire and DSB before SEV"
exit "$bad"
