/*
 * boot_main: discovery, console, heap, cache geometry, MMU, self-tests, exit.
 * Entered from boot/<arch>/entry.S at EL1 / SVC with the MMU and caches off,
 * relocated, BSS clear, vectors installed.
 */
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "arch/exit.h"
#include "arch/image.h"
#include "boot/boot.h"
#include "boot/cmdline.h"
#include "cache/cache.h"
#include "cache/outer.h"
#include "lib/console/console.h"
#include "lib/libc/heap.h"
#include "lib/page/page.h"
#include "lib/selftest/selftest.h"
#include "mmu/mmu.h"
#include "mmu/pageframe.h"

#ifdef __aarch64__
#define ARCH_UDF "udf #0"
#else
#define ARCH_UDF ".word 0xe7f000f0"
#endif

struct boot_state boot;

static uintptr_t align_up(uintptr_t v)
{
	return (v + PAGE_SIZE - 1) & ~(uintptr_t)(PAGE_SIZE - 1);
}

/* The heap: from the image end to the end of its RAM bank, stopping short of
 * the DTB if it lies in between (it is read again by the tests). */
static void choose_heap(void)
{
	uintptr_t lo = align_up((uintptr_t)__image_end), hi = lo;

	for (unsigned i = 0; i < boot.hw.board.nram; i++) {
		const struct mem_bank *r = &boot.hw.board.ram[i];
		if (lo >= r->base && lo - r->base < r->size)
			hi = (uintptr_t)(r->base + r->size);
	}
	if (boot.hw.dtb >= lo && boot.hw.dtb < hi) {
		uintptr_t dtb_end = align_up(boot.hw.dtb + boot.hw.dtb_size);
		if (boot.hw.dtb - lo >= hi - dtb_end)
			hi = boot.hw.dtb & ~(uintptr_t)(PAGE_SIZE - 1);
		else
			lo = dtb_end;
	}
	boot.heap_base = lo;
	boot.heap_end = hi;
	heap_init(lo, hi);
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

/* crash=undef|abort|stack on the command line: end the run with that
 * unexpected exception, so the matrix can check the report and exit status. */
static void crash_if_asked(void)
{
	char what[16];

	if (!cmdline_get("crash", what, sizeof(what)))
		return;
	printf("# crash=%s requested\n", what);
	if (!strcmp(what, "undef"))
		__asm__ volatile(ARCH_UDF);
	else if (!strcmp(what, "abort"))
		poke(__guard0);
	else if (!strcmp(what, "stack"))
		recurse(0);
	printf("Bail out! crash=%s did not crash\n", what);
	platform_exit(EXIT_CRASH_FAILED);
}

void boot_main(uintptr_t dtb, unsigned entry_level, intptr_t load_delta, unsigned fw_cache_on)
{
	int err, failed;

	boot.entry_level = entry_level;
	boot.load_delta = load_delta;
	boot.fw_cache_on = fw_cache_on;
	boot.align_checked = mmu_alignment_checked();
	/* The platform's console first, so that a fault while reading the DTB
	 * (which runs with the MMU off) is still reported; then the DTB's. */
	exit_set_flush(dcache_clean_inval_all);
	console_init(&choose_platform((uintptr_t)__image_start)->defaults.console);
	discover(&boot.hw, dtb, (uintptr_t)__image_start);
	console_init(&boot.hw.board.console);
	exit_set_psci(boot.hw.board.psci);
	choose_heap();
	setvbuf(stdout, NULL, _IONBF, 0); /* nothing lost if the run ends abruptly */
	cache_probe();
	page_init(&cache_info, mmu_enabled()); /* MMU off: no DC ZVA yet */
	err = mmu_init(boot.hw.board.ram, boot.hw.board.nram);
	if (err) {
		printf("Bail out! mmu: cannot build the identity map (error %d)\n", err);
		platform_exit(EXIT_MMU_FAILED);
	}
	pageframe_image_setup(boot.hw.board.ram, boot.hw.board.nram);
	outer_init((uintptr_t)boot.hw.board.outer_cache_base);
	page_init(&cache_info, mmu_enabled()); /* the choice for the rest of the run */
	boot.has_counter = arch_counter_init(boot.hw.board.a9_periphbase);
	cmdline_init();
	crash_if_asked();
	boot.boot_insns_valid = arch_inst_retired(&boot.boot_insns);
	failed = selftest_run_all();
	platform_exit(failed ? EXIT_TESTS_FAILED : EXIT_PASS);
}
