#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Writes an SD-card image U-Boot's distro boot finds: an MBR partition table
# with one bootable FAT partition (from 1 MiB) holding $BUILD/ARCH/uboot/*
# (BUILD: default build/; uboot/mkimages.sh makes them) and, if settings are
# given, bringup.env.
# With -b BOARD, a card for an empty SD card of that board (uboot/boards.txt):
# the board's U-Boot from its Debian package where its boot ROM reads it, the
# FAT partition where the table says, the board's kernel tree, and
# bringup.env naming the tree and the board's boot method; the images are
# made for the board's load address (uboot/mkimages.sh with LOAD_ADDR).
# No root and no loop mounts: sfdisk (package fdisk) writes the table into the
# file, mtools (mformat/mcopy) writes the filesystem at its offset.
#
# usage: sdcard.sh [-b BOARD] [-c corrupt|truncate] [-f FILE]... [-p DIR] [-s DIR] ARCH OUT.img [name=value ...]
#   name=value  lines of bringup.env, read by boot.scr (see uboot/boot.cmd),
#               e.g. bringup_method=bootm-fit bringup_on_fail=poweroff
#   -b BOARD    the board (uboot/board.sh list); ARCH must be its arch
#   -f FILE     put FILE on the card too (a board's .dtb for bringup_fdt=file);
#               FILE=PATH: at PATH from the partition's root
#   -p DIR      the files in folder DIR of the partition (a distribution's
#               layout: boot), not its root; the script there is found
#               through ${prefix} (uboot/boot.cmd)
#   -s DIR      the images from DIR (uboot/mkimages.sh ARCH DIR), not
#               $BUILD/ARCH/uboot (a signed FIT, say; make bootfiles' folder,
#               whose script is bringup.scr)
#   -c corrupt  flip one byte of the kernel data inside bringup.itb
#   -c truncate cut bringup.itb in the middle of the kernel data
#               (both: U-Boot must refuse the FIT; qemu-tests checks it)
# env:   SDCARD_MB  card image size in MiB, a power of two, 16..2048 (default
#                   64); QEMU refuses an SD card whose size is not a power of two
#        DTBS       Debian's kernel trees (default $BUILD/dtbs: armhf/, arm64/)
#        RPI_FIRMWARE  the Pi firmware files (default /usr/lib/raspi-firmware)
# Then write it to a card: dd if=OUT.img of=/dev/sdX bs=1M conv=fsync
set -euo pipefail
usage="usage: sdcard.sh [-b BOARD] [-c corrupt|truncate] [-f FILE]... [-p DIR] [-s DIR] ARCH OUT.img [name=value ...]"
damage="" extra=() board="" srcdir="" folder=""
while getopts b:c:f:p:s: opt; do
	case $opt in
	b) board=$OPTARG ;;
	p) folder=$(sed 's|^/*||; s|/*$||' <<<"$OPTARG") ;;
	s) srcdir=$OPTARG ;;
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
. "$top/uboot/board.sh"
build=${BUILD:-$top/build}
src=${srcdir:-$build/$arch/uboot}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "$board" ]; then
	barch=$(board_get "$board" arch)
	[ "$barch" = "$arch" ] || { echo "sdcard: $board runs the $barch image, not $arch" >&2; exit 2; }
	src=$tmp/uboot
	BOARD=$board BUILD=$build "$top/uboot/mkimages.sh" "$arch" "$src" >/dev/null # LOAD_ADDR: the board's
fi
[ -f "$src/boot.scr" ] || [ -f "$src/bringup.scr" ] ||
	{ echo "sdcard: $src/boot.scr missing (run uboot/mkimages.sh $arch)" >&2; exit 1; }
