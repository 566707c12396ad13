# SPDX-License-Identifier: BSD-2-Clause
# icsync.awk: the ICSYNC=window[:unsynced] check of qemu-tests/run-matrix.sh.
# Reads QEMU's -d in_asm,exec,nochain trace (filtered to the window and the
# maintenance routines) and prints "RUNS BAD FIRST": how many times code in
# the 1 MiB alias window at w was translated, how many of those were not
# preceded, since that address last ran, by a clean to PoU (routine c) and
# then an I-cache invalidate (routine i or a), and the first such address.
# usage: awk -v w=WINDOW -v c=START+SIZE -v i=START+SIZE -v a=START+SIZE -f icsync.awk TRACE
function pad(h) { sub(/^0x/, "", h); h = tolower(h)
	while (length(h) < 16) h = "0" h; return h }
function lo(r) { return pad(substr(r, 1, index(r, "+") - 1)) }
function hi(r,   b, n, k, d, x, carry, out) { # lo + size, in padded hex
	b = lo(r); n = pad(substr(r, index(r, "+") + 1)); carry = 0; out = ""
	for (k = 16; k >= 1; k--) {
		x = index("0123456789abcdef", substr(b, k, 1)) - 1 + \
			index("0123456789abcdef", substr(n, k, 1)) - 1 + carry
		carry = x >= 16; out = substr("0123456789abcdef", x % 16 + 1, 1) out
	}
	return out }
function in_(p, r) { return p >= lo(r) && p < hi(r) }
BEGIN { win = w "+0x100000" }
/^Trace / { p = $0; sub(/^[^[]*\[[^\/]*\//, "", p); sub(/\/.*/, "", p); p = pad(p); n++
	if (in_(p, c)) lc = n; else if (in_(p, i) || in_(p, a)) li = n; next }
/^IN:/ { want = 1; next }
want && /^0x[0-9a-fA-F]+:/ { want = 0; p = $1; sub(/:$/, "", p); p = pad(p)
	if (!in_(p, win)) next; n++; runs++
	if (!(lc > prev[p] && li > lc)) { bad++; if (!first) first = "0x" p }
	prev[p] = n }
END { printf "%d %d %s\n", runs, bad, first }
