#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-format.sh [--plant FILE]... — every tracked C source and header (the
# image's layers, tests/host, tests/stub) is as clang-format (Debian 12's,
# 14) writes it with the root .clang-format: clang-format --dry-run -Werror,
# which changes nothing. Exit 0 if so, else 1 naming each file that differs
# (`clang-format -i FILE` rewrites it).
#
# Not checked: tests/host/lib/fdt/fuzz-regressions/ (the fuzzers' inputs, data), and
# a header of assembler macros only (a .macro line and no __ASSEMBLER__
# guard, such as cache/aarch64/ops.h: included by .S files, not C; those with
# a guarded assembler part, such as arch/asm.h, are checked). --plant FILE:
# FILE is checked too (make check-format proves the check can fail).
# Needs bash, git, clang-format.
set -euo pipefail
. "$(dirname "$0")/plants.sh" # --plant FILE...: planted=()
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "check-format: no clang-format (scripts/setup.sh installs it)" >&2; exit 2; }

files=()
while IFS= read -r f; do
	case $f in tests/host/lib/fdt/fuzz-regressions/*) continue ;; esac
	if [[ $f == *.h ]] && grep -q '^[[:space:]]*\.macro' "$f" && ! grep -q __ASSEMBLER__ "$f"; then
		continue
	fi
	files+=("$f")
done < <(git ls-files -- '*.c' '*.h')
files+=("${planted[@]+"${planted[@]}"}")

# One warning per misformatted spot ("FILE:LINE:COL: error: code should be
# clang-formatted [-Wclang-format-violations]"); anything else it prints
# (an unreadable style) is an error of its own.
out=$(printf '%s\0' "${files[@]}" |
	xargs -0 clang-format --style="file:$PWD/.clang-format" --dry-run -Werror 2>&1) && rc=0 || rc=$?
bad=$(printf '%s\n' "$out" | sed -n 's/^\(.*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' | sort -u)
if [ -n "$bad" ]; then
	echo "check-format: not as .clang-format writes them (clang-format -i FILE):"
	printf '%s\n' "$bad" | sed 's/^/  /'
	exit 1
fi
if [ "$rc" -ne 0 ]; then
	printf 'check-format: clang-format failed (%d):\n%s\n' "$rc" "$out" >&2
	exit 2
fi
echo "check-format: ${#files[@]} C files as .clang-format writes them ($(clang-format --version | sed 's/.*version //'))"
