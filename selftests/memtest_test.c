/*
 * memtest: the DRAM test (lib/memtest/memtest.h) over the free RAM the plan
 * names (memtest/plan.h: ranges, command line). One TAP line per
 * test, each passing only with 0 errors; the first errors of each printed
 * decoded, and its time, bandwidth and instructions; then the run's
 * summary (memtest/report.h). An access that aborts is
 * reported as "no memory at" that address and its range dropped: the test
 * goes on with the others. With more than one CPU online, the March C-,
 * random and round-robin passes run on every CPU at once, each over its
 * slice (memtest/all_cpus.h, memtest_cpus=one: the boot CPU only).
 */
#include <stdio.h>

#include "arch/arch.h"
#include "arch/counter.h"
#include "arch/exception.h"
#include "arch/image.h"
#include "boot/boot.h"
#include "cache/cache.h"
#include "lib/page/page.h"
#include "lib/selftest/selftest.h"
#include "memtest/all_cpus.h"
#include "memtest/plan.h"
#include "memtest/report.h"
#include "mmu/mmu.h"

#define WINDOW_BYTES (1u << 20) /* mmu/mmu.h: the alias window */
#define WINDOW_PAGES (WINDOW_BYTES / PAGE_SIZE)
#define MAX_PRINT    8u

typedef void (*engine_fn)(struct memtest *t);

static struct memtest_plan plan;
static struct memtest t;
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

static unsigned spread; /* sweeps of a test every CPU runs on its slice, 0: the boot CPU's */

static void probe_body(void *arg)
{
	if (spread)
		memtest_cpus_run(&t, *(engine_fn *)arg, spread);
	else
		(*(engine_fn *)arg)(&t);
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

		t.ranges = list;
		t.nranges = *n;
		if (!fault_probe(probe_body, &fn, &f))
			return;
		t.errors[test]++;
		for (i = 0; i < *n && f.addr - list[i].va >= list[i].size; i++)
			;
		if (i == *n) {
			printf("# memtest: %s: %s, not in a range under test\n", memtest_name(test),
			       f.text);
			return;
		}
		uint64_t pa = t.pa_of ? t.pa_of(f.addr) : f.addr;
		printf("# memtest: no memory at 0x%llx (bank %u +0x%llx): %s; range 0x%llx+0x%llx "
		       "dropped\n",
		       (unsigned long long)pa, list[i].bank,
		       (unsigned long long)(pa - list[i].bank_base), f.text,
		       (unsigned long long)list[i].va, (unsigned long long)list[i].size);
		uint64_t lo = list[i].va, size = list[i].size, plo = pa - (f.addr - list[i].va);
		drop(list, n, lo, size);
		drop(plan.all, &plan.nall, plo, size);
		drop(plan.march, &plan.nmarch, plo, size);
	}
}

/* byte_lanes: non-cacheable whatever the plan, LANES_BYTES of the first
 * window of each bank (a data-mask line or a byte lane's chip serves every
 * address of the bank alike). */
#define LANES_BYTES (64u << 10)
static bool lanes;

/* fn over the list as the plan says: directly (cached), 1 MiB at a time
 * through a non-cacheable window, or over the fault-injected window. */
static void run(engine_fn fn, enum memtest_test test, struct memtest_range *list, unsigned *n)
{
	struct memtest_range win;
	unsigned one = 1;
	bool nc = plan.uncached || lanes;
	uint64_t banks_done = 0;

	t.cached = !nc;
	t.pa_of = NULL;
	if (plan.fault_bit < 0 && !nc) {
		probed(fn, test, list, n);
		return;
	}
	if (!expect(mmu_alias_window() != 0, "no MMU window for memtest_cache=off/memtest_fault"))
		return;
	t.pa_of = window_pa_of;
	for (unsigned i = 0; i < *n; i++) {
		/* With a fault, 1 MiB-aligned RAM: the injected bit of the offset
		 * is then the same bit of the physical address the report names. */
		size_t lead = plan.fault_bit >= 0 ? -list[i].va & (WINDOW_BYTES - 1) : 0;
		for (size_t off = lead; off + WINDOW_BYTES <= list[i].size; off += WINDOW_BYTES) {
			uint64_t pa = list[i].va + off;
			enum mem_type type = nc ? MT_NORMAL_NC : MT_NORMAL;
			if (lanes && (banks_done >> (list[i].bank & 63) & 1))
				break;
			banks_done |= (uint64_t)1 << (list[i].bank & 63);
			/* Nothing of the cacheable view may be left to write back over
			 * the non-cacheable one, nor a stale line kept after it. */
			dcache_clean_inval_to_mem((uintptr_t)pa, WINDOW_BYTES);
			if (!map_window(pa, WINDOW_BYTES, type, plan.fault_bit))
				return;
			win = (struct memtest_range){ mmu_alias_window(),
						      lanes ? LANES_BYTES : WINDOW_BYTES,
						      list[i].bank, list[i].bank_base };
			probed(fn, test, &win, &one);
			unmap_window(WINDOW_PAGES);
			dcache_inval_to_mem((uintptr_t)pa, WINDOW_BYTES);
			if (plan.fault_bit >= 0 || !one)
				return; /* one window with the fault; or nothing answers */
		}
	}
}

