# Host test of the DRAM test engine (tests/host/test_memtest.c, memtest_model.c).
# Included by the Makefile.
#   host-memtest  lib/memtest/*.c and the real lib/memtest/<arch>/fill.S against
#                 a DRAM with injected faults behind a write-back cache model: a static
#                 aarch64-linux-gnu build under qemu-aarch64 (cortex-a53: 64 B DC ZVA)
#                 and an arm-none-eabi + semihosting newlib build under qemu-arm
#                 (cortex-a15), the two at once (two cores); MEMTEST_SETS_<arch> fault
#                 sets each (>= 10,000 in all). Then two broken builds must fail:
#                 no-sync (-DMEMTEST_MUTANT_NO_SYNC: verifies read the cache) and
#                 no-complement (-DMEMTEST_MUTANT_NO_COMPLEMENT: data_bus without the
#                 complement write, run on floating data lines). One line per arch.
BUILD ?= build
MEMTEST_SETS_aarch64 ?= 6000
MEMTEST_SETS_armv7 ?= 4000
MEMTEST_MUTANT_SETS ?= 40
MEMTEST_TEST_SRCS := tests/host/test_memtest.c tests/host/memtest_model.c $(MEMTEST_SRCS)
MEMTEST_TEST_DEPS := $(MEMTEST_TEST_SRCS) tests/host/memtest_model.h tests/host/check.h \
	lib/memtest/memtest.h lib/memtest/memtest_priv.h cache/cache.h tests/host/memtest.mk
MEMTEST_CFLAGS := -std=gnu11 -g -O2 -Wall -Wextra -Werror -I.
# $(call memtest_flags,variant): the -D flag of a broken build (none for _ok)
memtest_flags = $(if $(findstring _no_sync,$(1)),-DMEMTEST_MUTANT_NO_SYNC) \
	$(if $(findstring _no_complement,$(1)),-DMEMTEST_MUTANT_NO_COMPLEMENT)
MEMTEST_BINS := $(foreach a,aarch64 armv7,$(foreach v,ok no_sync no_complement, \
	$(BUILD)/host/test_memtest_$(a)_$(v)))

$(BUILD)/host/test_memtest_aarch64_%: $(MEMTEST_TEST_DEPS) $(call memtest_asm,aarch64)
	@mkdir -p $(@D)
	aarch64-linux-gnu-gcc $(MEMTEST_CFLAGS) -march=armv8-a -static $(call memtest_flags,_$*) \
		$(MEMTEST_TEST_SRCS) $(call memtest_asm,aarch64) -o $@

$(BUILD)/host/test_memtest_armv7_%: $(MEMTEST_TEST_DEPS) $(call memtest_asm,armv7)
	@mkdir -p $(@D)
	arm-none-eabi-gcc $(MEMTEST_CFLAGS) -marm -march=armv7-a -specs=rdimon.specs \
		$(call memtest_flags,_$*) $(MEMTEST_TEST_SRCS) $(call memtest_asm,armv7) -o $@

# $(call memtest_arch,arch,qemu -cpu ...,sets): the run, then each broken build, which
# must end with exit 1 and faults missed (not a crash, not a timeout). The runs'
# output goes to build/host/memtest_<arch>*.log (the engine's "# memtest:" lines
# stay there); the lines shown are the summary.
define memtest_arch
	b=$(BUILD)/host/test_memtest_$(1); log=$(BUILD)/host/memtest_$(1); \
	timeout 300 $(2) $${b}_ok $(3) 1 >$$log.log 2>&1 && st=0 || st=$$?; \
	if [ $$st -ne 0 ]; then grep -v '^# memtest' $$log.log | tail -n 20; \
		echo "host-memtest ($(1)): FAIL (exit $$st)"; exit 1; fi; \
	caught=; \
	for m in no_sync:mixed no_complement:data-float; do \
		v=$${m%%:*}; k=$${m#*:}; [ $$k = mixed ] && k=; \
		timeout 300 $(2) $${b}_$$v $(MEMTEST_MUTANT_SETS) 2 $$k >$$log.$$v.log 2>&1 && st=0 || st=$$?; \
		sum=$$(grep "^host-memtest ($(1)):" $$log.$$v.log); \
		if [ $$st -ne 1 ] || ! echo "$$sum" | grep -q ' [1-9][0-9]* missed'; then \
			tail -n 5 $$log.$$v.log; \
			echo "host-memtest ($(1)): FAIL: the broken build $$v was not caught (exit $$st)"; exit 1; fi; \
		caught="$$caught$${caught:+, }$${v//_/-} ($$(echo "$$sum" | grep -o '[0-9]* missed'))"; \
	done; \
	grep '^# faults:' $$log.log | sed 's/^# /# $(1) /'; \
	echo "$$(grep "^host-memtest ($(1)):" $$log.log); broken builds caught: $$caught"
endef

host-memtest: SHELL := /bin/bash
host-memtest: $(MEMTEST_BINS)
	@( $(call memtest_arch,aarch64,qemu-aarch64 -cpu cortex-a53,$(MEMTEST_SETS_aarch64)) ) \
		>$(BUILD)/host/memtest_aarch64.out 2>&1 & a64=$$!; \
	( $(call memtest_arch,armv7,qemu-arm -cpu cortex-a15,$(MEMTEST_SETS_armv7)) ) \
		>$(BUILD)/host/memtest_armv7.out 2>&1 & a32=$$!; \
	wait $$a64 && s64=0 || s64=$$?; wait $$a32 && s32=0 || s32=$$?; \
	cat $(BUILD)/host/memtest_aarch64.out $(BUILD)/host/memtest_armv7.out; \
	test $$s64 -eq 0 -a $$s32 -eq 0

.PHONY: host-memtest
