#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-busy.sh [ROW...]: the rows that run without -icount (their vCPUs are
# host threads, their clock the host's), booted one at a time while the host
# is kept busy by twice as many spinning processes as it has cores, as a
# developer's machine is during a build. Every row must pass: a timing bound
# the host's scheduler can break belongs under -icount (docs/testing.md,
# "Timing"). Default rows: BUSY_ROWS below. The load is bounded (BUSY_MAX
# seconds each) and stopped by its process ids at the end.
# env: MATRIX_OUT (default build/qemu-tests/busy), BUSY_LOAD (spinners;
#      default 2 x nproc), BUSY_MAX (default 600)
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
BUSY_ROWS="a53-el3-smp4 a53-psci-bad-entry a53-smp4-plain-counter uboot-bootz-hyp-smp4 a15-smp4-par"
rows=("$@")
[ ${#rows[@]} -gt 0 ] || read -ra rows <<<"$BUSY_ROWS"
load=${BUSY_LOAD:-$((2 * $(nproc)))}
pids=()
stop() { [ ${#pids[@]} -eq 0 ] || kill "${pids[@]}" 2>/dev/null; wait "${pids[@]}" 2>/dev/null; pids=(); }
trap stop EXIT INT TERM
for _ in $(seq "$load"); do
	timeout "${BUSY_MAX:-600}" sh -c 'while :; do :; done' &
	pids+=($!)
done
echo "check-busy: $load spinning processes on $(nproc) cores; rows: ${rows[*]}"
re="^($(IFS='|'; echo "${rows[*]}"))\$"
out=${MATRIX_OUT:-$top/build/qemu-tests/busy}
MATRIX_OUT=$out JOBS=1 "$top/qemu-tests/run-matrix.sh" "$re"
rc=$?
echo "check-busy: load average $(cut -d ' ' -f 1-3 /proc/loadavg) at the end"
stop
if [ "$rc" -eq 0 ]; then echo "check-busy: PASS: ${#rows[@]} rows without -icount pass on a busy host"
else echo "check-busy: FAIL: a row without -icount failed on a busy host"; fi
exit "$rc"
