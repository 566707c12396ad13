# SPDX-License-Identifier: BSD-2-Clause
# host-fdt-pmu: the PMU interrupt each CPU must take its overflow on, and the
# PPI numbers against Arm's BSA (board/fdt_pmu.c; tests/host/board/test_fdt_pmu.c),
# on Debian's trees and planted copies (fdtput): per-CPU SPIs through
# interrupt-affinity, which no QEMU 7.2 machine wires, are proven here. Then
# the reader planted to ignore interrupt-affinity (the /cpus order) must be
# caught on the tree whose affinity is reversed. Last, over every tree of
# Debian's kernels: how many name a PMU, and how (printed).
PMU_DTB_DIR := $(BUILD)/dtbs
PMU_DTBS := $(PMU_DTB_DIR)/arm64/allwinner/sun50i-a64-pine64.dtb $(BUILD)/host/pmu-reversed.dtb \
	$(PMU_DTB_DIR)/arm64/xilinx/zynqmp-zcu102-rev1.0.dtb $(PMU_DTB_DIR)/arm64/broadcom/bcm2837-rpi-3-b.dtb \
	$(PMU_DTB_DIR)/armhf/sun8i-h3-orangepi-pc.dtb $(BUILD)/host/pmu-timer31.dtb
PMU_PINE64 := $(PMU_DTB_DIR)/arm64/allwinner/sun50i-a64-pine64.dtb

$(BUILD)/host/pmu-reversed.dtb: tests/host/board/pmu.mk
	@sh tests/host/common/fetch-dtbs.sh $(BUILD)/dtbs >/dev/null
	cp $(PMU_PINE64) $@
	fdtput -t x $@ /pmu interrupt-affinity $$(for c in 3 2 1 0; do fdtget -t x $@ /cpus/cpu@$$c phandle; done)
$(BUILD)/host/pmu-timer31.dtb: tests/host/board/pmu.mk
	@sh tests/host/common/fetch-dtbs.sh $(BUILD)/dtbs >/dev/null
	cp $(PMU_PINE64) $@
	fdtput -t x $@ /timer interrupts 1 d f04 1 f f04 1 b f04 1 a f04

# Planted in a copy of the real reader: interrupt-affinity ignored.
$(BUILD)/host/pmu-plant/fdt_pmu.c: board/fdt_pmu.c tests/host/board/pmu.mk
	@mkdir -p $(@D)
	sed 's/\*affinity = a != NULL;/*affinity = 0; a = NULL;/' $< > $@
	@! cmp -s $< $@ || { echo "FAIL: the fdt_pmu.c affinity plant no longer applies"; exit 1; }
$(BUILD)/host/test_fdt_pmu: tests/host/board/test_fdt_pmu.c $(FDT_LIB) $(FDT_HDR) tests/host/board/pmu.mk
	@mkdir -p $(@D)
	$(HOSTCC) $(FDT_CFLAGS) $(FDT_SAN) -o $@ tests/host/board/test_fdt_pmu.c $(FDT_LIB)
$(BUILD)/host/test_fdt_pmu_noaffinity: tests/host/board/test_fdt_pmu.c $(FDT_LIB) $(FDT_HDR) \
		$(BUILD)/host/pmu-plant/fdt_pmu.c
	$(HOSTCC) $(FDT_CFLAGS) $(FDT_SAN) -o $@ tests/host/board/test_fdt_pmu.c \
		$(filter-out board/fdt_pmu.c,$(FDT_LIB)) $(BUILD)/host/pmu-plant/fdt_pmu.c

host-fdt-pmu: $(BUILD)/host/test_fdt_pmu $(BUILD)/host/test_fdt_pmu_noaffinity $(PMU_DTBS)
	$(BUILD)/host/test_fdt_pmu $(PMU_DTBS)
	@tests/host/common/run-mutant.sh noaffinity $(BUILD)/host/fdt_pmu_noaffinity.log \
		'pmu-reversed.dtb:_cpu0_.MPIDR_0.:_INTID_148,_want_151' \
		$(BUILD)/host/test_fdt_pmu_noaffinity $(PMU_DTBS)
	@find $(PMU_DTB_DIR) -name '*.dtb' | sort | xargs $(BUILD)/host/test_fdt_pmu --corpus

.PHONY: host-fdt-pmu
