# SPDX-License-Identifier: BSD-2-Clause
# Host tests of lib/clock/ (the clock checks' tree reading). Included by the Makefile.
#   host-clock  the timers and CPU clocks Debian's trees name, and two mutants
BUILD ?= build
HOSTCC ?= clang

CLOCK_DTBS := arm64/broadcom/bcm2837-rpi-3-b.dtb armhf/vexpress-v2p-ca15-tc1.dtb \
	armhf/imx6q-sabrelite.dtb armhf/sun8i-h3-orangepi-pc.dtb arm64/rockchip/rk3399-rockpro64.dtb
# Mutants, each a broken lib/clock/clock_tree.c the test must catch:
#   NO_ASSIGNED  assigned-clock-parents not followed (the SP804's TIMCLK lost)
#   OPP_KHZ      operating-points' kHz taken as Hz
CLOCK_MUTANTS := NO_ASSIGNED OPP_KHZ
CLOCK_WHY_NO_ASSIGNED := FAIL.*f.hz
CLOCK_WHY_OPP_KHZ := FAIL.*r.hz

$(BUILD)/host/test_clock_tree: tests/host/lib/clock/test_clock_tree.c $(CLOCK_SRCS) lib/clock/clock.h \
		$(FDT_LIB) $(FDT_HDR) tests/host/lib/clock/clock.mk
	@mkdir -p $(@D)
	$(HOSTCC) $(FDT_CFLAGS) $(FDT_SAN) -o $@ tests/host/lib/clock/test_clock_tree.c $(CLOCK_SRCS) \
		$(FDT_LIB)

$(BUILD)/host/test_clock_tree_%: tests/host/lib/clock/test_clock_tree.c $(CLOCK_SRCS) lib/clock/clock.h \
		$(FDT_LIB) $(FDT_HDR) tests/host/lib/clock/clock.mk
	@mkdir -p $(@D)
	$(HOSTCC) $(FDT_CFLAGS) $(FDT_SAN) -DCLOCK_MUTANT_$* -o $@ tests/host/lib/clock/test_clock_tree.c \
		$(CLOCK_SRCS) $(FDT_LIB)

host-clock: $(BUILD)/host/test_clock_tree $(foreach m,$(CLOCK_MUTANTS),$(BUILD)/host/test_clock_tree_$(m))
	@sh tests/host/common/fetch-dtbs.sh $(BUILD)/dtbs >/dev/null
	@$(BUILD)/host/test_clock_tree $(foreach t,$(CLOCK_DTBS),$(BUILD)/dtbs/$(t))
	@$(foreach m,$(CLOCK_MUTANTS),tests/host/common/run-mutant.sh $(m) $(BUILD)/host/clock_mutant_$(m).log \
		"$(CLOCK_WHY_$(m))" $(BUILD)/host/test_clock_tree_$(m) \
		$(foreach t,$(CLOCK_DTBS),$(BUILD)/dtbs/$(t)) || exit 1;)
	@echo "host-clock: PASS: $(words $(CLOCK_MUTANTS)) of $(words $(CLOCK_MUTANTS)) mutants caught"

.PHONY: host-clock
