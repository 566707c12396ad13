# DMA, "to memory" and the PL310 driver against a system model (tests/host/
# test_dma_system.c, system_model*.c), and the set/way barrier check.
# Included by the Makefile.
#   host-dma-system  native, ASan/UBSan: the image's cache/dma.c, memory.c,
#                    outer.c, pl310.c, range.c (unchanged; the inner-cache
#                    loops and the PL310 registers are the model's) over 10
#                    configurations x 10,000 random transfers; then each
#                    broken build below must make the model report the
#                    violation (or the check) named for it, not crash;
#                    then the board scan's "arm,shared-override" (test_fdt_pl310.c)
#                    and tests/host/check-setway-dsb.sh (the DSB before each
#                    set/way walk, and a copy without it refused); then
#                    cache/publish.c against an observer with its caches off
#                    (test_publish.c), and its flag-first mutant caught
BUILD ?= build
HOSTCC ?= clang
DTC ?= dtc
DMA_CFLAGS := -std=gnu11 -g -O2 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
	-fno-sanitize-recover=all
DMA_IMAGE_SRCS := cache/dma.c cache/memory.c cache/outer.c cache/pl310.c cache/range.c
DMA_SRCS := tests/host/test_dma_system.c tests/host/test_dma_scenarios.c tests/host/system_model.c \
	tests/host/system_model_seams.c $(DMA_IMAGE_SRCS)
DMA_DEPS := $(DMA_SRCS) tests/host/test_dma_scenarios.h tests/host/system_model.h tests/host/system_model_priv.h \
	tests/host/check.h cache/cache.h cache/outer.h cache/pl310.h tests/host/dma.mk
# mutant: the -D flag, the configuration it must be caught on; DMA_WHY_<mutant>:
# the failure it must produce (tests/host/run-mutant.sh: '_' for spaces)
DMA_MUTANTS := dma_outer_first inner_first_for_cpu poc_only no_588369 no_727915 no_753970 \
	unsafe_disable cinv_first va_as_pa 588369_no_wrap locked
DMA_dma_outer_first := -DDMA_MUTANT_OUTER_FIRST a9-r3p2
DMA_inner_first_for_cpu := -DDMA_MUTANT_INNER_FIRST_FOR_CPU l64-r3p2
DMA_poc_only := -DMEMORY_MUTANT_POC_ONLY a9-r3p2-on
DMA_no_588369 := -DPL310_MUTANT_NO_588369 a9-r1p0
DMA_no_727915 := -DPL310_MUTANT_NO_727915 l64-r2p0
DMA_no_753970 := -DPL310_MUTANT_NO_753970 l64-r3p0-on
DMA_unsafe_disable := -DOUTER_MUTANT_UNSAFE_DISABLE a9-r3p2
DMA_cinv_first := -DMEMORY_MUTANT_CINV_FIRST a9-r3p2
DMA_va_as_pa := -DOUTER_MUTANT_VA_AS_PA l64-r3p2
DMA_588369_no_wrap := -DPL310_MUTANT_588369_NO_WRAP a9-r1p0
DMA_locked := -DPL310_MUTANT_LOCKED fw-locked
DMA_WHY_dma_outer_first := over_the_device's
DMA_WHY_inner_first_for_cpu := CPU[01]_read_0x
DMA_WHY_poc_only := device_read_0x
DMA_WHY_no_588369 := CPU[01]_read_0x
DMA_WHY_no_727915 := background_clean_by_way_on_r2p0:_erratum_727915
DMA_WHY_no_753970 := Cache_Sync_through_0x730_on_r3p0:_erratum_753970
DMA_WHY_unsafe_disable := CPU[01]_read_0x
DMA_WHY_cinv_first := the_DRAM_test's_verify_missed_[1-9]
DMA_WHY_va_as_pa := device_read_0x[0-9a-f]+_at_0x8002[67]
DMA_WHY_588369_no_wrap := memory_at_0x8002a[0-9a-f]{3}_holds
DMA_WHY_locked := fw-locked:_lockdown_register_0x9[0-3][0-9a-f]_reads_0xff
DMA_MUTANT_TRANSFERS ?= 3000

