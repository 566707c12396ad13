#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Verified boot on QEMU: U-Boot's control tree with bringup's public key
# (required = "conf"), and the FIT to put on the card, signed or not.
#
# usage: signed-fit.sh MODE ARCH OUTDIR MACHINE CPU MEM
#   MODE  signed    the FIT signed with the key the control tree holds
#         unsigned  the plain FIT (hashes only)
#         tampered  the signed FIT with its entry point moved afterwards
#                   (the image hashes still match: only the signature can tell)
#         foreign   a FIT signed with another key of the same name
# Writes OUTDIR/control.dtb (QEMU's own tree for MACHINE CPU MEM, dumped with
# -machine dumpdtb= and given back with -dtb: Debian's qemu_arm64/qemu_arm
# U-Boot take their control tree from QEMU) and OUTDIR/uboot/ (uboot/mkimages.sh).
# The keys: build/qemu-tests/keys/{bringup,foreign}/, made once.
set -euo pipefail
mode=$1 arch=$2 dir=$3 machine=$4 cpu=$5 mem=$6
top=$(cd "$(dirname "$0")/.." && pwd)
keys=$top/build/qemu-tests/keys
q=qemu-system-aarch64 ub=qemu_arm64
[ "$arch" = armv7 ] && q=qemu-system-arm ub=qemu_arm
rm -rf "$dir"
mkdir -p "$dir" "$keys"
# With U-Boot as its firmware, as the row runs it: given one, virt has no
# PL061 (an ACPI event device instead: QEMU's hw/arm/virt.c machvirt_init).
timeout 30 "$q" -M "$machine,dumpdtb=$dir/control.dtb" -cpu "$cpu" -m "$mem" -nographic -nic none \
	-bios "/usr/lib/u-boot/$ub/u-boot.bin" >/dev/null 2>&1
[ -s "$dir/control.dtb" ] || { echo "signed-fit: $q did not dump its tree" >&2; exit 1; }
# Rows run in parallel: the first makes each key, the others wait for it.
mkimages() { flock "$keys/.lock" env "$@" "$top/uboot/mkimages.sh" "$arch" "$dir/uboot" >/dev/null; }
case $mode in
signed | tampered) mkimages KEY="$keys/bringup" CONTROL_DTB="$dir/control.dtb" ;;
unsigned)
	mkimages KEY="$keys/bringup" CONTROL_DTB="$dir/control.dtb" # the key into the control tree
	mkimages KEY= ;;                                             # the FIT without a signature
foreign)
	mkimages KEY="$keys/bringup" CONTROL_DTB="$dir/control.dtb"
	mkimages KEY="$keys/foreign" ;;
*) echo "signed-fit: MODE signed|unsigned|tampered|foreign, not $mode" >&2; exit 2 ;;
esac
if [ "$mode" = tampered ]; then
	entry=$(fdtget -t x "$dir/uboot/bringup.itb" /images/kernel-1 entry)
	fdtput -t x "$dir/uboot/bringup.itb" /images/kernel-1 entry "$(printf '%x' $((0x$entry + 0x1000)))"
fi
fdtget "$dir/control.dtb" /signature/key-bringup required | grep -qx conf ||
	{ echo "signed-fit: no required key in $dir/control.dtb" >&2; exit 1; }
