#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Boots one bringup image on QEMU: the single place the QEMU command line is
# made (make run, make debug, the matrix runner).
#
# usage: boot.sh ARCH MACHINE CPU MEM [-- extra QEMU args]
# env:   IMAGE=path   boot this file (default build/ARCH/bringup.bin; an .elf
#                     is entered at its ELF entry, at the highest EL)
#        LOAD=addr    load the image raw at addr and start there (-device
#                     loader) instead of -kernel: no DTB pointer is passed
#        STUB=path    boot this test stub (tests/stub/, built by tests/stub/stub.mk)
#                     with -kernel instead, and load the image raw at LOAD
#                     (-device loader) without starting it: the stub starts it
#                     (PSCI CPU_ON, or a branch)
#        TIMEOUT=s    stop QEMU after s seconds (default 120; exit 124)
#        ARGS="k=v .." more words for the image's command line (boot/cmdline.h)
#        DTB=path     pass this device tree (-dtb); a relative path is taken
#                     under build/dtbs (tests/host/common/fetch-dtbs.sh fills it)
#        RAM=size     the RAM the image should find, for its mem= (default
#                     MEM; raspi's firmware keeps 64 MiB of -m for the GPU)
#        UBOOT=card   boot Debian's u-boot-qemu (qemu_arm64 or qemu_arm
#                     u-boot.bin, as -bios) with this SD-card image
#                     (uboot/sdcard.sh) as a virtio disk, instead of the
#                     image: U-Boot's distro boot runs its boot.scr
#        TFA=flash    Trusted Firmware-A's BL1 + FIP as -bios (scripts/tfa.sh
#                     flash), its BL33 inside: the image, or with UBOOT=
#                     Debian's U-Boot (then U-Boot boots the card)
#        ARMSTUB=file  an armstub loaded at 0 and started by every core at
#                     EL3 (no -kernel: QEMU's raspi machines start so, as
#                     the Pi's firmware starts armstub8.bin); the image is
#                     loaded raw at LOAD and the DTB at DTB_ADDR, for it
#        SD=card      a card made for a board (uboot/sdcard.sh -b) in the
#                     machine's SD slot, instead of the image: the machine's
#                     boot ROM model reads U-Boot from it (orangepi-pc)
#        FIRMWARE=file  with SD=: what the board's firmware would start
#                     (-kernel; QEMU's raspi machines stand in for the Pi's)
#        SEMIHOST=name  the semihosting command line is only the boot file's
#                     name (U-Boot's u-boot.bin with UBOOT=, else the image),
#                     as QEMU gives it for -kernel FILE without arg=: no
#                     mem=, no ARGS (the bootargs must then apply)
#        ECHO_CMD=1   print the QEMU command line first, on stderr, as
#                     "# qemu: ..." (the matrix's logs open with it: how to
#                     rerun a row by hand, and proof of -nic none)
#        DRY_RUN=1    print that line on stdout instead and start nothing
#                     (run-matrix.sh --dry-run)
# The exit status is QEMU's: the image's own through semihosting.
set -euo pipefail
arch=$1 machine=$2 cpu=$3 mem=$4
shift 4
[ "${1:-}" = "--" ] && shift
top=$(cd "$(dirname "$0")/.." && pwd)
image=${IMAGE:-$top/build/$arch/bringup.bin}
case $arch in
aarch64) qemu=qemu-system-aarch64 uboot=qemu_arm64 ;;
armv7) qemu=qemu-system-arm uboot=qemu_arm ;;
*) echo "boot.sh: unknown arch $arch" >&2; exit 2 ;;
esac
semi="enable=on,target=native,arg=bringup,arg=mem=${RAM:-$mem}"
# A comma inside an option's value is written twice (QEMU's option syntax,
# docs/system/invocation.rst "-semihosting-config"; util/qemu-option.c
# get_opt_value): Linux's console=ttyS2,1500000 is one word of the line.
for a in ${ARGS:-}; do semi+=",arg=${a//,/,,}"; done
if [ "${SEMIHOST:-}" = name ]; then
	semi="enable=on,target=native,arg=$image"
	[ -n "${UBOOT:-}" ] && semi="enable=on,target=native,arg=/usr/lib/u-boot/$uboot/u-boot.bin"
