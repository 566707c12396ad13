/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bench: the page routines against newlib, a naive C loop and the
 * fixed-32-byte-line variant, run only when the command line has bench=1
 * (make bench, qemu-tests/bench.sh); otherwise a SKIP. Not a timed test: it
 * fails only if a routine's result is wrong.
 *
 * Per routine and implementation: retired instructions of one warm call
 * (PMU INST_RETIRED read just before and after the call, minus the cost of
 * two back-to-back reads), exact and repeatable under QEMU -icount
 * shift=0,sleep=off; and MB/s over repeated calls from the generic timer,
 * meaningful only on a board (under QEMU it restates the instruction count).
 * Output: a table as "# " lines, and one "# csv: cpu,routine,impl,bytes,
 * instructions,mbps" line per row (impl: bringup, newlib, naive, fixed32;
 * in the table only: "bringup-nt", the LDNP/STNP copy, and "bringup-st", the
 * store clear that the MMU-off / DZP path uses, when it is not the choice).
 *
 * fixed32: the same loops with the line size taken as 32 B whatever CTR
 * says (the copy prefetches every 32 B, as many 32 B lines ahead as the real
 * loop goes lines ahead; the AArch64 clear steps DC ZVA by 32 B), i.e. the
 * behaviour of a copy_page that assumes the line size (Linux arm64's before
 * it read CTR). ARMv7's clear does not depend on the line: no
 * fixed32 row.
 */
#include <malloc.h>
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "cache/cache.h"
#include "lib/page/page.h"
#include "lib/selftest/selftest.h"
#include "selftests/bench.h"

#define MAX_ROWS  24
#define PAGE_REPS 64 /* calls timed for MB/s */
#define HUGE_REPS 2

struct row {
	const char *routine, *impl;
	size_t bytes;
	uint64_t insns;
	double mbps; /* < 0: no timer frequency */
};

static struct row rows[MAX_ROWS];
static unsigned nrows;

/* One word per iteration, not vectorized: the naive C loop. */
__attribute__((noinline, optimize("no-tree-vectorize"))) static void
naive_copy(void *dst, const void *src, size_t n)
{
	uintptr_t *d = dst;
	const uintptr_t *s = src;

	for (size_t i = 0; i < n / sizeof(*d); i++)
		d[i] = s[i];
}

__attribute__((noinline, optimize("no-tree-vectorize"))) static void naive_clear(void *dst,
										 size_t n)
{
	uintptr_t *d = dst;

	for (size_t i = 0; i < n / sizeof(*d); i++)
		d[i] = 0;
}

static void record(const char *routine, const char *impl, size_t bytes, uint64_t insns,
		   uint64_t ticks, unsigned reps)
{
	uint32_t hz = arch_counter_hz();
	struct row *r = &rows[nrows < MAX_ROWS ? nrows++ : MAX_ROWS - 1];

	r->routine = routine;
	r->impl = impl;
	r->bytes = bytes;
	r->insns = insns;
	r->mbps = hz && ticks ? (double)bytes * reps / ((double)ticks / hz) / 1e6 : -1;
}

/* Warm call, measured call, timed repetitions, check. `call` is written out
 * at each use so nothing but the call itself sits between the reads. */
#define BENCH(routine, impl, bytes, reps, copy, call)                                              \
	do {                                                                                       \
		uint64_t a_, b_, t0_, t1_;                                                         \
		fill_random(dst, bytes, &(uint64_t){ 0xdeadbeef });                                \
		call;                                                                              \
		arch_inst_retired(&a_);                                                            \
		call;                                                                              \
		arch_inst_retired(&b_);                                                            \
		t0_ = arch_counter();                                                              \
		for (unsigned r_ = 0; r_ < (reps); r_++)                                           \
			call;                                                                      \
		t1_ = arch_counter();                                                              \
		if (copy)                                                                          \
			expect(!memcmp(dst, src, bytes), "%s %s: wrong copy", routine, impl);      \
		else                                                                               \
			expect(first_nonzero(dst, bytes) == bytes, "%s %s: not cleared", routine,  \
			       impl);                                                              \
		record(routine, impl, bytes, b_ - a_ - bench_overhead, t1_ - t0_, reps);           \
	} while (0)

