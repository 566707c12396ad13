# SPDX-License-Identifier: BSD-2-Clause
# Host tests of the page routines (tests/host/lib/page/test_page.c). Included by the Makefile.
#   host-page-aarch64  static aarch64-linux-gnu build under qemu-aarch64:
#                      cortex-a53 (64 B ZVA), a64fx (256 B), max (512 B, 32 B lines)
#   host-page-armv7    arm-none-eabi + semihosting newlib under qemu-arm: cortex-a9, cortex-a15
# Each CPU runs PAGE_CASES randomized cases (>= 100,000 per arch in all), then
# the misaligned-pointer exit path; one summary line per target.
BUILD ?= build
PAGE_CASES_aarch64 ?= 40000
PAGE_CASES_armv7 ?= 50000
PAGE_SRCS := tests/host/lib/page/test_page.c $(PAGE_LIB_SRCS)
PAGE_DEPS := $(PAGE_SRCS) lib/page/page.h arch/image.h tests/host/lib/page/page.mk
PAGE_CFLAGS := -std=gnu11 -g -O2 -Wall -Wextra -Werror -I.

$(BUILD)/host/test_page_aarch64: $(PAGE_DEPS) $(call page_asm,aarch64) $(call page_cpu,aarch64)
	@mkdir -p $(@D)
	aarch64-linux-gnu-gcc $(PAGE_CFLAGS) -march=armv8-a -static \
		$(PAGE_SRCS) $(call page_asm,aarch64) $(call page_cpu,aarch64) -o $@

$(BUILD)/host/test_page_armv7: $(PAGE_DEPS) $(call page_asm,armv7)
	@mkdir -p $(@D)
	arm-none-eabi-gcc $(PAGE_CFLAGS) -marm -march=armv7-a -specs=rdimon.specs \
		$(PAGE_SRCS) $(call page_asm,armv7) -o $@

# (ARMv7: the test's own page_arch_simd, user mode cannot read CPACR.)
# $(call page_run,qemu,binary,cpus,cases,arch)
define page_run
	@set -e; total=0; seed=1; \
	for cpu in $(3); do \
		echo "# $(5) $$cpu:"; \
		timeout 300 $(1) -cpu $$cpu $(2) $(4) $$seed | sed 's/^/#   /'; \
		test $${PIPESTATUS[0]} -eq 0 || { echo "host-page-$(5): FAIL on $$cpu"; exit 1; }; \
		out=$$(timeout 60 $(1) -cpu $$cpu $(2) --bad-call) && st=0 || st=$$?; \
		echo "$$out" | grep -q "^Bail out! clear_page: dst 0x[0-9a-f]* is not 4096-byte aligned" && \
			test $$st -eq 6 || { echo "$$out"; echo "host-page-$(5): FAIL: misaligned call on $$cpu (exit $$st)"; exit 1; }; \
		total=$$((total + $(4))); seed=$$((seed + 1)); \
	done; \
	echo "host-page-$(5): PASS: $$total randomized cases on $(3), 0 mismatches; misaligned pointer exits 6"
endef

host-page-aarch64: SHELL := /bin/bash
host-page-aarch64: $(BUILD)/host/test_page_aarch64
	$(call page_run,qemu-aarch64,$<,cortex-a53 a64fx max,$(PAGE_CASES_aarch64),aarch64)

host-page-armv7: SHELL := /bin/bash
host-page-armv7: $(BUILD)/host/test_page_armv7
	$(call page_run,qemu-arm,$<,cortex-a9 cortex-a15,$(PAGE_CASES_armv7),armv7)

.PHONY: host-page-aarch64 host-page-armv7
