# DMA, "to memory" and the PL310 driver against a system model (tests/host/
# test_dma_system.c, system_model*.c), and the set/way barrier check.
# Included by the Makefile.
#   host-dma-system  native, ASan/UBSan: the image's cache/dma.c, memory.c,
#                    outer.c, pl310.c, range.c (unchanged; the inner-cache
#                    loops and the PL310 registers are the model's) over 10
#                    configurations x 10,000 random transfers; then each
#                    broken build below must make the model report a violation;
#                    then the board scan's "arm,shared-override" (test_fdt_pl310.c)
#                    and tests/host/check-setway-dsb.sh (the DSB before each
#                    set/way walk, and a copy without it refused)
BUILD ?= build
HOSTCC ?= clang
DTC ?= dtc
DMA_CFLAGS := -std=gnu11 -g -O2 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
	-fno-sanitize-recover=all
DMA_IMAGE_SRCS := cache/dma.c cache/memory.c cache/outer.c cache/pl310.c cache/range.c
DMA_SRCS := tests/host/test_dma_system.c tests/host/system_model.c \
	tests/host/system_model_seams.c $(DMA_IMAGE_SRCS)
DMA_DEPS := $(DMA_SRCS) tests/host/system_model.h tests/host/system_model_priv.h \
	tests/host/check.h cache/cache.h cache/outer.h cache/pl310.h tests/host/dma.mk
# mutant: the -D flag, the configuration it must be caught on
DMA_MUTANTS := dma_outer_first inner_first_for_cpu poc_only no_588369 no_727915 no_753970 \
	unsafe_disable
DMA_dma_outer_first := -DDMA_MUTANT_OUTER_FIRST a9-r3p2
DMA_inner_first_for_cpu := -DDMA_MUTANT_INNER_FIRST_FOR_CPU l64-r3p2
DMA_poc_only := -DMEMORY_MUTANT_POC_ONLY a9-r3p2-on
DMA_no_588369 := -DPL310_MUTANT_NO_588369 a9-r1p0
DMA_no_727915 := -DPL310_MUTANT_NO_727915 l64-r2p0
DMA_no_753970 := -DPL310_MUTANT_NO_753970 l64-r3p0-on
DMA_unsafe_disable := -DOUTER_MUTANT_UNSAFE_DISABLE a9-r3p2
DMA_MUTANT_TRANSFERS ?= 3000

$(BUILD)/host/test_dma_system: $(DMA_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(DMA_CFLAGS) $(DMA_SRCS) -o $@

$(BUILD)/host/test_dma_system_%: $(DMA_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(DMA_CFLAGS) $(firstword $(DMA_$*)) $(DMA_SRCS) -o $@

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
		$(BUILD)/host/test_fdt_pl310 $(foreach t,with without vexpress virt64,$(DMA_DTB)/$(t).dtb)
	@$(BUILD)/host/test_dma_system
	@$(foreach m,$(DMA_MUTANTS),\
		if $(BUILD)/host/test_dma_system_$(m) $(word 2,$(DMA_$(m))) $(DMA_MUTANT_TRANSFERS) \
			>$(BUILD)/host/dma_mutant_$(m).log 2>&1; then \
			cat $(BUILD)/host/dma_mutant_$(m).log; \
			echo "host-dma-system: FAIL: mutant $(m) ($(firstword $(DMA_$(m)))) passed the model"; \
			exit 1; \
		else echo "mutant $(m) caught: $$(tail -n 1 $(BUILD)/host/dma_mutant_$(m).log)"; fi;)
	@echo "host-dma-system: PASS: $(words $(DMA_MUTANTS)) of $(words $(DMA_MUTANTS)) mutants caught"
	@$(BUILD)/host/test_fdt_pl310 $(foreach t,with without vexpress virt64,$(DMA_DTB)/$(t).dtb)
	@tests/host/check-setway-dsb.sh $(BUILD)

.PHONY: host-dma-system
