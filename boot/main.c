/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * boot_main: discovery, console, heap, cache geometry, MMU, self-tests, exit.
 * Entered from boot/<arch>/entry.S at EL1 / SVC with the MMU and caches off,
 * relocated, BSS clear, vectors installed.
 */
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "arch/counter.h"
#include "arch/exception.h"
#include "arch/exit.h"
#include "arch/image.h"
#include "arch/sysreg.h"
#include "boot/boot.h"
#include "boot/cmdline.h"
#include "cache/cache.h"
#include "cache/outer.h"
#include "front/options.h"
#include "lib/console/console.h"
#include "lib/libc/heap.h"
#include "lib/memmap.h"
#include "lib/page/page.h"
#include "lib/selftest/selftest.h"
#include "mmu/mmu.h"
#include "mmu/pageframe.h"

#ifdef __aarch64__
#define ARCH_UDF  "udf #0"
#define ARCH_HVC  "hvc #0"
#define ARCH_SMC  "smc #0"
#define ARCH_REG0 "x0"
#else
#define ARCH_UDF  ".word 0xe7f000f0"
#define ARCH_HVC  ".word 0xe1400070" /* HVC #0 (the virtualization extensions' encoding) */
#define ARCH_SMC  ".word 0xe1600070" /* SMC #0 */
#define ARCH_REG0 "r0"
#endif

static uintptr_t align_up(uintptr_t v)
{
	return (v + PAGE_SIZE - 1) & ~(uintptr_t)(PAGE_SIZE - 1);
}

/* The heap: the largest part of the image's RAM bank above the image that
 * neither the DTB (read again by the tests) nor any reserved memory
 * (/memreserve/, /reserved-memory: a PSCI monitor, a spin table, firmware
 * buffers) touches. */
static void choose_heap(void)
{
	const struct board_info *b = &boot.hw.board;
	struct mem_bank holes[1 + BOARD_MAX_RESERVED];
	uintptr_t lo = align_up((uintptr_t)__image_end), hi = lo;
	uint64_t a, z;
	unsigned n = 0;

	for (unsigned i = 0; i < b->nram; i++) {
		const struct mem_bank *r = &b->ram[i];
		if (lo >= r->base && lo - r->base < r->size)
			hi = (uintptr_t)(r->base + r->size);
	}
	if (boot.hw.dtb)
		holes[n++] = (struct mem_bank){ boot.hw.dtb, boot.hw.dtb_size };
	for (unsigned i = 0; i < b->nreserved && i < BOARD_MAX_RESERVED; i++)
		holes[n++] = (struct mem_bank){ b->reserved[i].base, b->reserved[i].size };
	memmap_largest_free(lo, hi, holes, n, PAGE_SIZE, &a, &z);
	boot.heap_base = (uintptr_t)a;
	boot.heap_end = (uintptr_t)z;
	heap_init(boot.heap_base, boot.heap_end);
}

/* The reserved regions the tree says never to map. */
static unsigned nomap_regions(struct mem_bank *out)
{
	const struct board_info *b = &boot.hw.board;
	unsigned n = 0;

	for (unsigned i = 0; i < b->nreserved && i < BOARD_MAX_RESERVED; i++)
		if (b->reserved[i].no_map)
			out[n++] = (struct mem_bank){ b->reserved[i].base, b->reserved[i].size };
	return n;
}

__attribute__((noinline)) static int recurse(volatile int depth)
{
	volatile char frame[256];

	frame[0] = (char)depth;
	if (depth > (1 << 20)) /* far past any stack: the guard page stops it first */
		return 0;
	return recurse(depth + 1) + frame[0]; /* not a tail call: every level keeps its frame */
}

__attribute__((noinline)) static void poke(void *p)
{
	*(volatile uint32_t *)p = 1; /* p's alignment unknown here: one 32-bit store */
}

/* An HVC (el3: SMC) with 0 in x0/r0, no PSCI function ID, so that QEMU's
 * own PSCI lets it through: taken to EL2/HYP (EL3), where bringup's vectors
 * report it if bringup entered there (arch/<arch>/vectors.S), else UNDEFINED. */
__attribute__((noinline)) static void call_higher_el(bool el3)
{
	register uintptr_t r0 __asm__(ARCH_REG0) = 0;

	if (el3)
		__asm__ volatile(ARCH_SMC : "+r"(r0)::"memory");
	else
		__asm__ volatile(ARCH_HVC : "+r"(r0)::"memory");
}

/* crash=undef|abort|stack|el2|el3 on the command line: end the run with that
 * unexpected exception, so the matrix can check the report and exit status. */
static void crash_if_asked(void)
{
	const char *what;

	if (option_get("crash", &what) != OPT_GIVEN)
		return;
	printf("# crash=%s requested\n", what);
	if (!strcmp(what, "undef"))
		__asm__ volatile(ARCH_UDF);
	else if (!strcmp(what, "abort"))
		poke(__guard0);
	else if (!strcmp(what, "stack"))
		recurse(0);
	else if (!strcmp(what, "el2") || !strcmp(what, "el3"))
		call_higher_el(what[2] == '3');
	printf("Bail out! crash=%s did not crash\n", what);
	platform_exit(EXIT_CRASH_FAILED);
}

/* help: the option table instead of the tests, as an empty TAP report (a
 * plan of 1..0 is a valid TAP run of no tests), exit status 0. */
