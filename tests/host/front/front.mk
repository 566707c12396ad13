# SPDX-License-Identifier: BSD-2-Clause
# Host tests of the option registry (front/options*.c). Included by the Makefile.
#   host-options       unit tests (tests/host/front/test_options.c, ASan/UBSan), a plant
#                      (Linux's words without the guard for bringup's keys misspelt)
#                      they must refuse, then the fuzzer for OPTIONS_FUZZ_RUNS inputs
#                      (default 30,000)
#   check-options-doc  README's list of options is the table's (scripts/check-options-doc.sh),
#                      and a README with one option's line changed is refused
#   options-doc        rewrites README's list from the table
#   fuzz-options       the fuzzer for OPTIONS_FUZZ_LONG inputs (default 2,000,000; part of make fuzz)
# Crash artifacts under $(BUILD)/host/fuzz-options/.
BUILD ?= build
HOSTCC ?= clang
FUZZCC ?= clang
OPTIONS_FUZZ_RUNS ?= 30000
OPTIONS_FUZZ_LONG ?= 2000000
OPTIONS_HDR := front/options.h
OPTIONS_CFLAGS := -std=gnu11 -g -O1 -Wall -Wextra -Werror -Wshadow -I.

$(BUILD)/host/test_options: tests/host/front/test_options.c $(OPTIONS_SRCS) $(OPTIONS_HDR) tests/host/common/check.h
	@mkdir -p $(@D)
	$(HOSTCC) $(OPTIONS_CFLAGS) -fsanitize=address,undefined -fno-sanitize-recover=all \
		tests/host/front/test_options.c $(OPTIONS_SRCS) -o $@

$(BUILD)/host/fuzz_options: tests/host/front/fuzz_options.c $(OPTIONS_SRCS) $(OPTIONS_HDR)
	@mkdir -p $(@D)
	$(FUZZCC) $(OPTIONS_CFLAGS) -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		tests/host/front/fuzz_options.c $(OPTIONS_SRCS) -o $@

