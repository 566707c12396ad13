/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * memtest: burnin (burnin=SECONDS): after every other test (selftests/memtest_burnin_test.c,
 * last in the run order of sources.mk SELFTESTS), every CPU of the DRAM test at once
 * (memtest/all_cpus.h: every online CPU unless memtest_cpus=one)
 * loops for SECONDS over three kinds of work on its own slice of the March
 * ranges (memtest/plan.h, made anew: the heap in use now is kept out):
 *
 *   dram   the random test over its slices (lib/memtest/memtest.h, written,
 *          cleaned and invalidated to memory by address, verified from DRAM)
 *   page   lib/page's copy of its first page (the random data) onto its
 *          second, compared word by word, then the clear of the second,
 *          checked all zero
 *   cache  a pattern into its third page, cleaned to memory, invalidated
 *          (cache/cache.h dcache_clean_to_mem, dcache_inval_to_mem) and read
 *          back: the maintenance keeps the data (memtest/burnin_cache.c, run
 *          on the host against private write-back caches)
 *
 * and after each round adds one to a shared atomic counter BURNIN_COUNTS
 * times, one addition at a time. Each CPU's deadline is its own
 * (arch/counter.h), the wait for all of them bounded
 * by SECONDS plus 5 s plus a round's sweeps at 4 MB/s. The boot CPU prints
 * a status line every BURNIN_STATUS_S seconds:
 *
 *   # memtest: burnin: <s> s of <S>: <rounds> rounds, <errors> errors so far
 *
 * and at the end the summary, the counter against the rounds each CPU
 * counted, and each CPU's rounds and errors by kind:
 *
 *   # memtest: burnin: <S> s on <n> CPUs: <rounds> rounds, <errors> errors
 *   # memtest: burnin: cpu1: <rounds> rounds, errors: dram 0, page 0, cache 0
 *
 * Its DRAM traffic first: for SECONDS / 2 of it (none for burnin=1), the
 * stress (memtest/stress.h: every CPU moving blocks DRAM to DRAM, lines
 * "memtest: burnin: stress: ..."), then the rounds above for the rest.
 *
 * With memtest_fault=alias:N the burn-in runs on the first 1 MiB-aligned MiB
 * of free RAM through the MMU window, pages with address bit N set on the
 * frame of the page without it (as selftests/memtest_test.c injects it):
 * the dram kind must then count errors on every CPU and the line fail.
 * The TAP line passes with no error, the counter equal to BURNIN_COUNTS
 * times the sum of the CPUs' rounds and every CPU at least one round.
 * burnin=0 (the default): SKIP; so is a burn-in with no running counter of
 * known frequency (arch/counter.h counter_times: its deadlines would count
 * polls, and SECONDS of polls is no length of time).
 */
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "arch/counter.h"
#include "boot/boot.h"
#include "cache/cache.h"
#include "front/options.h"
#include "lib/memtest/memtest_cpus.h"
#include "lib/page/page.h"
#include "lib/selftest/selftest.h"
#include "memtest/all_cpus.h"
#include "memtest/burnin.h"
#include "memtest/burnin_cache.h"
#include "memtest/plan.h"
#include "memtest/stress.h"
#include "mmu/mmu.h"
#include "smp/smp.h"

#define BURNIN_STATUS_S 60u
#define MAX_SLICES      32u /* 2 * PLAN_MAX_RANGES */

enum { BK_DRAM, BK_PAGE, BK_CACHE, BK_N };
static const char *const kind_names[BK_N] = { "dram", "page", "cache" };

struct burn {
	struct memtest t;
	struct memtest_range sl[MAX_SLICES];
	unsigned nsl;
	uint64_t rounds, errors[BK_N];
} __attribute__((aligned(128)));

static struct burn *burns, **bp; /* by pointer: scripts/check-a53-835769.sh */
static struct memtest_plan plan;
/* The shared counter: BURNIN_COUNTS additions per round by every CPU, one
 * at a time (volatile: each a load and a store of its own, as any plain
 * increment would be), so that with the CPUs running in parallel a
 * non-atomic one loses some (row a53-burnin-par). */
#define BURNIN_COUNTS 1024u
static volatile uint64_t counter;
static uint64_t c0, hz;
static unsigned seconds;

