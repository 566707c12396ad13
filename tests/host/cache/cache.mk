# SPDX-License-Identifier: BSD-2-Clause
# Host tests of cache/ (tests/host/cache/). Included by the Makefile.
#   host-cache-trace  proof by trace of the cache maintenance assembly (tests/host/cache/cache_trace.c):
#                     both architectures under qemu-user, ~10,000 geometries each,
#                     plus two broken builds (a set short; set-outer order) that must fail,
#                     and on AArch64 a third: early Cortex-A53 cleans left as DC CVAC/CVAU
#   sweep             a longer run: 100,000 geometries, bigger budgets
#   host-pl310        the PL310 driver's register protocol against a model of the controller
#   host-dma-system   DMA, "to memory" and the PL310 driver against a system model (below)
BUILD ?= build
HOSTCC ?= clang
DTC ?= dtc
TRACE_SRCS := tests/host/cache/cache_trace.c tests/host/cache/cache_trace_geometry.c cache/range.c cache/geometry.c
TRACE_DEPS := $(TRACE_SRCS) cache/cache.h cache/trace_codes.h arch/aarch64/cpu.h
TRACE_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -I. -DCACHE_TRACE
TRACE_GEOMETRIES ?= 10000
TRACE_RANGES ?= 20000
SWEEP_GEOMETRIES ?= 100000

# $(call trace_bin,arch,variant,extra flags)
$(BUILD)/host/cache_trace_aarch64%: $(TRACE_DEPS) cache/aarch64/setway.S cache/aarch64/range.S cache/aarch64/ops.h
	@mkdir -p $(@D)
	aarch64-linux-gnu-gcc $(TRACE_CFLAGS) -static $(if $(findstring _bound,$*),-DTRACE_MUTANT_BOUND) \
		$(if $(findstring _order,$*),-DTRACE_MUTANT_ORDER) \
		$(if $(findstring _civac,$*),-DCACHE_MUTANT_NO_CLEAN_CIVAC) \
		$(TRACE_SRCS) cache/aarch64/setway.S cache/aarch64/range.S -o $@

$(BUILD)/host/cache_trace_armv7%: $(TRACE_DEPS) cache/armv7/setway.S cache/armv7/range.S cache/armv7/ops.h
	@mkdir -p $(@D)
	arm-none-eabi-gcc $(TRACE_CFLAGS) -marm -march=armv7-a -specs=rdimon.specs \
		$(if $(findstring _bound,$*),-DTRACE_MUTANT_BOUND) $(if $(findstring _order,$*),-DTRACE_MUTANT_ORDER) \
		$(TRACE_SRCS) cache/armv7/setway.S cache/armv7/range.S -o $@

QEMU_USER_aarch64 := timeout 600 qemu-aarch64
QEMU_USER_armv7 := timeout 600 qemu-arm

TRACE_MUTANTS_aarch64 := bound order civac
TRACE_MUTANTS_armv7 := bound order
# The failure each broken build must produce (tests/host/common/run-mutant.sh:
# ERE, '_' for a space; a crash is not a catch): a set/way walk with an
# operation other than the model's (bound: a set short; order: set-outer), and
# on AArch64 the early Cortex-A53 cleans left as DC CVAC/CVAU.
TRACE_WHY_bound := geometry_[0-9]+_[^:]+:_op_[0-9]+_is_0x[0-9a-f]+_\(op_[0-9]\),_want_0x
TRACE_WHY_order := geometry_[0-9]+_[^:]+:_op_[0-9]+_is_0x[0-9a-f]+_\(op_[0-9]\),_want_0x
TRACE_WHY_civac := cleans_by_address_not_as_required_\(DC_CIVAC\)
host-cache-trace: $(foreach a,aarch64 armv7,$(foreach v,_ok $(addprefix _,$(TRACE_MUTANTS_$(a))),$(BUILD)/host/cache_trace_$(a)$(v)))
	@$(QEMU_USER_aarch64) $(BUILD)/host/cache_trace_aarch64_ok $(TRACE_GEOMETRIES) $(TRACE_RANGES)
	@$(QEMU_USER_armv7) $(BUILD)/host/cache_trace_armv7_ok $(TRACE_GEOMETRIES) $(TRACE_RANGES)
	@$(foreach a,aarch64 armv7,$(foreach m,$(TRACE_MUTANTS_$(a)),tests/host/common/run-mutant.sh $(m)-$(a) \
		$(BUILD)/host/mutant_$(a)_$(m).log "$(TRACE_WHY_$(m))" $(QEMU_USER_$(a)) \
		$(BUILD)/host/cache_trace_$(a)_$(m) 300 0 || exit 1;))

