# SPDX-License-Identifier: BSD-2-Clause
# icsync.awk: the ICSYNC=window[:unsynced] check of qemu-tests/run-matrix.sh.
# Reads QEMU's -d in_asm,exec,cpu,nochain trace, filtered to the 1 MiB alias
# window at w and to the first instruction of each routine named below, so
# that each call of a routine logs one "Trace" line and the registers it was
# called with. Keeps:
#   - each clean to PoU (routine c: x0/r0 start, x1/r1 end, x2/r2 line) and
#     each I-cache invalidate by address (routine i), as the lines they touch:
#     [start rounded down to the line, end rounded up) (cache/<arch>/range.S);
#     an I-cache invalidate of everything (routine a) covers all;
#   - each mapping made by mmu_map_page (routine m: x0/r0 VA, x1/r1 PA), so
#     that a window address has its physical page.
# Then every translation of window code [first instruction, last + 4) must
# be preceded, since that address was last translated, by a clean whose
# lines cover its bytes (at their physical address: the identity map, or at
# the window address), and after that clean by an invalidate that covers
# them (either address) or everything. Prints "RUNS BAD FIRST": how many
# translations, how many without that, and the first such one with what it
# lacked.
# usage: awk -v w=WINDOW -v c=START+SIZE -v i=START+SIZE -v a=START+SIZE
#        -v m=START+SIZE -f icsync.awk TRACE
function hex(s,   v, k, d) { sub(/^0[xX]/, "", s); s = tolower(s); v = 0
	for (k = 1; k <= length(s); k++) {
		d = index("0123456789abcdef", substr(s, k, 1)) - 1
		if (d < 0) break
		v = v * 16 + d
	}
	return v }
function fmt(v,   s, d) { if (v == 0) return "0x0"; s = ""
	while (v > 0) { d = v % 16; s = substr("0123456789abcdef", d + 1, 1) s; v = (v - d) / 16 }
	return "0x" s }
function start(r) { return hex(substr(r, 1, index(r, "+") - 1)) }
function reg(line, name,   t) { if (!match(line, name "=[0-9a-fA-F]+")) return ""
	t = substr(line, RSTART, RLENGTH); sub(/^[^=]*=/, "", t); return hex(t) }
# covers(kind, k, lo, hi): record k of kind ("c" or "i") holds [lo, hi).
function covers(kind, k, lo, hi) { return lo >= rlo[kind, k] && hi <= rhi[kind, k] }
# The latest record of kind after seq `after` and before seq `before` that
# covers [lo, hi) or [lo2, hi2); 0 if none (the last SCAN records are looked at).
function find(kind, after, before, lo, hi, lo2, hi2,   k, stop) {
	stop = cnt[kind] - SCAN
	for (k = cnt[kind]; k >= 1 && k > stop && rseq[kind, k] > after; k--) {
		if (rseq[kind, k] >= before) continue
		if (rall[kind, k] || covers(kind, k, lo, hi) || (lo2 != "" && covers(kind, k, lo2, hi2)))
			return k
	}
	return 0 }
function record(kind, lo, hi, line) { cnt[kind]++
	rseq[kind, cnt[kind]] = n; rall[kind, cnt[kind]] = 0
	rlo[kind, cnt[kind]] = lo - lo % line; rhi[kind, cnt[kind]] = hi + (hi % line ? line - hi % line : 0) }
function end_tb(   lo, hi, page, plo, phi, ki, kc, why) {
	if (tb == "") return
	lo = tb; hi = tb_last + 4; tb = ""
	if (lo < win || lo >= win + 1048576) return
	n++; runs++
	page = lo - lo % 4096
	plo = ""; phi = ""
	if (page in pa) { plo = pa[page] + lo - page; phi = plo + hi - lo }
	ki = find("i", prev[lo], n, lo, hi, plo, phi)
	kc = ki ? find("c", prev[lo], rseq["i", ki], lo, hi, plo, phi) : 0
	if (!ki || !kc) {
		bad++
		if (!first) {
			why = !ki ? "no I-cache invalidate covering it" : "no clean to PoU covering it before the invalidate"
			first = fmt(lo) ".." fmt(hi) (plo != "" ? " (PA " fmt(plo) ")" : "") ": " why
		}
	}
	prev[lo] = n }
BEGIN { win = hex(w); cs = start(c); is = start(i); as = start(a); ms = m != "" ? start(m) : -1
	SCAN = 4096; cnt["c"] = 0; cnt["i"] = 0 }
/^Trace / { end_tb(); p = $0; sub(/^[^[]*\[[^\/]*\//, "", p); sub(/\/.*/, "", p); p = hex(p)
	want = 0; pend = ""; n++
	if (p == cs) pend = "c"
	else if (p == is) pend = "i"
	else if (p == ms) pend = "m"
	else if (p == as) { cnt["i"]++; rseq["i", cnt["i"]] = n; rall["i", cnt["i"]] = 1 }
	r0 = r1 = r2 = r3 = ""; next }
# The arguments: AArch64 x0, x1, x2; ARMv7 r0-r3, where mmu_map_page's
# 64-bit PA takes the pair r2:r3 (AAPCS, "Parameter Passing": an 8-byte
# argument in an even-numbered register pair).
pend != "" {
	if (r0 == "") r0 = reg($0, "(X00|R00)")
	if (r1 == "") r1 = reg($0, "(X01|R01)")
	if (r2 == "") r2 = reg($0, "(X02|R02)")
	if (r3 == "") r3 = reg($0, "R03")
	if (aarch32 == "" && $0 ~ /R00=/) aarch32 = 1
	if (pend == "m" && r0 != "" && (aarch32 ? r2 != "" && r3 != "" : r1 != "")) {
		q = aarch32 ? r3 * 4294967296 + r2 : r1
		pa[r0 - r0 % 4096] = q - q % 4096; pend = ""
	} else if (pend != "m" && r0 != "" && r1 != "" && r2 != "") {
		if (r2 > 0) record(pend, r0, r1, r2)
		pend = ""
	}
	next }
/^IN:/ { end_tb(); want = 1; next }
want && /^0x[0-9a-fA-F]+:/ { q = $1; sub(/:$/, "", q); q = hex(q)
	if (tb == "") tb = q
	tb_last = q; next }
want && !/^0x/ { want = 0; end_tb() }
END { end_tb(); printf "%d %d %s\n", runs, bad, first }
