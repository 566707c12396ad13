# SPDX-License-Identifier: BSD-2-Clause
# Trusted Firmware-A for the matrix's firmware rows (qemu-tests/matrix/
# 15-firmware.cfg): built once from Debian 12's source package by
# scripts/tfa.sh and cached under $(BUILD)/tfa (a second make does nothing),
# then a flash for QEMU's -bios per BL33: fiptool + dd, milliseconds, remade
# when the image or the firmware changes. Included by the Makefile.
TFA_DIR := $(BUILD)/tfa
TFA_VARIANTS := qemu-v2 qemu-v3 qemu-v2-plain rpi3
UBOOT_QEMU_ARM64 := /usr/lib/u-boot/qemu_arm64/u-boot.bin

## make tfa: TF-A 2.8 from Debian's source (apt-get source; qemu GICv2/v3, rpi3) in build/tfa, once
tfa: $(foreach v,$(TFA_VARIANTS),$(TFA_DIR)/$(v)/bl2.bin)

# Each variant's files appear together (scripts/tfa.sh moves them in last);
# bl2.bin is the one every variant has. After the setup when make was asked
# for a front-door target, as newlib's build waits for it.
$(TFA_DIR)/%/bl2.bin: | $(if $(filter $(SETUP_GOALS),$(or $(MAKECMDGOALS),all)),setup)
	scripts/tfa.sh build $* $(TFA_DIR)

# The default hand-over's FIP takes bl1 and bl31 from qemu-v2.
$(TFA_DIR)/bringup-qemu-%.flash: $(BUILD)/aarch64/bringup.bin $(TFA_DIR)/qemu-%/bl2.bin \
		$(TFA_DIR)/qemu-v2/bl2.bin scripts/tfa.sh
	TFA_DIR=$(TFA_DIR) scripts/tfa.sh flash qemu-$* $< $@
$(TFA_DIR)/uboot-qemu-%.flash: $(UBOOT_QEMU_ARM64) $(TFA_DIR)/qemu-%/bl2.bin $(TFA_DIR)/qemu-v2/bl2.bin scripts/tfa.sh
	TFA_DIR=$(TFA_DIR) scripts/tfa.sh flash qemu-$* $< $@
.PHONY: tfa

# The Pi 3's tree as TF-A's rpi3 port needs it: Debian's, with
# qemu-tests/rpi3-tfa.dtsi merged in (dtc takes a second root node as more
# of the first).
$(TFA_DIR)/rpi3/bcm2837-rpi-3-b-tfa.dtb: $(BUILD)/dtbs/arm64/broadcom/bcm2837-rpi-3-b.dtb \
		qemu-tests/rpi3-tfa.dtsi $(TFA_DIR)/rpi3/bl2.bin
	{ dtc -q -I dtb -O dts $<; cat qemu-tests/rpi3-tfa.dtsi; } | dtc -q -I dts -O dtb -o $@ -
