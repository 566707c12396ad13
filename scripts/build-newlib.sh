#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Builds newlib's libc.a/libm.a for one architecture from Debian's newlib-source
# into $2 (cached: does nothing when $2 holds a build made with the same flags).
#
# Why from source on both architectures: bringup is position-independent (linked
# -pie and self-relocated at boot). Debian ships no AArch64 newlib at all, and its
# ARMv7-A multilib (libnewlib-arm-none-eabi) is built non-PIC: printf and malloc use
# MOVW/MOVT absolute relocations that a -pie link refuses. So both are built here
# with -fpie, freestanding, and without libgloss (our syscalls are in lib/libc/syscalls.c).
#
# usage: build-newlib.sh aarch64|armv7 OUTDIR
set -euo pipefail
arch=$1
out=$(realpath -m "$2")
# NEWLIB_SRC: where Debian's newlib-source puts its tarball. A glob, not ls:
# under pipefail a failed ls would end the script before it could say why.
src=${NEWLIB_SRC:-/usr/src/newlib}
tarball=""
for t in "$src"/newlib-*.tar.*; do [ -f "$t" ] && { tarball=$t; break; }; done
[ -n "$tarball" ] || {
	echo "build-newlib: no newlib source in $src: run \`make setup\` (scripts/setup.sh installs newlib-source)" >&2
	exit 1
}

case $arch in
aarch64)
	target=aarch64-none-elf cross=aarch64-linux-gnu-
	# Cortex-A53 errata 835769/843419: as the image (Makefile A53_ERRATA).
	cflags="-ffreestanding -fpie -O2 -g -mstrict-align -mfix-cortex-a53-835769 -mfix-cortex-a53-843419"
	;;
armv7)
	target=arm-none-eabi cross=arm-none-eabi-
	# -mno-unaligned-access: the image calls memcpy & co. with the MMU off,
	# where unaligned accesses fault (lib/libc/string_early.h); it selects
	# newlib's alignment-safe C memcpy. Its fast assembly one, which needs
	# unaligned accesses, is built apart below as __memcpy_unaligned, for
	# when the MMU is on (lib/libc/armv7/string_wrap.c).
	cflags="-ffreestanding -fpie -O2 -g -marm -march=armv7-a -mfloat-abi=soft -mno-unaligned-access"
	;;
*) echo "build-newlib: unknown arch $arch" >&2; exit 1 ;;
esac
# ARMv7: newlib's memcpy for ARMv7-A (memcpy.S picks memcpy-armv7a.S when
# unaligned accesses are allowed), assembled on its own into
# $out/lib/memcpy_unaligned.o with the symbol renamed __memcpy_unaligned.
memcpy_unaligned() {
	[ "$arch" = armv7 ] && [ ! -f "$out/lib/memcpy_unaligned.o" ] || return 0
	local tmp
	tmp=$(mktemp -d)
	tar -C "$tmp" -xf "$tarball" --wildcards '*/newlib/libc/machine/arm/*'
	local dir
	dir=$(ls -d "$tmp"/*/newlib/libc/machine/arm)
	${cross}gcc -ffreestanding -fpie -marm -march=armv7-a -mfloat-abi=soft -munaligned-access \
		-I"$dir" -c "$dir/memcpy.S" -o "$tmp/m.o"
	${cross}objcopy --redefine-sym memcpy=__memcpy_unaligned "$tmp/m.o"
	mkdir -p "$out/lib"
	cp "$tmp/m.o" "$out/lib/memcpy_unaligned.o"
	rm -rf "$tmp"
}

if [ -f "$out/lib/libc.a" ] && [ -f "$out/lib/libm.a" ] &&
	[ "$(cat "$out/cflags" 2>/dev/null)" = "$cflags" ]; then
	memcpy_unaligned
	touch "$out/lib/libc.a" # up to date: newer than this script, for make
	exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "build-newlib: building newlib for $arch from $(basename "$tarball") (once; cached in $out)"
tar -C "$work" -xf "$tarball"
src=$(ls -d "$work"/newlib-*/)
mkdir -p "$work/build"
cd "$work/build"
"$src/configure" --target=$target --prefix="$work/install" \
	--disable-multilib --disable-newlib-supplied-syscalls --disable-libgloss \
	--disable-nls --enable-newlib-io-long-long --enable-newlib-io-c99-formats \
	CC_FOR_TARGET="${cross}gcc $cflags" AR_FOR_TARGET=${cross}ar \
	RANLIB_FOR_TARGET=${cross}ranlib AS_FOR_TARGET=${cross}as \
	LD_FOR_TARGET=${cross}ld NM_FOR_TARGET=${cross}nm \
	CFLAGS_FOR_TARGET="$cflags" >"$work/configure.log" 2>&1 ||
	{ tail -30 "$work/configure.log"; exit 1; }
make -j"$(nproc)" all-target-newlib >"$work/make.log" 2>&1 || { tail -40 "$work/make.log"; exit 1; }
make install-target-newlib >"$work/install.log" 2>&1 || { tail -20 "$work/install.log"; exit 1; }
mkdir -p "$out/lib"
cp -r "$work/install/$target/include" "$out/"
cp "$work/install/$target/lib/libc.a" "$work/install/$target/lib/libm.a" "$out/lib/"
rm -f "$out/lib/memcpy_unaligned.o"
memcpy_unaligned
echo "$cflags" >"$out/cflags"
echo "build-newlib: done ($out)"
