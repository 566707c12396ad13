# SPDX-License-Identifier: BSD-2-Clause
# bringup: bare-metal boot image for AArch64 and ARMv7-A (README.md).
# `make help` lists every target and variable a user gives: the "## " lines
# beside their definitions, here and in the .mk files included
# (scripts/make-help.sh); make check-help proves every `make T` and `VAR=`
# of README.md and docs/ is among them.

## ARCH=aarch64|armv7: the image (or arm64|arm); BOARD= sets it from uboot/boards.txt
# Where ARCH came from, before the lines below make it an override (ROW= and
# BOARD= refuse a contradicting ARCH= given on the command line).
ARCH_ORIGIN := $(origin ARCH)
ARCH ?= aarch64
## BUILD=dir: where everything is built (default build)
BUILD ?= build
ARCHS := aarch64 armv7
# Debian's and Linux's names for the two: arm64 is aarch64, arm (armhf) is armv7.
override ARCH := $(patsubst arm64,aarch64,$(patsubst arm,armv7,$(patsubst armhf,armv7,$(ARCH))))
$(if $(filter $(ARCH),$(ARCHS)),,$(error ARCH=$(ARCH): not an architecture bringup builds for: aarch64 (or arm64), armv7 (or arm)))
# BOARD=name (make sdcard BOARD=, uboot/boards.txt): ARCH is the board's.
# An override, as above: a plain assignment to ARCH would be ignored here
# whenever ARCH came from the command line (GNU make manual, "The override
# Directive"), and every ARMv7 board would get the AArch64 image.
ifneq ($(BOARD),)
BOARD_ARCH := $(shell uboot/board.sh get '$(BOARD)' arch 2>/dev/null)
$(if $(BOARD_ARCH),,$(error BOARD=$(BOARD): not in uboot/boards.txt; make boards lists them: $(shell uboot/board.sh names)))
$(if $(and $(filter command line,$(ARCH_ORIGIN)),$(filter-out $(BOARD_ARCH),$(ARCH))),$(error \
	ARCH=$(ARCH) contradicts BOARD=$(BOARD), which runs the $(BOARD_ARCH) image: leave ARCH= out))
override ARCH := $(BOARD_ARCH)
endif

# The build's version (git describe; "unknown" outside a git clone): the
# report's first line and a crash report print it (arch/image.c), the FIT's
# description names it (uboot/mkimages.sh). Only arch/image.c is rebuilt
# when it changes ($(BUILD)/version).
VERSION := $(or $(shell git describe --always --dirty 2>/dev/null),unknown)

CROSS_aarch64 := aarch64-linux-gnu-
CROSS_armv7 := arm-none-eabi-
# Cortex-A53 errata 835769 and 843419 (the Pi 3's r0p4 has both): the
# compiler avoids the sequences, the linker patches any left (assembly, libgcc);
# scripts/check-a53-835769.sh proves none is left in the image.
A53_ERRATA := -mfix-cortex-a53-835769 -mfix-cortex-a53-843419
ARCHFLAGS_aarch64 := -march=armv8-a -mstrict-align $(A53_ERRATA)
LDFLAGS_aarch64 := -Wl,--fix-cortex-a53-835769,--fix-cortex-a53-843419
ARCHFLAGS_armv7 := -marm -march=armv7-a -mfloat-abi=soft -mno-unaligned-access
# Where each image is linked: where QEMU's -kernel puts it on virt (the ELF
# for EL3 must sit in RAM). Loaded anywhere else, entry.S relocates it.
LINK_BASE_aarch64 := 0x40200000
LINK_BASE_armv7 := 0x40010000

# Before the MMU is on, newlib's AArch64 string assembly (unaligned accesses)
# must not run: these calls go through lib/libc/aarch64/string_wrap.c. ARMv7's
# newlib is built -mno-unaligned-access instead, and memcpy goes through
# lib/libc/armv7/string_wrap.c to newlib's assembly one once the MMU is on (built
# apart by scripts/build-newlib.sh). See lib/libc/string_early.h.
WRAP_aarch64 := $(foreach f,memcpy memmove memset memcmp memchr strlen strnlen strcmp strncmp \
	strchr strcpy,-Wl,--wrap=$(f))
