#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# bench-doc.sh [--write] CSV DOC... — the benchmark tables of each DOC are
# what make bench measured: every block between a line "<!-- bench: NAME,
# ... -->" and the next "<!-- end of bench -->" must be exactly the table
# NAME written from CSV (build/bench/results.csv, qemu-tests/bench.sh: one
# row per CPU, routine and implementation, retired instructions under
# -icount, so the same build gives the same numbers). Exit 0 if every block
# is, else 1 naming each line that differs (make bench-doc rewrites them);
# 2 for a DOC with no block, a block of no known NAME or a CSV with none of
# its numbers.
# --write: rewrite the blocks from CSV instead (make bench-doc).
#
# The tables (NAME), what they take from CSV and what is written here:
#   measured  README's "Measured": cortex-a53's boot, IRQ round trip, cache
#             maintenance per line (lines: the bytes over its 64 B lines),
#             page routines, lazy flush and DRAM test per byte; the targets
#             and the C-loop and U-Boot comparisons' words are this file's.
#   boot      the boot benchmark on every CPU (each bench=... run's line).
#   irq       the IRQ round trip on every CPU (cortex-a53-gicv3: a GICv3).
#   cache     cortex-a53's set/way and 64 KiB by-address maintenance.
#   pages     the page routines, every implementation, every CPU.
#   targets   the page routines against their targets (floors, words here).
#   lazy      bench: load_pages, eager against lazy, and the share saved.
#   memtest   the DRAM test's fill and verify loops against the C loop.
set -euo pipefail
. "$(dirname "$0")/doc-block.sh"
write=0
[ "${1:-}" = --write ] && { write=1; shift; }
csv=${1:?usage: bench-doc.sh [--write] CSV DOC...}
shift
[ $# -gt 0 ] || { echo "usage: bench-doc.sh [--write] CSV DOC..." >&2; exit 2; }
[ -r "$csv" ] || { echo "bench-doc: no $csv: run make bench first" >&2; exit 2; }
begin='^<!-- bench: [a-z]+, '
end='^<!-- end of bench -->$'

# table NAME: the block's lines from CSV (exit 3: a number it needs is missing).
table() {
	awk -F, -v name="$1" '
	function commas(x,   s) {
		s = ""
		while (length(x) > 3) { s = "," substr(x, length(x) - 2) s; x = substr(x, 1, length(x) - 3) }
		return x s
	}
	function n(r, i, c) { # instructions, or die: the table would lie
		if (!((r, i, c) in v)) { printf "bench-doc: %s: no %s %s on %s in the CSV\n", name, r, i, c > "/dev/stderr"; bad = 1; exit 3 }
		return v[r, i, c]
	}
	function C(r, i, c) { return commas(n(r, i, c)) }
	function B(r, i, c) { return "**" C(r, i, c) "**" }
	function perbyte(r, i, c) { return sprintf("%.3f", n(r, i, c) / by[r, i, c]) }
	function perline(r, c) { return sprintf("%.3f", n(r, "bringup", c) / (by[r, "bringup", c] / 64)) }
	function lines(r, c) { n(r, "bringup", c); return commas(by[r, "bringup", c] / 64) }
	function has(r, i, c) { return (r, i, c) in v }
	# A table of routines x implementations over every CPU with a value in it.
	function grid(rs, is, extra,   nr, ni, a, b, j, k, m, h, line, x, col, ncol) {
		nr = split(rs, a, " "); ni = split(is, b, " "); ncol = 0
		for (m = 1; m <= ncpu; m++) {
			col = 0
			for (j = 1; j <= nr; j++) for (k = 1; k <= ni; k++) if (has(a[j], b[k], cpu[m])) col = 1
			if (col) use[++ncol] = cpu[m]
		}
		h = "| routine | impl |"; line = "|---|---|"
		for (m = 1; m <= ncol; m++) { h = h " " use[m] " |"; line = line "---:|" }
		print h; print line
		for (j = 1; j <= nr; j++) for (k = 1; k <= ni; k++) {
			col = 0
			for (m = 1; m <= ncol; m++) if (has(a[j], b[k], use[m])) col = 1
			if (!col) continue
			h = "| " a[j] " | " b[k] " |"
			for (m = 1; m <= ncol; m++) {
				if (!has(a[j], b[k], use[m])) { h = h " - |"; continue }
				x = b[k] == "bringup" ? B(a[j], b[k], use[m]) : C(a[j], b[k], use[m])
				if (extra && (use[m] == "cortex-a53" || (use[m] == "cortex-a15" && b[k] == "bringup")))
					x = x " (" perbyte(a[j], b[k], use[m]) "/B)"
				h = h " " x " |"
			}
			print h
		}
	}
	NR == 1 { next }
	{ v[$2, $3, $1] = $5; by[$2, $3, $1] = $4; if (!($1 in seen)) { seen[$1] = 1; cpu[++ncpu] = $1 } }
	END {
		if (bad) exit 3
		a = "cortex-a53"
		if (name == "measured") {
			print "| what | measured | target |"
			print "|---|---:|---:|"
			print "| boot: EL1 entry to the first TAP line | " C("boot", "bringup", a) " | ≤ 150,000 |"
			print "| IRQ round trip, timer PPI: GICv3 / GICv2 | " C("irq_roundtrip", "bringup", "cortex-a53-gicv3") " / " \
				C("irq_roundtrip", "bringup", a) " | ≤ 80 / ≤ 100 |"
			print "| set/way clean+invalidate to LoC, per line (" lines("dcache_clean_inval_all", a) " lines) | " \
				perline("dcache_clean_inval_all", a) " | ≤ 2.5 |"
			print "| 64 KiB clean to PoC by address, per line (" lines("dcache_clean_poc_64k", a) " lines) | " \
				perline("dcache_clean_poc_64k", a) " | ≤ 1.5 (below the floor of 2) |"
			print "| `clear_page` (4 KiB), cortex-a53 / a64fx | " C("clear_page", "bringup", a) " / " \
				C("clear_page", "bringup", "a64fx") " | ≤ 150 / ≤ 45 |"
			print "| `copy_page` (4 KiB) | " C("copy_page", "bringup", a) " | ≤ 370 |"
			print "| `clear_huge_page` (2 MiB) | " C("clear_huge_page", "bringup", a) " | ≤ 70,000 |"
			print "| `copy_huge_page` (2 MiB) | " C("copy_huge_page", "bringup", a) " | ≤ 185,000 |"
			print "| load 100 code pages, 10 executed: eager / lazy flush | " C("load_pages", "eager", a) " / " \
				C("load_pages", "lazy", a) " | - |"
			print "| DRAM test fill, per byte (C loop over 64-bit words: " perbyte("memtest_fill", "c_loop", a) ") | " \
				perbyte("memtest_fill", "bringup", a) " | ≤ 0.05 |"
			print "| DRAM test, a whole `memtest=full` pass, per byte per sweep (U-Boot'"'"'s mtest: 1.44) | " \
				perbyte("memtest_full", "bringup", a) " | ≤ 0.15 |"
			print "| DRAM test verify, per byte (C loop: " perbyte("memtest_verify", "c_loop", a) ") | " \
				perbyte("memtest_verify", "bringup", a) " | ≤ 0.16 |"
		} else if (name == "boot") grid("boot", "bringup", 0)
		else if (name == "irq") grid("irq_roundtrip", "bringup", 0)
		else if (name == "pages") grid("copy_page clear_page copy_huge_page clear_huge_page", "bringup newlib naive fixed32", 0)
		else if (name == "memtest") grid("memtest_fill memtest_verify", "bringup c_loop", 1)
		else if (name == "cache") {
			print "| what | cortex-a53 | target |"
			print "|---|---|---|"
			print "| full set/way clean+invalidate to LoC (" lines("dcache_clean_inval_all", a) " lines), per line | " \
				perline("dcache_clean_inval_all", a) " (" C("dcache_clean_inval_all", "bringup", a) ") | ≤ 2.5 |"
			print "| 64 KiB clean to PoC by address (" lines("dcache_clean_poc_64k", a) " lines), per line | " \
				perline("dcache_clean_poc_64k", a) " (" C("dcache_clean_poc_64k", "bringup", a) ") | ≤ 1.5 (see below) |"
		} else if (name == "targets") {
			print "| target | floor | landed | newlib | where the rest goes |"
			print "|---|---:|---:|---:|---|"
			print "| clear_page ≤ 150 | 128 | " B("clear_page", "bringup", a) " | " C("clear_page", "newlib", a) \
				" | 64 × (DC ZVA + ADD); +7: alignment check, call, dispatch (ADRP, 2 LDR, BR), RET (the one-page body has no loop test) |"
			print "| clear_page ≤ 45, a64fx | 32 | " B("clear_page", "bringup", "a64fx") " | " C("clear_page", "newlib", "a64fx") \
				" | 16 blocks; the same +7 |"
			print "| clear_huge_page ≤ 70,000 | 65,536 | " B("clear_huge_page", "bringup", a) " | " C("clear_huge_page", "newlib", a) \
				" | +3 per 64 blocks (CMP, B.HS, BR): 1,536 |"
			print "| copy_page ≤ 370 | 320 | " B("copy_page", "bringup", a) " | " C("copy_page", "newlib", a) \
				" | 64 × (2 LDP + 2 STP + PRFM); +3 per KiB (prefetch pointer ADD, CMP, B.NE), setup, dispatch, check |"
			print "| copy_huge_page ≤ 185,000 | 163,840 | " B("copy_huge_page", "bringup", a) " | " C("copy_huge_page", "newlib", a) \
				" | +3 per KiB: 6,144 |"
		} else if (name == "lazy") {
			split("cortex-a53 a64fx max cortex-a15", lc, " ")
			e = "| eager | 100 |"; l = "| lazy | **10** (90% fewer) |"; s = "| saved | |"
			for (k = 1; k <= 4; k++) {
				e = e " " C("load_pages", "eager", lc[k]) " |"
				l = l " **" C("load_pages", "lazy", lc[k]) "** |"
				s = s " " sprintf("%.0f", 100 * (1 - n("load_pages", "lazy", lc[k]) / n("load_pages", "eager", lc[k]))) "% |"
			}
			print "| | page flushes | cortex-a53 | a64fx | max | cortex-a15 |"
			print "|---|---:|---:|---:|---:|---:|"
			print e; print l; print s
		} else { printf "bench-doc: no table named %s\n", name > "/dev/stderr"; exit 2 }
	}' "$csv"
}

