#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Installs the Debian packages of the board U-Boots uboot/boards.txt names
# (u-boot-sunxi:armhf, u-boot-rpi:arm64, ...), into /usr/lib/u-boot/ as any
# Debian user would. They are built for armhf or arm64, so on a PC the
# foreign architecture is added first (dpkg --add-architecture; scripts/setup.sh
# does the install). A no-op once they are installed.
# Needs root (or sudo) only when something is missing.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/uboot/board.sh"
pkgs=()
for b in $(board_names); do pkgs+=("$(board_get "$b" package)"); done
mapfile -t pkgs < <(printf '%s\n' "${pkgs[@]}" | sort -u)
exec "$top/scripts/setup.sh" "${pkgs[@]}"
