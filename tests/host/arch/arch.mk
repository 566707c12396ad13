# SPDX-License-Identifier: BSD-2-Clause
# Host tests of arch/. Included by the Makefile.
#   host-counter  the counter check and bounded wait, and two broken builds
# (tests/host/arch/test_cpu_aarch64.c and test_cpu_armv7.c, the cores'
# control bits and errata by MIDR, are part of host-mmu's and host-mmu-armv7's
# programs: tests/host/mmu/mmu.mk.)
BUILD ?= build
HOSTCC ?= clang

# The counter check and the one bounded wait (arch/counter.c) against
# simulated counters (tests/host/arch/test_counter.c): a frozen counter must not
# turn a wait into a hang. The old rule (a counter with a frequency runs, no
# stall bound) is built as a mutant that must fail, and so is one that never
# starts a platform's counter module, and one whose minimum delay is a
# deadline (polls when the counter is frozen: the start methods' old delay).
$(BUILD)/host/test_counter%: tests/host/arch/test_counter.c $(COUNTER_SRCS) arch/counter.h tests/host/common/check.h
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
		-fno-sanitize-recover=all $(if $(findstring _trust,$*),-DCOUNTER_MUTANT_TRUST) \
		$(if $(findstring _nomodule,$*),-DCOUNTER_MUTANT_NO_MODULE) \
		$(if $(findstring _delaypolls,$*),-DCOUNTER_MUTANT_DELAY_POLLS) \
		tests/host/arch/test_counter.c $(COUNTER_SRCS) -o $@

host-counter: $(BUILD)/host/test_counter_ok $(BUILD)/host/test_counter_trust \
		$(BUILD)/host/test_counter_nomodule $(BUILD)/host/test_counter_delaypolls
	$(BUILD)/host/test_counter_ok
	@tests/host/common/run-mutant.sh delaypolls $(BUILD)/host/test_counter_delaypolls.log \
		'delay.min.ms.10._on_a_frozen_counter:_9999_steps' $(BUILD)/host/test_counter_delaypolls
	@tests/host/common/run-mutant.sh nomodule $(BUILD)/host/test_counter_nomodule.log \
		'EL3:_module_written_0' $(BUILD)/host/test_counter_nomodule
	@tests/host/common/run-mutant.sh trust $(BUILD)/host/test_counter_trust.log \
		'a_frozen_counter_reported_as_running' $(BUILD)/host/test_counter_trust

.PHONY: host-counter