fi
if [ -n "${UBOOT:-}" ]; then
	# U-Boot in flash at 0; it loads bringup from the card. snapshot: the
	# card file is never written (U-Boot may save its environment).
	load=(-bios "${TFA:-/usr/lib/u-boot/$uboot/u-boot.bin}"
		-drive "if=none,file=$UBOOT,format=raw,id=card,snapshot=on"
		-device virtio-blk-device,drive=card)
elif [ -n "${TFA:-}" ]; then
	load=(-bios "$TFA")
elif [ -n "${ARMSTUB:-}" ]; then
	load=(-device "loader,file=$ARMSTUB,addr=0,force-raw=on"
		-device "loader,file=$image,addr=${LOAD:?ARMSTUB= needs LOAD=},force-raw=on")
elif [ -n "${SD:-}" ]; then
	load=(-drive "if=sd,format=raw,file=$SD,snapshot=on")
	[ -n "${FIRMWARE:-}" ] && load+=(-kernel "$FIRMWARE")
elif [ -n "${STUB:-}" ]; then
	load=(-kernel "$STUB")
	[ -n "${LOAD:-}" ] && load+=(-device "loader,file=$image,addr=$LOAD,force-raw=on")
elif [ -n "${LOAD:-}" ]; then
	load=(-device "loader,file=$image,addr=$LOAD,force-raw=on" -device "loader,addr=$LOAD,cpu-num=0")
else
	load=(-kernel "$image")
fi
if [ -n "${DTB:-}" ]; then
	case $DTB in /*) dtb=$DTB ;; *) dtb=$top/build/dtbs/$DTB ;; esac
	if [ -n "${ARMSTUB:-}" ]; then
		load+=(-device "loader,file=$dtb,addr=${DTB_ADDR:?ARMSTUB= with DTB= needs DTB_ADDR=},force-raw=on")
	else
		load+=(-dtb "$dtb")
	fi
fi
# No sound: boards with a codec (vexpress and realview's PL041 + LM4549)
# would open the host's audio back ends (PulseAudio, JACK, SDL, ALSA), each
# failing with lines of its own on stderr. A "none" back end, named for the
# PL041 (QEMU docs/system/invocation: -audiodev; the device's audiodev
# property), keeps the console the image's alone.
cmd=("$qemu" -M "$machine" -cpu "$cpu" -m "$mem" -smp 1
	-nographic -nic none -no-reboot -audiodev none,id=snd0 -global pl041.audiodev=snd0
	-semihosting-config "$semi"
	"${load[@]}" "$@")
[ -n "${DRY_RUN:-}" ] && { echo "# qemu: ${cmd[*]}"; exit 0; }
[ -n "${ECHO_CMD:-}" ] && echo "# qemu: ${cmd[*]}" >&2
# Stopped by the timeout, QEMU says so itself on stderr ("<its program
# name>: terminating on signal 15 from pid N (timeout)"); that line becomes
# one of ours naming the limit, every other stderr line passes unchanged
# (sed -u: each as it comes). The exit status stays timeout's (124 on the timeout).
tmo=${TIMEOUT:-120}
{ timeout --foreground -k 5 "$tmo" "${cmd[@]}" 2>&1 1>&3 3>&- |
	sed -u -E "s/^[^ ]+: terminating on signal ([0-9]+) from pid [0-9]+ \(timeout\)$/boot.sh: QEMU stopped at its ${tmo} s timeout (signal \1)/" >&2 3>&-; } 3>&1
exit "${PIPESTATUS[0]}"