# $(call options_fuzz,runs): seeds are the matrix's own command lines
# (the words of its args lines) and a few bad ones; the table's keys as a dictionary.
OPTIONS_FUZZ_DIR := $(BUILD)/host/fuzz-options
define options_fuzz
	@mkdir -p $(OPTIONS_FUZZ_DIR)/seeds $(OPTIONS_FUZZ_DIR)/corpus
	@$(BUILD)/host/test_options dict > $(OPTIONS_FUZZ_DIR)/keys.dict
	@sed -n 's/^args = //p' qemu-tests/matrix/*.cfg | tr ' ' '\n' | sort -u | \
	    awk '{ f = "$(OPTIONS_FUZZ_DIR)/seeds/arg" NR; printf "bringup mem=256M %s", $$0 > f }'
	@printf 'memtst=full memtest_cache=of memtest_passes=2x help=1 =x mem=1 mem=2' > $(OPTIONS_FUZZ_DIR)/seeds/bad
	@printf 'memtest=f\303\274ll\001' > $(OPTIONS_FUZZ_DIR)/seeds/utf8
	@if $(BUILD)/host/fuzz_options -runs=$(1) -max_len=1024 -dict=$(OPTIONS_FUZZ_DIR)/keys.dict \
	    -artifact_prefix=$(OPTIONS_FUZZ_DIR)/ -print_final_stats=1 \
	    $(OPTIONS_FUZZ_DIR)/corpus $(OPTIONS_FUZZ_DIR)/seeds > $(OPTIONS_FUZZ_DIR)/fuzz.log 2>&1; then \
	    echo "options fuzz: $$(grep -o 'Done [0-9]* runs in [0-9]* second' $(OPTIONS_FUZZ_DIR)/fuzz.log | tail -n 1)s, corpus $$(ls $(OPTIONS_FUZZ_DIR)/corpus | wc -l) inputs, no overflow, every problem named"; \
	else tail -n 30 $(OPTIONS_FUZZ_DIR)/fuzz.log; \
	    echo "options fuzz: FAILED, artifacts: $$(ls $(OPTIONS_FUZZ_DIR) | grep -E '^(crash|leak|timeout|oom)-' | tr '\n' ' ')"; exit 1; fi
endef

# Planted: Linux's words without the guard for bringup's own keys misspelt
# (opt_near skipped): the unit test must refuse it, naming memtest.passes=2.
$(BUILD)/host/options-plant/options_linux.c: front/options_linux.c tests/host/front/front.mk
	@mkdir -p $(@D)
	sed 's/is_key(key, len) || opt_near(key, len))/is_key(key, len))/' $< > $@
	@! cmp -s $< $@ || { echo "FAIL: the options_linux plant no longer applies"; exit 1; }
$(BUILD)/host/test_options_plant: tests/host/front/test_options.c $(OPTIONS_SRCS) $(OPTIONS_HDR) \
		$(BUILD)/host/options-plant/options_linux.c
	$(HOSTCC) $(OPTIONS_CFLAGS) -fsanitize=address,undefined -fno-sanitize-recover=all \
		tests/host/front/test_options.c $(filter-out front/options_linux.c,$(OPTIONS_SRCS)) \
		$(BUILD)/host/options-plant/options_linux.c -o $@

# Planted: the accessors find a repeated key's last word, not its first.
$(BUILD)/host/options-plant/options.c: front/options.c tests/host/front/front.mk
	@mkdir -p $(@D)
	sed 's/for (unsigned i = 0; o \&\& i < l->nwords; i++)/for (unsigned i = l->nwords; o \&\& i-- > 0;)/' $< > $@
	@! cmp -s $< $@ || { echo "FAIL: the options.c plant no longer applies"; exit 1; }
$(BUILD)/host/test_options_last: tests/host/front/test_options.c $(OPTIONS_SRCS) $(OPTIONS_HDR) \
		$(BUILD)/host/options-plant/options.c
	$(HOSTCC) $(OPTIONS_CFLAGS) -fsanitize=address,undefined -fno-sanitize-recover=all \
		tests/host/front/test_options.c $(filter-out front/options.c,$(OPTIONS_SRCS)) \
		$(BUILD)/host/options-plant/options.c -o $@

host-options: $(BUILD)/host/test_options $(BUILD)/host/fuzz_options $(BUILD)/host/test_options_plant \
		$(BUILD)/host/test_options_last
	$(BUILD)/host/test_options
	@tests/host/common/run-mutant.sh options-linux-near $(BUILD)/host/test_options_plant.log \
		'memtest.passes=2:_want_unknown_key' $(BUILD)/host/test_options_plant
	@tests/host/common/run-mutant.sh options-last-word $(BUILD)/host/test_options_last.log \
		'mem=1G_mem=2G:_option.number_answers_0' $(BUILD)/host/test_options_last
	$(call options_fuzz,$(OPTIONS_FUZZ_RUNS))

fuzz-options: $(BUILD)/host/test_options $(BUILD)/host/fuzz_options
	$(call options_fuzz,$(OPTIONS_FUZZ_LONG))
fuzz: fuzz-options

# The planted drift: README with memtest_passes' range changed must be refused, naming it.
check-options-doc: $(BUILD)/host/test_options
	@scripts/check-options-doc.sh $(BUILD)/host/test_options README.md
	@sed 's/^| `memtest_passes=` | 0\.\.64 |/| `memtest_passes=` | 0..65 |/' README.md > $(BUILD)/host/README.drifted.md
	@if out=$$(scripts/check-options-doc.sh $(BUILD)/host/test_options $(BUILD)/host/README.drifted.md); then \
		echo "check-options-doc: FAIL: a README with memtest_passes=0..65 was not refused"; exit 1; \
	elif ! grep -q 'lacks: | `memtest_passes=` | 0\.\.64' <<<"$$out"; then \
		echo "check-options-doc: FAIL: the drifted README refused, but not naming memtest_passes: $$out"; exit 1; \
	else echo "check-options-doc: a README with memtest_passes=0..65 is refused: $$(grep -m1 memtest_passes <<<"$$out")"; fi

## make options-doc: README's list of options rewritten from front/options_table.c
options-doc: $(BUILD)/host/test_options
	scripts/check-options-doc.sh --write $(BUILD)/host/test_options README.md

check-options-doc: SHELL := /bin/bash
.PHONY: host-options fuzz-options check-options-doc options-doc
