# SPDX-License-Identifier: BSD-2-Clause
# doc-block.sh, sourced: a generated block of a document, the lines between
# a line matching BEGIN and one matching END (extended regular expressions,
# awk), as make options-doc and make bench-doc write and check them.
#   doc_block_write DOC BEGIN END TEXT   the block becomes TEXT
#   doc_block_read DOC BEGIN END         prints the block
#   doc_block_diff WANT HAVE LACKS HAS   one line a difference: "LACKS line"
#                                        for a line of WANT the block lacks,
#                                        "HAS line" for one it has beyond
doc_block_write() {
	local tmp
	tmp=$(mktemp)
	# The text through the environment: awk -v would read its backslashes.
	WANT=$4 awk -v b="$2" -v e="$3" '
		$0 ~ b { print; print ENVIRON["WANT"]; skip = 1; next }
		skip && $0 ~ e { skip = 0 }
		!skip' "$1" >"$tmp"
	cat "$tmp" >"$1"
	rm -f "$tmp"
}
doc_block_read() {
	awk -v b="$2" -v e="$3" 'on && $0 ~ e { exit } on; $0 ~ b { on = 1 }' "$1"
}
doc_block_diff() {
	diff <(printf '%s\n' "$1") <(printf '%s\n' "$2") | while IFS= read -r l; do
		case $l in
		'< '*) echo "$3 ${l#< }" ;;
		'> '*) echo "$4 ${l#> }" ;;
		esac
	done || true
}
