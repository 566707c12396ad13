#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Trusted Firmware-A, the secure firmware most AArch64 boards run under
# bringup (docs/boards.md "Under TF-A"), built from Debian 12's own source
# package and nothing else: the matrix's firmware rows boot it on QEMU.
#
# usage: tfa.sh build VARIANT OUT   one build, cached: OUT/VARIANT/bl1.bin
#                                   (rpi3: OUT/rpi3/armstub8.bin); a second
#                                   call does nothing
#        tfa.sh flash VARIANT BL33 FLASH   a FIP of VARIANT's bl2 + bl31 with
#                                   BL33 as its non-secure image, in a flash
#                                   for QEMU's -bios: bl1 at 0, the FIP at
#                                   256 KiB (TF-A plat/qemu/qemu/include/
#                                   platform_def.h: PLAT_QEMU_FIP_BASE)
# VARIANT: qemu-v2, qemu-v3   PLAT=qemu for a GICv2 / GICv3 virt; x0 = the
#                             tree (ARM_LINUX_KERNEL_AS_BL33=1, the Linux
#                             boot protocol)
#          qemu-v2-plain      qemu-v2 with TF-A's default BL33 hand-over:
#                             x0 = MPIDR & 0xffff, no tree (only bl2 differs)
#          rpi3               PLAT=rpi3: the Pi 3's armstub8.bin, the tree at
#                             0x01000000 and BL33 at 0x02000000 preloaded
# Needs: a deb-src entry for bookworm main (added, deb822, when there is
# none), dpkg-dev (apt-get source), arm-trusted-firmware-tools (fiptool);
# root or sudo only for what is missing. The source is unpacked once into
# OUT/src (apt-get source arm-trusted-firmware: Debian's 2.8.0+dfsg).
set -euo pipefail
die() { echo "tfa: $*" >&2; exit 1; }
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
here=$(cd "$(dirname "$0")" && pwd)

