#!/usr/bin/env bash
# run-status.sh COMMAND...: runs COMMAND (qemu-tests/boot.sh for make run and
# make run-uboot) and exits with its status; when that is not 0, first names
# it on stderr with its meaning, the EXIT_* list of arch/exit.h, so that a
# failed `make run` (make itself exits 2 whatever the recipe's status) still
# says the image's own status. 124: the run timed out (timeout(1)).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
"$@"
status=$?
[ "$status" -eq 0 ] && exit 0
# arch/exit.h: "#define EXIT_NAME n /* meaning */", or the meaning in the
# comment above the line: its first sentence.
what=$(awk -v s="$status" '
	/^\/\*/ { c = "" } /^\/\*|^ \*/ { t = $0; sub(/^\/?\*+ ?/, "", t); sub(/ *\*\/.*$/, "", t); c = c (c ? " " : "") t }
	$1 == "#define" && $2 ~ /^EXIT_/ { if ($3 == s) { t = $0
		if (sub(/^[^\/]*\/\* */, "", t)) { sub(/ *\*\/.*$/, "", t) } else { t = c; sub(/[.:;].*$/, "", t) }
		print t; exit } c = "" }' "$top/arch/exit.h")
[ "$status" -eq 124 ] && what="timed out (TIMEOUT=${TIMEOUT:-120} s)"
echo "run: the image's exit status is $status${what:+: $what} (make itself exits 2; ${1##*/}, the command above, exits $status)" >&2
exit "$status"
