#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-tree.sh [--plant PATH]... — two rules of the tree's shape:
#  - every tracked text file is at most 400 lines, but for recorded
#    evidence that is not written by hand: the captured logs and LAVA
#    results of tests/report/, the fuzzers' regression inputs;
#  - no two sources (.c .h .S) share a file name, but for one unit's
#    per-architecture halves (x/aarch64/n and x/armv7/n, with x/n beside
#    them): a name says which file it is.
# --plant PATH adds a file (a path under build/, as if tracked) to the
# list, so that make check-tree proves each rule can fail. Exit 0 if both
# hold, else 1 with each offence on its own line. Needs bash, git, awk.
set -euo pipefail
cd "$(dirname "$0")/.."
MAX_LINES=400
files=$(git ls-files)
while [ $# -gt 0 ]; do
	case $1 in
	--plant) files+=$'\n'"$2"; shift 2 ;;
	*) echo "usage: $0 [--plant PATH]..." >&2; exit 2 ;;
	esac
done
bad=0
while IFS= read -r f; do
	case $f in tests/report/* | tests/host/*fuzz-regressions/*) continue ;; esac
	[ -f "$f" ] && grep -qI . "$f" 2>/dev/null || continue # text files only
	n=$(wc -l <"$f")
	if [ "$n" -gt "$MAX_LINES" ]; then
		echo "$f: $n lines, over $MAX_LINES"
		bad=1
	fi
done <<<"$files"
# A source's name, and the unit it belongs to (arch halves joined).
dups=$(printf '%s\n' "$files" | grep -E '\.(c|h|S)$' | awk -F/ '
{
	name = $NF; unit = $0;
	sub(/\/(aarch64|armv7)\//, "/", unit);
	if (!((name, unit) in seen)) { seen[name, unit] = 1; n[name]++; where[name] = where[name] " " $0; }
	else where[name] = where[name] " " $0;
}
END { for (k in n) if (n[k] > 1) print "two sources named " k ":" where[k]; }' | sort)
if [ -n "$dups" ]; then
	echo "$dups"
	bad=1
fi
[ $bad -eq 0 ] && echo "tree: every file at most $MAX_LINES lines, no two sources share a name"
exit $bad