/* The plan can be followed: no refused option, some RAM to test. */
static bool plan_usable(void)
{
	return expect(!plan.refused, "%s", plan.refused ? plan.refused : "") &&
	       expect(plan.nall, "no free RAM to test");
}

static bool timed; /* a test started: its finish prints its time */

/* A test starts (timed and counted: memtest_report.h) over size bytes of
 * RAM, to sweep `sweeps` times that (0: not known). */
static bool start(enum memtest_test test, uint64_t size, unsigned sweeps)
{
	if (plan.refused) { /* memtest: regions failed, naming it */
		skip("the command line was refused (memtest: regions says why)");
		return false;
	}
	if (plan.mode == PLAN_OFF) {
		skip("memtest=off");
		return false;
	}
	t.errors[test] = 0;
	if (!plan_usable())
		return false;
	memtest_report_start(test, size, sweeps * size);
	return timed = true;
}

static void finish(enum memtest_test test)
{
	if (timed)
		memtest_report_finish(test);
	timed = false;
	expect(t.errors[test] == 0, "%s: %llu errors", memtest_name(test),
	       (unsigned long long)t.errors[test]);
}

static void ranges_diag(const char *what, const struct memtest_range *r, unsigned n, uint64_t total)
{
	for (unsigned i = 0; i < n; i++)
		diag("memtest: %s 0x%llx..0x%llx (%llu KiB), bank %u +0x%llx", what,
		     (unsigned long long)r[i].va, (unsigned long long)(r[i].va + r[i].size),
		     (unsigned long long)(r[i].size >> 10), r[i].bank,
		     (unsigned long long)(r[i].va - r[i].bank_base));
	diag("memtest: %s total %llu bytes (%llu MiB) in %u ranges", what,
	     (unsigned long long)total, (unsigned long long)(total >> 20), n);
}

SELFTEST(memtest, regions)
{
	static const char *const modes[] = { "off", "quick", "full" };

	memtest_cpus_init(); /* first: the CPUs' stacks and state are then heap in use */
	memtest_plan_make(&plan, &boot.hw, boot.heap_base);
	t.line = cache_info.dline;
	t.zva = cache_info.zva_bytes <= 1024 && mmu_enabled() ? cache_info.zva_bytes : 0;
	t.seed = plan.seed;
	t.max_print = MAX_PRINT;
	memtest_insn_counter = arch_inst_retired;
	memtest_report_begin(&t);
	memtest_simd = page_arch_simd();
	if (plan.refused) { /* no mode, no passes: nothing on a guess */
		expect(false, "memtest: refused: %s", plan.refused);
		return;
	}
	diag("memtest=%s, %u passes, %s", modes[plan.mode], plan.passes,
	     plan.uncached ? "non-cacheable through the MMU window, 1 MiB at a time"
			   : "cached, cleaned+invalidated to memory before every verify");
	if (plan.fault_bit >= 0 && plan.nall)
		diag("memtest: fault injected: the tests run on the first 1 MiB-aligned MiB of "
		     "free RAM through the MMU window, mapped with address bit %d stuck low",
		     plan.fault_bit);
	if (plan.mode == PLAN_OFF) {
		skip("memtest=off");
		return;
	}
	ranges_diag("free", plan.all, plan.nall, plan.all_bytes);
	if (plan.mode == PLAN_QUICK)
		ranges_diag("march", plan.march, plan.nmarch, plan.march_bytes);
	memtest_cpus_report(plan.march, plan.nmarch);
	memtest_cpus_clear_of(plan.all, plan.nall);
	plan_usable();
}

/* The address bits size_alias found the board not to decode. */
static uint64_t alias_bits;

static void note_alias(const struct memtest_error *e, void *ctx)
{
	memtest_report_error(e, ctx);
	if (e->test == MT_SIZE_ALIAS && e->addr_bit >= 0)
		alias_bits |= e->pa ^ e->other_pa;
}

/* First after the regions: where the board does not decode an address bit
 * the tree counts (more RAM claimed than fitted, a line stuck or shorted), a
 * write lands on the address without that bit, which may be the image, the
 * stack or the heap. The later tests then keep off those addresses. */
SELFTEST(memtest, size_alias)
{
	if (!start(MT_SIZE_ALIAS, plan.all_bytes, 0))
		return;
	alias_bits = 0;
	t.on_error = note_alias;
	run(memtest_size_alias, MT_SIZE_ALIAS, plan.all, &plan.nall);
	t.on_error = memtest_report_error;
	for (unsigned b = 0; b < 64; b++)
		if (alias_bits >> b & 1) {
			memtest_plan_avoid_alias(&plan, b);
			diag("memtest: address bit %u not decoded: the later tests keep off every "
			     "address whose alias is in use",
			     b);
		}
	finish(MT_SIZE_ALIAS);
}

