# SPDX-License-Identifier: BSD-2-Clause
# Host test of memtest/ (the DRAM test as the image runs it). Included by the Makefile.
#   host-memtest-plan  native: the DRAM test's ranges (memtest/plan.c)
BUILD ?= build
HOSTCC ?= clang

# Which RAM the DRAM test may write (tests/host/memtest/test_memtest_plan.c).
MEMTEST_PLAN_TEST_SRCS := tests/host/memtest/test_memtest_plan.c $(MEMTEST_PLAN_SRCS) $(OPTIONS_SRCS) $(MEMMAP_SRCS)
$(BUILD)/host/test_memtest_plan: $(MEMTEST_PLAN_TEST_SRCS) memtest/plan.h front/options.h tests/host/common/check.h
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
		-fno-sanitize-recover=all -no-pie -Wl,--defsym=__image_start=0x40200000 \
		-Wl,--defsym=__image_end=0x40280000 $(MEMTEST_PLAN_TEST_SRCS) -o $@

host-memtest-plan: $(BUILD)/host/test_memtest_plan
	$<

.PHONY: host-memtest-plan
