# Host tests of mmu/ and cache/ (tests/host/test_mmu.c). Included by the Makefile.
#   host-mmu        native (ASan/UBSan), mmu/aarch64/pgtable.c
#   host-mmu-armv7  arm-none-eabi + semihosting newlib under qemu-arm, mmu/armv7/pgtable.c,
#                   arch/armv7/actlr.S; check-armv7-order.sh (VBAR before the MMU, DSB before by-MVA loops)
#   host-memtest-plan  native: the DRAM test's ranges (memtest/plan.c)
BUILD ?= build
HOSTCC ?= clang

# A made-up image layout for mmu_layout() (only the addresses are used).
FAKE_IMAGE := __image_start=0x40200000 __text_end=0x40218000 __rodata_end=0x4021e000 \
	__guard0=0x40250000 __stack_bottom=0x40251000 __stack_top=0x40259000 \
	__guard1=0x40259000 __exc_stack_bottom=0x4025a000 __exc_stack_top=0x4025c000
FAKE_IMAGE_LDFLAGS := $(foreach s,$(FAKE_IMAGE),-Wl,--defsym=$(s))
MMU_TEST_SRCS := tests/host/test_mmu.c tests/host/test_mmu_window.c tests/host/test_mmu_split.c $(MMU_LAYOUT_SRCS) $(MEMMAP_SRCS) cache/geometry.c
# AArch64 TCR_EL1 fields and the cores' SMPEN/errata by MIDR (host-mmu only).
MMU_TEST_AARCH64 := tests/host/test_cpu_aarch64.c

$(BUILD)/host/test_mmu: $(MMU_TEST_SRCS) $(MMU_TEST_AARCH64) $(call mmu_pgtable,aarch64) mmu/mmu.h \
		cache/cache.h arch/aarch64/sysreg.h arch/aarch64/cpu.h
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
		-fno-sanitize-recover=all -no-pie $(FAKE_IMAGE_LDFLAGS) \
		$(MMU_TEST_SRCS) $(MMU_TEST_AARCH64) $(call mmu_pgtable,aarch64) -o $@

$(BUILD)/host/test_mmu_armv7: $(MMU_TEST_SRCS) $(call mmu_pgtable,armv7) arch/armv7/actlr.S \
		arch/armv7/sysreg.h arch/armv7/errata.h mmu/mmu.h cache/cache.h
	@mkdir -p $(@D)
	arm-none-eabi-gcc -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -marm -march=armv7-a \
		-specs=rdimon.specs $(FAKE_IMAGE_LDFLAGS) \
		$(MMU_TEST_SRCS) $(call mmu_pgtable,armv7) arch/armv7/actlr.S -o $@

host-mmu: $(BUILD)/host/test_mmu
	$<

host-mmu-armv7: $(BUILD)/host/test_mmu_armv7
	timeout 120 qemu-arm $<
	@tests/host/check-armv7-order.sh $(BUILD)

.PHONY: host-mmu host-mmu-armv7

# Which RAM the DRAM test may write (tests/host/test_memtest_plan.c).
MEMTEST_PLAN_TEST_SRCS := tests/host/test_memtest_plan.c $(MEMTEST_PLAN_SRCS) $(OPTIONS_SRCS) $(MEMMAP_SRCS)
$(BUILD)/host/test_memtest_plan: $(MEMTEST_PLAN_TEST_SRCS) memtest/plan.h front/options.h tests/host/check.h
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
		-fno-sanitize-recover=all -no-pie -Wl,--defsym=__image_start=0x40200000 \
		-Wl,--defsym=__image_end=0x40280000 $(MEMTEST_PLAN_TEST_SRCS) -o $@

host-memtest-plan: $(BUILD)/host/test_memtest_plan
	$<

.PHONY: host-memtest-plan

# The PL310 driver's register protocol against a model of the controller.
$(BUILD)/host/test_pl310: tests/host/test_pl310.c cache/pl310.c cache/pl310.h tests/host/check.h
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
		-fno-sanitize-recover=all tests/host/test_pl310.c cache/pl310.c -o $@

host-pl310: $(BUILD)/host/test_pl310
	$<

.PHONY: host-pl310

