# SPDX-License-Identifier: BSD-2-Clause
# The board table (uboot/boards.txt) against Debian's U-Boot packages and
# kernel trees, every board's card written and read back
# (uboot/check-boards.sh). Included by the Makefile.
#   host-boards  every board passes; each planted fault below (BOARD FIELD=VALUE,
#                one field of one line changed) is refused with its reason, and
#                so is a card size QEMU would not take (SDCARD_MB=100)
BOARD_PLANTS := \
	'orangepi-pc uboot=orangepi_pc/u-boot-sunxi-with-spl.bin@8K|is not in package u-boot-sunxi:armhf' \
	'wandboard uboot=wandboard/SPL@0,wandboard/u-boot.img@69K|overwrites the MBR' \
	'beaglebone-black part=1M|u-boot.img at 384K ends at 0x' \
	'cubox-i uboot=mx6cuboxi/SPL@1K,mx6cuboxi/u-boot.img@64K|but mx6cuboxi.s SPL reads it at sector 138' \
	'rock64 uboot=rock64-rk3328/idbloader.img@32K,rock64-rk3328/u-boot.itb@64K|u-boot.itb at 64K overlaps' \
	'rpi3 methods=booti,bootm-fit|but rpi_3 (config.rpi_3.gz) has: booti$$' \
	'orangepi-pc poweroff=yes|CONFIG_CMD_POWEROFF says no' \
	'rpi3 load=0x40400000|load address 0x40400000 is outside RAM' \
	'rpi3 ram=0x0+2G|RAM 0x0+2G is not inside the memory' \
	'rock64 load=0x02080000|not 2 MiB aligned' \
	'orangepi-pc tree=sun8i-h3-orangepi-pcx.dtb|tree .*sun8i-h3-orangepi-pcx.dtb missing'

host-boards: $(BUILD)/aarch64/bringup.bin $(BUILD)/armv7/bringup.bin
	@uboot/fetch-uboots.sh
	@sh tests/host/common/fetch-dtbs.sh $(BUILD)/dtbs >/dev/null
	@BUILD=$(abspath $(BUILD)) uboot/check-boards.sh
	@mkdir -p $(BUILD)/host
	@for p in $(BOARD_PLANTS); do \
		plant=$${p%%|*}; want=$${p#*|}; b=$${plant%% *}; fv=$${plant#* }; \
		awk -v b="$$b" -v f="$${fv%%=*}" -v v="$${fv#*=}" -v fields="arch package uboot tree ram load methods poweroff part" \
			'BEGIN { n = split(fields, F, " "); for (i = 1; i <= n; i++) col[F[i]] = i + 1 } \
			!/^#/ && $$1 == b { $$col[f] = v } { print }' uboot/boards.txt >$(BUILD)/host/boards-plant.txt; \
		if out=$$(BOARDS_TXT=$(abspath $(BUILD))/host/boards-plant.txt BUILD=$(abspath $(BUILD)) \
				uboot/check-boards.sh "$$b"); then \
			echo "host-boards: FAIL: planted $$plant was not refused"; exit 1; \
		elif ! printf '%s\n' "$$out" | grep -q -- "$$want"; then \
			echo "host-boards: FAIL: planted $$plant refused, but not with \"$$want\": $$out"; exit 1; \
		else echo "host-boards: planted $$plant refused: $$(printf '%s\n' "$$out" | grep -m1 -- "$$want")"; fi; \
	done
	@if out=$$(SDCARD_MB=100 BUILD=$(abspath $(BUILD)) uboot/sdcard.sh -b orangepi-pc armv7 \
			$(BUILD)/host/sdcard-100.img 2>&1); then \
		echo "host-boards: FAIL: a 100 MiB card (not a power of two) was written"; exit 1; \
	elif ! printf '%s\n' "$$out" | grep -q "a power of two"; then \
		echo "host-boards: FAIL: a 100 MiB card refused, but not for its size: $$out"; exit 1; \
	else echo "host-boards: a 100 MiB card refused: $$out"; fi

.PHONY: host-boards