/* The targets set for cortex-a53 (and a64fx's clear_page): 0 = none. */
static uint64_t target(const char *cpu, const char *routine)
{
	if (!strcmp(cpu, "a64fx"))
		return strcmp(routine, "clear_page") ? 0 : 45;
	if (strcmp(cpu, "cortex-a53"))
		return 0;
	return !strcmp(routine, "clear_page")        ? 150
	       : !strcmp(routine, "clear_huge_page") ? 70000
	       : !strcmp(routine, "copy_page")       ? 370
	       : !strcmp(routine, "copy_huge_page")  ? 185000
						     : 0;
}

static void run_all(unsigned char *pdst, unsigned char *psrc, unsigned char *hdst,
		    unsigned char *hsrc, const struct page_env *env)
{
	struct page_cfg chosen = page_cfg, f32 = page_cfg, nt = page_cfg, st = page_cfg;
	bool have_nt = page_cfg_copy(&nt, PAGE_COPY_NT, env, 0);
	bool have_st = chosen.clear_impl != PAGE_CLEAR_STORES &&
		       page_cfg_clear(&st, PAGE_CLEAR_STORES, env);
	bool clear_f32 = false;
	unsigned char *dst, *src;

	page_cfg_copy(&f32, PAGE_COPY_FIXED32, env, 0);
#ifdef __aarch64__
	struct page_env e32 = *env;
	e32.zva_bytes = 32; /* the fixed-32 clear: correct only on blocks >= 32 B */
	clear_f32 = chosen.clear_impl == PAGE_CLEAR_ZVA && env->zva_bytes >= 32 &&
		    page_cfg_clear(&f32, PAGE_CLEAR_ZVA, &e32);
#endif

	dst = pdst, src = psrc;
	BENCH("copy_page", "bringup", PAGE_SIZE, PAGE_REPS, 1, copy_page(dst, src));
	BENCH("copy_page", "newlib", PAGE_SIZE, PAGE_REPS, 1, memcpy(dst, src, PAGE_SIZE));
	BENCH("copy_page", "naive", PAGE_SIZE, PAGE_REPS, 1, naive_copy(dst, src, PAGE_SIZE));
	page_cfg = f32;
	BENCH("copy_page", "fixed32", PAGE_SIZE, PAGE_REPS, 1, copy_page(dst, src));
	page_cfg = nt;
	if (have_nt)
		BENCH("copy_page", "bringup-nt", PAGE_SIZE, PAGE_REPS, 1, copy_page(dst, src));
	page_cfg = chosen;
	BENCH("clear_page", "bringup", PAGE_SIZE, PAGE_REPS, 0, clear_page(dst));
	BENCH("clear_page", "newlib", PAGE_SIZE, PAGE_REPS, 0, memset(dst, 0, PAGE_SIZE));
	BENCH("clear_page", "naive", PAGE_SIZE, PAGE_REPS, 0, naive_clear(dst, PAGE_SIZE));
	page_cfg = f32;
	if (clear_f32)
		BENCH("clear_page", "fixed32", PAGE_SIZE, PAGE_REPS, 0, clear_page(dst));
	page_cfg = st;
	if (have_st)
		BENCH("clear_page", "bringup-st", PAGE_SIZE, PAGE_REPS, 0, clear_page(dst));
	page_cfg = chosen;

	dst = hdst, src = hsrc;
	BENCH("copy_huge_page", "bringup", HUGE_PAGE_SIZE, HUGE_REPS, 1, copy_huge_page(dst, src));
	BENCH("copy_huge_page", "newlib", HUGE_PAGE_SIZE, HUGE_REPS, 1,
	      memcpy(dst, src, HUGE_PAGE_SIZE));
	BENCH("copy_huge_page", "naive", HUGE_PAGE_SIZE, HUGE_REPS, 1,
	      naive_copy(dst, src, HUGE_PAGE_SIZE));
	page_cfg = f32;
	BENCH("copy_huge_page", "fixed32", HUGE_PAGE_SIZE, HUGE_REPS, 1, copy_huge_page(dst, src));
	page_cfg = nt;
	if (have_nt)
		BENCH("copy_huge_page", "bringup-nt", HUGE_PAGE_SIZE, HUGE_REPS, 1,
		      copy_huge_page(dst, src));
	page_cfg = chosen;
	BENCH("clear_huge_page", "bringup", HUGE_PAGE_SIZE, HUGE_REPS, 0, clear_huge_page(dst));
	BENCH("clear_huge_page", "newlib", HUGE_PAGE_SIZE, HUGE_REPS, 0,
	      memset(dst, 0, HUGE_PAGE_SIZE));
	BENCH("clear_huge_page", "naive", HUGE_PAGE_SIZE, HUGE_REPS, 0,
	      naive_clear(dst, HUGE_PAGE_SIZE));
	page_cfg = f32;
	if (clear_f32)
		BENCH("clear_huge_page", "fixed32", HUGE_PAGE_SIZE, HUGE_REPS, 0,
		      clear_huge_page(dst));
	page_cfg = st;
	if (have_st)
		BENCH("clear_huge_page", "bringup-st", HUGE_PAGE_SIZE, HUGE_REPS, 0,
		      clear_huge_page(dst));
	page_cfg = chosen;
}