# lib/libc/string_early.c (the MMU-off string functions) against the C library,
# with 64-bit words natively and 32-bit words under qemu-arm.
$(BUILD)/host/test_string_early: tests/host/test_string_early.c $(STRING_EARLY_SRCS) lib/libc/string_early.h
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
		-fno-sanitize-recover=all tests/host/test_string_early.c $(STRING_EARLY_SRCS) -o $@

$(BUILD)/host/test_string_early_armv7: tests/host/test_string_early.c $(STRING_EARLY_SRCS) lib/libc/string_early.h
	@mkdir -p $(@D)
	arm-none-eabi-gcc -std=gnu11 -g -O2 -Wall -Wextra -Werror -I. -marm -march=armv7-a \
		-fno-tree-loop-distribute-patterns -specs=rdimon.specs \
		tests/host/test_string_early.c $(STRING_EARLY_SRCS) -o $@

host-string: $(BUILD)/host/test_string_early $(BUILD)/host/test_string_early_armv7
	$(BUILD)/host/test_string_early
	timeout 120 qemu-arm $(BUILD)/host/test_string_early_armv7

.PHONY: host-string

# The counter check and the one bounded wait (arch/counter.c) against
# simulated counters (tests/host/test_counter.c): a frozen counter must not
# turn a wait into a hang. The old rule (a counter with a frequency runs, no
# stall bound) is built as a mutant that must fail, and so is one that never
# starts a platform's counter module.
$(BUILD)/host/test_counter%: tests/host/test_counter.c $(COUNTER_SRCS) arch/counter.h tests/host/check.h
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
		-fno-sanitize-recover=all $(if $(findstring _trust,$*),-DCOUNTER_MUTANT_TRUST) \
		$(if $(findstring _nomodule,$*),-DCOUNTER_MUTANT_NO_MODULE) \
		tests/host/test_counter.c $(COUNTER_SRCS) -o $@

host-counter: $(BUILD)/host/test_counter_ok $(BUILD)/host/test_counter_trust \
		$(BUILD)/host/test_counter_nomodule
	$(BUILD)/host/test_counter_ok
	@tests/host/run-mutant.sh nomodule $(BUILD)/host/test_counter_nomodule.log \
		'EL3:_module_written_0' $(BUILD)/host/test_counter_nomodule
	@tests/host/run-mutant.sh trust $(BUILD)/host/test_counter_trust.log \
		'a_frozen_counter_reported_as_running' $(BUILD)/host/test_counter_trust

.PHONY: host-counter

# The core count from the hardware and the cluster SGI (board/cores.c).
$(BUILD)/host/test_cores: tests/host/test_cores.c $(BOARD_CORES_SRCS) arch/midr.c arch/midr.h board/cores.h tests/host/check.h
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
		-fno-sanitize-recover=all tests/host/test_cores.c $(BOARD_CORES_SRCS) arch/midr.c -o $@

host-cores: $(BUILD)/host/test_cores
	$<

.PHONY: host-cores

# The board start methods' register sequences, recorded (smp/smp_mmio.h's
# model), on Debian's trees; a planted i.MX6 method enabling the wrong
# core's bit must be caught.
SMP_MODEL_METHOD_SRCS := smp/methods/start_imx6_src.c smp/methods/start_sunxi.c smp/methods/start_exynos.c smp/methods/start_aspeed.c smp/methods/start_zynq.c \
	smp/methods/start_imx7_src.c smp/methods/start_mvebu_a38x.c smp/methods/start_rockchip.c smp/methods/start_exynos5420.c smp/smp_cci.c \
	smp/methods/start_sunxi_a83t.c
SMP_MODEL_LIB := board/cores.c platforms/orangepi-pc.c platforms/sun8i-h2-plus.c platforms/sun7i-a20.c platforms/sun8i-r40.c $(FDT_SRCS) $(BOARD_FDT_SRCS) \
	$(MEMMAP_SRCS) $(CONSOLE_SRCS) arch/out.c
