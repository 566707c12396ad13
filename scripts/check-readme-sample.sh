#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-readme-sample.sh LOG [README]: the README's sample report ("A healthy
# run", the indented block of "## Reading the report") still has the shapes
# the image prints. Each sample line, its "<- ..." annotation and "..." lines
# dropped, is reduced to a shape (every number, decimal or hex, becomes #; the
# version after "bringup " becomes V) and must be the shape of some line of
# LOG, a captured run of the same configuration (QEMU virt, Cortex-A53: make
# run, or the matrix's a53 row). Exit 1 naming every sample line no line of
# the log has the shape of (a drifted sample), 2 if there is no sample or no
# TAP in LOG.
set -euo pipefail
log=${1:?usage: check-readme-sample.sh LOG [README]}
top=$(cd "$(dirname "$0")/.." && pwd)
readme=${2:-$top/README.md}
shape() { # stdin -> shapes, one a line
	sed -E -e 's/\r$//' -e 's/^# bringup [^ ]+ (aarch64|armv7) /# bringup V \1 /' \
		-e 's/0x[0-9a-fA-F]+/#/g' -e 's/(^|[^[:alnum:]_])[0-9]+(\.[0-9]+)?/\1#/g' \
		-e 's/(^|[^[:alnum:]_])[0-9]+(\.[0-9]+)?/\1#/g' -e 's/[[:space:]]+$//'
}
sample=$(awk '
	/^## Reading the report/ { sec = 1; next }
	/^## / { sec = 0 }
	sec && /A healthy run/ { want = 1; next }
	want && /^    / { inblk = 1; l = substr($0, 5); sub(/[[:space:]]+<-.*$/, "", l)
		if (l != "...") print l; next }
	inblk && !/^    / && !/^$/ { exit }' "$readme")
[ -n "$sample" ] || { echo "check-readme-sample: no sample report in $readme (\"A healthy run\" under \"## Reading the report\")" >&2; exit 2; }
grep -q '^TAP version 13' <(tr -d '\r' <"$log") || { echo "check-readme-sample: $log holds no TAP report" >&2; exit 2; }
logshapes=$(tr -d '\r' <"$log" | shape | sort -u)
bad=0 n=0
while IFS= read -r l; do
	n=$((n + 1))
	s=$(printf '%s\n' "$l" | shape)
	# A line shortened in the sample ("...; ..." at its end): its start.
	if [ "${s% ...}" != "$s" ]; then
		grep -qF -- "${s% ...}" <<<"$logshapes" && continue
	elif grep -qxF -- "$s" <<<"$logshapes"; then
		continue
	fi
	if true; then
		echo "check-readme-sample: README line not printed by the image (shape \"$s\"): $l"
		bad=$((bad + 1))
	fi
done <<<"$sample"
if [ "$bad" -gt 0 ]; then
	echo "check-readme-sample: $bad of $n sample lines drifted from $log"
	exit 1
fi
echo "check-readme-sample: all $n lines of the README's sample report have the shape of a line in $log"
