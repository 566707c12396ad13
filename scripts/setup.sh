#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Installs what bringup needs from Debian's packages, if missing. (Every QEMU
# run goes through qemu-tests/boot.sh, which always passes -nic none.) Called by
# `make run`, `make test` and .ci/run. Needs root (or sudo) only when
# something is missing.
# usage: setup.sh [PACKAGE...]: those packages instead of the list below
# (uboot/fetch-uboots.sh: the board U-Boots); one qualified with a foreign
# architecture (u-boot-sunxi:armhf) gets that architecture added first.
set -euo pipefail
# Every package by name: installs use --no-install-recommends, and Debian's
# cross compilers only recommend their libc headers (libc6-dev-*-cross), clang
# only recommends its sanitizer and fuzzer runtimes (libclang-rt-14-dev).
pkgs=(make git ca-certificates openssl
	gcc-aarch64-linux-gnu libc6-dev-arm64-cross gcc-arm-none-eabi libnewlib-arm-none-eabi newlib-source
	qemu-system-arm qemu-user u-boot-qemu u-boot-tools device-tree-compiler libfdt-dev mtools fdisk
	gdb-multiarch clang libclang-rt-14-dev xz-utils gnuplot-nox)
# make check-format: clang does not pull clang-format in.
pkgs+=(clang-format)
# Trusted Firmware-A for the firmware rows (scripts/tfa.sh): apt-get source
# (dpkg-dev) and fiptool (arm-trusted-firmware-tools), to put a BL33 into a FIP.
pkgs+=(dpkg-dev arm-trusted-firmware-tools)
# LAVA's dispatcher (lava-run) and the TFTP server its tftp deploy asks for
# (its daemon need not run: QEMU's user network serves the folder): make check-lava.
pkgs+=(lava-dispatcher tftpd-hpa)
# labgrid and its pytest plugin, for Debian's own python3 (make check-labgrid).
pkgs+=(python3-labgrid)
# lava-server: the device and job schemas a lab's server applies (make
# check-lava-schema); no database or service is set up here (PostgreSQL is
# only recommended; make check-lab installs and starts it).
pkgs+=(lava-server)
[ $# -eq 0 ] || pkgs=("$@")
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
for a in $(printf '%s\n' "${missing[@]}" | sed -n 's/.*://p' | sort -u); do
	[ "$a" = "$(dpkg --print-architecture)" ] || dpkg --print-foreign-architectures | grep -qx "$a" ||
		$sudo dpkg --add-architecture "$a"
done
echo "setup: installing ${missing[*]}"
# A mirror mid-sync can fail one index (seen for a foreign architecture's
# security list); what we install comes from the others, so carry on.
$sudo apt-get update -q || echo "setup: apt-get update reported errors; trying the install anyway"
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
