#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-hw-order.sh CHECK CROSS_PREFIX OBJ -- steps only hardware shows,
# checked in the image's object code (QEMU has no caches to go stale and no
# TLB that outlives a break, so no row can fail without them):
#
#  range-dsb   every routine of cache/<arch>/range.S that issues maintenance
#              by address (AArch64 DC CVAC/CVAU/IVAC/CIVAC, IC IVAU; ARMv7
#              MCR p15 c7 c5/c6/c10/c11/c14 op2 1) executes a DSB after its
#              last such operation before it returns: the operations are
#              complete only at a DSB that follows them (ARM ARM DDI 0487,
#              "Ordering and completion of data and instruction cache
#              instructions"; DDI 0406C B2.2.9 "Ordering of cache and branch
#              predictor maintenance operations").
#  spin-clean  start_spin_table (smp/methods/start_spin_table.c) calls the
#              clean to memory (dcache_clean_to_mem) after its last store and
#              before its SEV: the parked CPU reads cpu-release-addr with its
#              caches off (Linux Documentation/arch/arm64/booting.rst,
#              "spin-table"; arch/arm64/kernel/smp_spin_table.c cleans it to
#              the PoC before its SEV).
#  split-tlbi  mmu_unmap_page (mmu/mmu.c) invalidates the TLB (tlb_inval_va
#              or tlb_inval_all) between each pgt_split_break and the
#              pgt_split_make that follows: break-before-make needs the old
#              block's TLB entries gone before the table entry is written
#              (DDI 0487 D8.14.1 "Using break-before-make when updating
#              translation table entries").
#
# Calls are read from the relocations (objdump -dr): a BL with its
# R_*_CALL/JUMP relocation, or on AArch64 (-fpie -fno-plt) a BLR of a
# register that an LDR with a GOT relocation loaded. Order is address
# order within the function, back from a call to the function's start
# when the compiler rotates a loop. Prints nothing and exits 0, or names
# the offence and exits 1. The Makefile's check-hw-order runs each on the
# image's objects, then on a copy of the source with the step removed.
set -euo pipefail
check=$1 cross=$2 obj=$3

# events OBJ: one line per instruction, "FUNC call SYM" or "FUNC insn TEXT".
events() {
	"${cross}objdump" -dr --no-show-raw-insn "$1" | awk '
	/^[0-9a-f]+ <[^>]*>:$/ { fn = substr($2, 2, length($2) - 3); delete reg; pend = ""; next }
	fn == "" { next }
	/^[ \t]+[0-9a-f]+: R_/ {
		sym = $3
		if ($2 ~ /CALL|JUMP/) { print fn, "call", sym; pend = ""; next }
		if (pend != "" && $2 ~ /GOT/) reg[pend] = sym
		pend = ""; next
	}
	/^ +[0-9a-f]+:\t/ {
		split($0, f, "\t"); m = f[2]; ops = f[3]
		pend = ""
		if (m == "ldr" && ops ~ /^x[0-9]+, \[/) { pend = substr(ops, 1, index(ops, ",") - 1); print fn, "insn", m, ops; next }
		if (m == "blr" || m == "br") { print fn, "call", (ops in reg ? reg[ops] : "?" ops); next }
		print fn, "insn", m, ops
	}'
}

ev=$(events "$obj")
fail() {
	echo "check-hw-order: $obj: $1" >&2
	exit 1
}

case $check in
range-dsb)
	out=$(awk '
	$2 == "insn" {
		t = $0; sub(/^[^ ]+ insn /, "", t)
		if (t ~ /^dc (cvac|cvau|ivac|civac|cvap),/ || t ~ /^ic ivau,/ ||
		    t ~ /^mcr 15, 0, [^,]*, cr7, cr(5|6|10|11|14), \{1\}/) { op[$1] = t; open[$1] = 1; n++; next }
		if (t ~ /^dsb/) { open[$1] = 0; next }
		if ((t ~ /^ret/ || t ~ /^bx lr/ || t ~ /^pop .*pc\}/) && open[$1]) {
			print $1 ": returns with no DSB after its by-address maintenance (" op[$1] ")"; bad = 1
		}
	}
	END { if (!n) print "no by-address maintenance found"; exit !n || bad }' <<<"$ev") ||
		fail "$out"
	;;
spin-clean)
	out=$(awk '
	$1 != "start_spin_table" { next }
	{ seen = 1; t = $0; sub(/^[^ ]+ [a-z]+ /, "", t) }
	$2 == "call" && (t == "dcache_clean_to_mem") { clean = NR; next }
	$2 == "insn" && t ~ /^(str|stp|stlr|strd|stm)/ && t !~ /\[sp|sp!|^stmdb? sp|^push/ { store = NR; next }
	$2 == "insn" && t ~ /^sev/ {
		if (!clean || clean < store)
			print "start_spin_table: SEV with the release address not cleaned to memory (no dcache_clean_to_mem after its last store)"
		else ok = 1
		sev = 1
		exit
	}
	END {
		if (!seen) print "no start_spin_table"
		else if (!sev) print "start_spin_table: no SEV"
		exit !ok
	}' <<<"$ev") ||
		fail "$out"
	;;
split-tlbi)
	out=$(awk '
	$1 != "mmu_unmap_page" { next }
	{ n++; kind[n] = $2; t = $0; sub(/^[^ ]+ [a-z]+ /, "", t); what[n] = t }
	END {
		for (i = 1; i <= n; i++) {
			if (kind[i] != "call" || what[i] != "pgt_split_make") continue
			m++; ok = 0
			for (j = i - 1; j >= 1; j--) {
				if (kind[j] != "call") continue
				if (what[j] == "tlb_inval_va" || what[j] == "tlb_inval_all") { ok = 1; break }
				if (what[j] == "pgt_split_break") break
			}
			if (!ok) { print "mmu_unmap_page: pgt_split_make with no TLB invalidate since the break"; bad = 1 }
		}
		if (!m) print "mmu_unmap_page: no call of pgt_split_make"
		exit !m || bad
	}' <<<"$ev") || fail "$out"
	;;
*) fail "unknown check $check" ;;
esac
