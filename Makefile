# bringup: bare-metal boot image for AArch64 and ARMv7-A.
#
#   make                 both images: build/aarch64/bringup.{bin,elf}, build/armv7/bringup.{bin,elf}
#   make run             AArch64 image on QEMU virt cortex-a53 (console on the terminal)
#   make run ARCH=armv7 MACHINE=vexpress-a9   (and CPU=, MEM=, QEMU_EXTRA=)
#   make test            host tests + the whole QEMU matrix, ends with "N passed, N failed"
#   make bench           page routine benchmark under -icount (build/bench/)
#   make debug           QEMU -S -s and gdb-multiarch with symbols
#   make fuzz            the FDT reader's fuzzer, longer
#   make clean

ARCH ?= aarch64
BUILD ?= build
ARCHS := aarch64 armv7

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
PLATFORMS_aarch64 := qemu-virt raspi3b
PLATFORMS_armv7 := qemu-virt vexpress-a9 vexpress-a15 orangepi-pc raspi2b zynq-zc702 realview-pb-a8

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

CFLAGS_COMMON := -std=gnu11 -O2 -g -Wall -Wextra -Werror -ffreestanding -fno-common \
	-fpie -fno-plt -fno-stack-protector -fno-tree-loop-distribute-patterns \
	-ffunction-sections -fdata-sections -I.

all: $(foreach a,$(ARCHS),$(BUILD)/$(a)/bringup.bin)

# $(call image_rules,arch)
define image_rules
$(1)_SRCS := $(call image_srcs,$(1))
$(1)_OBJS := $$(patsubst %,$(BUILD)/$(1)/obj/%.o,$$($(1)_SRCS))
$(1)_NEWLIB := $(BUILD)/newlib/$(1)
$(1)_CFLAGS := $(CFLAGS_COMMON) $(ARCHFLAGS_$(1)) -isystem $(BUILD)/newlib/$(1)/include \
	-DLINK_BASE_VALUE=$(LINK_BASE_$(1))

$(BUILD)/newlib/$(1)/lib/libc.a: scripts/build-newlib.sh
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

$(BUILD)/$(1)/bringup.elf: $$($(1)_OBJS) linker/$(1).ld scripts/check-relocs.sh \
		scripts/check-string-wraps.sh scripts/check-a53-835769.sh
	@echo "  LD      $$@"
	@$(CROSS_$(1))gcc $(ARCHFLAGS_$(1)) -nostdlib -nostartfiles -static \
		-Wl,-pie,--no-dynamic-linker,-z,notext,-z,max-page-size=4096,--gc-sections \
		-Wl,--build-id=none,--defsym=LINK_BASE=$(LINK_BASE_$(1)) \
		$(LDFLAGS_$(1)) \
		-Wl,--defsym=STACK_SIZE=$(STACK_SIZE),--defsym=EXC_STACK_SIZE=$(EXC_STACK_SIZE) \
		$(WRAP_$(1)) \
		-T linker/$(1).ld -o $$@ $$($(1)_OBJS) \
		$(addprefix $(BUILD)/newlib/$(1)/lib/,$(NEWLIB_EXTRA_$(1))) \
		$(BUILD)/newlib/$(1)/lib/libc.a $(BUILD)/newlib/$(1)/lib/libm.a \
		$$$$($(CROSS_$(1))gcc $(ARCHFLAGS_$(1)) -print-libgcc-file-name)
	@scripts/check-relocs.sh $(CROSS_$(1)) $$@
	@$(if $(filter aarch64,$(1)),scripts/check-string-wraps.sh $(CROSS_$(1)) $$@)
	@$(if $(filter aarch64,$(1)),scripts/check-a53-835769.sh $(CROSS_$(1)) $$@)

$(BUILD)/$(1)/bringup.bin: $(BUILD)/$(1)/bringup.elf
	@echo "  BIN     $$@"
	@$(CROSS_$(1))objcopy -O binary $$< $$@

-include $$($(1)_OBJS:.o=.d)
endef
$(foreach a,$(ARCHS),$(eval $(call image_rules,$(a))))

# --- running on QEMU -------------------------------------------------------
MACHINE ?= virt
# The CPU each machine is built around; virt takes any (cortex-a53 / cortex-a15 by default).
CPU_vexpress-a9 := cortex-a9
CPU_vexpress-a15 := cortex-a15
CPU ?= $(or $(CPU_$(firstword $(subst $(comma), ,$(MACHINE)))),$(if $(filter armv7,$(ARCH)),cortex-a15,cortex-a53))
comma := ,
MEM ?= 256M
QEMU_EXTRA ?=
ICOUNT ?= -icount shift=0,sleep=off

setup:
	scripts/setup.sh

