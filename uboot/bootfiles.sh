#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Writes the folder `make bootfiles` makes: the files to copy into the boot
# partition of a card (or eMMC) whose U-Boot is already there and stays: no
# partition table, nothing written at the card's start, where Rockchip,
# i.MX8M and Allwinner boards keep their loader (docs/boards.md, section 3).
#   Image (aarch64) or zImage and bringup.uimg (armv7), bringup.itb: the
#            images (uboot/mkimages.sh; LOAD_ADDR, BOARD as there)
#   bringup.scr  the boot script (uboot/boot.cmd) under a name of its own:
#            a distribution's boot.scr in the same folder stays, and distro
#            boot goes on booting the distribution; bringup is started by
#            hand from the U-Boot prompt (README.txt says how)
#   bringup.env  the settings given (name=value words), if any
#   README.txt   what to copy where, and the two commands at the prompt
# The script finds the others through ${prefix}, the folder distro boot sets
# (/ or /boot/); from the prompt it is set by hand.
#
# usage: bootfiles.sh ARCH OUTDIR [name=value ...]
set -euo pipefail
arch=${1:?usage: bootfiles.sh ARCH OUTDIR [name=value ...]}
out=${2:?usage: bootfiles.sh ARCH OUTDIR [name=value ...]}
shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/uboot/board.sh"
env_words_check "$@" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
SCRIPT=bringup.scr "$top/uboot/mkimages.sh" "$arch" "$tmp" >/dev/null
rm -rf "$out"
mkdir -p "$out"
for f in Image zImage bringup.uimg bringup.itb bringup.scr; do
	if [ -f "$tmp/$f" ]; then cp "$tmp/$f" "$out/"; fi
done
if [ $# -gt 0 ]; then printf '%s\n' "$@" >"$out/bringup.env"; fi
load=$(sed -n 's/^[[:space:]]*load = <\(0x[0-9a-f]*\)>;/\1/p' "$tmp/bringup.its")
kernel=Image
[ "$arch" = armv7 ] && kernel=zImage
cat >"$out/README.txt" <<EOF
bringup $(git -C "$top" describe --always --dirty 2>/dev/null || echo unknown) ($arch): files for a board whose U-Boot stays where it is.

1. Copy every file of this folder except README.txt into the folder of the
   board's boot partition that holds its boot files: /boot/ on most
   distributions (Debian, Armbian), else the partition's root. Replace
   nothing: bringup.scr is not boot.scr, and the board boots as before
   until you start bringup by hand. Never write a card image (dd) over a
   card that holds the board's U-Boot.

2. At the U-Boot prompt (stop the countdown), name where they are and run
   the script (mmc list, and ls mmc 1:1 /boot, tell which device and folder):

     setenv devtype mmc; setenv devnum 1; setenv distro_bootpart 1; setenv prefix /boot/
     load \${devtype} \${devnum}:\${distro_bootpart} \${scriptaddr} \${prefix}bringup.scr; source \${scriptaddr}

   It loads ${kernel} from \${prefix}, and boots it with the tree U-Boot runs with.
   bringup.env (name=value lines, beside it) holds settings: bringup_method
   (booti, bootz, bootm-uimage, bootm-fit), bringup_fdt=file with
   fdtfile=<path under \${prefix}> for a tree from the partition, and
   bootargs=<bringup's command line>; docs/boards.md lists them all.

The FIT$([ "$arch" = armv7 ] && echo " and the uImage are" || echo " is") built to be loaded at ${load} (LOAD_ADDR): it
must be inside the board's RAM (printenv kernel_addr_r shows where U-Boot
puts a kernel); ${kernel} runs wherever it is loaded.
EOF
echo "bootfiles: $out: $(cd "$out" && ls | tr '\n' ' ')"