static uint64_t all_errors(unsigned n)
{
	uint64_t e = 0;

	for (unsigned k = 0; k < n; k++)
		for (unsigned i = 0; i < BK_N; i++)
			e += __atomic_load_n(&bp[k]->errors[i], __ATOMIC_RELAXED);
	return e;
}

static uint64_t words_not(const uint64_t *p, const uint64_t *want, uint64_t v)
{
	uint64_t bad = 0;

	for (size_t i = 0; i < PAGE_SIZE / 8; i++)
		bad += p[i] != (want ? want[i] : v);
	return bad;
}

#define WINDOW_BYTES (1u << 20) /* mmu/mmu.h: the alias window */

/* memtest_fault=alias:N: *r the window over the first 1 MiB-aligned MiB of
 * free RAM, mapped with address bit N stuck low; its RAM's address, or 0. */
static uint64_t fault_window(struct memtest_range *r)
{
	uintptr_t w = mmu_alias_window();

	for (unsigned i = 0; w && i < plan.nall; i++) {
		uint64_t lead = -(uint64_t)plan.all[i].va & (WINDOW_BYTES - 1),
			 pa = plan.all[i].va + lead;
		if (lead + WINDOW_BYTES > plan.all[i].size)
			continue;
		dcache_clean_inval_to_mem((uintptr_t)pa, WINDOW_BYTES);
		for (unsigned p = 0; p < WINDOW_BYTES / PAGE_SIZE; p++) {
			uint64_t frame = p & ~((uint64_t)1 << (plan.fault_bit - PAGE_SHIFT));
			if (mmu_map_page(w + p * PAGE_SIZE, pa + frame * PAGE_SIZE, MT_NORMAL, 0))
				return 0;
		}
		*r = (struct memtest_range){ w, WINDOW_BYTES, plan.all[i].bank,
					     plan.all[i].bank_base };
		return pa;
	}
	return 0;
}

/* One CPU's share: rounds until its deadline. */
static void burn_cpu(unsigned k, unsigned n, bool boot_cpu, void *arg)
{
	struct burn *me = bp[k];
	struct deadline d;
	unsigned next = BURNIN_STATUS_S;
	uint8_t *pg = me->nsl && me->sl[0].size >= 3 * PAGE_SIZE ? (uint8_t *)me->sl[0].va : NULL;

	(void)arg;
	deadline_start(&d, seconds * 1000u);
	while (!deadline_passed(&d)) {
		uint64_t e = 0;
		me->t.ranges = me->sl;
		me->t.nranges = me->nsl;
		memset(me->t.errors, 0, sizeof(me->t.errors));
		memtest_random(&me->t);
		for (unsigned i = 0; i < MT_NTESTS; i++)
			e += me->t.errors[i];
		__atomic_fetch_add(&me->errors[BK_DRAM], e, __ATOMIC_RELAXED);
		if (pg) {
			uint64_t *src = (uint64_t *)pg, *dst = (uint64_t *)(pg + PAGE_SIZE),
				 *line = (uint64_t *)(pg + 2 * PAGE_SIZE), v = me->t.seed;
			page_copy_bytes(dst, src, PAGE_SIZE);
			e = words_not(dst, src, 0);
			page_clear_bytes(dst, PAGE_SIZE);
			e += words_not(dst, NULL, 0);
			__atomic_fetch_add(&me->errors[BK_PAGE], e, __ATOMIC_RELAXED);
			e = burnin_cache_round(line, v);
			__atomic_fetch_add(&me->errors[BK_CACHE], e, __ATOMIC_RELAXED);
		}
		me->rounds++;
		for (unsigned i = 0; i < BURNIN_COUNTS; i++)
			__atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
		if (boot_cpu && hz && arch_counter() - c0 >= (uint64_t)next * hz) {
			diag("memtest: burnin: %u s of %u: %llu rounds, %llu errors so far", next,
			     seconds,
			     (unsigned long long)(__atomic_load_n(&counter, __ATOMIC_RELAXED) /
						  BURNIN_COUNTS),
			     (unsigned long long)all_errors(n));
			next += BURNIN_STATUS_S;
		}
	}
}

