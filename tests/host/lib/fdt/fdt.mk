# SPDX-License-Identifier: BSD-2-Clause
# tests/host/lib/fdt/fdt.mk — host tests of the device-tree reader (lib/fdt/) and the
# board scan over it (board/fdt_*.c).
#
# Included by the top-level Makefile, or standalone:
#   make -f tests/host/lib/fdt/fdt.mk host-fdt-unit host-fdt-corpus host-fdt-fuzz
#
#   host-fdt-unit          sanitized unit test on tests/host/common/dts/*.dts + malformed blobs;
#                          also compiles those sources freestanding for aarch64 and armv7-a
#   host-fdt-corpus        every DTB of Debian's armmp/arm64 kernels (fetched once into
#                          $(BUILD)/dtbs), read by our reader and by Debian's libfdt
#                          (the oracle, tests/host/lib/fdt/fdt_oracle*.c), field by field; then
#                          the planted case: the same with a wrong default in the
#                          project's UART table (ti,omap4-uart's reg-shift 2 -> 0), which
#                          must fail with those disagreements and no other; and the
#                          platform identification over the same trees and ours
#                          (tests/host/board/test_platform_id.c): none but QEMU's
#                          virt taken for qemu-virt, proven by a plant that identifies
#                          virt by RAM base again
#   host-fdt-fuzz          libFuzzer for $(FUZZ_SECONDS) (default 20 s); every blob we
#                          accept must pass libfdt's fdt_check_full (known differences
#                          aside: tests/host/lib/fdt/fuzz_fdt.c)
#   fuzz                   the same, default 600 s
# Outputs go under $(BUILD)/host/; fuzz crash artifacts under $(BUILD)/host/fuzz/.

BUILD ?= build
HOSTCC ?= clang
FUZZCC ?= clang
DTC ?= dtc
ifeq ($(origin FUZZ_SECONDS),undefined)
FDT_FUZZ_LONG := 600
else
FDT_FUZZ_LONG := $(FUZZ_SECONDS)
endif
FUZZ_SECONDS ?= 20

include sources.mk

FDT_OUT := $(BUILD)/host
# The reader and the scan, with the console drivers' compatible tables (and
# the output sink console.c registers with).
FDT_READER := $(FDT_SRCS) $(BOARD_FDT_SRCS) $(MEMMAP_SRCS)
# The image's start methods (smp/methods/: the start_methods section the
# scan recognises a CPU's method from), their device accesses recorded by
# the model of tests/host/smp/smp_mmio_model.c and never run here.
START_METHOD_HOST_SRCS := $(SMP_METHOD_SRCS) smp/smp_cci.c tests/host/smp/smp_mmio_model.c \
	tests/host/smp/start_method_stubs.c $(BOARD_CORES_SRCS)
