#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# exit-meaning.sh N: prints what exit status N of the image means, from
# arch/exit.h (the one list of EXIT_* codes): the comment on its #define
# line, else the first sentence of the comment above it. Prints nothing for
# a status the image never uses. Used by scripts/run-status.sh (make run) and
# scripts/report.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
awk -v s="${1:?usage: exit-meaning.sh N}" '
	/^\/\*/ { c = "" }
	/^\/\*|^ \*/ { t = $0; sub(/^\/?\*+ ?/, "", t); sub(/ *\*\/.*$/, "", t); c = c (c ? " " : "") t }
	$1 == "#define" && $2 ~ /^EXIT_/ {
		if ($3 == s) {
			t = $0
			if (sub(/^[^\/]*\/\* */, "", t)) sub(/ *\*\/.*$/, "", t)
			else { t = c; sub(/[.:;].*$/, "", t) }
			print t
			exit
		}
		c = ""
	}' "$top/arch/exit.h"
