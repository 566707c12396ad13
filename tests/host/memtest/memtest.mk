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

# The DRAM test on every CPU (memtest/all_cpus.c; tests/host/memtest/test_all_cpus.c):
# one CPU only with PL310 erratum 588369; a CPU late past the bound
# quarantines its slice. Each old rule is built as a mutant that must be caught.
ALLCPUS_SRCS := tests/host/memtest/test_all_cpus.c memtest/all_cpus.c memtest/all_cpus_quarantine.c lib/memtest/memtest_cpus.c
ALLCPUS_MUTANTS := noquar 588369
ALLCPUS_noquar := -DMEMTEST_MUTANT_NO_QUARANTINE
ALLCPUS_588369 := -DMEMTEST_MUTANT_588369_PARALLEL
ALLCPUS_WHY_noquar := inside_the_late_CPU.s_slice
ALLCPUS_WHY_588369 := PL310_588369,_memtest.cpus=all:_2_CPUs_at_once
$(BUILD)/host/test_all_cpus%: $(ALLCPUS_SRCS) memtest/all_cpus.h memtest/all_cpus_priv.h \
		tests/host/common/check.h tests/host/memtest/memtest.mk
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
		-fno-sanitize-recover=all $(ALLCPUS_$(patsubst _%,%,$*)) $(ALLCPUS_SRCS) -o $@

host-memtest-all-cpus: $(BUILD)/host/test_all_cpus_ok $(foreach m,$(ALLCPUS_MUTANTS),$(BUILD)/host/test_all_cpus_$(m))
	$(BUILD)/host/test_all_cpus_ok
	@$(foreach m,$(ALLCPUS_MUTANTS),tests/host/common/run-mutant.sh $(m) $(BUILD)/host/all_cpus_$(m).log \
		'$(ALLCPUS_WHY_$(m))' $(BUILD)/host/test_all_cpus_$(m) || exit 1;)

.PHONY: host-memtest-all-cpus