FDT_LIB := $(FDT_READER) $(CONSOLE_SRCS) arch/out.c $(START_METHOD_HOST_SRCS)
FDT_HDR := $(wildcard lib/fdt/*.h board/*.h lib/console/*.h lib/memmap.h arch/*.h smp/*.h)
FDT_CFLAGS := -std=gnu11 -I. -Wall -Wextra -Werror -Wshadow -O1 -g -DSMP_MMIO_MODEL
FDT_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FDT_FUZZ_SAN := -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FDT_DTB_DIR := $(FDT_OUT)/dts
FDT_DTBS := $(patsubst tests/host/common/dts/%.dts,$(FDT_DTB_DIR)/%.dtb,$(wildcard tests/host/common/dts/*.dts)) \
            $(FDT_DTB_DIR)/virt64-v16.dtb
FDT_FREE_CFLAGS := -std=c11 -ffreestanding -O2 -Wall -Wextra -Werror -Wshadow -I.

.PHONY: host-fdt-unit host-fdt-corpus host-fdt-fuzz fuzz host-fdt-freestanding

$(FDT_DTB_DIR)/%.dtb: tests/host/common/dts/%.dts
	@mkdir -p $(@D)
	$(DTC) -q -I dts -O dtb -o $@ $<

# The same tree in the older v16 format (no size_dt_struct, 36-byte header).
$(FDT_DTB_DIR)/virt64-v16.dtb: tests/host/common/dts/virt64.dts
	@mkdir -p $(@D)
	$(DTC) -q -V 16 -I dts -O dtb -o $@ $<

FDT_UNIT_DEPS := tests/host/lib/fdt/fdt_unit.c tests/host/lib/fdt/fdt_unit_nav.c \
                 tests/host/lib/fdt/fdt_unit_bad.c tests/host/lib/fdt/fdt_unit_asm.c \
                 tests/host/lib/fdt/fdt_unit_reserved.c \
                 tests/host/lib/fdt/fdt_unit_cpus.c tests/host/lib/fdt/fdt_unit_cmdline.c \
                 board/fdt_refusal.c board/fdt_refusal.h \
                 $(FDT_LIB) $(FDT_HDR) \
                 tests/host/lib/fdt/fdt_unit.h tests/host/lib/fdt/fdt_unit_bad.h \
                 tests/host/common/testutil.h
$(FDT_OUT)/fdt_unit: $(FDT_UNIT_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(FDT_CFLAGS) $(FDT_SAN) -o $@ $(filter %.c,$^)

# The libfdt oracle with Debian's libfdt.a (package libfdt-dev), as one
# relocatable object whose only global definitions are fdt_oracle.h's
# functions. libfdt and lib/fdt both define fdt_getprop, fdt_path_offset,
# fdt_strerror...: linked side by side they would clash (libfdt.a) or
# interpose (libfdt.so calls its own functions through the PLT, which would
# reach ours), so ld -r resolves the oracle against libfdt first and
# objcopy then makes every other name local. Built once per compiler
# (san: $(HOSTCC) for the corpus, fuzz: $(FUZZCC) for the fuzzer).
FDT_LIBFDT := $(shell $(HOSTCC) -print-file-name=libfdt.a)
FDT_ORACLE_SRCS := tests/host/lib/fdt/fdt_oracle_libfdt.c tests/host/lib/fdt/fdt_oracle_board.c \
                   tests/host/lib/fdt/fdt_oracle_uarts.c tests/host/lib/fdt/fdt_oracle_cpus.c
FDT_ORACLE_HDR := tests/host/lib/fdt/fdt_oracle.h tests/host/lib/fdt/fdt_oracle_priv.h
FDT_ORACLE_API := oracle_read oracle_read_cpus oracle_check_full oracle_strerror
fdt_oracle_objs = $(patsubst tests/host/lib/fdt/%.c,$(FDT_OUT)/oracle/%.$(1).o,$(FDT_ORACLE_SRCS))

$(FDT_OUT)/oracle/%.san.o: tests/host/lib/fdt/%.c $(FDT_ORACLE_HDR) $(FDT_HDR)
	@mkdir -p $(@D)
	$(HOSTCC) $(FDT_CFLAGS) $(FDT_SAN) -c -o $@ $<
$(FDT_OUT)/oracle/%.fuzz.o: tests/host/lib/fdt/%.c $(FDT_ORACLE_HDR) $(FDT_HDR)
	@mkdir -p $(@D)
	$(FUZZCC) $(FDT_CFLAGS) $(FDT_SAN) -c -o $@ $<

define fdt_oracle_link
	@[ -f "$(FDT_LIBFDT)" ] || { echo "FAIL: no libfdt.a ($(FDT_LIBFDT)): apt-get install libfdt-dev"; exit 1; }
	ld -r -o $@.tmp $(filter %.o,$^) $(FDT_LIBFDT)
	objcopy $(addprefix --keep-global-symbol=,$(FDT_ORACLE_API)) $@.tmp $@
	@rm -f $@.tmp
endef
$(FDT_OUT)/oracle-san.o: $(call fdt_oracle_objs,san) $(wildcard $(FDT_LIBFDT))
	$(fdt_oracle_link)
$(FDT_OUT)/oracle-fuzz.o: $(call fdt_oracle_objs,fuzz) $(wildcard $(FDT_LIBFDT))
	$(fdt_oracle_link)

$(FDT_OUT)/fdt_corpus: tests/host/lib/fdt/fdt_corpus.c tests/host/lib/fdt/fdt_corpus_cpus.c $(FDT_LIB) $(FDT_HDR) tests/host/common/testutil.h \
                       tests/host/lib/fdt/fdt_oracle.h tests/host/lib/fdt/fdt_corpus.h $(FDT_OUT)/oracle-san.o
	@mkdir -p $(@D)
	$(HOSTCC) $(FDT_CFLAGS) $(FDT_SAN) -o $@ $(filter %.c %.o,$^)

$(FDT_OUT)/fuzz_fdt: tests/host/lib/fdt/fuzz_fdt.c $(FDT_LIB) $(FDT_HDR) tests/host/lib/fdt/fdt_oracle.h \
                     $(FDT_OUT)/oracle-fuzz.o
	@mkdir -p $(@D)
	$(FUZZCC) $(FDT_CFLAGS) $(FDT_FUZZ_SAN) -o $@ $(filter %.c %.o,$^)

# The library must build for the image: no hosted headers, no libgcc calls.
$(FDT_OUT)/freestanding/%.a64.o: %.c $(FDT_HDR)
	@mkdir -p $(@D)
	aarch64-linux-gnu-gcc $(FDT_FREE_CFLAGS) -c -o $@ $<
$(FDT_OUT)/freestanding/%.a32.o: %.c $(FDT_HDR)
	@mkdir -p $(@D)
	arm-none-eabi-gcc -march=armv7-a -marm -mfloat-abi=soft $(FDT_FREE_CFLAGS) -c -o $@ $<

FDT_FREE_OBJS := $(foreach a,a64 a32,$(patsubst %.c,$(FDT_OUT)/freestanding/%.$(a).o,$(FDT_READER)))

# Externals allowed: each other (fdt_*), string.h, the console and watchdog drivers' sections.
host-fdt-freestanding: $(FDT_FREE_OBJS)
	@undef=$$(arm-none-eabi-nm -u $(filter %.a32.o,$^) | awk 'NF == 2 && $$2 !~ /^(fdt_|start_method|__st(art|op)_(start_methods|uart_drivers|wdt_drivers)$$$$|mem|str)/ {print $$2}'); \
	if [ -n "$$undef" ]; then echo "FAIL fdt freestanding: unexpected externals: $$undef"; exit 1; fi; \
	echo "fdt freestanding: $(words $(FDT_FREE_OBJS)) objects built (aarch64, armv7-a), no externals beyond string.h and the UART drivers' section"

# Planted: an earlycon= address taken in RAM (the RAM check dropped): the
# unit test must refuse it by the state it expects.
$(FDT_OUT)/planted/earlycon-ram/fdt_earlycon.c: board/fdt_earlycon.c tests/host/lib/fdt/fdt.mk
	@mkdir -p $(@D)
	sed 's/if (in_ram(b, u->base))/if (0 \&\& in_ram(b, u->base))/' $< > $@
	@! cmp -s $< $@ || { echo "FAIL: the earlycon-ram plant no longer applies"; exit 1; }
$(FDT_OUT)/fdt_unit_earlycon-ram: $(FDT_OUT)/fdt_unit $(FDT_OUT)/planted/earlycon-ram/fdt_earlycon.c
	$(HOSTCC) $(FDT_CFLAGS) $(FDT_SAN) -o $@ \
		$(filter-out board/fdt_earlycon.c,$(filter %.c,$(FDT_UNIT_DEPS))) \
		$(FDT_OUT)/planted/earlycon-ram/fdt_earlycon.c

host-fdt-unit: $(FDT_OUT)/fdt_unit $(FDT_DTBS) host-fdt-freestanding $(FDT_OUT)/fdt_unit_earlycon-ram
	$(FDT_OUT)/fdt_unit $(FDT_DTB_DIR)
	@tests/host/common/run-mutant.sh fdt-earlycon-ram $(FDT_OUT)/fdt_unit_earlycon-ram.log \
		'earlycon.state_==_want:_got_0x1_.1.,_want_0x7' $(FDT_OUT)/fdt_unit_earlycon-ram $(FDT_DTB_DIR)

# The planted cases: the corpus built with one source copied and one line
# changed, which the oracle must refuse with the disagreement named and no
# other. $(call fdt_planted,name,source,from,to,the DIFF line's tail):
#   omap4-shift      a wrong default in the project's UART table (ti,omap4-uart's
#                    reg-shift 2 -> 0): the oracle's own table (fdt_oracle_uarts.c)
#   cpus-no-parent   board_read_cpus ignores /cpus' own enable-method: the
#                    oracle's /cpus (fdt_oracle_cpus.c)
FDT_PLANTED := omap4-shift cpus-no-parent
fdt_comma := ,
define fdt_planted
$(FDT_OUT)/planted/$(1)/$(notdir $(2)): $(2) tests/host/lib/fdt/fdt.mk
	@mkdir -p $$(@D)
	@grep -qF '$(3)' $$< || { echo "FAIL: the planted case $(1) no longer applies: no $(3) in $$<"; exit 1; }
	sed 's/$(3)/$(4)/' $$< > $$@

$(FDT_OUT)/fdt_corpus_$(1): tests/host/lib/fdt/fdt_corpus.c tests/host/lib/fdt/fdt_corpus_cpus.c $(filter-out $(2),$(FDT_LIB)) \
                            $(FDT_OUT)/planted/$(1)/$(notdir $(2)) $(FDT_HDR) tests/host/common/testutil.h \
                            tests/host/lib/fdt/fdt_oracle.h $(FDT_OUT)/oracle-san.o
	@mkdir -p $$(@D)
	$(HOSTCC) $(FDT_CFLAGS) $(FDT_SAN) -o $$@ $$(filter %.c %.o,$$^)

FDT_PLANTED_WANT_$(1) := $(5)
endef
$(eval $(call fdt_planted,omap4-shift,lib/console/ns16550.c,UART_COMPAT("ti$(fdt_comma)omap4-uart"$(fdt_comma) 2$(fdt_comma) 1),UART_COMPAT("ti$(fdt_comma)omap4-uart"$(fdt_comma) 0$(fdt_comma) 1),: console reg-shift: ours 0x0$(fdt_comma) libfdt 0x2))
$(eval $(call fdt_planted,cpus-no-parent,board/cpus.c,m = parent_method;,m = parent_method ? NULL : NULL;,: cpu [0-9]* enable-method: ours ""$(fdt_comma) libfdt ".*"))

# $(call fdt_planted_run,name): its corpus run must exit 1, every DIFF/FAIL line
# the planted one (anchored at the end of the line).
define fdt_planted_run
	log=$(FDT_OUT)/fdt_corpus_$(1).log; want='$(FDT_PLANTED_WANT_$(1))'; \
	find $(BUILD)/dtbs/ -name '*.dtb' | LC_ALL=C sort | $(FDT_OUT)/fdt_corpus_$(1) >$$log 2>&1 && st=0 || st=$$?; \
	n=$$(grep -c "^DIFF .*$$want\$$" $$log); all=$$(grep '^\(DIFF\|FAIL\) ' $$log | grep -vc '^FAIL fdt corpus: secondary CPUs'); \
	if [ $$st -ne 1 ] || [ $$n -eq 0 ] || [ $$n -ne $$all ]; then \
		grep '^\(DIFF\|FAIL\) ' $$log | head -n 10; tail -n 2 $$log; \
		echo "FAIL fdt corpus planted $(1): not refused as it must be (exit $$st, $$n of $$all DIFF/FAIL lines match '$$want')"; exit 1; fi; \
	echo "fdt corpus planted $(1): refused, $$n disagreements, each '$$want'"
endef

# The start-method floor (fdt_corpus_cpus.c SECONDARY_FLOOR_PERMILLE) bites: the
# table without its /psci rule (board/start_methods.c) must fail the corpus with
# the floor's line and agree with libfdt everywhere else (a planted case's
# own floor line is not counted against it above).
$(eval $(call fdt_planted,no-psci-node,board/start_methods.c,: m->psci_node,: 0 \&\& m->psci_node,))
define fdt_floor_run
	log=$(FDT_OUT)/fdt_corpus_no-psci-node.log; \
	find $(BUILD)/dtbs/ -name '*.dtb' | LC_ALL=C sort | $(FDT_OUT)/fdt_corpus_no-psci-node >$$log 2>&1 && st=0 || st=$$?; \
	if [ $$st -ne 1 ] || ! grep -q '^FAIL fdt corpus: secondary CPUs with a start method: .* below' $$log || \
	   [ $$(grep -c '^\(DIFF\|FAIL\) ' $$log) -ne 1 ]; then grep '^\(DIFF\|FAIL\) ' $$log | head -n 5; \
		echo "FAIL fdt corpus planted no-psci-node: the start-method floor did not bite (exit $$st)"; exit 1; fi; \
	echo "fdt corpus planted no-psci-node: $$(grep '^fdt corpus: secondary CPUs:' $$log), refused by the floor"
endef

# The platform identification rule over the same corpus and our own trees
# (tests/host/board/test_platform_id.c): no tree but QEMU's virt is taken
# for qemu-virt. Planted: qemu-virt as it was, named by no compatible and
# so identified by RAM base, which must be refused naming an i.MX8MQ tree.
PLATFORM_ID_SRCS := tests/host/board/test_platform_id.c board/platform_id.c $(FDT_SRCS) \
	$(CONSOLE_SRCS) arch/out.c
$(FDT_OUT)/platform_id: $(PLATFORM_ID_SRCS) $(PLATFORM_SRCS) $(FDT_HDR) board/platform_id.h \
		tests/host/common/testutil.h
	@mkdir -p $(@D)
	$(HOSTCC) $(FDT_CFLAGS) $(FDT_SAN) -o $@ $(PLATFORM_ID_SRCS) $(PLATFORM_SRCS)
# Planted: qemu-virt without its RAM window (its 128 MiB default alone), as
# before TF-A's 0x60000000 was known: the window check must name it.
$(FDT_OUT)/planted/no-window/qemu-virt.c: platforms/qemu-virt.c tests/host/lib/fdt/fdt.mk
	@mkdir -p $(@D)
	sed -e '/\.ram_window = /d' $< > $@
	@! cmp -s $< $@ || { echo "FAIL: the no-window plant no longer applies"; exit 1; }
$(FDT_OUT)/platform_id_no-window: $(PLATFORM_ID_SRCS) $(PLATFORM_SRCS) \
		$(FDT_OUT)/planted/no-window/qemu-virt.c $(FDT_HDR) board/platform_id.h
	$(HOSTCC) $(FDT_CFLAGS) $(FDT_SAN) -o $@ $(PLATFORM_ID_SRCS) \
		$(filter-out platforms/qemu-virt.c,$(PLATFORM_SRCS)) $(FDT_OUT)/planted/no-window/qemu-virt.c
$(FDT_OUT)/planted/virt-by-load/qemu-virt.c: platforms/qemu-virt.c tests/host/lib/fdt/fdt.mk
	@mkdir -p $(@D)
	sed -e 's/\.tree_only = true,//' -e '/\.compatible = "linux,dummy-virt",/d' $< > $@
	@! cmp -s $< $@ || { echo "FAIL: the virt-by-load plant no longer applies"; exit 1; }
$(FDT_OUT)/platform_id_virt-by-load: $(PLATFORM_ID_SRCS) $(PLATFORM_SRCS) \
		$(FDT_OUT)/planted/virt-by-load/qemu-virt.c $(FDT_HDR) board/platform_id.h
	$(HOSTCC) $(FDT_CFLAGS) $(FDT_SAN) -o $@ $(PLATFORM_ID_SRCS) \
		$(filter-out platforms/qemu-virt.c,$(PLATFORM_SRCS)) $(FDT_OUT)/planted/virt-by-load/qemu-virt.c
define platform_id_run
	{ find $(BUILD)/dtbs/ -name '*.dtb' | LC_ALL=C sort; ls $(FDT_DTBS); } | $(1)
endef

host-fdt-corpus: $(FDT_OUT)/fdt_corpus $(addprefix $(FDT_OUT)/fdt_corpus_,$(FDT_PLANTED) no-psci-node) \
		$(FDT_OUT)/platform_id $(FDT_OUT)/platform_id_virt-by-load $(FDT_OUT)/platform_id_no-window $(FDT_DTBS)
	sh tests/host/common/fetch-dtbs.sh $(BUILD)/dtbs
	find $(BUILD)/dtbs/ -name '*.dtb' | LC_ALL=C sort | $(FDT_OUT)/fdt_corpus
	@$(foreach p,$(FDT_PLANTED),( $(call fdt_planted_run,$(p)) ) && ) true
	@$(fdt_floor_run)
	@$(call platform_id_run,$(FDT_OUT)/platform_id) | tail -n 3
	@log=$(FDT_OUT)/platform_id_virt-by-load.log; \
	$(call platform_id_run,$(FDT_OUT)/platform_id_virt-by-load) >$$log 2>&1 && st=0 || st=$$?; \
	n=$$(grep -c '^FAIL .*fsl,imx8mq\|^FAIL .*imx8mq-evk' $$log); \
	if [ $$st -ne 1 ] || [ $$n -eq 0 ]; then \
		echo "FAIL platform-id planted virt-by-load: not refused as it must be (exit $$st, $$n i.MX8MQ lines)"; exit 1; fi; \
	echo "platform-id planted virt-by-load: refused, $$(grep -c '^FAIL ' $$log) failures, e.g. $$(grep -m1 '^FAIL .*imx8mq-evk' $$log)"
	@log=$(FDT_OUT)/platform_id_no-window.log; \
	$(call platform_id_run,$(FDT_OUT)/platform_id_no-window) >$$log 2>&1 && st=0 || st=$$?; \
	if [ $$st -ne 1 ] || ! grep -q "^FAIL .*at 0x60000000 (TF-A's BL33) looks for a tree in no platform's window" $$log; then \
		echo "FAIL platform-id planted no-window: not refused as it must be (exit $$st)"; exit 1; fi; \
	echo "platform-id planted no-window: refused: $$(grep -m1 '^FAIL .*0x60000000' $$log)"

# Seeds: our own trees plus every ~30th Debian tree (about 50) if fetched.
FDT_FUZZ_DIR := $(FDT_OUT)/fuzz
define fdt_run_fuzz
	@mkdir -p $(FDT_FUZZ_DIR)/seeds $(FDT_FUZZ_DIR)/corpus
	@cp $(FDT_DTBS) tests/host/lib/fdt/fuzz-regressions/* $(FDT_FUZZ_DIR)/seeds/
	@if [ -d $(BUILD)/dtbs ]; then find $(BUILD)/dtbs/ -name '*.dtb' | LC_ALL=C sort | \
	    awk 'NR % 30 == 1' | while read -r f; do cp "$$f" $(FDT_FUZZ_DIR)/seeds/; done; fi
	@echo "fdt fuzz: $(1) s, seeds: $$(ls $(FDT_FUZZ_DIR)/seeds | wc -l), log $(FDT_FUZZ_DIR)/fuzz.log"
	@if $(FDT_OUT)/fuzz_fdt -max_total_time=$(1) -print_final_stats=1 \
	    -artifact_prefix=$(FDT_FUZZ_DIR)/ $(FDT_FUZZ_DIR)/corpus $(FDT_FUZZ_DIR)/seeds \
	    > $(FDT_FUZZ_DIR)/fuzz.log 2>&1; then \
	    echo "fdt fuzz: $$(grep -o 'Done [0-9]* runs in [0-9]* second' $(FDT_FUZZ_DIR)/fuzz.log | tail -n 1)s," \
	         "corpus $$(ls $(FDT_FUZZ_DIR)/corpus | wc -l) inputs, 0 crashes (none we accept that fdt_check_full refuses, beyond the known)"; \
	    grep -E '^fdt fuzz: (libfdt accepts, we refuse:|we accept, libfdt refuses)' $(FDT_FUZZ_DIR)/fuzz.log | tail -n 2; \
	else tail -n 40 $(FDT_FUZZ_DIR)/fuzz.log; \
	    echo "fdt fuzz: FAILED, artifacts: $$(ls $(FDT_FUZZ_DIR) | grep -E '^(crash|leak|timeout|oom)-' | tr '\n' ' ')"; \
	    exit 1; fi
endef

host-fdt-fuzz: $(FDT_OUT)/fuzz_fdt $(FDT_DTBS)
	$(call fdt_run_fuzz,$(FUZZ_SECONDS))

## make fuzz: the DTB reader's fuzzer for 10 minutes, the option parser's for 2 M inputs
fuzz: $(FDT_OUT)/fuzz_fdt $(FDT_DTBS)
	$(call fdt_run_fuzz,$(FDT_FUZZ_LONG))