## make sweep: the cache trace test over 100,000 geometries (longer; not in make test)
sweep: $(BUILD)/host/cache_trace_aarch64_ok $(BUILD)/host/cache_trace_armv7_ok
	@r=0; for a in aarch64 armv7; do \
		q="$(QEMU_USER_aarch64)"; [ $$a = armv7 ] && q="$(QEMU_USER_armv7)"; \
		$$q $(BUILD)/host/cache_trace_$${a}_ok $(SWEEP_GEOMETRIES) 200000 $$RANDOM 20000 | tail -n 1 | \
			sed 's/.*: \([0-9]*\) geometries, \([0-9]*\) mismatches.*/\1 geometries, \2 mismatches/' || r=1; \
	done; exit $$r

.PHONY: host-cache-trace sweep

# The PL310 driver's register protocol against a model of the controller.
$(BUILD)/host/test_pl310: tests/host/cache/test_pl310.c cache/pl310.c cache/pl310.h tests/host/common/check.h
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
		-fno-sanitize-recover=all tests/host/cache/test_pl310.c cache/pl310.c -o $@

host-pl310: $(BUILD)/host/test_pl310
	$<

.PHONY: host-pl310

# DMA, "to memory" and the PL310 driver against a system model (tests/host/
# test_dma_system.c, system_model*.c), and the set/way barrier check.
#   host-dma-system  native, ASan/UBSan: the image's cache/dma.c, memory.c,
#                    outer.c, pl310.c, range.c (unchanged; the inner-cache
#                    loops and the PL310 registers are the model's) over 10
#                    configurations x 10,000 random transfers; then each
#                    broken build below must make the model report the
#                    violation (or the check) named for it, not crash;
#                    then the board scan's "arm,shared-override" (test_fdt_pl310.c)
#                    and tests/host/cache/check-setway-dsb.sh (the DSB before each
#                    set/way walk, and a copy without it refused); then
#                    cache/publish.c against an observer with its caches off
#                    (test_publish.c), and its flag-first mutant caught
DMA_CFLAGS := -std=gnu11 -g -O2 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
	-fno-sanitize-recover=all
DMA_IMAGE_SRCS := cache/dma.c cache/memory.c cache/outer.c cache/pl310.c cache/range.c
DMA_SRCS := tests/host/cache/test_dma_system.c tests/host/cache/test_dma_scenarios.c tests/host/cache/system_model.c \
	tests/host/cache/system_model_outer.c tests/host/cache/system_model_seams.c $(DMA_IMAGE_SRCS)
DMA_DEPS := $(DMA_SRCS) tests/host/cache/test_dma_scenarios.h tests/host/cache/system_model.h tests/host/cache/system_model_priv.h \
	tests/host/common/check.h cache/cache.h cache/outer.h cache/pl310.h tests/host/cache/cache.mk
# mutant: the -D flag, the configuration it must be caught on; DMA_WHY_<mutant>:
# the failure it must produce (tests/host/common/run-mutant.sh: '_' for spaces)
DMA_MUTANTS := dma_outer_first inner_first_for_cpu poc_only no_588369 no_727915 no_753970 \
	unsafe_disable cinv_first va_as_pa 588369_no_wrap locked keep_flz
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
DMA_keep_flz := -DOUTER_MUTANT_KEEP_FLZ fw-flz
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
DMA_WHY_keep_flz := disabled_with_Full_Line_of_Zero_and_the_Cortex-A9's_ACTLR.FLZ_still_on
DMA_WHY_locked := fw-locked:_lockdown_register_0x9[0-3][0-9a-f]_reads_0xff
DMA_MUTANT_TRANSFERS ?= 3000

