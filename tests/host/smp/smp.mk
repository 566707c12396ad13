# SPDX-License-Identifier: BSD-2-Clause
# Host test of smp/'s start methods. Included by the Makefile.
#   host-smp-methods  each method's register sequence, recorded by a device model
#                     (tests/host/smp/smp_mmio_model.c), on Debian's trees and ours; then
#                     each planted mutant below must be caught for its reason
BUILD ?= build
HOSTCC ?= clang

# The board start methods' register sequences, recorded (smp/smp_mmio.h's
# model), on Debian's trees; a planted i.MX6 method enabling the wrong
# core's bit must be caught.
SMP_MODEL_METHOD_SRCS := smp/methods/start_imx6_src.c smp/methods/start_sunxi.c smp/methods/start_exynos.c smp/methods/start_aspeed.c smp/methods/start_zynq.c \
	smp/methods/start_imx7_src.c smp/methods/start_mvebu_a38x.c smp/methods/start_rockchip.c smp/methods/start_exynos5420.c smp/smp_cci.c \
	smp/methods/start_sunxi_a83t.c smp/methods/start_vexpress.c
SMP_MODEL_LIB := board/cores.c platforms/orangepi-pc.c platforms/sun8i-h2-plus.c platforms/sun7i-a20.c platforms/sun8i-r40.c $(FDT_SRCS) $(BOARD_FDT_SRCS) \
	$(MEMMAP_SRCS) $(CONSOLE_SRCS) arch/out.c
SMP_MODEL_CC = $(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -DSMP_MMIO_MODEL \
	-fsanitize=address,undefined -fno-sanitize-recover=all
$(BUILD)/host/test_smp_methods: tests/host/smp/test_smp_methods.c tests/host/smp/test_smp_sunxi.c tests/host/smp/test_smp_exynos5.c tests/host/smp/test_smp_sunxi_mc.c tests/host/smp/test_smp_vexpress.c tests/host/smp/smp_mmio_model.c $(SMP_MODEL_METHOD_SRCS) $(SMP_MODEL_LIB) \
		smp/smp_mmio.h smp/smp.h tests/host/common/check.h tests/host/smp/smp_mmio_model.h
	@mkdir -p $(@D)
	$(SMP_MODEL_CC) $(filter %.c,$^) -o $@
$(BUILD)/host/smp_imx6_src_wrongbit.c: smp/methods/start_imx6_src.c
	@mkdir -p $(@D)
	sed 's/#define SRC_SCR_CORE1_ENABLE 22/#define SRC_SCR_CORE1_ENABLE 21/' $< > $@
	@! cmp -s $< $@ || { echo "FAIL: the planted i.MX6 mutant no longer applies"; exit 1; }
$(BUILD)/host/test_smp_methods_wrongbit: tests/host/smp/test_smp_methods.c tests/host/smp/test_smp_sunxi.c tests/host/smp/test_smp_exynos5.c tests/host/smp/test_smp_sunxi_mc.c tests/host/smp/test_smp_vexpress.c tests/host/smp/smp_mmio_model.c $(BUILD)/host/smp_imx6_src_wrongbit.c \
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
$(BUILD)/host/dts/cci-tramp.bin: tests/host/smp/cci_tramp.S
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
SMP_TEST_SRCS := tests/host/smp/test_smp_methods.c tests/host/smp/test_smp_sunxi.c tests/host/smp/test_smp_exynos5.c \
	tests/host/smp/test_smp_sunxi_mc.c tests/host/smp/test_smp_vexpress.c \
	tests/host/smp/smp_mmio_model.c
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
	sh tests/host/common/fetch-dtbs.sh $(BUILD)/dtbs
	$< $(BUILD)/dtbs/armhf $(BUILD)/host/dts
	@tests/host/common/run-mutant.sh imx6-wrong-bit $(BUILD)/host/test_smp_methods_wrongbit.log \
		'imx6_core_1:_SRC.SCR.s_core1.enable_.bit_22' $(BUILD)/host/test_smp_methods_wrongbit \
		$(BUILD)/dtbs/armhf $(BUILD)/host/dts
	@$(foreach m,$(SMP_MUTANTS),tests/host/common/run-mutant.sh $(m) $(BUILD)/host/test_smp_methods_mut_$(m).log \
		'$(SMP_MUT_WHY_$(m))' $(BUILD)/host/test_smp_methods_mut_$(m) $(BUILD)/dtbs/armhf \
		$(BUILD)/host/dts &&) true

.PHONY: host-smp-methods
