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
GIC_MUTANTS := no_eoi eoi_id_only eoi_spurious slot_as_mask keep_unhandled no_cpu_offset
GIC_no_eoi := -DGIC_MUTANT_NO_EOI
GIC_eoi_id_only := -DGIC_MUTANT_EOI_ID_ONLY
GIC_eoi_spurious := -DGIC_MUTANT_EOI_SPURIOUS
GIC_slot_as_mask := -DGIC_MUTANT_SLOT_AS_MASK
GIC_keep_unhandled := -DGIC_MUTANT_KEEP_UNHANDLED
GIC_no_cpu_offset := -DGIC_MUTANT_NO_CPU_OFFSET
GIC_WHY_no_eoi := taken_1_times,_want_2
GIC_WHY_eoi_id_only := other_source_CPU_bits_than_its_acknowledge
GIC_WHY_eoi_spurious := EOI_of_a_special_INTID
GIC_WHY_slot_as_mask := SGI_from_cpu[0-9]_at_cpu[0-9]:_source_[0-9],_want
GIC_WHY_keep_unhandled := left_enabled
GIC_WHY_no_cpu_offset := cpu1:_interface_mask_0x4,_want_0x1_.cpu-offset_0x8000

$(BUILD)/host/test_gic: $(GIC_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(GIC_CFLAGS) $(GIC_SRCS) -o $@

$(BUILD)/host/test_gic_%: $(GIC_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(GIC_CFLAGS) $(GIC_$*) $(GIC_SRCS) -o $@

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
		$(BUILD)/host/test_fdt_gic $(BUILD)/host/gic-bad-regions.dtb
	@$(BUILD)/host/test_gic
	@$(foreach m,$(GIC_MUTANTS),tests/host/common/run-mutant.sh $(m) $(BUILD)/host/gic_mutant_$(m).log \
		"$(GIC_WHY_$(m))" $(BUILD)/host/test_gic_$(m) || exit 1;)
	@echo "host-gic: PASS: $(words $(GIC_MUTANTS)) of $(words $(GIC_MUTANTS)) mutants caught"
	@$(BUILD)/host/test_fdt_gic $(foreach t,$(GIC_DTBS),$(BUILD)/dtbs/$(t)) $(BUILD)/host/gic-bad-regions.dtb \
		$(BUILD)/dtbs/armhf/exynos4210-smdkv310.dtb

.PHONY: host-gic