SMP_MODEL_CC = $(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -DSMP_MMIO_MODEL \
	-fsanitize=address,undefined -fno-sanitize-recover=all
$(BUILD)/host/test_smp_methods: tests/host/test_smp_methods.c tests/host/test_smp_sunxi.c tests/host/test_smp_exynos5.c tests/host/test_smp_sunxi_mc.c tests/host/smp_mmio_model.c $(SMP_MODEL_METHOD_SRCS) $(SMP_MODEL_LIB) \
		smp/smp_mmio.h smp/smp.h tests/host/check.h tests/host/smp_mmio_model.h
	@mkdir -p $(@D)
	$(SMP_MODEL_CC) $(filter %.c,$^) -o $@
$(BUILD)/host/smp_imx6_src_wrongbit.c: smp/methods/start_imx6_src.c
	@mkdir -p $(@D)
	sed 's/#define SRC_SCR_CORE1_ENABLE 22/#define SRC_SCR_CORE1_ENABLE 21/' $< > $@
	@! cmp -s $< $@ || { echo "FAIL: the planted i.MX6 mutant no longer applies"; exit 1; }
$(BUILD)/host/test_smp_methods_wrongbit: tests/host/test_smp_methods.c tests/host/test_smp_sunxi.c tests/host/test_smp_exynos5.c tests/host/test_smp_sunxi_mc.c tests/host/smp_mmio_model.c $(BUILD)/host/smp_imx6_src_wrongbit.c \
		$(filter-out smp/methods/start_imx6_src.c,$(SMP_MODEL_METHOD_SRCS)) $(SMP_MODEL_LIB) smp/smp_mmio.h
	$(SMP_MODEL_CC) $(filter %.c,$^) -o $@

# Planted method mutants, each a sed of one file that its check must catch:
# the R40's gating at the A31's offset, the A20's power clamp skipped; an
# Exynos5420 A7 powered as PMU core n (not 4 + n), its cluster not
# powered, its trampoline not cleaned to the PoC.
SMP_MUTANTS := sunxi-r40-gating sunxi-a20-noclamp exynos5-core-index exynos5-no-cluster exynos5-no-clean \
	exynos5-tramp-word a83t-core0-gate a83t-no-acinactm a83t-boot-cluster
SMP_MUT_FILE_sunxi-r40-gating := smp/methods/start_sunxi.c
SMP_MUT_SED_sunxi-r40-gating := s/0xbc, 0x120, 4, 0x110, 0, true/0xbc, 0x120, 4, 0x100, 0, true/
SMP_MUT_WHY_sunxi-r40-gating := R40_core_1:_power-off_gating_0x1c25d10
SMP_MUT_FILE_sunxi-a20-noclamp := smp/methods/start_sunxi.c
SMP_MUT_SED_sunxi-a20-noclamp := s/0x1a4, 0x1b0, 0, 0x1b4, 1, true/0x1a4, 0x1b0, 0, 0x1b4, 1, false/
SMP_MUT_WHY_sunxi-a20-noclamp := A20_core_1:_the_power_clamp_at_0x1c25db0
SMP_MUT_FILE_exynos5-core-index := smp/methods/start_exynos5420.c
SMP_MUT_SED_exynos5-core-index := s/PMU_CORE_CONFIG(k \* 4 + n)/PMU_CORE_CONFIG(n)/
SMP_MUT_WHY_exynos5-core-index := exynos5_peach-pit_0x101:_core_5_powered
SMP_MUT_FILE_exynos5-no-cluster := smp/methods/start_exynos5420.c
SMP_MUT_SED_exynos5-no-cluster := s/smp_mmio_w32(pmu + PMU_COMMON_CONFIG(k), PMU_LOCAL_PWR_EN);//
SMP_MUT_WHY_exynos5-no-cluster := exynos5_peach-pit_0x101:_cluster_1_powered
SMP_MUT_FILE_exynos5-no-clean := smp/smp_cci.c
SMP_MUT_SED_exynos5-no-clean := s/smp_mmio_clean(smp_cci_tramp, sizeof smp_cci_tramp);//
SMP_MUT_WHY_exynos5-no-clean := exynos5_peach-pit:_the_trampoline_cleaned_to_the_PoC
# The CCI trampoline as assembled, for its words' check.
$(BUILD)/host/dts/cci-tramp.bin: tests/host/cci_tramp.S
	@mkdir -p $(@D)
	$(CROSS_armv7)as -march=armv7-a -o $(@:.bin=.o) $<
	$(CROSS_armv7)objcopy -O binary $(@:.bin=.o) $@
SMP_MUT_FILE_exynos5-tramp-word := smp/smp_cci.c
SMP_MUT_SED_exynos5-tramp-word := s/0xe7e00450/0xe7e70450/
SMP_MUT_WHY_exynos5-tramp-word := exynos5:_trampoline_word_1_is_0xe7e70450
# The A83T: core 0's power gate taken as bit 0 (not 4), the cluster's
# ACINACTM never asserted, the boot CPU's own cluster powered up again.
SMP_MUT_FILE_a83t-core0-gate := smp/methods/start_sunxi_a83t.c
SMP_MUT_SED_a83t-core0-gate := s/1u << (n ? n : 4)/1u << n/
SMP_MUT_WHY_a83t-core0-gate := a83t_0x100:_the_power_switch_0x1f01550_stepped_0xff..0,_then_its_gate_bit_4
SMP_MUT_FILE_a83t-no-acinactm := smp/methods/start_sunxi_a83t.c
SMP_MUT_SED_a83t-no-acinactm := s/rmw(cpucfg + CX_CTRL1(k), 0, CTRL1_ACINACTM);//
SMP_MUT_WHY_a83t-no-acinactm := a83t_0x100:_cluster_1_powered_.ACINACTM
SMP_MUT_FILE_a83t-boot-cluster := smp/methods/start_sunxi_a83t.c
SMP_MUT_SED_a83t-boot-cluster := s/(o->is_boot || st == SMP_STARTING/(st == SMP_STARTING/
SMP_MUT_WHY_a83t-boot-cluster := a83t_0x2:_cluster_0_powered_not_at_all
SMP_TEST_SRCS := tests/host/test_smp_methods.c tests/host/test_smp_sunxi.c tests/host/test_smp_exynos5.c \
	tests/host/test_smp_sunxi_mc.c \
	tests/host/smp_mmio_model.c
.SECONDEXPANSION:
$(BUILD)/host/smp_mut_%.c: $$(SMP_MUT_FILE_$$*)
	@mkdir -p $(@D)
	sed '$(SMP_MUT_SED_$*)' $< > $@
	@! cmp -s $< $@ || { echo "FAIL: the planted mutant $* no longer applies"; exit 1; }
$(BUILD)/host/test_smp_methods_mut_%: $(BUILD)/host/smp_mut_%.c $(SMP_TEST_SRCS) \
		$$(filter-out $$(SMP_MUT_FILE_$$*),$(SMP_MODEL_METHOD_SRCS)) $(SMP_MODEL_LIB) smp/smp_mmio.h
	$(SMP_MODEL_CC) $(filter %.c,$^) -o $@

host-smp-methods: $(BUILD)/host/test_smp_methods $(BUILD)/host/test_smp_methods_wrongbit \
		$(addprefix $(BUILD)/host/test_smp_methods_mut_,$(SMP_MUTANTS)) \
		$(BUILD)/host/dts/zynq-smp.dtb $(BUILD)/host/dts/zynq-zc702.dtb $(BUILD)/host/dts/cci-tramp.bin
	sh tests/host/fetch-dtbs.sh $(BUILD)/dtbs
	$< $(BUILD)/dtbs/armhf $(BUILD)/host/dts
	@tests/host/run-mutant.sh imx6-wrong-bit $(BUILD)/host/test_smp_methods_wrongbit.log \
		'imx6_core_1:_SRC.SCR.s_core1.enable_.bit_22' $(BUILD)/host/test_smp_methods_wrongbit \
		$(BUILD)/dtbs/armhf $(BUILD)/host/dts
	@$(foreach m,$(SMP_MUTANTS),tests/host/run-mutant.sh $(m) $(BUILD)/host/test_smp_methods_mut_$(m).log \
		'$(SMP_MUT_WHY_$(m))' $(BUILD)/host/test_smp_methods_mut_$(m) $(BUILD)/dtbs/armhf \
		$(BUILD)/host/dts &&) true

.PHONY: host-smp-methods
