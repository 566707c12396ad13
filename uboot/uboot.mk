# SPDX-License-Identifier: BSD-2-Clause
# The U-Boot flow (uboot/, docs/boards.md), included by the Makefile, which
# sets ARCH from BOARD= (the board's image) before it gets here.
## make fit: build/ARCH/uboot/: Image or zImage, the FIT (hashed), uImage (armv7), boot.scr
## LOAD_ADDR=0x...: where bootm copies the kernel on a board (its kernel_addr_r; checked)
## KEY=dir: sign the FIT's configuration (dir/bringup.key, made if absent)
## CONTROL_DTB=u-boot.dtb: with KEY, the public key into U-Boot's control tree, required
## make sdcard: build/ARCH/sdcard.img, MBR + FAT with those (no root needed)
## SDCARD_ENV="k=v ...": bringup.env lines, U-Boot's variables (bringup_method=bootm-fit ...)
## SDCARD_BOOTARGS="k=v ...": bringup.env's bootargs=, the image's command line on a board
## SDCARD_FILES="a b": more files on the card; SDCARD_MB=n: its size in MiB (default 64)
## make sdcard BOARD=name: build/sdcard-name.img, a whole card with the board's U-Boot (Debian's)
## BOARD=name: a board of uboot/boards.txt (sets ARCH and, for make fit, LOAD_ADDR)
## make bootfiles: build/ARCH/bootfiles/, the files to copy into the boot partition a board's
##   own U-Boot reads (no MBR, nothing at the card's start; bringup.scr, not boot.scr)
## RPI_FIRMWARE=dir: a Raspberry Pi card's firmware files (default /usr/lib/raspi-firmware)
## make boards: the boards BOARD= takes (uboot/boards.txt)
## make run-uboot: boot ARCH's card through Debian's U-Boot on QEMU virt
SDCARD_ENV ?=
SDCARD_BOOTARGS ?=
SDCARD_FILES ?=
BOARD ?=
# bringup.env's lines: SDCARD_ENV's words, then bootargs= with SDCARD_BOOTARGS.
ENV_LINES = $(SDCARD_ENV) $(if $(SDCARD_BOOTARGS),'bootargs=$(SDCARD_BOOTARGS)')

# Always remade (FORCE): LOAD_ADDR and SDCARD_* change between calls, and both take no time.
$(BUILD)/%/uboot/boot.scr: $(BUILD)/%/bringup.bin uboot/mkimages.sh uboot/boot.cmd FORCE
	BUILD=$(abspath $(BUILD)) uboot/mkimages.sh $*

$(BUILD)/%/sdcard.img: $(BUILD)/%/uboot/boot.scr uboot/sdcard.sh FORCE
	BUILD=$(abspath $(BUILD)) uboot/sdcard.sh $(addprefix -f ,$(SDCARD_FILES)) $* $@ $(ENV_LINES)

fit: setup $(BUILD)/$(ARCH)/uboot/boot.scr
sdcard: setup $(if $(BOARD),board-sdcard,$(BUILD)/$(ARCH)/sdcard.img)

board-sdcard: $(BUILD)/$(ARCH)/bringup.bin
	@uboot/fetch-uboots.sh
	@sh tests/host/common/fetch-dtbs.sh $(BUILD)/dtbs >/dev/null
	BUILD=$(abspath $(BUILD)) uboot/sdcard.sh -b $(BOARD) $(addprefix -f ,$(SDCARD_FILES)) \
		$(ARCH) $(BUILD)/sdcard-$(BOARD).img $(ENV_LINES)
	@echo "sdcard: write it with: sudo dd if=$(BUILD)/sdcard-$(BOARD).img of=/dev/sdX bs=1M conv=fsync"

bootfiles: setup $(BUILD)/$(ARCH)/bringup.bin
	BUILD=$(abspath $(BUILD)) uboot/bootfiles.sh $(ARCH) $(BUILD)/$(ARCH)/bootfiles $(ENV_LINES)

boards:
	@uboot/board.sh list

run-uboot: sdcard
	@$(BOOT_ENV) UBOOT=$(abspath $(BUILD)/$(ARCH)/sdcard.img) \
		scripts/run-status.sh qemu-tests/boot.sh $(ARCH) $(MACHINE) $(CPU) $(MEM) -- $(QEMU_EXTRA)

FORCE:
.PHONY: fit sdcard board-sdcard bootfiles boards run-uboot FORCE

