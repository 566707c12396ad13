#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-calls.sh [--plant-use FILE:SYMBOL]... [OBJECT...] — the layer rule
# (README "Layout", scripts/check-layers.sh) by symbol, read from the image's
# object files: what includes cannot show, since a header several files
# share hides which of them defines what it declares.
#
# nm lists, per object, the global symbols it defines (T D B R ..., a weak W
# or V one when no object has a strong one) and those it uses (U, w). Each
# object stands for its source (build/aarch64/obj/board/fdt_board.c.o is
# board/fdt_board.c) and the source's unit (arch/<arch>/x.c counts as
# arch/x, as in check-layers.sh). Refused, each named:
#  - an upward use: a file using a symbol, function or data, that a file of
#    a higher layer defines (LAYERS, read from scripts/check-layers.sh: the
#    one list);
#  - a cycle: units that use symbols of each other, functions or data, from
#    C or assembly, directly or round a loop (one piece of code in several
#    files). Each knot (a strongly connected set of units) is printed as its
#    shortest cycle from its first unit by name, each edge with the symbols
#    it uses. State two units share lives in a third that uses neither
#    (boot/boot.c, smp/smp_state.c, irq/irq_state.c); a driver registers
#    itself in a linker section instead of being named by its core.
# A symbol no object of ours defines is not followed: the C library's and
# libgcc's, and the linker's (__start_SECTION / __stop_SECTION of the
# self-tests' and options' tables, __image_end and the other linker/*.ld
# symbols): those are how the design reaches up on purpose. The image's
# entry into boot_main is boot/<arch>/entry.S, in boot/ itself.
#
# OBJECTs: by default build/{aarch64,armv7}/obj/**/*.o (make check-calls
# passes the two images' own lists); the cross nm is the one of the arch in
# the path. --plant-use FILE:SYMBOL: FILE (a source, e.g. lib/fdt/fdt.c)
# uses SYMBOL too, on each arch it is built for (make check-calls proves
# with it that the check fails). Exit 0 if the rule holds, else 1 with each
# offence on its own lines. Needs bash, awk, sort and the cross binutils.
set -euo pipefail
cd "$(dirname "$0")/.."

LAYERS=$(sed -n 's/^LAYERS="\([^"]*\)"$/\1/p' scripts/check-layers.sh)
[ -n "$LAYERS" ] || { echo "check-calls: no LAYERS=\"...\" line in scripts/check-layers.sh" >&2; exit 2; }
planted=()
while [ $# -gt 0 ]; do
	case $1 in
	--plant-use) planted+=("$2"); shift 2 ;;
	-*) echo "usage: $0 [--plant-use FILE:SYMBOL]... [OBJECT...]" >&2; exit 2 ;;
	*) break ;;
	esac