SELFTEST(memtest, data_bus)
{
	if (start(MT_DATA_BUS, plan.all_bytes, 0))
		run(memtest_data_bus, MT_DATA_BUS, plan.all, &plan.nall);
	finish(MT_DATA_BUS);
}

SELFTEST(memtest, address_bus)
{
	if (start(MT_ADDRESS_BUS, plan.all_bytes, 0))
		run(memtest_address_bus, MT_ADDRESS_BUS, plan.all, &plan.nall);
	finish(MT_ADDRESS_BUS);
}

SELFTEST(memtest, march_c)
{
	/* Backgrounds per pass: solid, then alternating bits, pairs, nibbles. */
	static const uint64_t bg[] = { 0, 0x5555555555555555ull, 0x3333333333333333ull,
				       0x0f0f0f0f0f0f0f0full };

	if (!start(MT_MARCH_C, plan.march_bytes, 10 * plan.passes)) /* 10 sweeps a pass */
		return;
	spread = 10;
	for (unsigned p = 0; p < plan.passes; p++) {
		t.background = bg[p % 4];
		run(memtest_march_c, MT_MARCH_C, plan.march, &plan.nmarch);
	}
	spread = 0;
	finish(MT_MARCH_C);
}

SELFTEST(memtest, random)
{
	if (!start(MT_RANDOM, plan.march_bytes, 2 * plan.passes))
		return;
	spread = 2;
	for (unsigned p = 0; p < plan.passes; p++)
		run(memtest_random, MT_RANDOM, plan.march, &plan.nmarch);
	spread = 0;
	finish(MT_RANDOM);
}

/* Every CPU writes every slice once, the next CPU reads it back from DRAM
 * (lib/memtest/memtest_cpus.h): a fault only one CPU's path shows. */
SELFTEST(memtest, round_robin)
{
	if (memtest_cpus_count() < 2 && plan.mode != PLAN_OFF && !plan.refused)
		skip("the DRAM test runs on one CPU (memtest: regions says why)");
	else if (start(MT_ROUND_ROBIN, plan.march_bytes, 2 * memtest_cpus_count())) {
		diag("memtest: round robin of %u rounds on %u CPUs: each writes every slice once, "
		     "the next reads it back",
		     memtest_cpus_count() + 1, memtest_cpus_count());
		for (unsigned p = 0; p < plan.passes; p++)
			run(memtest_cpus_round_robin, MT_ROUND_ROBIN, plan.march, &plan.nmarch);
	}
	finish(MT_ROUND_ROBIN);
}

/* Masked writes reach DRAM as such only uncached (lib/memtest/memtest.h
 * byte_lanes): through the non-cacheable window whatever the plan says. */
SELFTEST(memtest, byte_lanes)
{
	if (!start(MT_BYTE_LANES, LANES_BYTES, 52)) /* 24 fills and verifies, 4 in stores */
		return;
	if (expect(mmu_alias_window() != 0, "no MMU window for the non-cacheable view")) {
		uint64_t swept = t.swept;
		lanes = true;
		run(memtest_byte_lanes, MT_BYTE_LANES, plan.march, &plan.nmarch);
		lanes = false;
		if (t.swept == swept)
			diag("memtest: byte_lanes: no range holds a whole MiB to map "
			     "non-cacheable: "
			     "not run");
	}
	finish(MT_BYTE_LANES);
}

static void fade_wait(void *ctx)
{
	struct deadline d;

	diag("memtest: bit_fade: %u s with no access", *(unsigned *)ctx);
	memtest_report_pause(); /* the wait's instructions are not the test's */
	deadline_start(&d, *(unsigned *)ctx * 1000u); /* bounded even if the counter stops */
	while (!deadline_passed(&d))
		;
	memtest_report_resume();
}

static void fade_body(struct memtest *m)
{
	memtest_bit_fade(m, fade_wait, &plan.fade_seconds);
}

/* The last memtest line: bit fade on request (memtest_fade=SECONDS: DRAM
 * must keep all zeros, then all ones, that long on refresh alone), then the
 * run's summary; the heap gets its end back. */
SELFTEST(memtest, bit_fade)
{
	bool run_it = plan.mode != PLAN_OFF && !plan.refused && plan.nall;

	if (!run_it)
		skip("%s", plan.mode == PLAN_OFF ? "memtest=off" : "no plan to follow");
	else if (!plan.fade_seconds)
		skip("give memtest_fade=SECONDS to wait between write and verify");
	else if (!boot.has_counter || !arch_counter_hz())
		skip("no running counter to time the wait");
	else {
		t.errors[MT_BIT_FADE] = 0;
		memtest_report_start(MT_BIT_FADE, plan.march_bytes, 4 * plan.march_bytes);
		timed = true;
		run(fade_body, MT_BIT_FADE, plan.march, &plan.nmarch);
		finish(MT_BIT_FADE);
	}
	if (run_it) {
		memtest_report_summary(plan.passes);
		memtest_cpus_summary();
		memtest_report_faults();
	}
	memtest_plan_end();
}
