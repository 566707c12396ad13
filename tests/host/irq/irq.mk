# SPDX-License-Identifier: BSD-2-Clause
# The GICv2 driver against a register model (tests/host/irq/test_gic.c,
# gic_model.c). Included by the Makefile.
#   host-gic  native, ASan/UBSan: the image's irq/irq.c and irq/gic_v2.c
#             (unchanged but for the register access, GIC_HOST_MODEL); then
#             each broken build below must be caught for its reason
#             (tests/host/common/run-mutant.sh); then board_read_gic() on Debian's
#             trees (tests/host/board/test_fdt_gic.c).
BUILD ?= build
HOSTCC ?= clang
GIC_CFLAGS := -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -DGIC_HOST_MODEL \
	-fsanitize=address,undefined -fno-sanitize-recover=all
GIC_SRCS := tests/host/irq/test_gic.c tests/host/irq/gic_model.c $(IRQ_SRCS)
GIC_DEPS := $(GIC_SRCS) tests/host/irq/gic_model.h tests/host/common/check.h irq/irq.h irq/irq_priv.h \
	irq/gic.h tests/host/irq/irq.mk
# mutant: its -D flag; GIC_WHY_<mutant>: the failure it must produce ('_' for spaces)
GIC_MUTANTS := no_eoi eoi_id_only eoi_spurious slot_as_mask keep_unhandled no_readback mask_word0 pmr_enodev edge no_cpu_offset
GIC_no_eoi := -DGIC_MUTANT_NO_EOI
GIC_eoi_id_only := -DGIC_MUTANT_EOI_ID_ONLY
GIC_eoi_spurious := -DGIC_MUTANT_EOI_SPURIOUS
GIC_slot_as_mask := -DGIC_MUTANT_SLOT_AS_MASK
GIC_keep_unhandled := -DGIC_MUTANT_KEEP_UNHANDLED
GIC_no_readback := -DGIC_MUTANT_NO_READBACK
GIC_no_cpu_offset := -DGIC_MUTANT_NO_CPU_OFFSET
GIC_WHY_no_eoi := taken_1_times,_want_2
GIC_WHY_eoi_id_only := other_source_CPU_bits_than_its_acknowledge
GIC_WHY_eoi_spurious := EOI_of_a_special_INTID
GIC_WHY_slot_as_mask := SGI_from_cpu[0-9]_at_cpu[0-9]:_source_[0-9],_want
GIC_WHY_keep_unhandled := left_enabled
GIC_mask_word0 := -DGIC_MUTANT_MASK_WORD0
GIC_pmr_enodev := -DGIC_MUTANT_PMR_ENODEV
GIC_edge := -DGIC_MUTANT_EDGE
GIC_WHY_edge := configured_edge-triggered
GIC_WHY_mask_word0 := interface_mask_0x1_with_SGI_bytes_RAZ
GIC_WHY_pmr_enodev := PMR_ignoring_writes:_error_-1
GIC_WHY_no_readback := kept_Secure:_its_enable_reported_as_taken
GIC_WHY_no_cpu_offset := cpu1:_interface_mask_0x4,_want_0x1_.cpu-offset_0x8000

