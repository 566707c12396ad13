#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# run-status.sh COMMAND...: runs COMMAND (qemu-tests/boot.sh for make run and
# make run-uboot) and exits with its status; when that is not 0, first names
# it on stderr with its meaning, the EXIT_* list of arch/exit.h, so that a
# failed `make run` (make itself exits 2 whatever the recipe's status) still
# says the image's own status. 124: the run timed out (timeout(1)).
# QEMU that refuses to start (an unknown -cpu, a -dtb it cannot open, a
# machine that needs -smp 4) exits 1 before the image runs: nothing on the
# console, no EXIT: line, a message of QEMU's own on stderr. That is said as
# such, with QEMU's message (and, for a machine the matrix boots, its row),
# never as a status of the image.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The console and stderr pass through as they come, and are kept to read.
exec {o}> >(tee "$tmp/out")
po=$!
exec {e}> >(tee "$tmp/err" >&2)
pe=$!
# shellcheck disable=SC2261 # two descriptors, not two files
"$@" >&"$o" 2>&"$e"
status=$?
exec {o}>&- {e}>&-
wait "$po" "$pe"
[ "$status" -eq 0 ] && exit 0
qemu_said=$(grep -v '^# qemu: ' "$tmp/err" | grep . | tail -n 1)
if [ "$status" -ne 124 ] && [ ! -s "$tmp/out" ] && [ -n "$qemu_said" ]; then
	row=""
	if [[ ${1##*/} == boot.sh && ${3:-virt} != virt* ]]; then # boot.sh ARCH MACHINE ...: a row that boots it
		row=$(awk -v a="$2" -v m="$3" '/^\[/ { n = substr($1, 2, length($1) - 2); arch = mach = "" }
			$1 == "arch" { arch = $3 } $1 == "machine" { mach = $3 }
			arch == a && mach == m && n != "" { print n; exit }' "$top"/qemu-tests/matrix/*.cfg)
	fi
	echo "run: QEMU did not start the image: $qemu_said${row:+ (the matrix boots $3 with its own options: make run ROW=$row)}" >&2
	exit "$status"
fi
what=$("$top/scripts/exit-meaning.sh" "$status")
[ "$status" -eq 124 ] && what="timed out (TIMEOUT=${TIMEOUT:-120} s)"
echo "run: the image's exit status is $status${what:+: $what} (make itself exits 2; ${1##*/}, the command above, exits $status)" >&2
exit "$status"