void memtest_burnin(void)
{
	uint64_t v = 0, sum = 0, most = 0;
	unsigned n = memtest_cpus_count();
	bool ok = true;

	option_number("burnin", 0, &v);
	seconds = (unsigned)v;
	if (!seconds) {
		skip("give burnin=SECONDS to run every CPU that long");
		return;
	}
	if (!counter_times()) { /* a deadline would count polls: no end in sight */
		skip("no running counter with a known frequency: a run of %u s cannot be timed",
		     seconds);
		return;
	}
	unsigned dram_s = seconds / 2;
	bool stress_ok = !dram_s || memtest_stress_run(dram_s, "burnin: stress");
	seconds -= dram_s;
	if (!burns && (!(burns = memalign(128, n * sizeof(*burns))) || /* before the plan: in use */
		       !(bp = malloc(n * sizeof(*bp))))) {
		burns = NULL;
		expect(false, "no memory for %u CPUs' burn-in state", n);
		return;
	}
	memtest_plan_make(&plan, &boot.hw, boot.heap_base);
	if (!expect(!plan.refused && plan.nmarch, "%s",
		    plan.refused ? plan.refused : "no free RAM to test")) {
		memtest_plan_end();
		return;
	}
	struct memtest_range win, *list = plan.march;
	unsigned nlist = plan.nmarch;
	uint64_t win_pa = plan.fault_bit >= 0 ? fault_window(&win) : 0;
	if (plan.fault_bit >= 0 && !expect(win_pa, "no MMU window for memtest_fault")) {
		memtest_plan_end();
		return;
	}
	if (win_pa) {
		diag("memtest: burnin: fault injected: 1 MiB at 0x%llx through the MMU window, "
		     "address bit %d stuck low",
		     (unsigned long long)win_pa, plan.fault_bit);
		list = &win;
		nlist = 1;
	}
	struct burn *b = burns;
	for (unsigned k = 0; k < n; k++, b++) {
		bp[k] = b;
		memset(b, 0, sizeof(*b));
		b->nsl = memtest_slice(list, nlist, n, k, b->sl, MAX_SLICES);
		b->t = (struct memtest){ .cached = true,
					 .line = cache_info.dline,
					 .quiet = true,
					 .seed = plan.seed + 0x9e3779b97f4a7c15ull * k };
		uint64_t bytes = 0;
		for (unsigned i = 0; i < b->nsl; i++)
			bytes += b->sl[i].size;
		most = bytes > most ? bytes : most;
	}
	hz = boot.has_counter ? arch_counter_hz() : 0;
	c0 = hz ? arch_counter() : 0;
	counter = 0;
	diag("memtest: burnin: %u s on %u CPUs, each over its slice of %llu bytes: dram, page, "
	     "cache",
	     seconds, n, (unsigned long long)(win_pa ? WINDOW_BYTES : plan.march_bytes));
	uint64_t ms = (uint64_t)seconds * 1000u + 5000u + most * 2 / 4000u;
	ok &= memtest_cpus_each(burn_cpu, NULL, ms > UINT32_MAX ? UINT32_MAX : (unsigned)ms);
	for (unsigned p = 0; win_pa && p < WINDOW_BYTES / PAGE_SIZE; p++)
		mmu_unmap_page(win.va + p * PAGE_SIZE);
	if (win_pa)
		dcache_inval_to_mem((uintptr_t)win_pa, WINDOW_BYTES);
	for (unsigned k = 0; k < n; k++) {
		sum += bp[k]->rounds;
		ok &= expect(bp[k]->rounds > 0, "burnin: cpu%u did no round", memtest_cpus_cpu(k));
	}
	diag("memtest: burnin: %u s on %u CPUs: %llu rounds, %llu errors", seconds, n,
	     (unsigned long long)(counter / BURNIN_COUNTS), (unsigned long long)all_errors(n));
	for (unsigned k = 0; k < n; k++)
		diag("memtest: burnin: cpu%u: %llu rounds, errors: %s %llu, %s %llu, %s %llu",
		     memtest_cpus_cpu(k), (unsigned long long)bp[k]->rounds, kind_names[0],
		     (unsigned long long)bp[k]->errors[0], kind_names[1],
		     (unsigned long long)bp[k]->errors[1], kind_names[2],
		     (unsigned long long)bp[k]->errors[2]);
	ok &= expect(
		counter == sum * BURNIN_COUNTS,
		"burnin: the shared counter holds %llu additions, the CPUs' %llu rounds make %llu",
		(unsigned long long)counter, (unsigned long long)sum,
		(unsigned long long)(sum * BURNIN_COUNTS));
	expect(ok && stress_ok && all_errors(n) == 0, "burnin: %llu errors",
	       (unsigned long long)all_errors(n));
	memtest_plan_end();
}
