# SPDX-License-Identifier: BSD-2-Clause
# Host test of lib/libc/. Included by the Makefile.
#   host-string  the MMU-off string functions, natively and under qemu-arm
BUILD ?= build
HOSTCC ?= clang

# lib/libc/string_early.c (the MMU-off string functions) against the C library,
# with 64-bit words natively and 32-bit words under qemu-arm.
$(BUILD)/host/test_string_early: tests/host/lib/libc/test_string_early.c $(STRING_EARLY_SRCS) lib/libc/string_early.h
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
		-fno-sanitize-recover=all tests/host/lib/libc/test_string_early.c $(STRING_EARLY_SRCS) -o $@

$(BUILD)/host/test_string_early_armv7: tests/host/lib/libc/test_string_early.c $(STRING_EARLY_SRCS) lib/libc/string_early.h
	@mkdir -p $(@D)
	arm-none-eabi-gcc -std=gnu11 -g -O2 -Wall -Wextra -Werror -I. -marm -march=armv7-a \
		-fno-tree-loop-distribute-patterns -specs=rdimon.specs \
		tests/host/lib/libc/test_string_early.c $(STRING_EARLY_SRCS) -o $@

host-string: $(BUILD)/host/test_string_early $(BUILD)/host/test_string_early_armv7
	$(BUILD)/host/test_string_early
	timeout 120 qemu-arm $(BUILD)/host/test_string_early_armv7

.PHONY: host-string
