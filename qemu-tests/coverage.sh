#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# coverage.sh DIR ROW...: after the matrix, each TAP test of the rows' reports
# (DIR/ROW.log.tap) with how many rows ran it (ok or not ok; a SKIP is not
# a run), of them how many ARMv7 rows; written to DIR/coverage.txt, one line
# a test. Fails naming each test that ran on no row, unless
# qemu-tests/never-run.txt lists it with its reason (a test that applies
# nowhere on QEMU); and each listed test that did run (the list is stale).
# coverage.sh --plant: the check run on planted reports (a test SKIPped on
# every row, and the same test listed), which must each be refused.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
never=${NEVER_RUN:-$top/qemu-tests/never-run.txt}

# count DIR ROW...: "ran armv7 name" for every test name the reports hold.
count() {
	local dir=$1 row arch
	shift
	for row; do
		[ -f "$dir/$row.log.tap" ] || continue
		arch=aarch64
		grep -qm1 '^# qemu: [^ ]*-arm ' "$dir/$row.log.txt" 2>/dev/null && arch=armv7
		sed -n 's/^\(not \)\{0,1\}ok [0-9]* - //p' "$dir/$row.log.tap" | awk -v a="$arch" '{
			skip = / # SKIP/; sub(/ # (SKIP|TODO).*/, ""); print (skip ? "skip" : "ran"), a, $0 }'
	done | awk '{ n = $0; sub(/^[^ ]+ [^ ]+ /, "", n); seen[n] = 1
		if ($1 == "ran") { ran[n]++; if ($2 == "armv7") v7[n]++ } }
		END { for (n in seen) printf "%d %d %s\n", ran[n], v7[n], n }' | sort -k3
}

check() {
	local dir=$1 bad=0 n ran v7 t
	shift
	count "$dir" "$@" >"$dir/coverage.tmp"
	while read -r ran v7 t; do
		printf '%4d rows (%d ARMv7)  %s\n' "$ran" "$v7" "$t"
	done <"$dir/coverage.tmp" >"$dir/coverage.txt"
	while read -r ran v7 t; do
		listed=$(awk -F '\t' -v t="$t" '$1 == t { print $2 }' "$never" 2>/dev/null)
		if [ "$ran" -eq 0 ] && [ -z "$listed" ]; then
			echo "coverage: FAIL: $t: ran on no row (every report SKIPs it or never ends it)"
			bad=1
		elif [ "$ran" -gt 0 ] && [ -n "$listed" ]; then
			echo "coverage: FAIL: $t: ran on $ran rows, yet qemu-tests/never-run.txt lists it"
			bad=1
		fi
	done <"$dir/coverage.tmp"
	n=$(wc -l <"$dir/coverage.tmp")
	rm -f "$dir/coverage.tmp"
	cat "$dir/coverage.txt"
	[ "$bad" -eq 0 ] && echo "coverage: each of $n TAP tests ran on at least one of $# rows (${dir#"$top"/}/coverage.txt)"
	return "$bad"
}

if [ "${1:-}" = --plant ]; then
	d=$top/build/host/coverage-plant
	rm -rf "$d" && mkdir -p "$d"
	printf 'TAP version 13\nok 1 - a: ran\nok 2 - a: nowhere # SKIP no row\n' >"$d/r1.log.tap"
	printf 'TAP version 13\nnot ok 1 - a: ran\nok 2 - a: nowhere # SKIP no row\n' >"$d/r2.log.tap"
	printf 'a: ran\tplanted: listed, yet it runs\n' >"$d/never.txt"
	out=$(NEVER_RUN=/dev/null "$0" "$d" r1 r2)
	if ! grep -q 'coverage: FAIL: a: nowhere: ran on no row' <<<"$out"; then
		echo "coverage: FAIL: a test SKIPped on every planted row was not refused: $out"; exit 1
	fi
	echo "coverage: planted: $(grep -m1 'a: nowhere' <<<"$out" | grep FAIL)"
	out=$(NEVER_RUN=$d/never.txt "$0" "$d" r1 r2)
	if ! grep -q 'coverage: FAIL: a: ran: ran on 2 rows, yet' <<<"$out"; then
		echo "coverage: FAIL: a listed test that ran was not refused: $out"; exit 1
	fi
	echo "coverage: planted: $(grep -m1 'FAIL: a: ran' <<<"$out")"
	exit 0
fi
dir=$1
shift
check "$dir" "$@"