WRAP_armv7 := -Wl,--wrap=memcpy
NEWLIB_EXTRA_armv7 := memcpy_unaligned.o

STACK_SIZE := 0x8000
EXC_STACK_SIZE := 0x2000

include sources.mk

# The run order's table (sources.mk SELFTESTS): each file's rank, and no
# self-test file left out of it (its tests would not compile: no rank).
$(foreach t,$(SELFTESTS),$(eval SELFTEST_RANK_$(t) := $(words $(SELFTEST_SEEN) x))$(eval SELFTEST_SEEN += $(t)))
SELFTESTS_UNLISTED := $(filter-out $(SELFTESTS),$(basename $(notdir $(wildcard selftests/*_test.c selftests/bench_*.c))))
$(if $(SELFTESTS_UNLISTED),$(error selftests/: $(SELFTESTS_UNLISTED) not in sources.mk SELFTESTS, the run order))

CFLAGS_COMMON := -std=gnu11 -O2 -g -Wall -Wextra -Werror -ffreestanding -fno-common \
	-fpie -fno-plt -fno-stack-protector -fno-tree-loop-distribute-patterns \
	-ffunction-sections -fdata-sections -I.

# Plain `make` runs the setup first, as run and test do: on a fresh machine
# it installs the cross compilers and newlib's source the build needs
# (scripts/setup.sh, root or sudo), instead of failing inside the build.
## make: both images, build/{aarch64,armv7}/bringup.{bin,elf} (runs make setup first)
all: setup $(foreach a,$(ARCHS),$(BUILD)/$(a)/bringup.bin)

$(BUILD)/version: FORCE
	@mkdir -p $(@D)
	@echo '$(VERSION)' | cmp -s - $@ || echo '$(VERSION)' >$@

# The targets that run scripts/setup.sh first.
SETUP_GOALS := all run debug test bench fit sdcard bootfiles run-uboot

# $(call image_rules,arch)
define image_rules
$(1)_SRCS := $(call image_srcs,$(1))
$(1)_OBJS := $$(patsubst %,$(BUILD)/$(1)/obj/%.o,$$($(1)_SRCS))
$(1)_NEWLIB := $(BUILD)/newlib/$(1)
$(1)_CFLAGS := $(CFLAGS_COMMON) $(ARCHFLAGS_$(1)) -isystem $(BUILD)/newlib/$(1)/include \
	-DLINK_BASE_VALUE=$(LINK_BASE_$(1))

# After the setup when a front-door target asked for it (every object
# waits for libc.a): under make -j the build must not race the install.
$(BUILD)/newlib/$(1)/lib/libc.a: scripts/build-newlib.sh | $(if $(filter $(SETUP_GOALS),$(or $(MAKECMDGOALS),all)),setup)
	scripts/build-newlib.sh $(1) $(BUILD)/newlib/$(1)

# Rewritten only when the flags change, so that a change of flags rebuilds.
$(BUILD)/$(1)/flags: FORCE
	@mkdir -p $$(@D)
	@echo '$$($(1)_CFLAGS)' | cmp -s - $$@ || echo '$$($(1)_CFLAGS)' > $$@

$(BUILD)/$(1)/obj/%.c.o: %.c $(BUILD)/newlib/$(1)/lib/libc.a $(BUILD)/$(1)/flags
	@mkdir -p $$(@D)
	@echo "  CC      $(1)/$$<"
	@$(CROSS_$(1))gcc $$($(1)_CFLAGS) -MMD -MP -c $$< -o $$@

$(BUILD)/$(1)/obj/%.S.o: %.S $(BUILD)/newlib/$(1)/lib/libc.a $(BUILD)/$(1)/flags
	@mkdir -p $$(@D)
	@echo "  CC      $(1)/$$<"
	@$(CROSS_$(1))gcc $$($(1)_CFLAGS) -MMD -MP -c $$< -o $$@

# The link: $$($(1)_LD) -o ELF OBJECTS $$($(1)_LDLIBS), for the image and for
# a copy of it with a planted object (make check-platforms).
$(1)_LD = $(CROSS_$(1))gcc $(ARCHFLAGS_$(1)) -nostdlib -nostartfiles -static \
	-Wl,-pie,--no-dynamic-linker,-z,notext,-z,max-page-size=4096,--gc-sections \
	-Wl,--build-id=none,--defsym=LINK_BASE=$(LINK_BASE_$(1)) \
	$(LDFLAGS_$(1)) \
	-Wl,--defsym=STACK_SIZE=$(STACK_SIZE),--defsym=EXC_STACK_SIZE=$(EXC_STACK_SIZE) \
	$(WRAP_$(1)) \
	-T linker/$(1).ld
$(1)_LDLIBS = $(addprefix $(BUILD)/newlib/$(1)/lib/,$(NEWLIB_EXTRA_$(1))) \
	$(BUILD)/newlib/$(1)/lib/libc.a $(BUILD)/newlib/$(1)/lib/libm.a \
	$$$$($(CROSS_$(1))gcc $(ARCHFLAGS_$(1)) -print-libgcc-file-name)

$(BUILD)/$(1)/bringup.elf: $$($(1)_OBJS) linker/$(1).ld scripts/check-relocs.sh \
		scripts/check-string-wraps.sh scripts/check-a53-835769.sh
	@echo "  LD      $$@"
	@$$($(1)_LD) -o $$@ $$($(1)_OBJS) $$($(1)_LDLIBS)
	@scripts/check-relocs.sh $(CROSS_$(1)) $$@
	@$(if $(filter aarch64,$(1)),scripts/check-string-wraps.sh $(CROSS_$(1)) $$@)
	@$(if $(filter aarch64,$(1)),scripts/check-a53-835769.sh $(CROSS_$(1)) $$@)

$(BUILD)/$(1)/bringup.bin: $(BUILD)/$(1)/bringup.elf
	@echo "  BIN     $$@"
	@$(CROSS_$(1))objcopy -O binary $$< $$@

$(BUILD)/$(1)/obj/arch/image.c.o: $(BUILD)/version
$(BUILD)/$(1)/obj/arch/image.c.o: $(1)_CFLAGS += -DBRINGUP_VERSION='"$(VERSION)"'
# Each self-test file's place in the run order (sources.mk SELFTESTS).
$(foreach t,$(SELFTESTS),$(BUILD)/$(1)/obj/selftests/$(t).c.o: $(1)_CFLAGS += \
	-DSELFTEST_RANK=$(SELFTEST_RANK_$(t))
)
$(patsubst %,$(BUILD)/$(1)/obj/selftests/%.c.o,$(SELFTESTS)): sources.mk

-include $$($(1)_OBJS:.o=.d)
endef
$(foreach a,$(ARCHS),$(eval $(call image_rules,$(a))))

# --- running on QEMU -------------------------------------------------------
## MACHINE=name[,prop=on]: QEMU's -M for run, debug, run-uboot (default virt)
MACHINE ?= virt
# The CPU each machine is built around; virt takes any (cortex-a53 / cortex-a15 by default).
CPU_vexpress-a9 := cortex-a9
CPU_vexpress-a15 := cortex-a15
## CPU=name: QEMU's -cpu (default the machine's core; virt: cortex-a53 / cortex-a15)
CPU ?= $(or $(CPU_$(firstword $(subst $(comma), ,$(MACHINE)))),$(if $(filter armv7,$(ARCH)),cortex-a15,cortex-a53))
comma := ,
## MEM=size: QEMU's -m and the image's mem= (default 256M)
MEM ?= 256M
## QEMU_EXTRA="...": more QEMU arguments; ICOUNT="...": run's -icount (empty: none)
QEMU_EXTRA ?=
ICOUNT ?= -icount shift=0,sleep=off

## DTB=path: QEMU's -dtb, relative to where make was called, else under build/dtbs
# (the caller's PWD, which make -C leaves alone; qemu-tests/boot.sh takes a relative DTB so).
# An absolute path must name a file too (QEMU would otherwise refuse to start).
ifneq ($(DTB),)
DTB_PATH := $(firstword $(if $(filter /%,$(DTB)),$(wildcard $(DTB)),$(wildcard $(abspath $(PWD)/$(DTB))) \
	$(wildcard $(CURDIR)/$(BUILD)/dtbs/$(DTB))))
$(if $(filter run debug run-uboot,$(MAKECMDGOALS)),$(if $(DTB_PATH),,$(error DTB=$(DTB): no such file$(if \
	$(filter /%,$(DTB)),,, neither $(abspath $(PWD)/$(DTB)) nor $(CURDIR)/$(BUILD)/dtbs/$(DTB)))))
endif
## ROW=name: make run boots that matrix row ([name] in qemu-tests/matrix/*.cfg) as the matrix does
# A variable of the plain run given too would be dropped without a word: refused.
ROW ?=
ROW_DROPS := MACHINE CPU MEM ARGS DTB QEMU_EXTRA ICOUNT
ifneq ($(ROW),)
ROW_GIVEN := $(if $(filter command line,$(ARCH_ORIGIN)),ARCH) \
	$(foreach v,$(ROW_DROPS),$(if $(filter command line environment,$(origin $(v))),$(v)))
$(if $(strip $(ROW_GIVEN)),$(error ROW=$(ROW) boots the row with its own settings (qemu-tests/matrix/*.cfg): \
	$(strip $(ROW_GIVEN:%=%=)) would be ignored; drop them, or copy the row into a stanza of your own))
endif

## make setup: install the Debian packages build and tests need (scripts/setup.sh, root or sudo)
setup:
	scripts/setup.sh

# The image's exit status (EXIT: STATUS=n, through semihosting) is named in
# the last line when it is not 0, and make fails. make itself can only exit
# 0, 1 or 2 (GNU make manual, "Exit Status of make"): the status itself is
# the exit status of qemu-tests/boot.sh, the command make run runs (printed
# first).
## make run: the AArch64 image on QEMU virt cortex-a53, its report on the terminal; fails as
##   the image does, naming its exit status (qemu-tests/boot.sh, which it runs, exits with it)
## make run ARCH=armv7 MACHINE=vexpress-a9: another image, machine (CPU=, MEM=, ARGS=, DTB=)
## make run ROW=name: one row of the QEMU matrix, exactly as the matrix boots it
## ARGS="k=v ...": the image's command line (README "The command line"; help: its keys)
## TIMEOUT=s: a QEMU run's limit (qemu-tests/boot.sh; a matrix row's own timeout first)
run: setup $(if $(ROW),all,$(BUILD)/$(ARCH)/bringup.bin)
ifneq ($(ROW),)
	@MATRIX_OUT=$(abspath $(BUILD))/run-row qemu-tests/run-matrix.sh --show '^$(ROW)$$'
else
	@$(BOOT_ENV) scripts/run-status.sh qemu-tests/boot.sh $(ARCH) $(MACHINE) $(CPU) $(MEM) -- $(ICOUNT) $(QEMU_EXTRA)
endif
BOOT_ENV = ECHO_CMD=1 DTB=$(DTB_PATH)

## make debug: QEMU -S -s and gdb-multiarch with the image's symbols
debug: setup $(BUILD)/$(ARCH)/bringup.bin
	$(BOOT_ENV) qemu-tests/boot.sh $(ARCH) $(MACHINE) $(CPU) $(MEM) -- -S -s $(QEMU_EXTRA) & \
	gdb-multiarch -q $(BUILD)/$(ARCH)/bringup.elf -ex 'target remote :1234'; \
	kill %1 2>/dev/null || true

## make test: the host tests, then the whole QEMU matrix; ends with "N passed, N failed"
## make test GROUP=g: only the matrix rows of group g (qemu-tests/groups.txt), no host tests
## JOBS=n: matrix rows booted at a time (default 2)
test: setup all
	GROUP=$(GROUP) scripts/test.sh

## make report LOG=file: a captured serial log's verdict, summary, JUnit, crash addresses
##   symbolized (scripts/report; LOG relative to where make was called)
## make report LOG=folder: one table of every log in it, boards by tests, as build/report/lab/
##   lab.md, lab.html and junit.xml (scripts/report-lab; OUT=folder to write elsewhere)
## ELF=file: the image make report symbolizes with (default build/ARCH/bringup.elf)
report:
	@[ -n "$(LOG)" ] || { echo "make report LOG=file: the captured console log to read (scripts/report)" >&2; exit 2; }
	@l=$(if $(filter /%,$(LOG)),$(LOG),$(abspath $(PWD)/$(LOG))); if [ -d "$$l" ]; then \
		scripts/report-lab "$$l" $(if $(OUT),--out $(if $(filter /%,$(OUT)),$(OUT),$(abspath $(PWD)/$(OUT)))) $(if $(ELF),--elf $(ELF)); \
	else scripts/report "$$l" $(if $(ELF),--elf $(ELF)); fi

## make check-busy: the rows without -icount on a host kept busy (twice its cores
##   spinning): every row must pass (scripts/check-busy.sh; docs/testing.md "Timing")
check-busy: all
	scripts/check-busy.sh

## make bench: the benchmarks under -icount: build/bench/results.{csv,png}, table.md
bench: setup all
	qemu-tests/bench.sh

# Host tests: tests/host/<module>/*.mk, one folder for each module of the
# image (docs/testing.md "Host tests"). lib/fdt's comes first: it defines
# FDT_LIB and FDT_HDR, which cache's and irq's rules name as prerequisites
# (expanded as each file is read).
-include tests/host/lib/fdt/fdt.mk
include $(filter-out tests/host/lib/fdt/fdt.mk,$(sort $(wildcard tests/host/*/*.mk tests/host/*/*/*.mk)))
include tests/stub/stub.mk

# Every host test target, once: scripts/test.sh asks for this list. The
# first is the layer rule (README "Layout").
HOST_TESTS := check-layers check-a53-835769 host-mmu host-mmu-armv7 host-pl310 host-cache-trace host-fdt-unit \
	host-fdt-corpus host-fdt-fuzz host-page-aarch64 host-page-armv7 host-lazy-flush host-string \
	host-uart host-dma-system host-memtest host-memtest-plan check-vbar-before-mmu host-counter host-cores \
	host-options check-options-doc host-boards host-gic host-smp-methods \
	host-memtest-progress host-memtest-faults
HOST_TESTS += check-barriers check-front-door host-report
HOST_TESTS += host-memtest-cpus host-memtest-stress check-matrix
HOST_TESTS += check-regbits check-tree
HOST_TESTS += check-e2h-isb check-irq-no-fp check-cpu-off-actlr host-memtest-all-cpus host-gic-el3 host-fdt-spi host-cpu-el3 host-fdt-pmu
HOST_TESTS += host-device-ids
HOST_TESTS += host-clock
HOST_TESTS += check-format check-spdx
HOST_TESTS += host-its
# The benchmark tables in the docs are make bench's (about 12 s of QEMU);
# make help lists what the docs use.
HOST_TESTS += check-bench-doc check-help
# check-subjects: the commits after this one, main when the rule came (older
# subjects predate it), have subjects of at most 72 characters.
SUBJECTS_BASE := 9d314da4e389b0b449832f177795dd210f82ba6e
HOST_TESTS += check-subjects
# The layer rule by symbol, from the images' objects (scripts/check-calls.sh).
HOST_TESTS += check-calls check-smp-order
HOST_TESTS += check-platforms
HOST_TESTS += host-figures host-figures-native
HOST_TESTS += host-watchdog
## make print-host-tests: the host test targets, in make test's order
print-host-tests:
	@echo $(HOST_TESTS)
include lab/lab.mk
include lab/labgrid/labgrid.mk
include scripts/checks.mk
include qemu-tests/matrix.mk
include qemu-tests/tfa.mk

# The rule holds, and the check can fail: a planted upward include (in both
# forms, "..." and <...>) and a planted pair of files that include each
# other must each be refused, with the offence named (PLANT|text).
LAYER_PLANTS := 'cache/geometry.c:boot/boot.h|cache/geometry.c (cache) includes boot/boot.h (boot): an upward include' \
	'cache/geometry.c:<boot/boot.h>|cache/geometry.c (cache) includes boot/boot.h (boot): an upward include' \
	'arch/exception.c:arch/exit.h|cycle of units: arch/ex[a-z]* -> arch/ex[a-z]* -> arch/ex' \
	'front/options.c:boot/boot.h|front/options.c (front) includes boot/boot.h (boot): an upward include'
check-layers:
	@scripts/check-layers.sh
	@for p in $(LAYER_PLANTS); do \
		plant=$${p%%|*}; want=$${p#*|}; \
		if out=$$(scripts/check-layers.sh --plant "$$plant"); then \
			echo "check-layers: FAIL: planted include $$plant was not refused"; exit 1; \
		elif ! printf '%s\n' "$$out" | grep -q -- "$$want"; then \
			echo "check-layers: FAIL: planted include $$plant refused, but not with \"$$want\": $$out"; exit 1; \
		else echo "check-layers: planted include $$plant refused: $$(printf '%s\n' "$$out" | grep -m1 -- "$$want")"; fi; \
	done

# The image has no Cortex-A53 erratum 835769 sequence, and the check finds
# one: a load followed by a 64-bit MADD, assembled here, must be refused.
check-a53-835769: $(BUILD)/aarch64/bringup.elf
	@scripts/check-a53-835769.sh $(CROSS_aarch64) $< && \
		echo "check-a53-835769: $< has no load/store + 64-bit multiply-accumulate pair"
	@mkdir -p $(BUILD)/host
	@printf 'ldr x0, [x1]\nmadd x2, x3, x4, x5\n' | $(CROSS_aarch64)as -o $(BUILD)/host/a53-835769.o
	@if scripts/check-a53-835769.sh $(CROSS_aarch64) $(BUILD)/host/a53-835769.o 2>/dev/null; then \
		echo "check-a53-835769: FAIL: a planted ldr + madd was not found"; exit 1; \
	else echo "check-a53-835769: a planted ldr + madd is found"; fi

# Every AArch64 CPU sets VBAR_EL1 before it enables its MMU, and the check
# finds the old secondary order (SCTLR_EL1 written, then VBAR_EL1), planted.
check-vbar-before-mmu: $(BUILD)/aarch64/bringup.elf
	@scripts/check-vbar-before-mmu.sh $(CROSS_aarch64) $< && \
		echo "check-vbar-before-mmu: $< sets VBAR_EL1 before the MMU is enabled, boot CPU and secondaries"
	@mkdir -p $(BUILD)/host
	@printf '%s\n' '.type secondary_el1, %function' 'secondary_el1: msr sctlr_el1, x2' \
		'msr vbar_el1, x1' '.type at_el1, %function' 'at_el1: msr vbar_el1, x0' 'bl boot_main' \
		'.type boot_main, %function' 'boot_main: ret' | $(CROSS_aarch64)as -o $(BUILD)/host/vbar-late.o
	@if scripts/check-vbar-before-mmu.sh $(CROSS_aarch64) $(BUILD)/host/vbar-late.o 2>/dev/null; then \
		echo "check-vbar-before-mmu: FAIL: a planted late VBAR_EL1 was not found"; exit 1; \
	else echo "check-vbar-before-mmu: a planted late VBAR_EL1 is found"; fi

# Barriers, event instructions and the MPIDR read are defined once per
# architecture (arch/<arch>/sysreg.h), and the check finds a planted copy.
check-barriers:
	@scripts/check-barriers.sh
	@mkdir -p $(BUILD)/host
	@printf '#define sev() __asm__ volatile("sev" ::: "memory")\n' >$(BUILD)/host/barrier-plant.c
	@if out=$$(scripts/check-barriers.sh --plant $(BUILD)/host/barrier-plant.c); then \
		echo "check-barriers: FAIL: a planted sev() definition was not found"; exit 1; \
	else echo "check-barriers: a planted copy is found: $$(echo "$$out" | tail -1)"; fi

# The register values composed from named bits (arch/*/sysreg_bits.h) equal
# their old numbers in C and assembly, and a bit planted wrong is refused.
check-regbits:
	@OUT=$(BUILD)/host/regbits CFLAGS='$(CFLAGS_COMMON)' \
		CC_aarch64='$(CROSS_aarch64)gcc $(ARCHFLAGS_aarch64)' \
		CC_armv7='$(CROSS_armv7)gcc $(ARCHFLAGS_armv7)' scripts/check-regbits.sh
.PHONY: check-regbits

# make's front door (help, ARCH= and DTB=, run's status, the version line, no
# QEMU noise, the docs' sample reports line for line, QEMU's refusals, ROW=, MEM=16M,
# BOARD=, LOAD_ADDR): scripts/check-front-door.sh. Then every make command
# the documents show (scripts/check-doc-commands.sh), after proving that
# check can fail: a copy of docs/boards.md with two broken commands planted
# (a code line, a backquoted span) must be refused, each named by file:line.
DOC_PLANT := $(BUILD)/host/doc-plant/boards.md
check-front-door: all
	@scripts/check-front-door.sh
	@mkdir -p $(dir $(DOC_PLANT))
	@{ cat docs/boards.md; printf '\n    make sdcard BOARD=nosuchboard     # planted\n\nplanted: `make fitt ARCH=armv7`\n'; } >$(DOC_PLANT)
	@n=$$(wc -l <docs/boards.md); \
	if out=$$(scripts/check-doc-commands.sh $(DOC_PLANT)); then \
		echo "check-front-door: FAIL: the commands planted in $(DOC_PLANT) were not refused"; exit 1; fi; \
	for p in "$$((n + 2)): make sdcard BOARD=nosuchboard" "$$((n + 4)): make fitt ARCH=armv7"; do \
		if ! printf '%s\n' "$$out" | grep -qF "FAIL: $(DOC_PLANT):$$p ("; then \
			echo "check-front-door: FAIL: planted $(DOC_PLANT):$$p not named: $$out"; exit 1; fi; \
		echo "check-front-door: planted command refused: $$(printf '%s\n' "$$out" | grep -F "$(DOC_PLANT):$$p (" | cut -c1-200)"; \
	done
	@scripts/check-doc-commands.sh

# scripts/report and the matrix's JUnit, on the real logs of tests/report/
# and on fresh crashes of this build (tests/report/test-report.sh).
host-report: all
	@tests/report/test-report.sh

# A fresh Debian 12 (debootstrap, make and git only) runs `make run` and
# `make test` from a clone of HEAD: proves the two commands install what
# they need. Not part of `make test` (it takes a while).
## make check-fresh: a debootstrapped Debian 12 runs make run and make test from a clone (root)
## FRESH_DIR=dir: check-fresh's root (default /var/tmp/bringup-fresh); FRESH_REF=rev: that commit
check-fresh:
	scripts/check-fresh.sh

include uboot/uboot.mk

## make help: this text
help:
	@scripts/make-help.sh "$(HOST_TESTS)" $(filter-out %.d,$(MAKEFILE_LIST))
.PHONY: help

## make clean: the images and test results (make distclean: all of build/)
clean:
	rm -rf $(BUILD)/aarch64 $(BUILD)/armv7 $(BUILD)/host $(BUILD)/qemu-tests $(BUILD)/stub

distclean:
	rm -rf $(BUILD)

.PHONY: all setup run debug test report bench check-busy clean distclean print-host-tests check-layers check-barriers check-front-door host-report check-a53-835769 check-vbar-before-mmu check-fresh
