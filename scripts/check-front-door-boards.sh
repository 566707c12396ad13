# SPDX-License-Identifier: BSD-2-Clause
# check-front-door-boards.sh: the U-Boot half of the front door, sourced by
# scripts/check-front-door.sh (its ok, bad, mk, out and top):
#   - make sdcard BOARD=NAME, for every board of uboot/boards.txt, makes the
#     card of the board's own image (ARCH follows BOARD: make -n shows
#     uboot/sdcard.sh given the board's arch) and passes SDCARD_BOOTARGS;
#   - an unknown BOARD is refused once, by make; an ARCH= that contradicts
#     BOARD= is refused, one that agrees (arm64 for an aarch64 board) is not;
#   - make sdcard BOARD=orangepi-pc (an ARMv7 board) writes its card, the
#     bootargs= line in bringup.env (when the board's U-Boot is installed);
#   - SDCARD_ENV with a word of bringup's command line is refused, pointing
#     to SDCARD_BOOTARGS (as a U-Boot variable it would do nothing);
#   - LOAD_ADDR (uboot/mkimages.sh) is refused when it is not a number, not
#     2 MiB aligned for AArch64 (the arm64 Image header's rule) or 4 KiB for
#     ARMv7, above 4 GiB, or outside the RAM of the board named by BOARD=;
#     a decimal one is taken and written as hex.
# shellcheck shell=bash disable=SC2154 # top, out: check-front-door.sh's
bootargs="memtest=full memtest_passes=2"
for b in $("$top/uboot/board.sh" names); do
	a=$("$top/uboot/board.sh" get "$b" arch)
	n=$(mk -n sdcard BOARD="$b" SDCARD_BOOTARGS="$bootargs" 2>&1 | tr '\\\n\t' '   ' | tr -s ' ')
	if [[ $n != *"uboot/sdcard.sh -b $b $a build/sdcard-$b.img"* ]]; then
		bad "make -n sdcard BOARD=$b does not run uboot/sdcard.sh -b $b $a: $(cut -c1-300 <<<"$n")"
	elif [[ $n != *"'bootargs=$bootargs'"* ]]; then
		bad "make -n sdcard BOARD=$b drops SDCARD_BOOTARGS: $(cut -c1-300 <<<"$n")"
	else ok "make sdcard BOARD=$b: the $a image, SDCARD_BOOTARGS passed"; fi
done
if e=$(mk -n sdcard BOARD=nosuchboard 2>&1); then bad "BOARD=nosuchboard accepted"
elif [ "$(grep -c nosuchboard <<<"$e")" != 1 ] || ! grep -q 'BOARD=nosuchboard: not in uboot/boards.txt' <<<"$e"; then
	bad "BOARD=nosuchboard refused, but not once by make: $e"
else ok "BOARD=nosuchboard refused once: $(grep -o 'BOARD=nosuchboard: .*' <<<"$e")"; fi
if e=$(mk -n sdcard BOARD=rock64 ARCH=armv7 2>&1); then bad "BOARD=rock64 ARCH=armv7 accepted"
elif grep -q 'ARCH=armv7 contradicts BOARD=rock64' <<<"$e"; then ok "BOARD=rock64 ARCH=armv7 refused: $(grep -o 'ARCH=armv7 .*' <<<"$e")"
else bad "BOARD=rock64 ARCH=armv7 refused without saying why: $e"; fi
mk -n sdcard BOARD=rock64 ARCH=arm64 >/dev/null 2>&1 && ok "BOARD=rock64 ARCH=arm64 agrees, taken" ||
	bad "BOARD=rock64 ARCH=arm64 refused"
if [ -f /usr/lib/u-boot/orangepi_plus/u-boot-sunxi-with-spl.bin ] && [ -d "$top/build/dtbs/armhf" ]; then
	img=$top/build/sdcard-orangepi-pc.img
	rm -f "$img"
	mk -s sdcard BOARD=orangepi-pc SDCARD_BOOTARGS="$bootargs" </dev/null >"$out/card.log" 2>&1
	st=$?
	env=$(mtype -i "$img@@1M" ::/bringup.env 2>/dev/null | tr -d '\r')
	if [ "$st" = 0 ] && grep -qx "bootargs=$bootargs" <<<"$env"; then
		ok "make sdcard BOARD=orangepi-pc writes ${img#"$top"/}, bringup.env: $(paste -sd ' ' <<<"$env")"
	else bad "make sdcard BOARD=orangepi-pc: status $st, $(tail -n 2 "$out/card.log" | paste -sd ' '); bringup.env: $env"; fi
else ok "Debian's u-boot-sunxi or the kernel trees not installed: the Orange Pi PC card is not written"; fi
if e=$(mk -s sdcard ARCH=aarch64 SDCARD_ENV="memtest=full" </dev/null 2>&1); then bad "SDCARD_ENV=memtest=full accepted"
elif grep -q 'SDCARD_BOOTARGS' <<<"$e"; then ok "SDCARD_ENV=memtest=full refused: $(grep -m1 -o 'memtest=full.*' <<<"$e")"
else bad "SDCARD_ENV=memtest=full refused without pointing to SDCARD_BOOTARGS: $e"; fi

# LOAD_ADDR, checked by uboot/mkimages.sh (ARCH LOAD_ADDR BOARD WANT).
load_refused() {
	local e
	if e=$(LOAD_ADDR=$2 BOARD=$3 "$top/uboot/mkimages.sh" "$1" "$out/mkimages" 2>&1); then
		bad "LOAD_ADDR=$2${3:+ BOARD=$3} ($1) accepted"
	elif grep -qF -- "$4" <<<"$e"; then ok "LOAD_ADDR=$2${3:+ BOARD=$3} ($1) refused: $e"
	else bad "LOAD_ADDR=$2${3:+ BOARD=$3} ($1) refused without \"$4\": $e"; fi
}
load_refused aarch64 banana "" "LOAD_ADDR=banana: not a number"
load_refused aarch64 0x12345 "" "not 2 MiB aligned"
load_refused armv7 0x42000100 "" "not 4 KiB aligned"
load_refused armv7 0x100000000 "" "above 4 GiB"
load_refused armv7 0x1000 orangepi-pc "outside the RAM of orangepi-pc"
load_refused aarch64 0x40400000 rpi3 "outside the RAM of rpi3"
if LOAD_ADDR=1107296256 "$top/uboot/mkimages.sh" armv7 "$out/mkimages" >/dev/null 2>&1 &&
	grep -q 'load = <0x42000000>' "$out/mkimages/bringup.its"; then
	ok "LOAD_ADDR=1107296256 (decimal) is load = <0x42000000> in the FIT"
else bad "LOAD_ADDR=1107296256 (decimal) not taken as 0x42000000: $(grep 'load =' "$out/mkimages/bringup.its" 2>&1)"; fi
