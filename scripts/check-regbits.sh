#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# check-regbits.sh — the register values composed from named bits
# (arch/aarch64/sysreg_bits.h, arch/armv7/sysreg_bits.h) are checked by
# REG_ASSERT (arch/reg_assert.h) in C and in assembly, and the check bites.
# For each architecture: a C file and an .S file that include arch/sysreg.h
# must build with the real headers; then, with the bits header copied under
# $OUT with one named bit planted at the wrong position (the plant is found
# first: -iquote), both must fail, with the assertion of the value that bit
# is part of as the message.
#
# Environment (the Makefile's check-regbits sets it): CC_aarch64, CC_armv7
# (compiler and its architecture flags), CFLAGS (the image's), OUT (a scratch
# directory). Exit 0 if every plant is refused as expected, else 1 naming
# what went wrong. Needs bash, sed, grep, cmp.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CC_aarch64:?}" "${CC_armv7:?}" "${CFLAGS:?}" "${OUT:?}"

# arch|header|bit|as it is|as planted|the message that must refuse it
plants=(
	'aarch64|arch/aarch64/sysreg_bits.h|SCR_HCE|(1u << 8)|(1u << 9)|SCR_EL3_VALUE == 0x531'
	'armv7|arch/armv7/sysreg_bits.h|PSR_F|(1u << 6)|(1u << 5)|PSR_AIF == 0x1c0'
)

mkdir -p "$OUT"
printf '#include "arch/sysreg.h"\n' >"$OUT/t.c"
cp "$OUT/t.c" "$OUT/t.S"
for p in "${plants[@]}"; do
	IFS='|' read -r arch header bit was now want <<<"$p"
	cc_var=CC_$arch
	read -r -a cc <<<"${!cc_var} $CFLAGS"
	for f in t.c t.S; do
		if ! "${cc[@]}" -c "$OUT/$f" -o "$OUT/$arch.o"; then
			echo "check-regbits: FAIL: $arch $f does not build with $header"
			exit 1
		fi
	done
	echo "check-regbits: $arch C and assembly build with $header" \
		"($(grep -c '^REG_ASSERT(' "$header") values asserted)"
	mkdir -p "$OUT/$arch/$(dirname "$header")"
	sed "s/^\(#define $bit *\)$was/\1$now/" "$header" >"$OUT/$arch/$header"
	if cmp -s "$header" "$OUT/$arch/$header"; then
		echo "check-regbits: FAIL: no \"#define $bit $was\" in $header to plant"
		exit 1
	fi
	for f in t.c t.S; do
		if out=$("${cc[@]}" -iquote "$OUT/$arch" -c "$OUT/$f" -o "$OUT/$arch.o" 2>&1); then
			echo "check-regbits: FAIL: $arch $f builds with $bit planted as $now"
			exit 1
		elif ! grep -q -F -- "$want" <<<"$out"; then
			echo "check-regbits: FAIL: $arch $f refused $bit $now, but not with \"$want\": $out"
			exit 1
		fi
		echo "check-regbits: $arch $f: $bit planted as $now is refused:" \
			"$(grep -m1 -F -- "$want" <<<"$out")"
	done
done
