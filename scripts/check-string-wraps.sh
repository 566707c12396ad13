#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Fails the AArch64 build if the image holds one of newlib's assembly string
# routines (which may access unaligned: fatal with the MMU off) that is not
# routed through lib/libc/aarch64/string_wrap.c (Makefile WRAP_aarch64). Catches
# a routine newly pulled in by a change. See lib/libc/string_early.h.
# usage: check-string-wraps.sh CROSS_PREFIX image.elf
set -euo pipefail
# newlib/libc/machine/aarch64/*.S, setjmp aside
asm="memchr memcmp memcpy memmove memrchr memset rawmemchr stpcpy strchr strchrnul strcmp strcpy strlen strncmp strnlen strrchr"
syms=$("${1}nm" "$2" | awk '$2 == "T" || $2 == "t" {print $3}')
bad=
for f in $asm; do
	if grep -qx "$f" <<<"$syms" && ! grep -qx "__wrap_$f" <<<"$syms"; then
		bad="$bad $f"
	fi
done
if [ -n "$bad" ]; then
	echo "check-string-wraps: $2 links newlib's assembly$bad without a --wrap:" >&2
	echo "  add it to WRAP_aarch64 (Makefile) and lib/libc/aarch64/string_wrap.c" >&2
	exit 1
fi
