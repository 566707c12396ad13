#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Makes what U-Boot boots, from $BUILD/ARCH/bringup.bin (BUILD: default
# build/), into $BUILD/ARCH/uboot/:
#   aarch64: Image (booti), bringup.itb (FIT, bootm), boot.scr
#   armv7:   zImage (bootz), bringup.uimg (legacy uImage, bootm),
#            bringup.itb (FIT, bootm), boot.scr
# plus bringup.its and boot.cmd, the sources of the .itb and boot.scr.
#
# usage: mkimages.sh ARCH [OUTDIR]
# env:   LOAD_ADDR  where bootm copies the kernel out of the uImage/FIT and
#                   enters it (default 0x40400000: kernel_addr_r of U-Boot's
#                   qemu_arm/qemu_arm64, in RAM on QEMU virt). bringup runs
#                   anywhere in RAM, but a uImage/FIT names one address: pick
#                   one in the board's RAM (docs/boards.md lists some).
#                   AArch64 wants it 2 MiB aligned (the Image header's rule).
#                   Checked, refused with the reason: a number (0x hex or
#                   decimal; written as hex), below 4 GiB (the uImage header
#                   and this FIT hold 32 bits), 2 MiB aligned for AArch64
#                   (Linux's Documentation/arch/arm64/booting.rst: the Image
#                   at a 2 MiB aligned base plus text_offset, 0 here), 4 KiB
#                   for ARMv7 (linker/armv7.ld lays the image out in pages
#                   that its MMU maps one by one), and with BOARD= (a board of
#                   uboot/boards.txt) the image inside the board's RAM.
#        BOARD      a board of uboot/boards.txt: LOAD_ADDR defaults to its
#                   load column and must leave the image inside its ram
#        SCRIPT     the boot script's name (default boot.scr; its source
#                   the same name with .cmd)
#
#        KEY        a folder with the signing key bringup.key (RSA 2048, PEM)
#                   and its certificate bringup.crt (made there with openssl
#                   if absent): the FIT's configuration is signed
#                   (sha256,rsa2048, key name "bringup"), as U-Boot's verified
#                   boot wants it (doc/usage/fit/signature.rst in U-Boot)
#        CONTROL_DTB  with KEY: U-Boot's control tree, into which mkimage puts
#                   the public key with required = "conf": a U-Boot running
#                   with that tree boots only configurations signed by it
#
# Why FIT with hashes: U-Boot checks them before it jumps, so a card written
# badly or a truncated download is refused instead of run (qemu-tests checks
# that). Both a sha256 and a crc32: U-Boot builds without SHA still check one.
# Signing the configuration, not the images: the signature then covers the
# hashes of every image and which images go together (the FIT mix-and-match
# attack U-Boot's doc/usage/fit/signature.rst describes).
set -euo pipefail
arch=${1:?usage: mkimages.sh ARCH [OUTDIR]}
top=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$top/build}
out=${2:-$build/$arch/uboot}
bin=$build/$arch/bringup.bin
[ -f "$bin" ] || { echo "mkimages: $bin missing (make ARCH=$arch first)" >&2; exit 1; }
. "$top/uboot/board.sh"
if [ -n "${LOAD_ADDR:-}" ]; then load=$LOAD_ADDR
elif [ -n "${BOARD:-}" ]; then load=$(board_get "$BOARD" load) || exit 2
else load=0x40400000; fi
refuse() { echo "mkimages: LOAD_ADDR=$load: $*" >&2; exit 2; }
nan="not a number (0x and hex digits, or decimal digits)"
case $load in
0[xX]) refuse "$nan" ;;
0[xX]*) digits=${load:2} base=16 ;;
*) digits=$load base=10 ;;
esac
case $base:$digits in 16:*[!0-9a-fA-F]* | 10:*[!0-9]* | *:) refuse "$nan" ;; esac
digits=${digits#"${digits%%[!0]*}"} # leading zeros off (bash reads 010 as octal)
[ ${#digits} -le $((base == 16 ? 8 : 10)) ] && at=$(($base#${digits:-0})) && [ "$at" -le $((0xffffffff)) ] ||
	refuse "above 4 GiB: the uImage header and the FIT's load hold 32 bits"
case $arch in
aarch64) align=$((0x200000)) why="2 MiB aligned (an arm64 Image's base)" ;;
*) align=$((0x1000)) why="4 KiB aligned (the image's pages)" ;;
esac
[ $((at % align)) -eq 0 ] || refuse "not $why; the boundary below it is $(printf '0x%x' $((at - at % align)))"
if [ -n "${BOARD:-}" ]; then
	ram=$(board_get "$BOARD" ram) || exit 2
	base=$(size_bytes "${ram%+*}") size=$(size_bytes "${ram#*+}") len=$(stat -c %s "$bin")
	[ "$at" -ge "$base" ] && [ $((at + len)) -le $((base + size)) ] ||
		refuse "outside the RAM of $BOARD, $ram (uboot/boards.txt), for an image of $len bytes"
fi
load=$(printf '0x%08x' "$at")
command -v mkimage >/dev/null || { echo "mkimages: mkimage missing (package u-boot-tools)" >&2; exit 1; }
mkdir -p "$out"

case $arch in
aarch64) fit_arch=arm64 kernel=Image method=booti ;;
armv7) fit_arch=arm kernel=zImage method=bootz ;;
*) echo "mkimages: unknown arch $arch" >&2; exit 2 ;;
esac
cp "$bin" "$out/$kernel"