files=()
for f in Image zImage bringup.uimg bringup.itb boot.scr boot.cmd bringup.scr; do
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
settings=("$@") raw=() dirs=() part=1M
# The board's pieces: raw U-Boot images (FILE@BYTES, each checked to end
# before the partition), files for the FAT partition (FILE or FILE=PATH),
# the folders those need, and bringup.env's defaults before the caller's.
if [ -n "$board" ]; then
	part=$(board_get "$board" part)
	pstart=$(size_bytes "$part")
	[ "$pstart" -ge $((1024 * 1024)) ] || { echo "sdcard: $board: partition at $part, under 1 MiB" >&2; exit 2; }
	fw=${RPI_FIRMWARE:-/usr/lib/raspi-firmware} missing=() rootdtb=no
	IFS=, read -ra pieces <<<"$(board_get "$board" uboot)"
	for p in "${pieces[@]}"; do
		case $p in
		fw:*) if [ -f "$fw/${p#fw:}" ]; then files+=("$fw/${p#fw:}"); else missing+=("${p#fw:}"); fi ;;
		cfg:*) files+=("$top/uboot/cfg/${p#cfg:}=config.txt") ;;
		dtb:) rootdtb=yes ;;
		*@*)
			f=/usr/lib/u-boot/${p%@*} off=$(size_bytes "${p#*@}")
			[ -f "$f" ] || { echo "sdcard: $f missing: install $(board_get "$board" package)" >&2; exit 1; }
			end=$((off + $(stat -c %s "$f")))
			[ "$end" -le "$pstart" ] ||
				{ echo "sdcard: $board: ${p%@*} at ${p#*@} ends at $end, past the partition at $part" >&2; exit 1; }
			raw+=("$f@$off") ;;
		*)
			f=/usr/lib/u-boot/$p
			[ -f "$f" ] || { echo "sdcard: $f missing: install $(board_get "$board" package)" >&2; exit 1; }
			files+=("$f") ;;
		esac
	done
	tree=$(board_get "$board" tree)
	dtb=${DTBS:-$build/dtbs}/$([ "$arch" = aarch64 ] && echo arm64 || echo armhf)/$tree
	[ -f "$dtb" ] || { echo "sdcard: $dtb missing (tests/host/common/fetch-dtbs.sh fills it)" >&2; exit 1; }
	files+=("$dtb=$tree")
	[ "$rootdtb" = no ] || files+=("$dtb=${tree##*/}")
	[ "$tree" = "${tree%/*}" ] || dirs+=("${tree%/*}")
	methods=$(board_get "$board" methods)
	settings=("bringup_method=${methods%%,*}" bringup_fdt=file "fdtfile=$tree" "${settings[@]}")
	# The board's memory references (boards.txt figures, docs/figures.md) on
	# bootargs, after the caller's words (the first of a key is taken).
	fig=$(board_get "$board" figures)
	if [ "$fig" != - ]; then
		i=0
		while [ $i -lt ${#settings[@]} ] && [ "${settings[i]#bootargs=}" = "${settings[i]}" ]; do i=$((i + 1)); done
		[ $i -lt ${#settings[@]} ] || settings+=("bootargs=")
		if [ "${settings[i]}" = bootargs= ]; then settings[i]+="${fig//,/ }"; else settings[i]+=" ${fig//,/ }"; fi
	fi
	[ ${#missing[@]} -eq 0 ] || echo "sdcard: $board: no ${missing[*]} in $fw (package" \
		"raspi-firmware, or RPI_FIRMWARE=dir): copy them onto the card before it boots a board" >&2
fi
env_words_check "${settings[@]}"
if [ ${#settings[@]} -gt 0 ]; then
	printf '%s\n' "${settings[@]}" >"$tmp/bringup.env"
	files+=("$tmp/bringup.env")
fi

# 64 MiB (SDCARD_MB), a sparse file: room for a board's boot files (the Pi
# firmware, MLO and u-boot.img) beside bringup's. FAT16 (clusters of 2 KiB
# or more, fewer than 65,525 of them), partition type 0x0e, bootable: what
# boot ROMs, the Pi's bootcode.bin and U-Boot all read. Hidden sectors = the
# partition's start.
mb=${SDCARD_MB:-64}
case $mb in
16 | 32 | 64 | 128 | 256 | 512 | 1024 | 2048) ;;
*) echo "sdcard: SDCARD_MB=$mb: a power of two from 16 to 2048 (FAT16; QEMU takes only such SD sizes)" >&2
	exit 2 ;;
esac
start=$(($(size_bytes "$part") / 512))
sectors=$((mb * 2048 - start))
cluster=4
while [ $((sectors / cluster)) -ge 65525 ]; do cluster=$((cluster * 2)); done
mkdir -p "$(dirname "$img")"
rm -f "$img"
truncate -s "${mb}M" "$img"
echo "start=$start, type=e, bootable" | sfdisk --quiet --label dos "$img"
for r in "${raw[@]}"; do
	dd if="${r%@*}" of="$img" bs=512 seek=$((${r##*@} / 512)) conv=notrunc status=none
done
mformat -i "$img@@$((start * 512))" -T "$sectors" -h 64 -s 32 -H "$start" -m 0xf8 -c "$cluster" -v BRINGUP ::
[ -z "$folder" ] || dirs+=("$folder")
for d in "${dirs[@]}"; do mmd -i "$img@@$((start * 512))" "::/$d"; done
for f in "${files[@]}"; do # FILE (into the folder) or FILE=PATH-ON-CARD
	case $f in
	*=*) mcopy -i "$img@@$((start * 512))" "${f%%=*}" "::/${f#*=}" ;;
	*) mcopy -i "$img@@$((start * 512))" "$f" "::/$folder" ;;
	esac
done
echo "sdcard: $img ($arch${board:+ for $board}${damage:+, bringup.itb $damage}${settings[0]:+, bringup.env: ${settings[*]}})"
