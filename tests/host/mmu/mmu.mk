# SPDX-License-Identifier: BSD-2-Clause
# Host tests of mmu/ (tests/host/mmu/). Included by the Makefile.
#   host-mmu         native (ASan/UBSan): tests/host/mmu/test_mmu.c over mmu/layout.c and
#                    mmu/aarch64/pgtable.c (with cache/geometry.c), and the AArch64 TCR_EL1
#                    and core checks of tests/host/arch/test_cpu_aarch64.c
#   host-mmu-armv7   arm-none-eabi + semihosting newlib under qemu-arm, mmu/armv7/pgtable.c,
#                    arch/armv7/actlr.S, the ARMv7 core checks of tests/host/arch/test_cpu_armv7.c;
#                    check-armv7-order.sh (VBAR before the MMU, DSB before by-MVA loops)
# The lazy flush policy (mmu/pageframe.c) on the host:
#   host-lazy-flush  native, ASan/UBSan: the API's unit checks (test_lazy_unit.c),
#                    then the policy against the cache model (test_lazy_flush.c,
#                    cache_model.c) on every profile and IDC/DIC combination; then
#                    each broken build below must make the model report a violation.
BUILD ?= build
HOSTCC ?= clang

# A made-up image layout for mmu_layout() (only the addresses are used).
FAKE_IMAGE := __image_start=0x40200000 __text_end=0x40218000 __rodata_end=0x4021e000 \
	__guard0=0x40250000 __stack_bottom=0x40251000 __stack_top=0x40259000 \
	__guard1=0x40259000 __exc_stack_bottom=0x4025a000 __exc_stack_top=0x4025c000
FAKE_IMAGE_LDFLAGS := $(foreach s,$(FAKE_IMAGE),-Wl,--defsym=$(s))
MMU_TEST_SRCS := tests/host/mmu/test_mmu.c tests/host/mmu/test_mmu_window.c tests/host/mmu/test_mmu_split.c $(MMU_LAYOUT_SRCS) $(MEMMAP_SRCS) cache/geometry.c
# AArch64 TCR_EL1 fields and the cores' SMPEN/errata by MIDR (host-mmu only).
MMU_TEST_AARCH64 := tests/host/arch/test_cpu_aarch64.c
# ARMv7 ACTLR.SMP/FW and the cores' errata by MIDR (host-mmu-armv7 only).
MMU_TEST_ARMV7 := tests/host/arch/test_cpu_armv7.c

$(BUILD)/host/test_mmu: $(MMU_TEST_SRCS) $(MMU_TEST_AARCH64) $(call mmu_pgtable,aarch64) mmu/mmu.h \
		cache/cache.h arch/aarch64/sysreg.h arch/aarch64/cpu.h
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
		-fno-sanitize-recover=all -no-pie $(FAKE_IMAGE_LDFLAGS) \
		$(MMU_TEST_SRCS) $(MMU_TEST_AARCH64) $(call mmu_pgtable,aarch64) -o $@

# test_mmu_armv7_boot_only: 798181 chosen from the boot CPU alone (the
# mutant of arch/armv7/errata.h erratum_798181_merge), which must be caught.
$(BUILD)/host/test_mmu_armv7 $(BUILD)/host/test_mmu_armv7_boot_only: $(MMU_TEST_SRCS) $(MMU_TEST_ARMV7) \
		$(call mmu_pgtable,armv7) arch/armv7/actlr.S arch/armv7/sysreg.h arch/armv7/errata.h \
		mmu/mmu.h cache/cache.h
	@mkdir -p $(@D)
	arm-none-eabi-gcc -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -marm -march=armv7-a \
		$(if $(findstring boot_only,$@),-DERRATA_MUTANT_BOOT_ONLY) -specs=rdimon.specs $(FAKE_IMAGE_LDFLAGS) \
		$(MMU_TEST_SRCS) $(MMU_TEST_ARMV7) $(call mmu_pgtable,armv7) arch/armv7/actlr.S -o $@

host-mmu: $(BUILD)/host/test_mmu
	$<

host-mmu-armv7: $(BUILD)/host/test_mmu_armv7 $(BUILD)/host/test_mmu_armv7_boot_only
	timeout 120 qemu-arm $<
	@tests/host/common/run-mutant.sh 798181_boot_only $(BUILD)/host/test_mmu_armv7_boot_only.log \
		'798181_for_\{A7_boot,_A15_r3p3_online\}:_0' timeout 120 qemu-arm $(BUILD)/host/test_mmu_armv7_boot_only
	@tests/host/mmu/check-armv7-order.sh $(BUILD)

.PHONY: host-mmu host-mmu-armv7

# The lazy flush policy (mmu/pageframe.c).
LAZY_CFLAGS := -std=gnu11 -g -O2 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
	-fno-sanitize-recover=all
