#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Checks every board of uboot/boards.txt (or BOARDS_TXT) against what it
# names, and writes its card:
#   - each U-Boot file is in the Debian package the line names (dpkg -L);
#   - the raw pieces start past the MBR, do not overlap, and end before the
#     FAT partition, which starts at 1 MiB or later;
#   - where U-Boot comes in two raw pieces (SPL + U-Boot proper), the second
#     sits where the package's SPL reads it: its build configuration
#     (/usr/share/doc/PACKAGE/configs/) gives CONFIG_SYS_MMCSD_RAW_MODE_U_BOOT_SECTOR;
#   - the methods are exactly those the build has for the image's arch
#     (CONFIG_CMD_BOOTZ / CMD_BOOTI / LEGACY_IMAGE_FORMAT / FIT), poweroff as
#     CONFIG_CMD_POWEROFF says;
#   - the RAM lies inside the tree's memory where the tree gives its size, the
#     load address inside the RAM with room for the image (2 MiB aligned for
#     the AArch64 Image);
#   - `uboot/sdcard.sh -b` writes a card with each raw piece at its offset,
#     the partition where the table says and the tree and bringup.env on it.
# Each failure names the board and what is wrong; exit 1 if any.
# usage: check-boards.sh [BOARD...]   (default: every board)
# env:   BUILD (images and build/dtbs), BOARDS_TXT
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/uboot/board.sh"
build=${BUILD:-$top/build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=0
fail() { echo "check-boards: $b: $*"; bad=1; }
hex() { printf '0x%x' "$1"; }

# memory_of TREE: "base size" per RAM bank the tree states with a size.
memory_of() {
	local ac sc n
	ac=$(fdtget "$1" / '#address-cells' 2>/dev/null || echo 2)
	sc=$(fdtget "$1" / '#size-cells' 2>/dev/null || echo 1)
	for n in $(fdtget -l "$1" / | grep '^memory'); do
		fdtget -t x "$1" "/$n" reg 2>/dev/null | awk -v ac="$ac" -v sc="$sc" '{
			for (i = 1; i + ac + sc - 1 <= NF; i += ac + sc) {
				a = 0; s = 0
				for (j = 0; j < ac; j++) a = a * 4294967296 + strtonum("0x" $(i + j))
				for (j = 0; j < sc; j++) s = s * 4294967296 + strtonum("0x" $(i + ac + j))
				if (s) printf "%d %d\n", a, s
			}}'
	done
}