$(BUILD)/host/test_dma_system: $(DMA_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(DMA_CFLAGS) $(DMA_SRCS) -o $@

$(BUILD)/host/test_dma_system_%: $(DMA_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(DMA_CFLAGS) $(firstword $(DMA_$*)) $(DMA_SRCS) -o $@

PUBLISH_SRCS := tests/host/test_publish.c cache/publish.c
$(BUILD)/host/test_publish: $(PUBLISH_SRCS) cache/cache.h tests/host/check.h tests/host/dma.mk
	@mkdir -p $(@D)
	$(HOSTCC) $(DMA_CFLAGS) $(PUBLISH_SRCS) -o $@
$(BUILD)/host/test_publish_flag_first: $(PUBLISH_SRCS) cache/cache.h tests/host/check.h tests/host/dma.mk
	@mkdir -p $(@D)
	$(HOSTCC) $(DMA_CFLAGS) -DPUBLISH_MUTANT_FLAG_FIRST $(PUBLISH_SRCS) -o $@

# The scan's reading of arm,shared-override: the board scan and reader as
# tests/host/fdt.mk builds them (FDT_LIB), four trees.
DMA_DTB := $(BUILD)/host/pl310-dts
$(DMA_DTB)/with.dtb: tests/host/pl310-shared.dts
	@mkdir -p $(@D)
	$(DTC) -q -I dts -O dtb -o $@ $<
$(DMA_DTB)/without.dtb: tests/host/pl310-shared.dts
	@mkdir -p $(@D)
	sed '/arm,shared-override;/d' $< | $(DTC) -q -I dts -O dtb -o $@ -
$(DMA_DTB)/%.dtb: tests/host/dts/%.dts
	@mkdir -p $(@D)
	$(DTC) -q -I dts -O dtb -o $@ $<
$(BUILD)/host/test_fdt_pl310: tests/host/test_fdt_pl310.c $(FDT_LIB) $(FDT_HDR) tests/host/dma.mk
	@mkdir -p $(@D)
	$(HOSTCC) $(FDT_CFLAGS) $(FDT_SAN) -o $@ tests/host/test_fdt_pl310.c $(FDT_LIB)

host-dma-system: $(BUILD)/host/test_dma_system \
		$(foreach m,$(DMA_MUTANTS),$(BUILD)/host/test_dma_system_$(m)) \
		$(BUILD)/host/test_fdt_pl310 $(foreach t,with without vexpress virt64,$(DMA_DTB)/$(t).dtb) \
		$(BUILD)/host/test_publish $(BUILD)/host/test_publish_flag_first
	@$(BUILD)/host/test_dma_system
	@$(foreach m,$(DMA_MUTANTS),tests/host/run-mutant.sh $(m) $(BUILD)/host/dma_mutant_$(m).log \
		"$(DMA_WHY_$(m))" $(BUILD)/host/test_dma_system_$(m) $(word 2,$(DMA_$(m))) \
		$(DMA_MUTANT_TRANSFERS) || exit 1;)
	@echo "host-dma-system: PASS: $(words $(DMA_MUTANTS)) of $(words $(DMA_MUTANTS)) mutants caught"
	@$(BUILD)/host/test_fdt_pl310 $(foreach t,with without vexpress virt64,$(DMA_DTB)/$(t).dtb)
	@tests/host/check-setway-dsb.sh $(BUILD)
	@$(BUILD)/host/test_publish
	@tests/host/run-mutant.sh flag_first $(BUILD)/host/publish_mutant.log \
		'the_observer_saw_the_new_key_with_an_old_payload_[1-9]' \
		$(BUILD)/host/test_publish_flag_first

.PHONY: host-dma-system