fails=0
for doc in "$@"; do
	names=$(sed -nE "s/$begin.*/&/p" "$doc" | sed -E 's/^<!-- bench: ([a-z]+), .*/\1/')
	[ -n "$names" ] || { echo "bench-doc: $doc has no table (lines '<!-- bench: NAME, ...' and '<!-- end of bench -->')" >&2; exit 2; }
	for name in $names; do
		want=$(table "$name") || exit 2
		if [ $write = 1 ]; then
			doc_block_write "$doc" "^<!-- bench: $name, " "$end" "$want"
			echo "bench-doc: $doc: the $name table written from $csv"
			continue
		fi
		have=$(doc_block_read "$doc" "^<!-- bench: $name, " "$end")
		if [ "$have" != "$want" ]; then
			doc_block_diff "$want" "$have" "bench-doc: make bench measured, $doc's $name table lacks:" \
				"bench-doc: $doc's $name table has, make bench did not measure:"
			fails=$((fails + 1))
		else
			echo "bench-doc: $doc's $name table is what make bench measured ($(grep -c '^| ' <<<"$want") lines)"
		fi
	done
done
if [ "$fails" -gt 0 ]; then
	echo "bench-doc: FAIL: $fails table(s) differ from $csv (make bench-doc rewrites them)"
	exit 1
fi