check_board() {
	local arch pkg uboot tree ram load methods poweroff part
	for f in arch package uboot tree ram load methods poweroff part; do
		local v
		v=$(board_get "$b" "$f") || { bad=1; return; }
		case $f in package) pkg=$v ;; *) printf -v "$f" '%s' "$v" ;; esac
	done
	local pstart target cfg
	pstart=$(size_bytes "$part") || { bad=1; return; }
	[ "$pstart" -ge $((1024 * 1024)) ] || fail "the partition at $part starts under 1 MiB"
	local listing
	listing=$(dpkg -L "$pkg" 2>/dev/null) || { fail "package $pkg is not installed (uboot/fetch-uboots.sh)"; return; }
	target=$(cut -d, -f1 <<<"$uboot" | cut -d/ -f1)
	cfg=/usr/share/doc/${pkg%%:*}/configs/config.$target.gz
	local conf p f off end raws=() ends=() i
	IFS=, read -ra pieces <<<"$uboot"
	for p in "${pieces[@]}"; do
		case $p in
		fw:* | dtb:) continue ;;
		cfg:*) [ -f "$top/uboot/cfg/${p#cfg:}" ] || fail "uboot/cfg/${p#cfg:} missing"; continue ;;
		esac
		f=${p%@*}
		grep -qx "/usr/lib/u-boot/$f" <<<"$listing" || fail "$f is not in package $pkg"
		[ "$p" != "$f" ] || continue
		off=$(size_bytes "${p#*@}") || { bad=1; continue; }
		[ -f "/usr/lib/u-boot/$f" ] || continue
		end=$((off + $(stat -c %s "/usr/lib/u-boot/$f")))
		[ "$off" -ge 512 ] || fail "$f at ${p#*@} overwrites the MBR (sector 0)"
		[ "$end" -le "$pstart" ] || fail "$f at ${p#*@} ends at $(hex "$end"), past the partition at $part"
		for i in "${!raws[@]}"; do
			[ "$off" -ge "${ends[i]}" ] || [ "$end" -le "${raws[i]%%:*}" ] ||
				fail "$f at ${p#*@} overlaps ${raws[i]#*:}"
		done
		raws+=("$off:$f") ends+=("$end")
	done
	[ -f "$cfg" ] || { fail "no build configuration $cfg in $pkg"; return; }
	conf=$(zcat "$cfg")
	if [ ${#raws[@]} -ge 2 ]; then
		local sector
		sector=$(sed -n 's/^CONFIG_SYS_MMCSD_RAW_MODE_U_BOOT_SECTOR=//p' <<<"$conf")
		[ -z "$sector" ] || [ $((${raws[1]%%:*} / 512)) -eq $((sector)) ] ||
			fail "${raws[1]#*:} at sector $((${raws[1]%%:*} / 512)), but $target's SPL reads it at sector $((sector)) (CONFIG_SYS_MMCSD_RAW_MODE_U_BOOT_SECTOR)"
	fi
	local has=()
	y() { grep -qx "CONFIG_$1=y" <<<"$conf"; }
	if [ "$arch" = aarch64 ]; then
		y CMD_BOOTI && has+=(booti)
	else
		y CMD_BOOTZ && has+=(bootz)
		y CMD_BOOTM && y LEGACY_IMAGE_FORMAT && has+=(bootm-uimage)
	fi
	y CMD_BOOTM && y FIT && has+=(bootm-fit)
	[ "$(tr , '\n' <<<"$methods" | sort | tr '\n' ' ')" = "$(printf '%s\n' "${has[@]}" | sort | tr '\n' ' ')" ] ||
		fail "methods $methods, but $target (${cfg##*/}) has: $(IFS=,; echo "${has[*]}")"
	local want=no
	y CMD_POWEROFF && want=yes
	[ "$poweroff" = "$want" ] || fail "poweroff $poweroff, but $target's CONFIG_CMD_POWEROFF says $want"
	local dtb=$build/dtbs/$([ "$arch" = aarch64 ] && echo arm64 || echo armhf)/$tree
	[ -f "$dtb" ] || { fail "tree $dtb missing"; return; }
	local rbase rsize loadb img inside=""
	rbase=$(size_bytes "${ram%%+*}") && rsize=$(size_bytes "${ram#*+}") && loadb=$(size_bytes "$load") ||
		{ bad=1; return; }
	while read -r mb ms; do
		[ -n "$mb" ] || continue
		inside=${inside:-no}
		[ "$rbase" -lt "$mb" ] || [ $((rbase + rsize)) -gt $((mb + ms)) ] || inside=yes
	done < <(memory_of "$dtb")
	[ "$inside" != no ] || fail "RAM $ram is not inside the memory $tree gives"
	img=$(stat -c %s "$build/$arch/bringup.bin" 2>/dev/null || echo 0)
	[ "$loadb" -ge "$rbase" ] && [ $((loadb + img)) -le $((rbase + rsize)) ] ||
		fail "load address $load is outside RAM $ram"
	[ "$arch" != aarch64 ] || [ $((loadb % (2 * 1024 * 1024))) -eq 0 ] ||
		fail "load address $load is not 2 MiB aligned (the AArch64 Image's rule)"
	[ "$bad" -eq 0 ] || return
	check_card "$arch" "$tree" "$pstart" "${raws[@]}"
}

# check_card ARCH TREE PSTART OFF:FILE...: the card sdcard.sh writes.
check_card() {
	local arch=$1 tree=$2 pstart=$3 r card=$tmp/$b.img
	shift 3
	BUILD=$build "$top/uboot/sdcard.sh" -b "$b" "$arch" "$card" >/dev/null 2>"$tmp/err" ||
		{ fail "sdcard.sh -b $b failed: $(tail -1 "$tmp/err")"; return; }
	[ "$(sfdisk --dump "$card" | sed -n 's/.*start= *\([0-9]*\),.*/\1/p')" = $((pstart / 512)) ] ||
		fail "the card's partition does not start at $((pstart / 512))"
	for r in "$@"; do
		cmp -s -n "$(stat -c %s "/usr/lib/u-boot/${r#*:}")" -i "0:${r%%:*}" \
			"/usr/lib/u-boot/${r#*:}" "$card" || fail "the card does not hold ${r#*:} at ${r%%:*}"
	done
	mtype -i "$card@@$pstart" ::/bringup.env | grep -x "fdtfile=$tree" >/dev/null || fail "bringup.env lacks fdtfile=$tree"
	mdir -b -i "$card@@$pstart" "::/$tree" >/dev/null 2>&1 || fail "the card lacks $tree"
}

boards=("$@")
[ ${#boards[@]} -gt 0 ] || mapfile -t boards < <(board_names)
for b in "${boards[@]}"; do
	before=$bad bad=0
	check_board
	[ "$bad" -eq 0 ] && echo "check-boards: $b: ok"
	bad=$((before | bad))
done
exit "$bad"
