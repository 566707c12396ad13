#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-options-doc.sh TABLE_TOOL [DOC] — the list of options in DOC (default
# README.md), between the lines "<!-- options: ... -->" and "<!-- end of
# options -->", must be exactly what TABLE_TOOL markdown prints from the
# option table (front/options_table.c). Exit 0 if so, else 1 naming each
# line that differs (a key missing, added or changed in either).
# --write: rewrite DOC's list from the table instead (make options-doc).
set -euo pipefail
write=0
[ "${1:-}" = --write ] && { write=1; shift; }
tool=$1 doc=${2:-README.md}
begin='^<!-- options: '
end='^<!-- end of options -->$'
if ! grep -q "$begin" "$doc" || ! grep -q "$end" "$doc"; then
	echo "check-options-doc: $doc has no options list (lines '<!-- options: ...' and '<!-- end of options -->')"
	exit 1
fi
want=$("$tool" markdown)
if [ $write = 1 ]; then
	tmp=$(mktemp)
	# The text through the environment: awk -v would read its backslashes.
	WANT=$want awk -v b="$begin" -v e="$end" '
		$0 ~ b { print; print ENVIRON["WANT"]; skip = 1; next }
		$0 ~ e { skip = 0 }
		!skip' "$doc" >"$tmp"
	cat "$tmp" >"$doc"
	rm -f "$tmp"
	echo "options-doc: $doc's list written from the table ($(grep -c '^| `' <<<"$want") options)"
	exit 0
fi
have=$(awk -v b="$begin" -v e="$end" '$0 ~ e { exit } on; $0 ~ b { on = 1 }' "$doc")
if [ "$have" != "$want" ]; then
	diff <(printf '%s\n' "$want") <(printf '%s\n' "$have") | while IFS= read -r l; do
		case $l in
		'< '*) echo "check-options-doc: the table has, $doc lacks: ${l#< }" ;;
		'> '*) echo "check-options-doc: $doc has, the table lacks: ${l#> }" ;;
		esac
	done || true
	echo "check-options-doc: FAIL: $doc's list of options differs from front/options_table.c (make options-doc rewrites it)"
	exit 1
fi
echo "check-options-doc: $doc lists the $(grep -c '^| `' <<<"$want") options of front/options_table.c, as the table says"
