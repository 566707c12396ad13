#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-options-doc.sh TABLE_TOOL [DOC] — the list of options in DOC (default
# README.md), between the lines "<!-- options: ... -->" and "<!-- end of
# options -->", must be exactly what TABLE_TOOL markdown prints from the
# option table (front/options_table.c). Exit 0 if so, else 1 naming each
# line that differs (a key missing, added or changed in either).
# --write: rewrite DOC's list from the table instead (make options-doc).
set -euo pipefail
. "$(dirname "$0")/doc-block.sh"
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
	doc_block_write "$doc" "$begin" "$end" "$want"
	echo "options-doc: $doc's list written from the table ($(grep -c '^| `' <<<"$want") options)"
	exit 0
fi
have=$(doc_block_read "$doc" "$begin" "$end")
if [ "$have" != "$want" ]; then
	doc_block_diff "$want" "$have" "check-options-doc: the table has, $doc lacks:" \
		"check-options-doc: $doc has, the table lacks:"
	echo "check-options-doc: FAIL: $doc's list of options differs from front/options_table.c (make options-doc rewrites it)"
	exit 1
fi
echo "check-options-doc: $doc lists the $(grep -c '^| `' <<<"$want") options of front/options_table.c, as the table says"
