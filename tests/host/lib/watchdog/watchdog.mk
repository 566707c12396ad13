# SPDX-License-Identifier: BSD-2-Clause
# Host tests of lib/watchdog and board/fdt_watchdog.c. Included by the Makefile.
#   host-watchdog  the drivers against a register model (programming, the feed, the
#                  reset cause decoded); then Debian's trees: the watchdogs they name,
#                  counted per compatible, and board_read_watchdog's pick checked in each;
#                  then that check on a planted scan that takes disabled nodes (must fail)
BUILD ?= build
HOSTCC ?= clang
WDT_HOST_CFLAGS := -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
	-fno-sanitize-recover=all
WDT_HOST_SRCS := $(filter-out lib/watchdog/wdt_mmio.c,$(WATCHDOG_SRCS)) tests/host/lib/watchdog/wdt_model.c

$(BUILD)/host/test_wdt: tests/host/lib/watchdog/test_wdt.c $(WDT_HOST_SRCS) $(wildcard lib/watchdog/*.h tests/host/lib/watchdog/*.h)
	@mkdir -p $(@D)
	$(HOSTCC) $(WDT_HOST_CFLAGS) tests/host/lib/watchdog/test_wdt.c $(WDT_HOST_SRCS) -o $@

$(BUILD)/host/wdt_corpus: tests/host/board/wdt_corpus.c board/fdt_watchdog.c $(FDT_SRCS) $(WDT_HOST_SRCS)
	@mkdir -p $(@D)
	$(HOSTCC) $(WDT_HOST_CFLAGS) -DWDT_CORPUS_SHOW_MIN=20 tests/host/board/wdt_corpus.c \
		board/fdt_watchdog.c $(FDT_SRCS) $(WDT_HOST_SRCS) -o $@

# The planted scan: disabled nodes taken too; the corpus must disagree.
$(BUILD)/host/wdt_corpus_disabled: tests/host/board/wdt_corpus.c board/fdt_watchdog.c $(FDT_SRCS) $(WDT_HOST_SRCS)
	@mkdir -p $(@D)
	$(HOSTCC) $(WDT_HOST_CFLAGS) -DWDT_CORPUS_SHOW_MIN=20 -DWDT_MUTANT_DISABLED \
		tests/host/board/wdt_corpus.c board/fdt_watchdog.c $(FDT_SRCS) $(WDT_HOST_SRCS) -o $@

host-watchdog: $(BUILD)/host/test_wdt $(BUILD)/host/wdt_corpus $(BUILD)/host/wdt_corpus_disabled
	$(BUILD)/host/test_wdt
	@sh tests/host/common/fetch-dtbs.sh $(BUILD)/dtbs >/dev/null
	$(BUILD)/host/wdt_corpus $(BUILD)/dtbs
	@tests/host/common/run-mutant.sh disabled $(BUILD)/host/wdt_corpus_disabled.log \
		'^FAIL_.*imx6q-sabresd.dtb:_walk:_/soc/bus@2000000/watchdog@20c0000,_board.read.watchdog:_0_' \
		$(BUILD)/host/wdt_corpus_disabled $(BUILD)/dtbs

.PHONY: host-watchdog
