#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
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
what=$("$top/scripts/exit-meaning.sh" "$status")
[ "$status" -eq 124 ] && what="timed out (TIMEOUT=${TIMEOUT:-120} s)"
echo "run: the image's exit status is $status${what:+: $what} (make itself exits 2; ${1##*/}, the command above, exits $status)" >&2
exit "$status"