static void print_rows(const char *cpu)
{
	diag("%-16s %-11s %8s %13s %10s %9s  %s", "routine", "impl", "bytes", "instructions",
	     "per 4 KiB", "MB/s", "target");
	for (unsigned i = 0; i < nrows; i++) {
		const struct row *r = &rows[i];
		uint64_t t = strcmp(r->impl, "bringup") ? 0 : target(cpu, r->routine);
		char mbps[16], tgt[32] = "";

		snprintf(mbps, sizeof(mbps), r->mbps < 0 ? "n/a" : "%.1f", r->mbps);
		if (t)
			snprintf(tgt, sizeof(tgt), "<= %llu: %s", (unsigned long long)t,
				 r->insns <= t ? "met" : "MISSED");
		diag("%-16s %-11s %8lu %13llu %10.1f %9s  %s", r->routine, r->impl,
		     (unsigned long)r->bytes, (unsigned long long)r->insns,
		     (double)r->insns * PAGE_SIZE / r->bytes, mbps, tgt);
	}
	for (unsigned i = 0; i < nrows; i++) {
		const struct row *r = &rows[i];

		if (!strncmp(r->impl, "bringup-", 8))
			continue;
		if (r->mbps < 0)
			diag("csv: %s,%s,%s,%lu,%llu,", cpu, r->routine, r->impl,
			     (unsigned long)r->bytes, (unsigned long long)r->insns);
		else
			diag("csv: %s,%s,%s,%lu,%llu,%.1f", cpu, r->routine, r->impl,
			     (unsigned long)r->bytes, (unsigned long long)r->insns, r->mbps);
	}
}

SELFTEST(bench, pages)
{
	const char *cpu = bench_cpu_name(), *why;
	struct page_env env = {
		.dline = cache_info.dline,
		.zva_bytes = cache_info.zva_bytes,
		.zva_prohibited = cache_info.zva_prohibited,
		.mmu_on = true,
		.simd = page_arch_simd(),
	};
	unsigned char *pdst, *psrc, *hdst, *hsrc;

	if (!bench_enabled(&why)) {
		skip("%s", why);
		return;
	}
	pdst = memalign(PAGE_SIZE, PAGE_SIZE);
	psrc = memalign(PAGE_SIZE, PAGE_SIZE);
	hdst = memalign(HUGE_PAGE_SIZE, HUGE_PAGE_SIZE);
	hsrc = memalign(HUGE_PAGE_SIZE, HUGE_PAGE_SIZE);
	if (expect(pdst && psrc && hdst && hsrc, "out of memory")) {
		diag("benchmark on %s (MIDR 0x%08x): copy %s every %u B %lu B ahead, clear %s; "
		     "counter read overhead %llu instructions subtracted",
		     cpu, arch_cpu_id(), page_copy_name(&page_cfg), page_cfg.pf_stride,
		     (unsigned long)page_cfg.pf_dist, page_clear_name(&page_cfg),
		     (unsigned long long)bench_overhead);
		fill_random(psrc, PAGE_SIZE, &(uint64_t){ 0x12345678 });
		fill_random(hsrc, HUGE_PAGE_SIZE, &(uint64_t){ 0x12345678 });
		nrows = 0;
		run_all(pdst, psrc, hdst, hsrc, &env);
		print_rows(cpu);
	}
	free(pdst);
	free(psrc);
	free(hdst);
	free(hsrc);
}
