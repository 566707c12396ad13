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

# host-cpu-el3: boot/aarch64/cpu_el3.S under qemu-aarch64 as a Cortex-A57 and
# a Cortex-A72, its system register accesses trapped and modelled
# (tests/host/arch/test_cpu_el3.c): the A57/A72 reset errata's CPUACTLR_EL1
# bits as arch/aarch64/cpu.h names them; the old code (none) as a mutant.
CPU_EL3_SRCS := tests/host/arch/test_cpu_el3.c boot/aarch64/cpu_el3.S
$(BUILD)/host/test_cpu_el3%: $(CPU_EL3_SRCS) arch/aarch64/cpu.h arch/midr.h tests/host/common/check.h \
		tests/host/arch/arch.mk
	@mkdir -p $(@D)
	$(CROSS_aarch64)gcc -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -static \
		$(if $(findstring _none,$*),-DCPU_EL3_MUTANT_NO_A57) $(CPU_EL3_SRCS) -o $@

host-cpu-el3: $(BUILD)/host/test_cpu_el3_ok $(BUILD)/host/test_cpu_el3_none
	@for c in cortex-a57 cortex-a72; do timeout 60 qemu-aarch64 -cpu $$c $(BUILD)/host/test_cpu_el3_ok || exit 1; \
		tests/host/common/run-mutant.sh none-$$c $(BUILD)/host/cpu_el3_none_$$c.log \
		'CPUACTLR.EL1_0x0_after_cpu.el3.setup,_want' timeout 60 qemu-aarch64 -cpu $$c \
		$(BUILD)/host/test_cpu_el3_none || exit 1; done

.PHONY: host-cpu-el3
