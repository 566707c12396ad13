/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The DRAM test's run, test by test (memtest/run.h): the plan made and
 * reported, each test over the plan's ranges directly (cached), through the
 * MMU window (non-cacheable, or with a fault injected), or on every CPU at
 * once; an abort names the address and drops its range. The tests' own
 * sequences are memtest/run_tests.c.
 */
#include "memtest/run.h"

#include <stdio.h>

#include "arch/arch.h"
#include "arch/exception.h"
#include "boot/boot.h"
#include "cache/cache.h"
#include "lib/page/page.h"
#include "lib/selftest/selftest.h"
#include "memtest/all_cpus.h"
#include "memtest/plan.h"
#include "memtest/report.h"
#include "memtest/run_priv.h"
#include "mmu/mmu.h"

#define WINDOW_BYTES (1u << 20) /* mmu/mmu.h: the alias window */
#define WINDOW_PAGES (WINDOW_BYTES / PAGE_SIZE)
#define MAX_PRINT    8u

struct memtest_plan mt_plan;
struct memtest mt_t;
static uint64_t window_pa; /* the RAM the window stands for */

/* The physical address a window address stands for: the RAM it maps, or
 * with a fault injected, the address the test meant (the map is the fault). */
static uint64_t window_pa_of(uintptr_t va)
{
	uintptr_t w = mmu_alias_window();

	return va - w < WINDOW_BYTES ? window_pa + (va - w) : va;
}

static void unmap_window(unsigned pages)
{
	for (unsigned i = 0; i < pages; i++)
		mmu_unmap_page(mmu_alias_window() + i * PAGE_SIZE);
}

/* bytes of RAM at pa into the window as type; with fault_bit >= 0, every
 * page whose offset has that bit set shares the frame of the page without it. */
static bool map_window(uint64_t pa, size_t bytes, enum mem_type type, int fault_bit)
{
	uintptr_t w = mmu_alias_window();

	window_pa = pa;
	for (unsigned i = 0; i < bytes / PAGE_SIZE; i++) {
		uint64_t page = i;
		if (fault_bit >= 0)
			page &= ~((uint64_t)1 << (fault_bit - PAGE_SHIFT));
		int err = mmu_map_page(w + i * PAGE_SIZE, pa + page * PAGE_SIZE, type, 0);
		if (!expect(err == 0, "mmu_map_page(0x%lx): error %d",
			    (unsigned long)(w + i * PAGE_SIZE), err)) {
			unmap_window(i);
			return false;
		}
	}
	return true;
}

unsigned mt_spread; /* sweeps of a test every CPU runs on its slice, 0: the boot CPU's */

static void probe_body(void *arg)
{
	if (mt_spread)
		memtest_cpus_run(&mt_t, *(engine_fn *)arg, mt_spread);
	else
		(*(engine_fn *)arg)(&mt_t);
}

/* Drops every range of list that overlaps [lo, lo + size). */
static void drop(struct memtest_range *list, unsigned *n, uint64_t lo, uint64_t size)
{
	unsigned k = 0;

	for (unsigned i = 0; i < *n; i++)
		if (list[i].va + list[i].size <= lo || list[i].va >= lo + size)
			list[k++] = list[i];
	*n = k;
}

/* fn over list under a fault probe: an abort names the address, drops its
 * range (from every list: the later tests skip it) and the test goes on
 * over the rest. */
static void probed(engine_fn fn, enum memtest_test test, struct memtest_range *list, unsigned *n)
{
	for (unsigned tries = 0; tries <= 2 * PLAN_MAX_RANGES && *n; tries++) {
		struct fault_info f;
		unsigned i;

		mt_t.ranges = list;
		mt_t.nranges = *n;
		if (!fault_probe(probe_body, &fn, &f))
			return;
		mt_t.errors[test]++;
		for (i = 0; i < *n && f.addr - list[i].va >= list[i].size; i++)
			;
		if (i == *n) {
			printf("# memtest: %s: %s, not in a range under test\n", memtest_name(test),
			       f.text);
			return;
		}
		uint64_t pa = mt_t.pa_of ? mt_t.pa_of(f.addr) : f.addr;
		printf("# memtest: no memory at 0x%llx (bank %u +0x%llx): %s; range 0x%llx+0x%llx "
		       "dropped\n",
		       (unsigned long long)pa, list[i].bank,
		       (unsigned long long)(pa - list[i].bank_base), f.text,
		       (unsigned long long)list[i].va, (unsigned long long)list[i].size);
		uint64_t lo = list[i].va, size = list[i].size, plo = pa - (f.addr - list[i].va);
		drop(list, n, lo, size);
		drop(mt_plan.all, &mt_plan.nall, plo, size);
		drop(mt_plan.march, &mt_plan.nmarch, plo, size);
	}
}

