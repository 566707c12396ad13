# SPDX-License-Identifier: BSD-2-Clause
# Host test of the DRAM test engine (tests/host/lib/memtest/test_memtest.c, memtest_model.c).
# Included by the Makefile.
#   host-memtest  lib/memtest/*.c and the real lib/memtest/<arch>/fill.S against
#                 a DRAM with injected faults behind a write-back cache model: a static
#                 aarch64-linux-gnu build under qemu-aarch64 (cortex-a53: 64 B DC ZVA)
#                 and an arm-none-eabi + semihosting newlib build under qemu-arm
#                 (cortex-a15), the two at once (two cores); MEMTEST_SETS_<arch> fault
#                 sets each (>= 10,000 in all). Then each broken build (MEMTEST_MUTANTS,
#                 -DMEMTEST_MUTANT_<NAME>) must exit 1 with the FAIL line its fault
#                 gives (not a crash, not some other failure):
#                   no_sync          no clean+invalidate: verifies read the cache
#                   no_complement    data_bus without the complement write (floating lines)
#                   random_nop       memtest_random does nothing (stuck cells)
#                   random_no_clean  random verifies without its clean (stuck cells)
#                   fade_no_clean    bit fade fills without the clean (the cached fade runs)
#                   lanes_wide       the byte-lane test stores whole words (data-mask faults)
#                   down_ascending   March C-'s down elements clean their chunk upwards (couplings
#                                    within a chunk, victim above the aggressor)
#                 One line per arch.
BUILD ?= build
MEMTEST_SETS_aarch64 ?= 3000
MEMTEST_SETS_armv7 ?= 2000
MEMTEST_MUTANT_SETS ?= 40
MEMTEST_TEST_SRCS := tests/host/lib/memtest/test_memtest.c tests/host/lib/memtest/test_memtest_expect.c \
	tests/host/lib/memtest/test_memtest_fade.c tests/host/lib/memtest/test_memtest_lanes.c tests/host/lib/memtest/memtest_model.c \
	tests/host/lib/memtest/memtest_model_draw.c tests/host/lib/memtest/memtest_model_dm.c \
	$(MEMTEST_SRCS)
MEMTEST_TEST_DEPS := $(MEMTEST_TEST_SRCS) tests/host/lib/memtest/memtest_model.h tests/host/lib/memtest/test_memtest.h \
	tests/host/common/check.h \
	lib/memtest/memtest.h lib/memtest/memtest_priv.h cache/cache.h tests/host/lib/memtest/memtest.mk
# --wrap: the model sees the byte-lane test's narrow stores (memtest_model.h).
MEMTEST_CFLAGS := -std=gnu11 -g -O2 -Wall -Wextra -Werror -I. -Wl,--wrap=memtest_store_lanes
# Each broken build: name|fault kind for its run ("mixed": all)|the FAIL text it must give.
MEMTEST_MUTANTS := \
	'no_sync|mixed|: .* not found$$' \
	'no_complement|data-float|: data-float bit [0-9]* ([01]) not found$$' \
	'random_nop|cell-stuck|: cell 0x[0-9a-f]* bit [0-9]* stuck at [01] not found by the random test$$' \
	'random_no_clean|cell-stuck|: cell 0x[0-9a-f]* bit [0-9]* stuck at [01] not found by the random test$$' \
	'fade_no_clean|cell-stuck|: bit fade run [0-9]* (cached, line [0-9]*, leak yes): 2 waits, 0 March errors, 0 fade errors$$' \
	'lanes_wide|cell-stuck|: data-mask line of byte lane [0-7] (never masks) not found$$' \
	'down_ascending|coupling|: write to 0x[0-9a-f]* flips bit [0-9]* of 0x[0-9a-f]* not found$$'
MEMTEST_VARIANTS := ok $(foreach m,$(filter '%,$(MEMTEST_MUTANTS)),$(firstword $(subst |, ,$(subst ',,$(m)))))
# $(call memtest_flags,variant): the -D flag of a broken build (none for ok)
memtest_flags = $(if $(filter-out ok,$(1)),-DMEMTEST_MUTANT_$(shell echo $(1) | tr a-z A-Z))
MEMTEST_BINS := $(foreach a,aarch64 armv7,$(foreach v,$(MEMTEST_VARIANTS), \
	$(BUILD)/host/test_memtest_$(a)_$(v)))

