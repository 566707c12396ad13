# SPDX-License-Identifier: BSD-2-Clause
# Host tests of board/. Included by the Makefile.
#   host-cores  the core count from the hardware and the cluster SGI (board/cores.c)
# (The board scan's PL310 and GIC readings, tests/host/board/test_fdt_pl310.c and
# test_fdt_gic.c, run in host-dma-system and host-gic, whose rules build them:
# tests/host/cache/cache.mk, tests/host/irq/irq.mk.)
BUILD ?= build
HOSTCC ?= clang

# The core count from the hardware and the cluster SGI (board/cores.c).
$(BUILD)/host/test_cores: tests/host/board/test_cores.c $(BOARD_CORES_SRCS) arch/midr.c arch/midr.h board/cores.h tests/host/common/check.h
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
		-fno-sanitize-recover=all tests/host/board/test_cores.c $(BOARD_CORES_SRCS) arch/midr.c -o $@

host-cores: $(BUILD)/host/test_cores
	$<

.PHONY: host-cores

# host-device-ids: the ID-register verdicts and the walk of board/device_ids.c
# on Debian's trees, the corpus's counts (trees naming a device bringup checks,
# a PMU, a watchdog); the build that compares no part number must fail.
DEVID_DTBS := $(BUILD)/dtbs/armhf/vexpress-v2p-ca9.dtb $(BUILD)/dtbs/arm64/broadcom/bcm2837-rpi-3-b.dtb
$(BUILD)/host/test_device_ids%: tests/host/board/test_device_ids.c board/device_ids.c board/device_ids.h $(FDT_LIB) $(FDT_HDR)
	@mkdir -p $(@D)
	$(HOSTCC) $(FDT_CFLAGS) $(FDT_SAN) $(if $(findstring _anypart,$*),-DDEVID_MUTANT_ANY_PART) \
		-o $@ tests/host/board/test_device_ids.c board/device_ids.c $(FDT_LIB)

host-device-ids: $(BUILD)/host/test_device_ids_ok $(BUILD)/host/test_device_ids_anypart
	@sh tests/host/common/fetch-dtbs.sh $(BUILD)/dtbs >/dev/null
	$(BUILD)/host/test_device_ids_ok $(DEVID_DTBS) $$(find $(BUILD)/dtbs -name '*.dtb' | sort)
	@tests/host/common/run-mutant.sh anypart $(BUILD)/host/device_ids_anypart.log \
		'part_0x061_designer_0x41,_expected_0x031' $(BUILD)/host/test_device_ids_anypart $(DEVID_DTBS)

.PHONY: host-device-ids