LAZY_SRCS := tests/host/mmu/test_lazy_flush.c tests/host/mmu/cache_model.c $(PAGEFRAME_SRCS)
LAZY_DEPS := $(LAZY_SRCS) tests/host/mmu/cache_model.h mmu/pageframe.h tests/host/mmu/mmu.mk
# mutant: -D flag, the profile and hardware IDC DIC it must be caught on
LAZY_MUTANTS := no_deferred no_iinval iinval_by_va no_mapcount drop_writeback
LAZY_no_deferred := -DLAZY_MUTANT_NO_DEFERRED_FLUSH cortex-a53 0 0
LAZY_no_iinval := -DLAZY_MUTANT_NO_IINVAL cortex-a53 0 0
LAZY_iinval_by_va := -DLAZY_MUTANT_IINVAL_BY_VA cortex-a53-vipt 0 0
LAZY_no_mapcount := -DLAZY_MUTANT_NO_MAPCOUNT cortex-a53 0 0
LAZY_drop_writeback := -DMODEL_MUTANT_DROP_WRITEBACK cortex-a9 0 0
# LAZY_WHY_<mutant>: the violation the model must report for it
# (tests/host/common/run-mutant.sh: ERE, '_' for a space; a crash is not a catch)
LAZY_WHY_no_deferred := violations:_[1-9][0-9]*_stale_fetch,_[1-9][0-9]*_stale_alias
LAZY_WHY_no_iinval := violations:_[1-9][0-9]*_stale_fetch
LAZY_WHY_iinval_by_va := violations:_[1-9][0-9]*_stale_fetch
LAZY_WHY_no_mapcount := violations:_[0-9]+_stale_fetch,_[1-9][0-9]*_stale_alias
LAZY_WHY_drop_writeback := [1-9][0-9]*_lost_write;
LAZY_MUTANT_SEQS ?= 3000

$(BUILD)/host/test_lazy_unit: tests/host/mmu/test_lazy_unit.c $(PAGEFRAME_SRCS) cache/geometry.c \
		mmu/pageframe.h cache/cache.h tests/host/mmu/mmu.mk
	@mkdir -p $(@D)
	$(HOSTCC) $(LAZY_CFLAGS) tests/host/mmu/test_lazy_unit.c $(PAGEFRAME_SRCS) cache/geometry.c -o $@

$(BUILD)/host/test_lazy_flush: $(LAZY_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(LAZY_CFLAGS) $(LAZY_SRCS) -o $@

$(BUILD)/host/test_lazy_flush_%: $(LAZY_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(LAZY_CFLAGS) $(firstword $(LAZY_$*)) $(LAZY_SRCS) -o $@

# mmu/pageframe_ops.c (the policy's binding to cache/ and mmu/) with those
# stubbed (test_pageframe_ops.c), per architecture under qemu-user; and a copy
# of it that cleans 8 bytes of the frame, not the frame, must fail.
PFOPS_DEPS := tests/host/mmu/test_pageframe_ops.c mmu/pageframe_ops.c mmu/pageframe.h mmu/mmu.h \
	cache/cache.h tests/host/common/check.h tests/host/mmu/mmu.mk
PFOPS_CC_aarch64 := aarch64-linux-gnu-gcc -static
PFOPS_CC_armv7 := arm-none-eabi-gcc -marm -march=armv7-a -specs=rdimon.specs
PFOPS_RUN_aarch64 := timeout 60 qemu-aarch64
PFOPS_RUN_armv7 := timeout 60 qemu-arm
$(BUILD)/host/test_pageframe_ops_%: $(PFOPS_DEPS)
	@mkdir -p $(@D)
	$(PFOPS_CC_$*) -std=gnu11 -O2 -g -Wall -Wextra -Werror -I. tests/host/mmu/test_pageframe_ops.c \
		mmu/pageframe_ops.c -o $@
$(BUILD)/host/pageframe_ops_clean8.c: mmu/pageframe_ops.c
	@mkdir -p $(@D)
	sed 's/dcache_clean_pou((uintptr_t)frame, PAGE_SIZE)/dcache_clean_pou((uintptr_t)frame, 8)/' $< >$@
	@! cmp -s $< $@ || { echo "host-lazy-flush: the clean8 plant changed nothing"; exit 1; }
$(BUILD)/host/test_pageframe_ops_clean8: $(PFOPS_DEPS) $(BUILD)/host/pageframe_ops_clean8.c
	$(PFOPS_CC_aarch64) -std=gnu11 -O2 -g -Wall -Wextra -Werror -I. tests/host/mmu/test_pageframe_ops.c \
		$(BUILD)/host/pageframe_ops_clean8.c -o $@

host-lazy-flush: $(BUILD)/host/test_lazy_unit $(BUILD)/host/test_lazy_flush \
		$(foreach m,$(LAZY_MUTANTS),$(BUILD)/host/test_lazy_flush_$(m)) \
		$(BUILD)/host/test_pageframe_ops_aarch64 $(BUILD)/host/test_pageframe_ops_armv7 \
		$(BUILD)/host/test_pageframe_ops_clean8
	@$(BUILD)/host/test_lazy_unit
	@$(PFOPS_RUN_aarch64) $(BUILD)/host/test_pageframe_ops_aarch64
	@$(PFOPS_RUN_armv7) $(BUILD)/host/test_pageframe_ops_armv7
	@tests/host/common/run-mutant.sh pageframe_ops_clean8 $(BUILD)/host/pageframe_ops_clean8.log \
		'clean_of_frame_0x[0-9a-f]+:_1_calls,_\[0x[0-9a-f]+,_\+8\),_want_the_whole_frame' \
		$(PFOPS_RUN_aarch64) $(BUILD)/host/test_pageframe_ops_clean8
	@$(BUILD)/host/test_lazy_flush
	@$(foreach m,$(LAZY_MUTANTS),tests/host/common/run-mutant.sh $(m) $(BUILD)/host/lazy_mutant_$(m).log \
		"$(LAZY_WHY_$(m))" $(BUILD)/host/test_lazy_flush_$(m) $(wordlist 2,4,$(LAZY_$(m))) \
		$(LAZY_MUTANT_SEQS) || exit 1;)
	@echo "host-lazy-flush: PASS: $(words $(LAZY_MUTANTS)) of $(words $(LAZY_MUTANTS)) mutants caught"

.PHONY: host-lazy-flush
