#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-layers.sh [--plant FILE:HEADER]... — the layer rule (README "Layout"):
# every #include "..." (and <dir/...> of a layer's folder) in the image's
# sources points down this order, bottom first:
#
#   arch  cache  lib  mmu  irq  board  platforms  front  boot  smp  memtest  selftests
#
# A file may include headers of its own layer or of a layer below. Within a
# layer, modules (lib/<name>/, else the top folder) must not depend on each
# other in a cycle, and neither may two files: units (a .c/.S with its .h;
# arch/<arch>/x.c counts as x) whose sources include each other's headers,
# directly or round a loop, are one piece of code in two files. (A private
# header with no source of its own, such as lib/fdt/fdt_priv.h, joins no
# cycle.) Includes must name files that exist. tests/host/ is outside the
# image and exempt.
#
# --plant adds an include that is not in the tree, HEADER bare ("..." form) or
# as written, e.g. '<boot/boot.h>' (make check-layers proves with it that an
# upward include fails, in either form). Exit 0 if the rule holds, else 1
# with each offence on its own line. Needs bash, grep, awk (Debian minbase).
set -euo pipefail
cd "$(dirname "$0")/.."

LAYERS="arch cache lib mmu irq board platforms front boot smp memtest selftests"
planted=()
while [ $# -gt 0 ]; do
	case $1 in
	--plant) planted+=("$2"); shift 2 ;;
	*) echo "usage: $0 [--plant FILE:HEADER]..." >&2; exit 2 ;;
	esac
done

srcs=()
for l in $LAYERS; do
	while IFS= read -r f; do srcs+=("$f"); done < <(git ls-files -- "$l/*.c" "$l/*.h" "$l/*.S")
done
# "file header" pairs: the tree's includes, then the planted ones. Both
# forms count: "dir/file.h", and <dir/file.h> where dir is a layer's top
# folder (a project header; <stdint.h>, <sys/stat.h> are the C library's).
roots=$(for l in $LAYERS; do echo "${l%%/*}"; done | sort -u | paste -sd '|')
incl='^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"][^">]*[">]'
{
	printf 'SRC %s\n' "${srcs[@]}"
	# "file:line" for every include line; a planted one as the line it would
	# be ("HEADER" if given bare, else as given: <x/y.h>), read as the rest.
	{
		grep -H -e "$incl" "${srcs[@]}"
		for p in "${planted[@]+"${planted[@]}"}"; do
			h=${p#*:}
			case $h in '<'* | '"'*) ;; *) h="\"$h\"" ;; esac
			echo "${p%%:*}:#include $h"
		done
	} | sed -n 's/^\([^:]*\):[[:space:]]*#[[:space:]]*include[[:space:]]*\([<"][^">]*[">]\).*/\1 \2/p' |
		awk -v roots="^($roots)/" '
		{ h = $2; q = substr(h, 1, 1); h = substr(h, 2, length(h) - 2) }
		q == "\"" || h ~ roots { print $1, h }'
} | while read -r from to; do
	[ "$from" = SRC ] && { echo "$from $to"; continue; }
	[ -e "$to" ] && ok=1 || ok=0
	echo "$from $to $ok"
done | awk -v layers="$LAYERS" '
function layer(f,   i) {
	for (i = nl; i >= 1; i--)
		if (index(f, L[i] "/") == 1)
			return i;
	return 0;
}
function module(f,   p) {
	if (index(f, "lib/") == 1 && split(f, p, "/") > 2)
		return "lib/" p[2];
	return L[layer(f)];
}
function unit(f) {
	sub(/\/(aarch64|armv7)\//, "/", f);
	sub(/\.[chS]$/, "", f);
	return f;
}
function edge(g, a, b) {
	if (a != b && !((g, a, b) in E)) {
		E[g, a, b] = 1;
		adj[g, a] = adj[g, a] " " b;
		nodes[g, a] = 1;
		nodes[g, b] = 1;
	}
}
# Depth-first search; prints the first cycle through each back edge.
function dfs(g, v,   n, i, w, k, s) {
	color[g, v] = 1;
	stack[++depth] = v;
	n = split(adj[g, v], next_, " ");
	for (i = 1; i <= n; i++) {
		w = next_[i];
		if (color[g, w] == 1) {
			s = w;
			for (k = depth; k >= 1 && stack[k] != w; k--)
				s = stack[k] " -> " s;
			print "cycle of " g "s: " w " -> " s;
			bad = 1;
		} else if (!color[g, w]) {
			dfs(g, w);
			n = split(adj[g, v], next_, " ");
		}
	}
	depth--;
	color[g, v] = 2;
}
BEGIN { nl = split(layers, L, " "); }
$1 == "SRC" {
	if ($2 ~ /\.[cS]$/)
		impl[unit($2)] = 1;
	next;
}
{
	from = $1; to = $2;
	if (!$3) { print from ": includes \"" to "\", which does not exist"; bad = 1; next; }
	lf = layer(from); lt = layer(to);
	if (!lt) { print from ": includes \"" to "\", which is in no layer"; bad = 1; next; }
	if (lt > lf) {
		print from " (" L[lf] ") includes " to " (" L[lt] "): an upward include";
		bad = 1;
	}
	if (lt == lf)
		edge("module", module(from), module(to));
	if (from ~ /\.[cS]$/ && impl[unit(to)])
		edge("unit", unit(from), unit(to));
	nincl++;
}
END {
	for (k in nodes) {
		split(k, p, SUBSEP);
		if (!color[p[1], p[2]])
			dfs(p[1], p[2]);
	}
	if (bad)
		exit 1;
	print "layers: " nincl " includes point down (" layers "), no cycles";
}'
