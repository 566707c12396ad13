#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# add-spdx.sh [FILE...] — gives each FILE (default: every source file
# scripts/check-spdx.sh --list names) its license line, in the file's own
# comment syntax, unless one of its first 3 lines already has one (so it
# can run again):
#   *.c *.h *.S *.def *.ld     /* SPDX-License-Identifier: BSD-2-Clause */
#   the others (shell, make, awk, Python)    # SPDX-License-Identifier: BSD-2-Clause
# as the first line, or after a #! line (and after a Python coding line,
# which must stay in the first two: PEP 263). The file keeps its mode.
# Needs bash, git, awk.
# All in one block, read whole before it runs: the script may be among the
# files it rewrites, and bash reads a script as it goes.
{
	set -euo pipefail
	files=()
	for f in "$@"; do files+=("$(realpath "$f")"); done
	cd "$(dirname "$0")/.."
	ID=BSD-2-Clause
	[ ${#files[@]} -gt 0 ] || mapfile -t files < <(scripts/check-spdx.sh --list)

	added=0
	for f in "${files[@]}"; do
		head -n 3 "$f" | grep -q 'SPDX-License-Identifier: [A-Za-z0-9(]' && continue
		case ${f##*/} in
		*.c | *.h | *.S | *.def | *.ld) line="/* SPDX-License-Identifier: $ID */" ;;
		*) line="# SPDX-License-Identifier: $ID" ;;
		esac
		py=0
		[[ $f != *.py ]] || py=1
		tmp=$(mktemp)
		awk -v line="$line" -v py=$py '
		NR == 1 && /^#!/ { print; next }
		!done && py && NR <= 2 && /^#.*coding[:=]/ { print; next }
		!done { print line; done = 1 }
		{ print }
		END { if (!done) print line }' "$f" >"$tmp"
		cat "$tmp" >"$f" # the same file: its mode stays
		rm -f "$tmp"
		added=$((added + 1))
	done
	echo "add-spdx: $added of ${#files[@]} files given SPDX-License-Identifier: $ID"
	exit
}
