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

# A CPU late past the parallel DRAM test's bound (memtest/all_cpus.c): its
# slice is quarantined (tests/host/memtest/test_all_cpus_late.c); the old rule
# (the boot CPU over every range) is built as a mutant that must be caught.
LATE_SRCS := tests/host/memtest/test_all_cpus_late.c memtest/all_cpus.c lib/memtest/memtest_cpus.c
$(BUILD)/host/test_all_cpus_late%: $(LATE_SRCS) memtest/all_cpus.h memtest/all_cpus_priv.h \
		tests/host/common/check.h tests/host/memtest/memtest.mk
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
		-fno-sanitize-recover=all $(if $(findstring _noquar,$*),-DMEMTEST_MUTANT_NO_QUARANTINE) \
		$(LATE_SRCS) -o $@

host-memtest-late: $(BUILD)/host/test_all_cpus_late_ok $(BUILD)/host/test_all_cpus_late_noquar
	$(BUILD)/host/test_all_cpus_late_ok
	@tests/host/common/run-mutant.sh no_quarantine $(BUILD)/host/test_all_cpus_late_noquar.log \
		'inside_the_late_CPU.s_slice' $(BUILD)/host/test_all_cpus_late_noquar

.PHONY: host-memtest-late