$(BUILD)/host/test_memtest_aarch64_%: $(MEMTEST_TEST_DEPS) $(call memtest_asm,aarch64)
	@mkdir -p $(@D)
	aarch64-linux-gnu-gcc $(MEMTEST_CFLAGS) -march=armv8-a -static $(call memtest_flags,$*) \
		$(MEMTEST_TEST_SRCS) $(call memtest_asm,aarch64) -o $@

$(BUILD)/host/test_memtest_armv7_%: $(MEMTEST_TEST_DEPS) $(call memtest_asm,armv7)
	@mkdir -p $(@D)
	arm-none-eabi-gcc $(MEMTEST_CFLAGS) -marm -march=armv7-a -specs=rdimon.specs \
		$(call memtest_flags,$*) $(MEMTEST_TEST_SRCS) $(call memtest_asm,armv7) -o $@

# $(call memtest_arch,arch,qemu -cpu ...,sets): the run, then each broken build, which
# must end with exit 1 and its FAIL line (not a crash, not a timeout). The runs'
# output goes to build/host/memtest_<arch>*.log (the engine's "# memtest:" lines
# stay there); the lines shown are the summary.
define memtest_arch
	b=$(BUILD)/host/test_memtest_$(1); log=$(BUILD)/host/memtest_$(1); \
	timeout 300 $(2) $${b}_ok $(3) 1 >$$log.log 2>&1 && st=0 || st=$$?; \
	if [ $$st -ne 0 ]; then grep -v '^# memtest' $$log.log | tail -n 20; \
		echo "host-memtest ($(1)): FAIL (exit $$st)"; exit 1; fi; \
	caught=; \
	for m in $(MEMTEST_MUTANTS); do \
		v=$${m%%|*}; r=$${m#*|}; k=$${r%%|*}; want=$${r#*|}; [ $$k = mixed ] && k=; \
		timeout 300 $(2) $${b}_$$v $(MEMTEST_MUTANT_SETS) 2 $$k >$$log.$$v.log 2>&1 && st=0 || st=$$?; \
		n=$$(grep -c "^FAIL .*$$want" $$log.$$v.log); \
		if [ $$st -ne 1 ] || [ $$n -eq 0 ]; then \
			tail -n 5 $$log.$$v.log; \
			echo "host-memtest ($(1)): FAIL: the broken build $$v was not caught as it must be (exit $$st, $$n lines matching '$$want')"; exit 1; fi; \
		caught="$$caught$${caught:+, }$${v//_/-} ($$n)"; \
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

# host-memtest-progress: the progress lines (lib/memtest/memtest_progress.c) against a fake
# counter (tests/host/lib/memtest/test_memtest_progress.c), native; then the broken build that prints
# at every look (-DMEMTEST_MUTANT_PROGRESS_EVERY_LOOK) must fail.
PROGRESS_TEST_DEPS := tests/host/lib/memtest/test_memtest_progress.c lib/memtest/memtest_progress.c \
	lib/memtest/memtest_progress.h tests/host/common/check.h tests/host/lib/memtest/memtest.mk
$(BUILD)/host/test_memtest_progress $(BUILD)/host/test_memtest_progress_mutant: $(PROGRESS_TEST_DEPS)
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -g -O2 -Wall -Wextra -Werror -I. $(if $(findstring mutant,$@),-DMEMTEST_MUTANT_PROGRESS_EVERY_LOOK) \
		tests/host/lib/memtest/test_memtest_progress.c lib/memtest/memtest_progress.c -o $@
host-memtest-progress: $(BUILD)/host/test_memtest_progress $(BUILD)/host/test_memtest_progress_mutant
	@$(BUILD)/host/test_memtest_progress
	@tests/host/common/run-mutant.sh progress_every_look $(BUILD)/host/memtest_progress_mutant.log \
		'^FAIL_tests/host/lib/memtest/test.memtest.progress.c:[0-9]+:_two_lines_0.1_s_apart' \
		$(BUILD)/host/test_memtest_progress_mutant
.PHONY: host-memtest-progress

# host-memtest-faults: the fault summary (lib/memtest/memtest_faults.c), native
# (tests/host/lib/memtest/test_memtest_faults.c); its bad-page fragment compiled with dtc and read
# back with fdtget (tests/host/lib/memtest/check-memtest-fragment.sh): exactly the bad pages, in
# no-map nodes and in U-Boot commands. Then the broken build that merges two bad
# pages across a good one (-DMEMTEST_MUTANT_FAULTS_GAP_MERGED) must fail the fragment check.
FAULTS_TEST_DEPS := tests/host/lib/memtest/test_memtest_faults.c lib/memtest/memtest_faults.c \
	lib/memtest/memtest_faults.h lib/memtest/memtest.h tests/host/common/check.h tests/host/lib/memtest/memtest.mk
$(BUILD)/host/test_memtest_faults $(BUILD)/host/test_memtest_faults_mutant: $(FAULTS_TEST_DEPS)
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -g -O2 -Wall -Wextra -Werror -I. $(if $(findstring mutant,$@),-DMEMTEST_MUTANT_FAULTS_GAP_MERGED) \
		tests/host/lib/memtest/test_memtest_faults.c lib/memtest/memtest_faults.c -o $@
host-memtest-faults: $(BUILD)/host/test_memtest_faults $(BUILD)/host/test_memtest_faults_mutant
	@$(BUILD)/host/test_memtest_faults
	@tests/host/lib/memtest/check-memtest-fragment.sh $(BUILD)/host/test_memtest_faults $(BUILD)/host
	@tests/host/common/run-mutant.sh faults_gap_merged $(BUILD)/host/memtest_faults_mutant.log \
		'FAIL:_the_fragment_\(1_cells\)_lists_other_pages_than_the_bad_ones' \
		tests/host/lib/memtest/check-memtest-fragment.sh $(BUILD)/host/test_memtest_faults_mutant \
		$(BUILD)/host/faults_mutant
.PHONY: host-memtest-faults

# host-memtest-cpus: the DRAM test on every CPU at once (lib/memtest/memtest_cpus.c, the
# engine and the real lib/memtest/<arch>/ loops; tests/host/lib/memtest/test_memtest_cpus.c) against two
# CPUs with private write-back caches over one DRAM with stuck cells, under qemu-aarch64 and
# qemu-arm. Then each broken build must fail with its FAIL line:
#   slice_no_clean  the round robin's write left in the writer's cache (dirty lines, stale DRAM)
#   rr_no_inval     the round robin's verify reads its own stale copies
#   no_sync         the engine's clean+invalidate gone: each slice's verifies read its cache
MEMTEST_CPUS_SETS ?= 400
MEMTEST_CPUS_SRCS := tests/host/lib/memtest/test_memtest_cpus.c $(MEMTEST_SRCS)
MEMTEST_CPUS_DEPS := $(MEMTEST_CPUS_SRCS) lib/memtest/memtest.h lib/memtest/memtest_priv.h \
	lib/memtest/memtest_cpus.h tests/host/common/check.h tests/host/lib/memtest/memtest.mk
MEMTEST_CPUS_MUTANTS := 'slice_no_clean|not cleaned to memory$$' \
	'rr_no_inval|round_robin reported [0-9]* errors, the faults make [0-9]*$$' \
	'no_sync|not found by its CPU.s March C-$$'
MEMTEST_CPUS_BINS := $(foreach a,aarch64 armv7,$(foreach v,ok slice_no_clean rr_no_inval no_sync, \
	$(BUILD)/host/test_memtest_cpus_$(a)_$(v)))
$(BUILD)/host/test_memtest_cpus_aarch64_%: $(MEMTEST_CPUS_DEPS) $(call memtest_asm,aarch64)
	@mkdir -p $(@D)
	aarch64-linux-gnu-gcc -std=gnu11 -g -O2 -Wall -Wextra -Werror -I. -march=armv8-a -static \
		$(call memtest_flags,$*) $(MEMTEST_CPUS_SRCS) $(call memtest_asm,aarch64) -o $@
$(BUILD)/host/test_memtest_cpus_armv7_%: $(MEMTEST_CPUS_DEPS) $(call memtest_asm,armv7)
	@mkdir -p $(@D)
	arm-none-eabi-gcc -std=gnu11 -g -O2 -Wall -Wextra -Werror -I. -marm -march=armv7-a \
		-specs=rdimon.specs $(call memtest_flags,$*) $(MEMTEST_CPUS_SRCS) \
		$(call memtest_asm,armv7) -o $@
# The burn-in's cache kind (memtest/burnin_cache.c, tests/host/lib/memtest/
# test_burnin_cache.c) against the same two private write-back caches, per
# architecture; a copy of it without the clean (invalidate only) must fail.
BURNIN_CACHE_SRCS := tests/host/lib/memtest/test_burnin_cache.c memtest/burnin_cache.c
BURNIN_CACHE_DEPS := $(BURNIN_CACHE_SRCS) memtest/burnin_cache.h cache/cache.h tests/host/common/check.h \
	tests/host/lib/memtest/memtest.mk
$(BUILD)/host/test_burnin_cache_aarch64: $(BURNIN_CACHE_DEPS) lib/memtest/aarch64/fill.S
	@mkdir -p $(@D)
	aarch64-linux-gnu-gcc -std=gnu11 -g -O2 -Wall -Wextra -Werror -I. -march=armv8-a -static \
		$(BURNIN_CACHE_SRCS) lib/memtest/aarch64/fill.S -o $@
$(BUILD)/host/test_burnin_cache_armv7: $(BURNIN_CACHE_DEPS) lib/memtest/armv7/fill.S
	@mkdir -p $(@D)
	arm-none-eabi-gcc -std=gnu11 -g -O2 -Wall -Wextra -Werror -I. -marm -march=armv7-a \
		-specs=rdimon.specs $(BURNIN_CACHE_SRCS) lib/memtest/memtest_simd.c lib/memtest/armv7/fill.S -o $@
$(BUILD)/host/burnin_cache_no_clean.c: memtest/burnin_cache.c
	@mkdir -p $(@D)
	sed '/dcache_clean_to_mem(/d' $< >$@
	@! cmp -s $< $@ || { echo "host-memtest-cpus: the no_clean plant changed nothing"; exit 1; }
$(BUILD)/host/test_burnin_cache_no_clean: $(BURNIN_CACHE_DEPS) $(BUILD)/host/burnin_cache_no_clean.c
	aarch64-linux-gnu-gcc -std=gnu11 -g -O2 -Wall -Wextra -Werror -I. -march=armv8-a -static \
		tests/host/lib/memtest/test_burnin_cache.c $(BUILD)/host/burnin_cache_no_clean.c \
		lib/memtest/aarch64/fill.S -o $@
BURNIN_CACHE_BINS := $(foreach v,aarch64 armv7 no_clean,$(BUILD)/host/test_burnin_cache_$(v))

host-memtest-cpus: SHELL := /bin/bash
host-memtest-cpus: $(MEMTEST_CPUS_BINS) $(BURNIN_CACHE_BINS)
	@for a in aarch64:"qemu-aarch64 -cpu cortex-a53" armv7:"qemu-arm -cpu cortex-a15"; do \
		arch=$${a%%:*}; q=$${a#*:}; b=$(BUILD)/host/test_memtest_cpus_$$arch; \
		log=$(BUILD)/host/memtest_cpus_$$arch; \
		timeout 300 $$q $${b}_ok $(MEMTEST_CPUS_SETS) 1 >$$log.log 2>&1 || { \
			tail -n 20 $$log.log; echo "host-memtest-cpus ($$arch): FAIL"; exit 1; }; \
		caught=; \
		for m in $(MEMTEST_CPUS_MUTANTS); do \
			v=$${m%%|*}; want=$${m#*|}; \
			timeout 300 $$q $${b}_$$v 40 2 >$$log.$$v.log 2>&1 && st=0 || st=$$?; \
			n=$$(grep -c "^FAIL .*$$want" $$log.$$v.log); \
			if [ $$st -ne 1 ] || [ $$n -eq 0 ]; then tail -n 5 $$log.$$v.log; \
				echo "host-memtest-cpus ($$arch): FAIL: the broken build $$v was not caught (exit $$st, $$n lines matching '$$want')"; exit 1; fi; \
			caught="$$caught$${caught:+, }$${v//_/-} ($$n: $$(grep -m1 "^FAIL .*$$want" $$log.$$v.log | sed 's/^FAIL [^ ]*: //'))"; \
		done; \
		echo "$$(tail -n 1 $$log.log) ($$arch); broken builds caught: $$caught"; \
	done
	@timeout 60 qemu-aarch64 -cpu cortex-a53 $(BUILD)/host/test_burnin_cache_aarch64
	@timeout 60 qemu-arm -cpu cortex-a15 $(BUILD)/host/test_burnin_cache_armv7
	@tests/host/common/run-mutant.sh burnin_cache_no_clean $(BUILD)/host/burnin_cache_no_clean.log \
		'cpu[01]:_the_cache_kind_read_back_[1-9][0-9]*_words_not_the_pattern' \
		timeout 60 qemu-aarch64 -cpu cortex-a53 $(BUILD)/host/test_burnin_cache_no_clean
.PHONY: host-memtest-cpus

# host-memtest-stress: the DRAM stress (lib/memtest/memtest_stress.c, memtest_stress_loops.c;
# tests/host/lib/memtest/test_memtest_stress.c), native, against two CPUs with private
# write-back caches over one DRAM: clean runs (no error), DRAM that drops the write-backs of
# a window of maintenance calls (caught by the checksum), address bit 13 not decoded
# (caught by the tag check of the first copy); the same with the ARMv7 copy loop
# (lib/memtest/armv7/stress_copy.S) under qemu-arm. Then each broken build must fail with its
# FAIL line:
#   stress_no_clean  a copy left in its writer's cache: the next CPU reads stale DRAM
#   stress_no_sum    no checksum compared: the dropped writes go unseen
#   stress_no_tag    no tag compared: the alias is not named by the first copy
MEMTEST_STRESS_SETS ?= 300
MEMTEST_STRESS_SRCS := tests/host/lib/memtest/test_memtest_stress.c lib/memtest/memtest_stress.c \
	lib/memtest/memtest_stress_loops.c
MEMTEST_STRESS_DEPS := $(MEMTEST_STRESS_SRCS) lib/memtest/memtest_stress.h lib/memtest/memtest.h \
	tests/host/common/check.h tests/host/lib/memtest/memtest.mk
MEMTEST_STRESS_MUTANTS := 'stress_no_clean|errors with no fault' \
	'stress_no_sum|writes dropped in calls [0-9.]* not caught$$' \
	'stress_no_tag|the alias not caught by the tag check of the first copy$$'
MEMTEST_STRESS_BINS := $(foreach v,ok stress_no_clean stress_no_sum stress_no_tag, \
	$(BUILD)/host/test_memtest_stress_$(v))
$(BUILD)/host/test_memtest_stress_%: $(MEMTEST_STRESS_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) -std=gnu11 -g -O1 -Wall -Wextra -Werror -I. -fsanitize=address,undefined \
		-fno-sanitize-recover=all $(call memtest_flags,$*) $(MEMTEST_STRESS_SRCS) -o $@
# The same runs with the ARMv7 copy loop (lib/memtest/armv7/stress_copy.S) under qemu-arm.
$(BUILD)/host/test_memtest_stress_armv7: $(MEMTEST_STRESS_DEPS) $(call memtest_asm,armv7)
	@mkdir -p $(@D)
	arm-none-eabi-gcc -std=gnu11 -g -O2 -Wall -Wextra -Werror -I. -marm -march=armv7-a \
		-specs=rdimon.specs $(MEMTEST_STRESS_SRCS) lib/memtest/armv7/stress_copy.S -o $@
host-memtest-stress: SHELL := /bin/bash
host-memtest-stress: $(MEMTEST_STRESS_BINS) $(BUILD)/host/test_memtest_stress_armv7
	@b=$(BUILD)/host/test_memtest_stress; log=$(BUILD)/host/memtest_stress; \
	timeout 300 $${b}_ok $(MEMTEST_STRESS_SETS) 1 >$$log.log 2>&1 || { \
		tail -n 20 $$log.log; echo "host-memtest-stress: FAIL"; exit 1; }; \
	timeout 300 qemu-arm -cpu cortex-a15 $${b}_armv7 100 3 >$$log.armv7.log 2>&1 || { \
		tail -n 20 $$log.armv7.log; echo "host-memtest-stress (armv7 copy loop): FAIL"; exit 1; }; \
	caught=; \
	for m in $(MEMTEST_STRESS_MUTANTS); do \
		v=$${m%%|*}; want=$${m#*|}; \
		timeout 300 $${b}_$$v 100 2 >$$log.$$v.log 2>&1 && st=0 || st=$$?; \
		n=$$(grep -c "^FAIL .*$$want" $$log.$$v.log); \
		if [ $$st -ne 1 ] || [ $$n -eq 0 ]; then tail -n 5 $$log.$$v.log; \
			echo "host-memtest-stress: FAIL: the broken build $$v was not caught (exit $$st, $$n lines matching '$$want')"; exit 1; fi; \
		caught="$$caught$${caught:+; }$${v//_/-} ($$n: $$(grep -m1 "^FAIL .*$$want" $$log.$$v.log | sed 's/^FAIL [^ ]*: //' | cut -c1-110))"; \
	done; \
	grep '^# stress:' $$log.log; \
	echo "$$(tail -n 1 $$log.armv7.log) (the ARMv7 copy loop, qemu-arm)"; \
	echo "$$(tail -n 1 $$log.log); broken builds caught: $$caught"
.PHONY: host-memtest-stress
