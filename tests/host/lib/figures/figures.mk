# SPDX-License-Identifier: BSD-2-Clause
# Host tests of lib/figures (the memory system's figures). Included by the Makefile.
#   host-figures         the knee finder on published curves (Pi 3, Pi 4), a flat
#                        one and an L2 left off; the sweep's reach; the verdict's
#                        thresholds; the chase's chain. Then the mutant
#                        FIGURES_MUTANT_RESIDENT (a cache-resident 1 MiB buffer, as
#                        Little Kernel's benchmark) must fail on the sweep's reach.
#   host-figures-native  the same C sweep and knee finder built for this machine
#                        with a host timer: its own caches, as Linux reports them
#                        under /sys/devices/system/cpu/cpu0/cache, must each show
#                        as a knee (tests/host/lib/figures/native_figures.c)
BUILD ?= build
HOSTCC ?= clang
FIGURES_LIB_SRCS := $(sort $(wildcard lib/figures/*.c))
FIGURES_TEST_SRCS := tests/host/lib/figures/test_figures.c $(FIGURES_LIB_SRCS)
FIGURES_CFLAGS := -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
	-fno-sanitize-recover=all
$(BUILD)/host/test_figures%: $(FIGURES_TEST_SRCS) lib/figures/figures.h tests/host/common/check.h \
		tests/host/lib/figures/figures.mk
	@mkdir -p $(@D)
	$(HOSTCC) $(FIGURES_CFLAGS) $(if $(filter _resident,$*),-DFIGURES_MUTANT_RESIDENT) \
		$(FIGURES_TEST_SRCS) -o $@

host-figures: $(BUILD)/host/test_figures_ok $(BUILD)/host/test_figures_resident
	$(BUILD)/host/test_figures_ok
	@tests/host/common/run-mutant.sh resident $(BUILD)/host/figures_resident.log \
		'sweep_reaches_[0-9]+,_want_>=_4_x_the_LLC' $(BUILD)/host/test_figures_resident

# Native: optimized (the chase's loads must be the only work), no sanitizer.
$(BUILD)/host/native_figures: tests/host/lib/figures/native_figures.c $(FIGURES_LIB_SRCS) \
		lib/figures/figures.h tests/host/lib/figures/figures.mk
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -O2 -Wall -Wextra -Werror -I. tests/host/lib/figures/native_figures.c \
		$(FIGURES_LIB_SRCS) -o $@

host-figures-native: $(BUILD)/host/native_figures
	$<

.PHONY: host-figures host-figures-native