# Legacy uImage: a 64-byte header (CRC of header and data) before the zImage.
# AArch64 has no use for it (booti or FIT), as in U-Boot's own docs.
if [ "$arch" = armv7 ]; then
	mkimage -q -A arm -O linux -T kernel -C none -a "$load" -e "$load" \
		-n "bringup armv7" -d "$bin" "$out/bringup.uimg" >/dev/null
fi

# FIT: one kernel image with its hashes, one configuration. No tree inside:
# the board's own comes from U-Boot (boot.scr passes it to bootm).
sign="" signopts=()
if [ -n "${KEY:-}" ]; then
	mkdir -p "$KEY"
	if [ ! -f "$KEY/bringup.key" ]; then
		command -v openssl >/dev/null || { echo "mkimages: openssl missing (package openssl)" >&2; exit 1; }
		openssl genpkey -quiet -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$KEY/bringup.key"
		openssl req -batch -new -x509 -days 3650 -subj /CN=bringup -key "$KEY/bringup.key" \
			-out "$KEY/bringup.crt"
		echo "mkimages: new signing key $KEY/bringup.key"
	fi
	sign='
			signature-1 {
				algo = "sha256,rsa2048";
				key-name-hint = "bringup";
				sign-images = "kernel";
			};'
	signopts=(-k "$KEY")
	[ -z "${CONTROL_DTB:-}" ] || signopts+=(-K "$CONTROL_DTB" -r)
fi
cat >"$out/bringup.its" <<EOF
/dts-v1/;
/ {
	description = "bringup $(git -C "$top" describe --always --dirty 2>/dev/null || echo unknown) ($arch)";
	#address-cells = <1>;
	images {
		kernel-1 {
			description = "bringup $arch";
			data = /incbin/("$kernel");
			type = "kernel";
			arch = "$fit_arch";
			os = "linux";
			compression = "none";
			load = <$load>;
			entry = <$load>;
			hash-1 { algo = "sha256"; };
			hash-2 { algo = "crc32"; };
		};
	};
	configurations {
		default = "conf-1";
		conf-1 {
			description = "bringup $arch";
			kernel = "kernel-1";$sign
		};
	};
};
EOF
# mkimage resolves /incbin/ relative to the current directory.
(cd "$out" && mkimage -q -f bringup.its "${signopts[@]}" bringup.itb)

# SCRIPT: the script's name (make bootfiles: bringup.scr, beside a
# distribution's own boot.scr); its source is named alike (.cmd).
scr=${SCRIPT:-boot.scr}
sed -e "s/@ARCH@/$arch/g" -e "s/@METHOD@/$method/g" -e "s/@SCRIPT@/$scr/g" "$top/uboot/boot.cmd" >"$out/${scr%.scr}.cmd"
mkimage -q -A arm -O linux -T script -C none -n "bringup $arch boot script" \
	-d "$out/${scr%.scr}.cmd" "$out/$scr" >/dev/null
echo "mkimages: $arch: $(cd "$out" && ls | tr '\n' ' ')"
