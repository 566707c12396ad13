#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-barriers.sh [ROOT] — barriers, event instructions and the MPIDR read
# are defined once per architecture: dsb(option), dmb(option), isb(), sev(),
# wfe() and read_mpidr() in arch/aarch64/sysreg.h and arch/armv7/sysreg.h,
# which C code reaches through arch/sysreg.h. Fails (exit 1) naming each
# other C file of the image that defines one of them again, or wraps one of
# the bare instructions in an asm statement of its own (a sequence such as
# "dsb ishst; tlbi ...; dsb ish; isb", where the order is the point, is not
# a redefinition and is left alone). --plant FILE: FILE is checked too, as
# if it were in the tree (make check-barriers proves the check can fail).
set -euo pipefail
. "$(dirname "$0")/plants.sh" # --plant FILE...: planted=()
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files -- '*.c' '*.h' | grep -vE '^tests/host/')
files+=("${planted[@]+"${planted[@]}"}")
home='^arch/(aarch64|armv7)/sysreg\.h:'
names='dsb|dmb|isb|sev|wfe|read_mpidr|this_mpidr_raw|smp_dsb|dsb_ish|isb_now'
bad=$({
	grep -nE "^[[:space:]]*#[[:space:]]*define[[:space:]]+($names)\(" "${files[@]}" || true
	grep -nE '__asm__[[:space:]]+(volatile|__volatile__)?[[:space:]]*\("(dsb|dmb|sev|wfe|isb)( [a-z]+)?"' \
		"${files[@]}" || true
	grep -nE 'read_(sysreg\(mpidr_el1\)|cp15\(CP15_MPIDR\))' \
		"${files[@]}" || true
} | grep -vE "$home" | sort -u || true)
if [ -n "$bad" ]; then
	printf 'check-barriers: defined outside arch/<arch>/sysreg.h (include "arch/sysreg.h" instead):\n'
	printf '%s\n' "$bad" | sed 's/^/  /'
	exit 1
fi
echo "check-barriers: dsb/dmb/isb/sev/wfe and read_mpidr are defined once per architecture (arch/<arch>/sysreg.h)"
