#!/usr/bin/env bash
# Writes an SD-card image U-Boot's distro boot finds: an MBR partition table
# with one bootable FAT partition (from 1 MiB) holding $BUILD/ARCH/uboot/*
# (BUILD: default build/; uboot/mkimages.sh makes them) and, if settings are
# given, bringup.env.
# No root and no loop mounts: sfdisk (package fdisk) writes the table into the
# file, mtools (mformat/mcopy) writes the filesystem at its offset.
#
# usage: sdcard.sh [-c corrupt|truncate] [-f FILE]... ARCH OUT.img [name=value ...]
#   name=value  lines of bringup.env, read by boot.scr (see uboot/boot.cmd),
#               e.g. bringup_method=bootm-fit bringup_on_fail=poweroff
#   -f FILE     put FILE on the card too (a board's .dtb for bringup_fdt=file)
#   -c corrupt  flip one byte of the kernel data inside bringup.itb
#   -c truncate cut bringup.itb in the middle of the kernel data
#               (both: U-Boot must refuse the FIT; qemu-tests checks it)
# env:   SDCARD_MB  card image size in MiB, 16..2048 (default 64)
# Then write it to a card: dd if=OUT.img of=/dev/sdX bs=1M conv=fsync
set -euo pipefail
usage="usage: sdcard.sh [-c corrupt|truncate] [-f FILE]... ARCH OUT.img [name=value ...]"
damage="" extra=()
while getopts c:f: opt; do
	case $opt in
	c) damage=$OPTARG ;;
	f) extra+=("$OPTARG") ;;
	*) echo "$usage" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
arch=${1:?$usage}
img=${2:?$usage}
shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
src=${BUILD:-$top/build}/$arch/uboot
[ -f "$src/boot.scr" ] || { echo "sdcard: $src/boot.scr missing (run uboot/mkimages.sh $arch)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=()
for f in Image zImage bringup.uimg bringup.itb boot.scr boot.cmd; do
	if [ -f "$src/$f" ]; then files+=("$src/$f"); fi
done
if [ -n "$damage" ]; then
	kernel=Image
	[ "$arch" = armv7 ] && kernel=zImage
	cp "$src/bringup.itb" "$tmp/bringup.itb"
	# The kernel data: where the first 64 bytes of the Image/zImage that
	# went into the FIT sit inside it (mkimage stores the data inline).
	off=$(perl -0777 -e 'open(F, "<", $ARGV[0]) or die; binmode F; local $/; my $fit = <F>;
		open(B, "<", $ARGV[1]) or die; binmode B; read(B, my $head, 64); print index($fit, $head)' \
		"$src/bringup.itb" "$src/$kernel")
	[ "$off" -gt 0 ] || { echo "sdcard: kernel data not found in bringup.itb" >&2; exit 1; }
	size=$(stat -c %s "$src/$kernel")
	case $damage in
	corrupt) # one byte in the middle of the code, inverted
		pos=$((off + size / 2))
		byte=$(od -An -tu1 -j "$pos" -N1 "$tmp/bringup.itb" | tr -d ' ')
		printf '%b' "\\0$(printf '%03o' $((255 - byte)))" |
			dd of="$tmp/bringup.itb" bs=1 seek="$pos" conv=notrunc status=none ;;
	truncate) truncate -s $((off + size / 2)) "$tmp/bringup.itb" ;;
	*) echo "sdcard: -c corrupt or -c truncate, not $damage" >&2; exit 2 ;;
	esac
	for i in "${!files[@]}"; do
		if [ "${files[i]##*/}" = bringup.itb ]; then files[i]=$tmp/bringup.itb; fi
	done
fi
files+=("${extra[@]}")
if [ $# -gt 0 ]; then
	printf '%s\n' "$@" >"$tmp/bringup.env"
	files+=("$tmp/bringup.env")
fi

# 64 MiB (SDCARD_MB), a sparse file: room for a board's boot files (the Pi
# firmware, MLO and u-boot.img) beside bringup's. FAT16 (clusters of 2 KiB
# or more, fewer than 65,525 of them), partition type 0x0e, bootable: what
# boot ROMs, the Pi's bootcode.bin and U-Boot all read. Hidden sectors = the
# partition's start.
mb=${SDCARD_MB:-64}
if [ "$mb" -lt 16 ] || [ "$mb" -gt 2048 ]; then
	echo "sdcard: SDCARD_MB 16..2048 (FAT16)" >&2
	exit 2
fi
sectors=$((mb * 2048 - 2048))
cluster=4
while [ $((sectors / cluster)) -ge 65525 ]; do cluster=$((cluster * 2)); done
mkdir -p "$(dirname "$img")"
rm -f "$img"
truncate -s "${mb}M" "$img"
echo 'start=2048, type=e, bootable' | sfdisk --quiet --label dos "$img"
mformat -i "$img@@1M" -T "$sectors" -h 64 -s 32 -H 2048 -m 0xf8 -c "$cluster" -v BRINGUP ::
mcopy -i "$img@@1M" "${files[@]}" ::/
echo "sdcard: $img ($arch${damage:+, bringup.itb $damage}${1:+, bringup.env: $*})"