$(BUILD)/host/test_dma_system: $(DMA_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(DMA_CFLAGS) $(DMA_SRCS) -o $@

$(BUILD)/host/test_dma_system_%: $(DMA_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(DMA_CFLAGS) $(firstword $(DMA_$*)) $(DMA_SRCS) -o $@

PUBLISH_SRCS := tests/host/cache/test_publish.c cache/publish.c
$(BUILD)/host/test_publish: $(PUBLISH_SRCS) cache/cache.h tests/host/common/check.h tests/host/cache/cache.mk
	@mkdir -p $(@D)
	$(HOSTCC) $(DMA_CFLAGS) $(PUBLISH_SRCS) -o $@
$(BUILD)/host/test_publish_flag_first: $(PUBLISH_SRCS) cache/cache.h tests/host/common/check.h tests/host/cache/cache.mk
	@mkdir -p $(@D)
	$(HOSTCC) $(DMA_CFLAGS) -DPUBLISH_MUTANT_FLAG_FIRST $(PUBLISH_SRCS) -o $@

# The scan's reading of arm,shared-override: the board scan and reader as
# tests/host/lib/fdt/fdt.mk builds them (FDT_LIB), four trees.
DMA_DTB := $(BUILD)/host/pl310-dts
$(DMA_DTB)/with.dtb: tests/host/board/pl310-shared.dts
	@mkdir -p $(@D)
	$(DTC) -q -I dts -O dtb -o $@ $<
$(DMA_DTB)/without.dtb: tests/host/board/pl310-shared.dts
	@mkdir -p $(@D)
	sed '/arm,shared-override;/d' $< | $(DTC) -q -I dts -O dtb -o $@ -
$(DMA_DTB)/%.dtb: tests/host/common/dts/%.dts
	@mkdir -p $(@D)
	$(DTC) -q -I dts -O dtb -o $@ $<
$(BUILD)/host/test_fdt_pl310: tests/host/board/test_fdt_pl310.c $(FDT_LIB) $(FDT_HDR) tests/host/cache/cache.mk
	@mkdir -p $(@D)
	$(HOSTCC) $(FDT_CFLAGS) $(FDT_SAN) -o $@ tests/host/board/test_fdt_pl310.c $(FDT_LIB)

host-dma-system: $(BUILD)/host/test_dma_system \
		$(foreach m,$(DMA_MUTANTS),$(BUILD)/host/test_dma_system_$(m)) \
		$(BUILD)/host/test_fdt_pl310 $(foreach t,with without vexpress virt64,$(DMA_DTB)/$(t).dtb) \
		$(BUILD)/host/test_publish $(BUILD)/host/test_publish_flag_first
	@$(BUILD)/host/test_dma_system
	@$(foreach m,$(DMA_MUTANTS),tests/host/common/run-mutant.sh $(m) $(BUILD)/host/dma_mutant_$(m).log \
		"$(DMA_WHY_$(m))" $(BUILD)/host/test_dma_system_$(m) $(word 2,$(DMA_$(m))) \
		$(DMA_MUTANT_TRANSFERS) || exit 1;)
	@echo "host-dma-system: PASS: $(words $(DMA_MUTANTS)) of $(words $(DMA_MUTANTS)) mutants caught"
	@$(BUILD)/host/test_fdt_pl310 $(foreach t,with without vexpress virt64,$(DMA_DTB)/$(t).dtb)
	@tests/host/cache/check-setway-dsb.sh $(BUILD)
	@$(BUILD)/host/test_publish
	@tests/host/common/run-mutant.sh flag_first $(BUILD)/host/publish_mutant.log \
		'the_observer_saw_the_new_key_with_an_old_payload_[1-9]' \
		$(BUILD)/host/test_publish_flag_first

.PHONY: host-dma-system
