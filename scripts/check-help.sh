#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-help.sh [--plant FILE]... — every make target and variable that
# README.md and docs/*.md tell a user to give is in `make help`
# (scripts/make-help.sh: the "## " lines of the makefiles), so the help
# cannot fall behind the docs.
#
# What the docs use: in a `code span` or an indented code line, "make T"
# (T a target: a word of lower case, digits, '-', '_' or '.'), and each
# "VAR=" (upper case) in a span or line that calls make; and a span that
# is a variable alone (`SDCARD_MB=`), unless it is one of NOT_MAKE below:
# the environment of a script run directly, or another project's build.
# In the help: a target as "make T", or among the host tests it lists; a
# variable as "VAR=".
# --plant FILE: FILE is read as a doc too (make check-help proves the check
# names a planted target and variable that the help lacks).
# Exit 0 if all are there, 1 naming each one missing and where it is used.
set -euo pipefail
cd "$(dirname "$0")/.."
docs=(README.md docs/*.md)
while [ $# -gt 0 ]; do
	case $1 in
	--plant) docs+=("$2"); shift 2 ;;
	*) echo "usage: $0 [--plant FILE]..." >&2; exit 2 ;;
	esac
done
# Not make's: run-matrix.sh's (MATRIX, MATRIX_OUT), lab/mkjob.sh's
# (LAVA_MUTANT), U-Boot's own build (EXT_DTB).
NOT_MAKE=" MATRIX MATRIX_OUT LAVA_MUTANT EXT_DTB "

help=$(make --no-print-directory -s help)
have_t=" $(grep -oE '\bmake [a-z][a-z0-9_.-]*' <<<"$help" | cut -c6- | tr '\n' ' ')"
have_t+="$(sed -n '/^Host tests/,$p' <<<"$help" | tail -n +2 | tr -s ' \n' '  ') "
have_v=" $(grep -oE '\b[A-Z][A-Z0-9_]*=' <<<"$help" | tr -d = | tr '\n' ' ') "

# Every use: "FILE:LINE KIND NAME", KIND t (target) or v (variable).
uses=$(awk '
	function scan(s, line,   t, m) {
		t = s
		while (match(t, /(^|[^a-z_-])make [a-z][a-z0-9_.-]*/)) {
			m = substr(t, RSTART, RLENGTH); sub(/^.*make /, "", m); sub(/\.$/, "", m)
			print FILENAME ":" line " t " m; t = substr(t, RSTART + RLENGTH)
		}
		if (s ~ /(^|[^a-z_-])make /) {
			t = s
			while (match(t, /(^|[^A-Za-z0-9_])[A-Z][A-Z0-9_]*=/)) {
				m = substr(t, RSTART, RLENGTH); sub(/^[^A-Z]/, "", m); sub(/=$/, "", m)
				print FILENAME ":" line " v " m; t = substr(t, RSTART + RLENGTH)
			}
		}
	}
	/^    / { scan($0, FNR); next }
	{
		t = $0
		while (match(t, /`[^`]+`/)) {
			s = substr(t, RSTART + 1, RLENGTH - 2); t = substr(t, RSTART + RLENGTH)
			scan(s, FNR)
			if (match(s, /^[A-Z][A-Z0-9_]*=/)) print FILENAME ":" FNR " V " substr(s, 1, RLENGTH - 1)
		}
	}' "${docs[@]}")

bad=0 n=0
while read -r where kind name; do
	[ -n "$kind" ] || continue
	n=$((n + 1))
	case $kind in
	t) [[ $have_t == *" $name "* ]] && continue
		echo "check-help: $where uses make $name; make help does not list it" ;;
	v) [[ $have_v == *" $name "* ]] && continue
		echo "check-help: $where uses $name= with make; make help does not list it" ;;
	V) [[ $NOT_MAKE == *" $name "* || $have_v == *" $name "* ]] && continue
		echo "check-help: $where names $name=; make help does not list it (a script's own: NOT_MAKE in $0)" ;;
	esac
	bad=$((bad + 1))
done <<<"$uses"
if [ "$bad" -gt 0 ]; then
	echo "check-help: FAIL: $bad of $n uses of make's targets and variables in README.md and docs/ are not in make help (the \"## \" lines beside their definitions)"
	exit 1
fi
echo "check-help: the $n uses of make targets and variables in README.md and docs/ are all in make help"
