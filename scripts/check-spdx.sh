#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-spdx.sh [--list] [--plant FILE]... — every tracked source file
# names its license (LICENSE) within its first 3 lines, in an SPDX
# short-form identifier line: SPDX-License-Identifier: BSD-2-Clause (as
# Linux's Documentation/process/license-rules.rst places it: after a #!).
# Source files: *.c *.h *.S *.def *.ld *.sh *.mk *.awk *.py, Makefile, and
# every file without an extension that starts with #! (scripts/report).
# Exit 0 if each has it, else 1 naming each file that does not.
# scripts/add-spdx.sh adds the line.
#
# --list: print the files that must carry it, one a line, and exit (what
# add-spdx.sh goes over). --plant FILE: FILE is checked too, if it is a
# source file by the rule above (make check-spdx proves the check fails).
# Needs bash, git, head, awk.
set -euo pipefail
list=0
planted=()
while [ $# -gt 0 ]; do
	case $1 in
	--list) list=1; shift ;;
	--plant) planted+=("$(realpath "$2")"); shift 2 ;;
	*) echo "usage: $0 [--list] [--plant FILE]..." >&2; exit 2 ;;
	esac
done
cd "$(dirname "$0")/.."

# A source file by its name, else (no extension) by its #! line.
is_source() {
	case ${1##*/} in
	*.c | *.h | *.S | *.def | *.ld | *.sh | *.mk | *.awk | *.py | Makefile) return 0 ;;
	*.*) return 1 ;;
	esac
	[ "$(head -c 2 "$1")" = '#!' ]
}

files=()
while IFS= read -r f; do
	[ -f "$f" ] && is_source "$f" && files+=("$f")
done < <(git ls-files)
if [ $list -eq 1 ]; then
	printf '%s\n' "${files[@]}"
	exit 0
fi
for f in "${planted[@]+"${planted[@]}"}"; do
	is_source "$f" && files+=("$f")
done

# One head for all: "==> FILE <==" and its first 3 lines, each file.
mapfile -t missing < <(head -v -n 3 -- "${files[@]}" | awk '
	function done_() { if (f != "" && !ok) print f }
	/^==> .* <==$/ { done_(); f = substr($0, 5, length($0) - 8); ok = 0; next }
	/SPDX-License-Identifier: [A-Za-z0-9(]/ { ok = 1 }
	END { done_() }')
if [ ${#missing[@]} -gt 0 ]; then
	echo "check-spdx: ${#missing[@]} of ${#files[@]} source files have no SPDX-License-Identifier: line in their first 3 lines (scripts/add-spdx.sh adds it):"
	printf '  %s\n' "${missing[@]}"
	exit 1
fi
echo "check-spdx: ${#files[@]} source files name their license (SPDX-License-Identifier:)"