static void help_if_asked(void)
{
	if (!option_is("help", NULL))
		return;
	printf("TAP version 13\n1..0\n");
	options_help();
	printf("# summary: 0 passed, 0 failed, 0 skipped; help only, no test run\n");
	platform_exit(EXIT_PASS);
}

static void start_console(void *uart)
{
	console_init(uart);
	console_touch();
}

/* After the report's first lines, before the first test: the tree's devices
 * the boot itself does not use (above 4 GiB) mapped, the window chosen clear
 * of all of them (mmu/mmu.h). What the boot path uses (RAM, the console, the
 * outer cache, the A9 private region) is mapped before. */
static void map_devices(void)
{
	int err;

	discover_devices(&boot.hw);
	err = mmu_add_devices(boot.hw.board.ram, boot.hw.board.nram, boot.hw.board.dev,
			      boot.hw.board.ndev);
	if (err) {
		printf("Bail out! mmu: cannot map the tree's devices: %s (error %d)\n",
		       mmu_strerror(err), err);
		platform_exit(EXIT_MMU_FAILED);
	}
}

void boot_main(uintptr_t dtb, unsigned entry_level, intptr_t load_delta, unsigned fw_cache_on)
{
	int err, failed;

	exception_unmask_serror(); /* the vectors are in: an SError is reported, not masked */
	boot.entry_level = entry_level;
	boot.mpidr = read_mpidr();
	boot.load_delta = load_delta;
	boot.fw_cache_on = fw_cache_on;
	boot.align_checked = mmu_alignment_checked();
	/* The console: the tree's, read first. A platform identified by RAM
	 * base + CPU part (board/platform.h) is only a guess while a tree the
	 * loader handed over may name another board (a Calxeda ECX-1000 has a
	 * Zynq-7000's RAM base and CPU): its UART is written before the tree
	 * is read only when there is no tree to ask. A tree that cannot be read
	 * (its header or body faults: board/discover.c probes both) is refused
	 * with its reason, reported once a console is up. */
	exit_set_flush(dcache_clean_inval_all_to_mem); /* inner to LoC, then the outer cache */
	const struct platform *early = choose_platform((uintptr_t)__image_start);
	if (early && !dtb)
		console_init(&early->defaults.console);
	/* The console may be the user's: semihosting's console= or earlycon=
	 * (the tree's bootargs are read with the tree). */
	discover(&boot.hw, dtb, (uintptr_t)__image_start, cmdline_semihost(), "semihosting");
	exit_set_psci(boot.hw.board.psci_v01 ? PSCI_NONE : boot.hw.board.psci);
	if (!boot.hw.board.console.driver) /* no platform claims the board, no tree console */
		platform_exit_silent(EXIT_NO_CONSOLE);
	/* If the console faults, the report goes on through semihosting output,
	 * else the identified platform's console (lib/console/console.h). The
	 * start runs under a probe so that a UART with nothing behind it is
	 * replaced now and the whole run goes on; a later fault ends the run
	 * (arch/trap.c). */
	console_set_fallbacks(semihost_write, boot.hw.platform && !boot.hw.console_from_platform
						      ? &boot.hw.platform->defaults.console
						      : NULL);
	if (fault_probe(start_console, &boot.hw.board.console, NULL) && !console_fail_over())
		platform_exit_quiet(EXIT_CONSOLE_FAULT);
	choose_heap();
	setvbuf(stdout, NULL, _IONBF, 0); /* nothing lost if the run ends abruptly */
	/* With the MMU still off: the module is reached as Device memory. */
	counter_module_start(boot.hw.platform ? &boot.hw.platform->counter : NULL,
			     boot.entry_level);
	cache_probe();
	page_init(&cache_info, mmu_enabled()); /* MMU off: no DC ZVA yet */
	struct mem_bank nomap[BOARD_MAX_RESERVED];
	err = mmu_init(boot.hw.board.ram, boot.hw.board.nram, nomap, nomap_regions(nomap),
		       boot.hw.board.dev, boot.hw.board.ndev);
	if (err) {
		printf("Bail out! mmu: cannot build the identity map: %s (error %d)\n",
		       mmu_strerror(err), err);
		platform_exit(EXIT_MMU_FAILED);
	}
	pageframe_image_setup(boot.hw.board.ram, boot.hw.board.nram);
	struct outer_setup l2 = { .base = (uintptr_t)boot.hw.board.outer_cache_base,
				  .shared_override = boot.hw.board.outer_shared_override };
	memcpy(l2.latency, boot.hw.board.outer_latency, sizeof(l2.latency));
	outer_init(&l2);
	page_init(&cache_info, mmu_enabled()); /* the choice for the rest of the run */
	boot.has_counter = counter_start(boot.hw.board.a9_periphbase, boot.hw.board.timer_hz,
					 boot.entry_level);
	cmdline_init();
	/* The boot ends here: what the command line asks for (parsed now,
	 * front/options.h) is the run's, not the boot's. */
	boot.boot_insns_valid = arch_inst_retired(&boot.boot_insns);
	help_if_asked();
	crash_if_asked();
	if (option_is("exit", "off"))
		exit_set_way(EXIT_WAY_PSCI_OFF);
	else if (option_is("exit", "reset"))
		exit_set_way(EXIT_WAY_PSCI_RESET);
	failed = selftest_run_all(map_devices);
	platform_exit(failed ? EXIT_TESTS_FAILED : EXIT_PASS);
}