$(BUILD)/host/test_gic: $(GIC_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(GIC_CFLAGS) $(GIC_SRCS) -o $@

$(BUILD)/host/test_gic_%: $(GIC_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(GIC_CFLAGS) $(GIC_$*) $(GIC_SRCS) -o $@

# Planted in a copy of the real driver: SPIs configured edge-triggered
# (ICFGR 0xaaaaaaaa), not level; the level scenario must catch it.
$(BUILD)/host/gic-plant/gic_v2.c: irq/gic_v2.c tests/host/irq/irq.mk
	@mkdir -p $(@D)
	sed 's/GICD_ICFGR + i \/ 4, SPI_CFG_LEVEL)/GICD_ICFGR + i \/ 4, 0xaaaaaaaau)/' $< > $@
	@! cmp -s $< $@ || { echo "FAIL: the gic_v2.c edge plant no longer applies"; exit 1; }
$(BUILD)/host/test_gic_level: $(GIC_DEPS) $(BUILD)/host/gic-plant/gic_v2.c
	$(HOSTCC) $(GIC_CFLAGS) $(filter-out irq/gic_v2.c,$(GIC_SRCS)) \
		$(BUILD)/host/gic-plant/gic_v2.c -o $@

# board_read_gic() on Debian's trees (build/dtbs, tests/host/common/fetch-dtbs.sh),
# and one with #redistributor-regions over the reader's limit (fdtput).
GIC_DTBS := arm64/xilinx/zynqmp-zcu102-rev1.0.dtb armhf/vexpress-v2p-ca9.dtb \
	arm64/qcom/apq8096-db820c.dtb arm64/hisilicon/hip07-d05.dtb arm64/broadcom/bcm2837-rpi-3-b.dtb \
	armhf/bcm2835-rpi-b.dtb
$(BUILD)/host/test_fdt_gic: tests/host/board/test_fdt_gic.c $(FDT_LIB) $(FDT_HDR) irq/gic.h tests/host/irq/irq.mk
	@mkdir -p $(@D)
	$(HOSTCC) $(FDT_CFLAGS) $(FDT_SAN) -o $@ tests/host/board/test_fdt_gic.c $(FDT_LIB)
$(BUILD)/host/gic-bad-regions.dtb: tests/host/irq/irq.mk
	@sh tests/host/common/fetch-dtbs.sh $(BUILD)/dtbs >/dev/null
	cp $(BUILD)/dtbs/arm64/qcom/apq8096-db820c.dtb $@
	fdtput -t u $@ /soc/interrupt-controller@9bc0000 '#redistributor-regions' 5

host-gic: $(BUILD)/host/test_gic $(foreach m,$(GIC_MUTANTS),$(BUILD)/host/test_gic_$(m)) \
		$(BUILD)/host/test_gic_level $(BUILD)/host/test_fdt_gic $(BUILD)/host/gic-bad-regions.dtb
	@$(BUILD)/host/test_gic
	@$(foreach m,$(GIC_MUTANTS),tests/host/common/run-mutant.sh $(m) $(BUILD)/host/gic_mutant_$(m).log \
		"$(GIC_WHY_$(m))" $(BUILD)/host/test_gic_$(m) || exit 1;)
	@tests/host/common/run-mutant.sh spi_edge $(BUILD)/host/gic_mutant_spi_edge.log \
		'level-sensitive_SPI_held_high:_taken_1_times_in_8_steps' $(BUILD)/host/test_gic_level
	@echo "host-gic: PASS: $(words $(GIC_MUTANTS) spi_edge) of $(words $(GIC_MUTANTS) spi_edge) mutants caught"
	@$(BUILD)/host/test_fdt_gic $(foreach t,$(GIC_DTBS),$(BUILD)/dtbs/$(t)) $(BUILD)/host/gic-bad-regions.dtb \
		$(BUILD)/dtbs/armhf/exynos4210-smdkv310.dtb

.PHONY: host-gic

# host-gic-el3: irq/aarch64/gic_el3.S under qemu-aarch64 against a GIC-600
# model that sees every store (tests/host/irq/test_gic_el3.c); the old orders
# built as mutants, each caught.
GIC_EL3_SRCS := tests/host/irq/test_gic_el3.c irq/aarch64/gic_el3.S
GIC_EL3_MUTANTS := are_first no_pwrr
GIC_EL3_are_first := -DGIC_EL3_MUTANT_ARE_FIRST
GIC_EL3_no_pwrr := -DGIC_EL3_MUTANT_NO_PWRR
GIC_EL3_WHY_are_first := GICD.CTLR_0x3_->_0x30:_ARE_changed_with_a_group_enabled
GIC_EL3_WHY_no_pwrr := GIC-600:_GICR.WAKER_0x4:_ChildrenAsleep_still_set
$(BUILD)/host/test_gic_el3%: $(GIC_EL3_SRCS) irq/gic_el3.h tests/host/common/check.h tests/host/irq/irq.mk
	@mkdir -p $(@D)
	$(CROSS_aarch64)gcc -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -static \
		$(GIC_EL3_$(patsubst _%,%,$*)) $(GIC_EL3_SRCS) -o $@

host-gic-el3: $(BUILD)/host/test_gic_el3_ok $(foreach m,$(GIC_EL3_MUTANTS),$(BUILD)/host/test_gic_el3_$(m))
	timeout 120 qemu-aarch64 $(BUILD)/host/test_gic_el3_ok
	@$(foreach m,$(GIC_EL3_MUTANTS),tests/host/common/run-mutant.sh $(m) $(BUILD)/host/gic_el3_$(m).log \
		"$(GIC_EL3_WHY_$(m))" timeout 120 qemu-aarch64 $(BUILD)/host/test_gic_el3_$(m) || exit 1;)

.PHONY: host-gic-el3

# host-fdt-spi: the SPI the irq test pends is one no device of the tree names
# (board/fdt_spi.c; tests/host/board/test_fdt_spi.c) on Debian's trees and
# one with an interrupts-extended user planted; the old choice (the highest
# SPI) built as a mutant that must be caught.
SPI_DTBS := $(BUILD)/dtbs/arm64/xilinx/zynqmp-zcu102-rev1.0.dtb $(BUILD)/dtbs/armhf/vexpress-v2p-ca9.dtb \
	$(BUILD)/host/spi-extended.dtb
$(BUILD)/host/test_fdt_spi%: tests/host/board/test_fdt_spi.c $(FDT_LIB) $(FDT_HDR) tests/host/irq/irq.mk
	@mkdir -p $(@D)
	$(HOSTCC) $(FDT_CFLAGS) $(FDT_SAN) $(if $(findstring _highest,$*),-DFDT_SPI_MUTANT_HIGHEST) \
		-o $@ tests/host/board/test_fdt_spi.c $(FDT_LIB)
$(BUILD)/host/spi-extended.dtb: tests/host/irq/irq.mk
	@sh tests/host/common/fetch-dtbs.sh $(BUILD)/dtbs >/dev/null
	cp $(BUILD)/dtbs/arm64/xilinx/zynqmp-zcu102-rev1.0.dtb $@
	fdtput -c $@ /spi-user
	fdtput -t x $@ /spi-user interrupts-extended \
		$$(fdtget -t x $@ /axi/interrupt-controller@f9010000 phandle) 0 64 4

host-fdt-spi: $(BUILD)/host/test_fdt_spi_ok $(BUILD)/host/test_fdt_spi_highest $(BUILD)/host/spi-extended.dtb
	$(BUILD)/host/test_fdt_spi_ok $(SPI_DTBS)
	@tests/host/common/run-mutant.sh highest $(BUILD)/host/fdt_spi_highest.log \
		'SPI_[0-9]+_chosen,_want' $(BUILD)/host/test_fdt_spi_highest $(SPI_DTBS)

.PHONY: host-fdt-spi