# A deb-src line in any enabled source, one-line or deb822 ("Types: deb deb-src").
have_src() {
	grep -qsE '^[[:space:]]*deb-src[[:space:]]' /etc/apt/sources.list /etc/apt/sources.list.d/*.list ||
		grep -qsiE '^Types:.*(^|[[:space:]])deb-src([[:space:]]|$)' /etc/apt/sources.list.d/*.sources
}
source_tree() { # OUT: the unpacked source, once
	local out=$1 d
	d=$(find "$out/src" -maxdepth 1 -type d -name 'arm-trusted-firmware-*' 2>/dev/null | head -1)
	if [ -n "$d" ] && [ -f "$out/src/.unpacked" ]; then echo "$d"; return; fi
	"$here/setup.sh" dpkg-dev arm-trusted-firmware-tools >&2
	if ! have_src; then
		echo "tfa: adding Debian's bookworm main sources (/etc/apt/sources.list.d/bringup-src.sources)" >&2
		local key=/usr/share/keyrings/debian-archive-keyring.gpg
		{
			printf '%s\n' 'Types: deb-src' 'URIs: http://deb.debian.org/debian' 'Suites: bookworm' \
				'Components: main'
			[ ! -f "$key" ] || echo "Signed-By: $key"
		} | $sudo tee /etc/apt/sources.list.d/bringup-src.sources >/dev/null
		$sudo apt-get update -q >&2 || echo "tfa: apt-get update reported errors; trying anyway" >&2
	fi
	rm -rf "$out/src" && mkdir -p "$out/src"
	# The download as an unprivileged _apt needs a folder it may write.
	chmod 755 "$out/src"
	(cd "$out/src" && apt-get source -q arm-trusted-firmware >&2) || die "apt-get source arm-trusted-firmware failed"
	d=$(find "$out/src" -maxdepth 1 -type d -name 'arm-trusted-firmware-*' | head -1)
	[ -n "$d" ] || die "apt-get source left no arm-trusted-firmware-* folder in $out/src"
	touch "$out/src/.unpacked"
	echo "$d"
}

# build VARIANT OUT
build() {
	local v=$1 out want plat=qemu args=() goals=(all)
	out=$(mkdir -p "$2" && cd "$2" && pwd)
	want=$out/$v/bl1.bin
	case $v in
	qemu-v2) args=(QEMU_USE_GIC_DRIVER=QEMU_GICV2 ARM_LINUX_KERNEL_AS_BL33=1) ;;
	qemu-v3) args=(QEMU_USE_GIC_DRIVER=QEMU_GICV3 ARM_LINUX_KERNEL_AS_BL33=1) ;;
	qemu-v2-plain) args=(QEMU_USE_GIC_DRIVER=QEMU_GICV2) goals=(bl2) want=$out/$v/bl2.bin ;;
	rpi3)
		# bl1, bl2, bl31 only: TF-A's `all` here makes its armstub from a
		# FIP, building its own fiptool with the host's cc, which a machine
		# with only the cross compilers lacks; Debian's fiptool makes the
		# FIP below, assembled as plat/rpi/rpi3/platform.mk's armstub rule.
		plat=rpi3 want=$out/$v/armstub8.bin goals=(bl1 bl2 bl31)
		args=(RPI3_DIRECT_LINUX_BOOT=1 RPI3_PRELOADED_DTB_BASE=0x01000000
			PRELOADED_BL33_BASE=0x02000000 ARM_LINUX_KERNEL_AS_BL33=1) ;;
	*) die "unknown variant $v (qemu-v2, qemu-v3, qemu-v2-plain, rpi3)" ;;
	esac
	[ -f "$want" ] && return 0
	# One build at a time (make -j may ask for two variants at once): they
	# share the source tree, unpacked by the first.
	exec 9>"$out/.lock"
	flock 9
	[ -f "$want" ] && return 0
	local src t0=$SECONDS
	src=$(source_tree "$out")
	rm -rf "$out/$v.build"
	echo "tfa: building $v (PLAT=$plat ${args[*]})" >&2
	# Binutils 2.40 warns of an RWX segment and TF-A links with
	# --fatal-warnings; TF_LDFLAGS given in the environment is added to
	# TF-A's own (make_helpers/defaults.mk), on the command line it would
	# replace them (--gc-sections lost). Debian's debian/rules does the same.
	# BUILD_STRING: the version TF-A prints, Debian's source's (else git
	# describe of whatever repository holds the build folder).
	env TF_LDFLAGS=--no-warn-rwx-segments make -s -C "$src" -j2 CROSS_COMPILE=aarch64-linux-gnu- \
		PLAT=$plat "${args[@]}" BUILD_STRING="${src##*/}" BUILD_BASE="$out/$v.build" "${goals[@]}" >"$out/$v.log" 2>&1 ||
		{ tail -20 "$out/$v.log" >&2; die "building $v failed (log: $out/$v.log)"; }
	mkdir -p "$out/$v.tmp"
	cp "$out/$v.build/$plat/release/"*.bin "$out/$v.tmp/"
	if [ "$plat" = rpi3 ]; then # BL1 padded to 128 KiB, then the FIP (BL2, BL31)
		command -v fiptool >/dev/null || die "no fiptool (arm-trusted-firmware-tools; make setup)"
		(cd "$out/$v.tmp" && fiptool create --tb-fw bl2.bin --soc-fw bl31.bin fip.bin >/dev/null &&
			cp bl1.bin bl1_pad.bin && truncate --size=131072 bl1_pad.bin &&
			cat bl1_pad.bin fip.bin >armstub8.bin) || die "assembling $v's armstub8.bin failed"
	fi
	rm -rf "${out:?}/$v" && mv "$out/$v.tmp" "$out/$v"
	echo "tfa: $v built in $((SECONDS - t0)) s: $(cd "$out/$v" && echo *.bin)" >&2
}

# flash VARIANT BL33 FLASH: bl1 + a FIP (bl2, bl31, BL33) for -bios
flash() {
	local v=$1 bl33=$2 f=$3 d
	d=$(cd "$(dirname "$0")/.." && pwd)/build/tfa
	[ -n "${TFA_DIR:-}" ] && d=$TFA_DIR
	local bl1=$d/${v%-plain}/bl1.bin bl2=$d/$v/bl2.bin bl31=$d/${v%-plain}/bl31.bin
	for x in "$bl1" "$bl2" "$bl31" "$bl33"; do [ -f "$x" ] || die "flash: no $x (make tfa)"; done
	command -v fiptool >/dev/null || die "flash: no fiptool (arm-trusted-firmware-tools; make setup)"
	rm -f "$f" "$f.fip"
	fiptool create --tb-fw "$bl2" --soc-fw "$bl31" --nt-fw "$bl33" "$f.fip" >/dev/null
	dd if="$bl1" of="$f" bs=4096 conv=notrunc status=none
	dd if="$f.fip" of="$f" bs=4096 seek=64 conv=notrunc status=none
	rm -f "$f.fip"
}

case ${1:-} in
build) [ $# -eq 3 ] || die "usage: tfa.sh build VARIANT OUT"; build "$2" "$3" ;;
flash) [ $# -eq 4 ] || die "usage: tfa.sh flash VARIANT BL33 FLASH"; flash "$2" "$3" "$4" ;;
*) die "usage: tfa.sh build VARIANT OUT | flash VARIANT BL33 FLASH" ;;
esac