/* byte_lanes: non-cacheable whatever the plan, LANES_BYTES of the first
 * window of each bank (a data-mask line or a byte lane's chip serves every
 * address of the bank alike). */
bool mt_lanes;

/* fn over the list as the plan says: directly (cached), 1 MiB at a time
 * through a non-cacheable window, or over the fault-injected window. */
void mt_run(engine_fn fn, enum memtest_test test, struct memtest_range *list, unsigned *n)
{
	struct memtest_range win;
	unsigned one = 1;
	bool nc = mt_plan.uncached || mt_lanes;
	uint64_t banks_done = 0;

	mt_t.cached = !nc;
	mt_t.pa_of = NULL;
	if (mt_plan.fault_bit < 0 && !nc) {
		probed(fn, test, list, n);
		return;
	}
	if (!expect(mmu_alias_window() != 0, "no MMU window for memtest_cache=off/memtest_fault"))
		return;
	mt_t.pa_of = window_pa_of;
	for (unsigned i = 0; i < *n; i++) {
		/* With a fault, 1 MiB-aligned RAM: the injected bit of the offset
		 * is then the same bit of the physical address the report names. */
		size_t lead = mt_plan.fault_bit >= 0 ? -list[i].va & (WINDOW_BYTES - 1) : 0;
		for (size_t off = lead; off + WINDOW_BYTES <= list[i].size; off += WINDOW_BYTES) {
			uint64_t pa = list[i].va + off;
			enum mem_type type = nc ? MT_NORMAL_NC : MT_NORMAL;
			if (mt_lanes && (banks_done >> (list[i].bank & 63) & 1))
				break;
			banks_done |= (uint64_t)1 << (list[i].bank & 63);
			/* Nothing of the cacheable view may be left to write back over
			 * the non-cacheable one, nor a stale line kept after it. */
			dcache_clean_inval_to_mem((uintptr_t)pa, WINDOW_BYTES);
			if (!map_window(pa, WINDOW_BYTES, type, mt_plan.fault_bit))
				return;
			win = (struct memtest_range){ mmu_alias_window(),
						      mt_lanes ? LANES_BYTES : WINDOW_BYTES,
						      list[i].bank, list[i].bank_base };
			probed(fn, test, &win, &one);
			unmap_window(WINDOW_PAGES);
			dcache_inval_to_mem((uintptr_t)pa, WINDOW_BYTES);
			if (mt_plan.fault_bit >= 0 || !one)
				return; /* one window with the fault; or nothing answers */
		}
	}
}

/* The plan can be followed: no refused option, some RAM to test. */
static bool plan_usable(void)
{
	return expect(!mt_plan.refused, "%s", mt_plan.refused ? mt_plan.refused : "") &&
	       expect(mt_plan.nall, "no free RAM to test");
}

bool mt_timed; /* a test started: its finish prints its time */

/* A test starts (timed and counted: memtest_report.h) over size bytes of
 * RAM, to sweep `sweeps` times that (0: not known). */
bool mt_start(enum memtest_test test, uint64_t size, unsigned sweeps)
{
	if (mt_plan.refused) { /* memtest: regions failed, naming it */
		skip("the command line was refused (memtest: regions says why)");
		return false;
	}
	if (mt_plan.mode == PLAN_OFF) {
		skip("memtest=off");
		return false;
	}
	mt_t.errors[test] = 0;
	if (!plan_usable())
		return false;
	memtest_report_start(test, size, sweeps * size);
	return mt_timed = true;
}

void mt_finish(enum memtest_test test)
{
	if (mt_timed)
		memtest_report_finish(test);
	mt_timed = false;
	expect(mt_t.errors[test] == 0, "%s: %llu errors", memtest_name(test),
	       (unsigned long long)mt_t.errors[test]);
}

static void ranges_diag(const char *what, const struct memtest_range *r, unsigned n, uint64_t total)
{
	for (unsigned i = 0; i < n; i++)
		diag("memtest: %s 0x%llx..0x%llx (%llu KiB), bank %u +0x%llx", what,
		     (unsigned long long)r[i].va, (unsigned long long)(r[i].va + r[i].size),
		     (unsigned long long)(r[i].size >> 10), r[i].bank,
		     (unsigned long long)(r[i].va - r[i].bank_base));
	diag("memtest: %s total %llu bytes (%llu MiB) in %u range%s", what,
	     (unsigned long long)total, (unsigned long long)(total >> 20), n, n == 1 ? "" : "s");
}

