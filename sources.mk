# SPDX-License-Identifier: BSD-2-Clause
# sources.mk — every source of the image, once, by layer (bottom first; the
# order scripts/check-layers.sh enforces). The image build (Makefile) and the
# host tests (tests/host/<module>/*.mk) take their lists from here, so a
# file added to a module is built and tested everywhere it belongs.
# Per-architecture parts: $(call <name>_arch,aarch64|armv7).

COUNTER_SRCS := arch/counter.c
arch_srcs = $(COUNTER_SRCS) arch/image.c arch/midr.c arch/decode.c arch/exception.c arch/exit.c arch/out.c arch/psci.c arch/trap.c $(wildcard arch/$(1)/*.c arch/$(1)/*.S)

CACHE_SRCS := cache/geometry.c cache/range.c cache/memory.c cache/dma.c cache/pl310.c cache/outer.c cache/publish.c
CACHE_MMIO_SRCS := cache/pl310_mmio.c
cache_asm = $(wildcard cache/$(1)/*.S)
cache_srcs = $(CACHE_SRCS) $(CACHE_MMIO_SRCS) $(call cache_asm,$(1)) $(wildcard cache/$(1)/*.c)

CONSOLE_SRCS := $(sort $(wildcard lib/console/*.c)) # console.c and one file a UART family
FDT_SRCS := lib/fdt/fdt.c lib/fdt/fdt_nav.c lib/fdt/fdt_prop.c lib/fdt/fdt_addr.c lib/fdt/fdt_reserved.c
LIBC_SRCS := lib/libc/syscalls.c lib/libc/string_early.c
STRING_EARLY_SRCS := lib/libc/string_early.c
PAGE_LIB_SRCS := lib/page/page.c
page_asm = $(wildcard lib/page/$(1)/*.S)
page_cpu = lib/page/$(1)/page_cpu.c
SELFTEST_SRCS := lib/selftest/selftest.c
MEMMAP_SRCS := lib/memmap.c
WATCHDOG_SRCS := $(sort $(wildcard lib/watchdog/*.c)) # wdt_mmio.c, wdt_feed.c and one file a family
MEMTEST_SRCS := $(sort $(wildcard lib/memtest/*.c))
memtest_asm = $(sort $(wildcard lib/memtest/$(1)/*.S lib/memtest/$(1)/*.c))
CLOCK_SRCS := $(sort $(wildcard lib/clock/*.c)) # the independent timers and the tree's clocks
FIGURES_SRCS := $(sort $(wildcard lib/figures/*.c))
figures_asm = $(wildcard lib/figures/$(1)/*.S)
lib_srcs = $(CONSOLE_SRCS) $(CLOCK_SRCS) $(WATCHDOG_SRCS) $(FDT_SRCS) $(LIBC_SRCS) $(PAGE_LIB_SRCS) $(SELFTEST_SRCS) $(MEMMAP_SRCS) \
	$(MEMTEST_SRCS) $(call memtest_asm,$(1)) $(wildcard lib/libc/$(1)/*.c) $(call page_asm,$(1)) \
	$(call page_cpu,$(1)) $(FIGURES_SRCS) $(call figures_asm,$(1))

# mmu/: the table builder and the lazy-flush policy are plain C (host-tested);
# the rest drives the hardware.
MMU_LAYOUT_SRCS := mmu/layout.c
PAGEFRAME_SRCS := mmu/pageframe.c
mmu_pgtable = mmu/$(1)/pgtable.c
mmu_srcs = $(MMU_LAYOUT_SRCS) $(PAGEFRAME_SRCS) mmu/mmu.c mmu/pageframe_ops.c \
	$(wildcard mmu/$(1)/*.c)

# irq/: the interrupt driver (GICv2 host-tested against a register model).
IRQ_SRCS := irq/irq.c irq/irq_state.c irq/gic_v2.c irq/gic_v3.c irq/gic_v3_sgi.c irq/bcm2836.c
# irq/gic_its.c, irq/gic_v2m.c: MSIs (a GICv3 ITS and LPIs, a GICv2m frame).
IRQ_MSI_SRCS := irq/gic_its.c irq/gic_v2m.c
irq_srcs = $(IRQ_SRCS) $(IRQ_MSI_SRCS) $(wildcard irq/$(1)/*.S)

# board/: the device-tree scan (host-tested with lib/fdt and the console
# drivers' tables) and discovery.
BOARD_FDT_SRCS := board/fdt_board.c board/fdt_util.c board/fdt_console.c board/fdt_earlycon.c board/fdt_scan.c board/fdt_compat.c board/fdt_bad.c board/cpus.c board/fdt_gic.c board/fdt_spi.c board/fdt_pmu.c board/start_methods.c board/fdt_watchdog.c
BOARD_CORES_SRCS := board/cores.c
BOARD_SRCS := $(BOARD_FDT_SRCS) board/discover.c board/device_ids.c board/device_probe.c board/platform_id.c board/fdt_refusal.c $(BOARD_CORES_SRCS)
# platforms/: one file a board, data only, each naming the architectures it
# is for (PLATFORM(id, arch...), board/platform.h). Every file is built for
# both images; each image's linker script keeps its own architecture's.
PLATFORM_SRCS := $(sort $(wildcard platforms/*.c))

# front/: the user-facing front end: the option registry and its parser
# (plain C, host-tested and fuzzed) and benchmark selection.
OPTIONS_SRCS := front/options_parse.c front/options_table.c front/options.c front/options_linux.c
FRONT_SRCS := $(OPTIONS_SRCS) front/bench_select.c

# boot/: the entry (both entries: the boot CPU's and a secondary's), the
# drop to EL1 / SVC, boot_main() and the command line.
boot_srcs = boot/boot.c boot/main.c boot/cmdline.c $(wildcard boot/$(1)/*.S)

# smp/: every CPU started, by its start method (smp/methods/: one file a
# method, its recognition strings beside its code), and work run on them.
SMP_METHOD_SRCS := $(sort $(wildcard smp/methods/*.c))
SMP_SRCS := $(sort $(wildcard smp/*.c)) $(SMP_METHOD_SRCS)

# memtest/: the DRAM test as the image runs it (its plan from the command
# line, every CPU at once, burn-in, soak, the reports) over lib/memtest's
# pure algorithms.
MEMTEST_PLAN_SRCS := memtest/plan.c
MEMTEST_FEATURE_SRCS := $(sort $(wildcard memtest/*.c))

# selftests/: what the image runs on a board, in this order (the one table
# of the run order: the TAP lines come in this order, each file's tests in
# the order they are written). Every selftests/*_test.c and bench_*.c must
# be listed (the Makefile refuses one that is not); the others are helpers.
SELFTESTS := boot_test cmdline_test cache_test cache_ops_test outer_cache_test mmu_test \
	exceptions_test libc_test timer_test memory_test page_test lazy_flush_test memtest_test \
	bench_pages bench_cache bench_memtest figures_test alias_window_test smp_test clock_test icache_part_test smp_coherency_test \
	smp_icache_test smp_order_test dt_devices_test psci_test irq_test irq_timer_test irq_smp_test gic_spec_test gic_active_test gic_device_test gic_sgi_test its_test pmu_test pmu_irq_test psci_smp_test \
	psci_power_test psci_bad_entry_test memtest_stress_test memtest_burnin_test memtest_soak_test \
	watchdog_test
SELFTEST_HELPER_SRCS := selftests/bench.c selftests/irq_setup.c selftests/psci_calls.c \
	selftests/smp_cpu_state.c selftests/figures_run.c
SELFTESTS_SRCS := $(patsubst %,selftests/%.c,$(SELFTESTS)) $(SELFTEST_HELPER_SRCS)

image_srcs = $(call arch_srcs,$(1)) $(call cache_srcs,$(1)) $(call lib_srcs,$(1)) \
	$(call mmu_srcs,$(1)) $(call irq_srcs,$(1)) $(BOARD_SRCS) $(PLATFORM_SRCS) $(FRONT_SRCS) \
	$(call boot_srcs,$(1)) $(SMP_SRCS) $(MEMTEST_FEATURE_SRCS) $(SELFTESTS_SRCS)
