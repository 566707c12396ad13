# SPDX-License-Identifier: BSD-2-Clause
# Host tests of board/. Included by the Makefile.
#   host-cores  the core count from the hardware and the cluster SGI (board/cores.c)
# (The board scan's PL310 and GIC readings, tests/host/board/test_fdt_pl310.c and
# test_fdt_gic.c, run in host-dma-system and host-gic, whose rules build them:
# tests/host/cache/cache.mk, tests/host/irq/irq.mk.)
BUILD ?= build
HOSTCC ?= clang

# The core count from the hardware and the cluster SGI (board/cores.c).
$(BUILD)/host/test_cores: tests/host/board/test_cores.c $(BOARD_CORES_SRCS) arch/midr.c arch/midr.h board/cores.h tests/host/common/check.h
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
		-fno-sanitize-recover=all tests/host/board/test_cores.c $(BOARD_CORES_SRCS) arch/midr.c -o $@

host-cores: $(BUILD)/host/test_cores
	$<

.PHONY: host-cores