run: setup $(BUILD)/$(ARCH)/bringup.bin
	qemu-tests/boot.sh $(ARCH) $(MACHINE) $(CPU) $(MEM) -- $(ICOUNT) $(QEMU_EXTRA)

debug: setup $(BUILD)/$(ARCH)/bringup.bin
	qemu-tests/boot.sh $(ARCH) $(MACHINE) $(CPU) $(MEM) -- -S -s $(QEMU_EXTRA) & \
	gdb-multiarch -q $(BUILD)/$(ARCH)/bringup.elf -ex 'target remote :1234'; \
	kill %1 2>/dev/null || true

test: setup all
	scripts/test.sh

# Page routine benchmark (not a test): build/bench/results.{csv,png}, table.md.
bench: setup all
	qemu-tests/bench.sh

-include tests/host/fdt.mk
include tests/host/host.mk
include tests/host/page.mk
include tests/host/cache.mk
include tests/host/lazy.mk
include tests/stub/stub.mk
include tests/host/uart.mk
include tests/host/dma.mk
include tests/host/memtest.mk

# Every host test target, once: scripts/test.sh asks for this list. The
# first is the layer rule (README "Layout").
HOST_TESTS := check-layers check-a53-835769 host-mmu host-mmu-armv7 host-pl310 host-cache-trace host-fdt-unit \
	host-fdt-corpus host-fdt-fuzz host-page-aarch64 host-page-armv7 host-lazy-flush host-string \
	host-uart host-dma-system host-memtest host-memtest-plan check-vbar-before-mmu host-counter host-cores \
	host-memtest-progress host-memtest-faults
print-host-tests:
	@echo $(HOST_TESTS)

# The rule holds, and the check can fail: a planted upward include (in both
# forms, "..." and <...>) and a planted pair of files that include each
# other must each be refused, with the offence named (PLANT|text).
LAYER_PLANTS := 'cache/geometry.c:boot/boot.h|cache/geometry.c (cache) includes boot/boot.h (boot): an upward include' \
	'cache/geometry.c:<boot/boot.h>|cache/geometry.c (cache) includes boot/boot.h (boot): an upward include' \
	'arch/exception.c:arch/exit.h|cycle of units: arch/ex[a-z]* -> arch/ex[a-z]* -> arch/ex'
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

# A fresh Debian 12 (debootstrap, make and git only) runs `make run` and
# `make test` from a clone of HEAD: proves the two commands install what
# they need. Not part of `make test` (it takes a while).
check-fresh:
	scripts/check-fresh.sh

# --- U-Boot flow (uboot/, docs/boards.md) ------------------------------------
#   make fit ARCH=...      build/ARCH/uboot/: Image or zImage, bringup.itb (FIT, hashed),
#                          bringup.uimg (armv7), boot.scr; LOAD_ADDR=0x... for a board
#   make sdcard ARCH=...   build/ARCH/sdcard.img: MBR + FAT with those (no root needed);
#                          SDCARD_ENV="bringup_method=bootm-fit ..." writes bringup.env,
#                          SDCARD_FILES="board.dtb ..." adds files
#   make run-uboot ARCH=... [MACHINE=virt,virtualization=on]: boot that card through
#                          Debian's u-boot-qemu on QEMU virt
SDCARD_ENV ?=
SDCARD_FILES ?=

# Always remade (FORCE): LOAD_ADDR and SDCARD_* change between calls, and both take no time.
$(BUILD)/%/uboot/boot.scr: $(BUILD)/%/bringup.bin uboot/mkimages.sh uboot/boot.cmd FORCE
	BUILD=$(abspath $(BUILD)) uboot/mkimages.sh $*

$(BUILD)/%/sdcard.img: $(BUILD)/%/uboot/boot.scr uboot/sdcard.sh FORCE
	BUILD=$(abspath $(BUILD)) uboot/sdcard.sh $(addprefix -f ,$(SDCARD_FILES)) $* $@ $(SDCARD_ENV)

fit: setup $(BUILD)/$(ARCH)/uboot/boot.scr
sdcard: setup $(BUILD)/$(ARCH)/sdcard.img

run-uboot: sdcard
	UBOOT=$(abspath $(BUILD)/$(ARCH)/sdcard.img) \
		qemu-tests/boot.sh $(ARCH) $(MACHINE) $(CPU) $(MEM) -- $(QEMU_EXTRA)

FORCE:
.PHONY: fit sdcard run-uboot FORCE
# --- end of the U-Boot flow ----------------------------------------------------

clean:
	rm -rf $(BUILD)/aarch64 $(BUILD)/armv7 $(BUILD)/host $(BUILD)/qemu-tests $(BUILD)/stub

distclean:
	rm -rf $(BUILD)

.PHONY: all setup run debug test bench clean distclean print-host-tests check-layers check-a53-835769 check-vbar-before-mmu check-fresh
