# SPDX-License-Identifier: BSD-2-Clause
# The U-Boot flow (uboot/, docs/boards.md), included by the Makefile, which
# sets ARCH from BOARD= (the board's image) before it gets here.
#   make fit ARCH=...      build/ARCH/uboot/: Image or zImage, bringup.itb (FIT, hashed),
#                          bringup.uimg (armv7), boot.scr; LOAD_ADDR=0x... for a board;
#                          KEY=DIR signs the FIT's configuration (DIR/bringup.key, made if
#                          absent), CONTROL_DTB=u-boot.dtb also puts the public key in
#                          U-Boot's control tree, required (uboot/mkimages.sh)
#   make sdcard ARCH=...   build/ARCH/sdcard.img: MBR + FAT with those (no root needed);
#                          SDCARD_ENV="bringup_method=bootm-fit ..." writes bringup.env (a line
#                          a word), SDCARD_BOOTARGS="k=v k=v" its line bootargs=k=v k=v,
#                          SDCARD_FILES="board.dtb ..." adds files
#   make sdcard BOARD=...  build/sdcard-BOARD.img: a whole card for an empty SD card,
#                          the board's U-Boot from Debian included (uboot/boards.txt)
#   make bootfiles ARCH=...  build/ARCH/bootfiles/: the files to copy into the boot
#                          partition a board's own U-Boot already reads (no MBR, nothing
#                          at the card's start): the images, bringup.scr (not boot.scr:
#                          the distribution's stays), README.txt (how to start it);
#                          SDCARD_ENV, SDCARD_BOOTARGS: its bringup.env (uboot/bootfiles.sh)
#   make boards            the boards BOARD= takes
#   make run-uboot ARCH=... [MACHINE=virt,virtualization=on]: boot that card through
#                          Debian's u-boot-qemu on QEMU virt
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