done
objs=("$@")
[ ${#objs[@]} -gt 0 ] || mapfile -t objs < <(find build/aarch64/obj build/armv7/obj -name '*.o' 2>/dev/null | sort)
[ ${#objs[@]} -gt 0 ] || { echo "check-calls: no objects under build/{aarch64,armv7}/obj: make all first" >&2; exit 2; }

declare -A nm=([aarch64]=aarch64-linux-gnu-nm [armv7]=arm-none-eabi-nm)
# "ARCH SOURCE TYPE SYMBOL", a line a symbol of an object; then the plants.
{
	for a in aarch64 armv7; do
		mine=()
		for o in "${objs[@]}"; do
			case $o in */$a/obj/*.o) mine+=("$o") ;; esac
		done
		[ ${#mine[@]} -gt 0 ] || continue
		"${nm[$a]}" -A "${mine[@]}" | awk -v a="$a" '
		{ o = $1; sub(/:.*/, "", o); sub(/^.*\/obj\//, "", o); sub(/\.o$/, "", o);
		  print a, o, $(NF - 1), $NF }'
	done
	for p in "${planted[@]+"${planted[@]}"}"; do echo "PLANT ${p%%:*} ${p#*:}"; done
} | awk -v layers="$LAYERS" '
function layer(f,   i) {
	for (i = nl; i >= 1; i--)
		if (index(f, L[i] "/") == 1)
			return i;
	return 0;
}
function unit(f) {
	sub(/\/(aarch64|armv7)\//, "/", f);
	sub(/\.[chS]$/, "", f);
	return f;
}
function use(a, s, y) { nu++; UA[nu] = a; US[nu] = s; UY[nu] = y; }
function add(list, w) { return index(" " list " ", " " w " ") ? list : list (list == "" ? "" : " ") w; }
# Tarjan: the strongly connected sets of units, numbered in comp[].
function tarjan(v,   n, i, w, nx) {
	idx[v] = low[v] = ++counter;
	st[++sp] = v;
	on[v] = 1;
	n = split(adj[v], nx, " ");
	for (i = 1; i <= n; i++) {
		w = nx[i];
		if (!(w in idx)) {
			tarjan(w);
			if (low[w] < low[v])
				low[v] = low[w];
		} else if (on[w] && idx[w] < low[v])
			low[v] = idx[w];
	}
	if (low[v] == idx[v]) {
		ncomp++;
		do {
			w = st[sp--];
			on[w] = 0;
			comp[w] = ncomp;
			size[ncomp]++;
		} while (w != v);
	}
}
# The shortest way round from v back to v inside its set (breadth first):
# path[1..np], v first; returned as "v -> ... -> v".
function cycle(v,   q, h, t, n, i, u, w, nx, from, c, s) {
	h = 1; t = 0; q[++t] = v;
	while (h <= t && !(v in from)) {
		u = q[h++];
		n = split(adj[u], nx, " ");
		for (i = 1; i <= n; i++) {
			w = nx[i];
			if (comp[w] == comp[v] && !(w in from)) { from[w] = u; q[++t] = w; }
		}
	}
	n = 0;
	for (u = from[v]; u != v; u = from[u])
		c[++n] = u;
	np = n + 1; path[1] = v; s = v;
	for (i = 2; i <= np; i++) {
		path[i] = c[np - i + 1];
		s = s " -> " path[i];
	}
	return s " -> " v;
}
BEGIN { nl = split(layers, L, " "); }
$1 == "PLANT" { plant[++nplant] = $2 SUBSEP $3; next; }
{
	a = $1; s = $2; t = $3; y = $4;
	built[a, s] = 1;
	if (t == "U" || t == "w" || t == "v")
		use(a, s, y);
	else if (t == "W" || t == "V") {
		if (!((a, y) in weak)) { weak[a, y] = s; wtype[a, y] = t; }
	} else if (t ~ /^[A-Z]$/ && !((a, y) in def)) {
		def[a, y] = s;
		dtype[a, y] = t;
	}
}
END {
	for (i = 1; i <= nplant; i++) {
		split(plant[i], p, SUBSEP);
		m = "check-calls: --plant-use " p[1] ":" p[2] ": ";
		if (!built["aarch64", p[1]] && !built["armv7", p[1]]) { print m p[1] " is in neither image" > "/dev/stderr"; exit 2; }
		n = 0;
		split("aarch64 armv7", A, " ");
		for (k = 1; k <= 2; k++)
			if (built[A[k], p[1]] && ((A[k], p[2]) in def || (A[k], p[2]) in weak)) { use(A[k], p[1], p[2]); n++; }
		if (!n) { print m "no object built with " p[1] " defines " p[2] > "/dev/stderr"; exit 2; }
	}
	for (i = 1; i <= nu; i++) {
		a = UA[i]; s = US[i]; y = UY[i];
		if ((a, y) in def) {
			d = def[a, y]; t = dtype[a, y];
		} else if ((a, y) in weak) {
			d = weak[a, y]; t = wtype[a, y];
		} else
			continue; /* the C library, libgcc, the linker */
		if (d == s)
			continue;
		nuse++;
		ls = layer(s); ld = layer(d);
		if (!ls || !ld) {
			k = ls ? d : s;
			if (!(k in nolayer)) { nolayer[k] = 1; print k ": in no layer (" layers ")"; bad = 1; }
			continue;
		}
		if (ld > ls && !((s, y) in up)) {
			up[s, y] = 1;
			print s " (" L[ls] ") uses " y ", defined in " d " (" L[ld] "): an upward use";
			bad = 1;
		}
		us = unit(s); ud = unit(d);
		if (us == ud)
			continue; /* within a unit */
		if (!((us, ud) in esym)) {
			if (!(us in seen)) { seen[us] = 1; node[++nn] = us; }
			adj[us] = adj[us] " " ud;
		}
		esym[us, ud] = add(esym[us, ud], y);
	}
	for (i = 1; i <= nn; i++)
		if (!(node[i] in idx))
			tarjan(node[i]);
	for (i = 1; i <= nn; i++) {
		c = comp[node[i]];
		if (size[c] > 1 && (!(c in first) || node[i] < first[c]))
			first[c] = node[i];
	}
	for (i = 1; i <= nn; i++) {
		v = node[i];
		if (size[comp[v]] < 2 || first[comp[v]] != v)
			continue;
		print "cycle of units: " cycle(v);
		for (k = 1; k <= np; k++) {
			f = path[k]; g = k < np ? path[k + 1] : v;
			print "  " f " -> " g ": " esym[f, g];
		}
		if (size[comp[v]] > np) {
			m = "";
			for (k = 1; k <= nn; k++)
				if (comp[node[k]] == comp[v])
					m = m " " node[k];
			print "  (" size[comp[v]] " units in this knot:" m ")";
		}
		bad = 1;
	}
	if (bad)
		exit 1;
	print "calls: " nuse " uses of our own symbols point down (" layers "), no cycle of units";
}'