/* With a fault injected, the one window mt_run() maps for a list: its first
 * 1 MiB-aligned MiB (the injected bit of the window's offset is then the
 * same bit of the physical address). False if the list has none. */
static bool fault_window(const struct memtest_range *list, unsigned n, struct memtest_range *w)
{
	for (unsigned i = 0; i < n; i++) {
		size_t lead = -list[i].va & (WINDOW_BYTES - 1);
		if (lead + WINDOW_BYTES <= list[i].size) {
			*w = (struct memtest_range){ list[i].va + lead, WINDOW_BYTES, list[i].bank,
						     list[i].bank_base };
			return true;
		}
	}
	return false;
}

/* The RAM a fault-injected run tests, instead of the March ranges it does
 * not cover: the size and address tests take their window from all free
 * RAM, the others from the March ranges (memtest/run_tests.c); one MiB
 * unless the two differ (memtest_range=, or RAM around the image). */
static void fault_ranges_diag(void)
{
	struct memtest_range w[2];
	const char *who[2];
	unsigned n = 0;

	if (fault_window(mt_plan.all, mt_plan.nall, &w[n]))
		who[n++] = "the size and address tests";
	if (fault_window(mt_plan.march, mt_plan.nmarch, &w[n])) {
		if (n && w[0].va == w[1].va)
			who[0] = "every test";
		else
			who[n++] = "the March, random and later tests";
	}
	if (!n)
		diag("memtest: fault injected, but no 1 MiB-aligned MiB of free RAM: none tested");
	for (unsigned i = 0; i < n; i++)
		diag("memtest: tested 0x%llx..0x%llx (%u KiB), bank %u +0x%llx: %s",
		     (unsigned long long)w[i].va, (unsigned long long)(w[i].va + w[i].size),
		     WINDOW_BYTES >> 10, w[i].bank, (unsigned long long)(w[i].va - w[i].bank_base),
		     who[i]);
	diag("memtest: tested total %u bytes (%u MiB) in %u range%s", n * WINDOW_BYTES,
	     (n * WINDOW_BYTES) >> 20, n, n == 1 ? "" : "s");
}

void memtest_run_regions(void)
{
	static const char *const modes[] = { "off", "quick", "full" };

	memtest_cpus_init(); /* first: the CPUs' stacks and state are then heap in use */
	memtest_plan_make(&mt_plan, &boot.hw, boot.heap_base);
	mt_t.line = cache_info.dline;
	mt_t.zva = cache_info.zva_bytes <= 1024 && mmu_enabled() ? cache_info.zva_bytes : 0;
	mt_t.seed = mt_plan.seed;
	mt_t.max_print = MAX_PRINT;
	memtest_insn_counter = arch_inst_retired;
	memtest_report_begin(&mt_t);
	memtest_simd = page_arch_simd();
	if (mt_plan.refused) { /* no mode, no passes: nothing on a guess */
		expect(false, "memtest: refused: %s", mt_plan.refused);
		return;
	}
	diag("memtest=%s, %u pass%s, %s", modes[mt_plan.mode], mt_plan.passes,
	     mt_plan.passes == 1 ? "" : "es",
	     mt_plan.uncached ? "non-cacheable through the MMU window, 1 MiB at a time"
			      : "cached, cleaned+invalidated to memory before every verify");
	if (mt_plan.fault_bit >= 0 && mt_plan.nall)
		diag("memtest: fault injected: the tests run on the first 1 MiB-aligned MiB of "
		     "free RAM through the MMU window, mapped with address bit %d stuck low",
		     mt_plan.fault_bit);
	if (mt_plan.mode == PLAN_OFF) {
		skip("memtest=off");
		return;
	}
	ranges_diag("free", mt_plan.all, mt_plan.nall, mt_plan.all_bytes);
	if (mt_plan.fault_bit >= 0)
		fault_ranges_diag();
	else if (mt_plan.mode == PLAN_QUICK)
		ranges_diag("march", mt_plan.march, mt_plan.nmarch, mt_plan.march_bytes);
	memtest_cpus_report(mt_plan.march, mt_plan.nmarch);
	memtest_cpus_clear_of(mt_plan.all, mt_plan.nall);
	plan_usable();
}
