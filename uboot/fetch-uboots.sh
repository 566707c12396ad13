#!/usr/bin/env bash
# Installs the Debian packages of the board U-Boots uboot/boards.txt names
# (u-boot-sunxi:armhf, u-boot-rpi:arm64, ...), into /usr/lib/u-boot/ as any
# Debian user would. They are built for armhf or arm64, so on a PC the
# foreign architecture is added first (dpkg --add-architecture), and apt's
# lists refreshed only then. A no-op once they are installed.
# Needs root (or sudo) only when something is missing.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/uboot/board.sh"
pkgs=() missing=()
for b in $(board_names); do pkgs+=("$(board_get "$b" package)"); done
mapfile -t pkgs < <(printf '%s\n' "${pkgs[@]}" | sort -u)
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
update=no
for a in $(printf '%s\n' "${missing[@]}" | sed 's/.*://' | sort -u); do
	if [ "$a" != "$(dpkg --print-architecture)" ] && ! dpkg --print-foreign-architectures | grep -qx "$a"; then
		$sudo dpkg --add-architecture "$a"
		update=yes
	fi
done
for p in "${missing[@]}"; do apt-cache show "$p" >/dev/null 2>&1 || update=yes; done
echo "fetch-uboots: installing ${missing[*]}"
if [ "$update" = yes ]; then
	# A mirror mid-sync can fail one index; what we install is in the others.
	$sudo apt-get update -q || echo "fetch-uboots: apt-get update reported errors; trying the install anyway"
fi
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
