/* SPDX-License-Identifier: BSD-2-Clause */
/* The DRAM test on every online CPU at once: see memtest/all_cpus.h. */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "cache/outer.h"
#include "cache/pl310.h"
#include "front/options.h"
#include "lib/memtest/memtest_cpus.h"
#include "lib/selftest/selftest.h"
#include "memtest/all_cpus.h"
#include "memtest/all_cpus_priv.h"
#include "smp/smp.h"

#define LOCK_SPINS   (1u << 24) /* a bound on the summary's lock: then the error is not added */
#define MIN_BYTES_MS 4000u      /* bytes per ms (4 MB/s) each CPU must at least sweep */

/* By pointer, never by index into the array (a load feeding a 64-bit
 * multiply-accumulate: Cortex-A53 erratum 835769, scripts/check-a53-835769.sh). */
static struct share *shares;
struct share **mtc_sh;     /* from the heap, as n_of_cpu: no .bss to clear at boot */
unsigned mtc_nshares;      /* shares (parallel when > 1) */
static unsigned ncpu;      /* entries of smp_info cpu[] */
bool mtc_parallel;         /* memtest_cpus_priv.h */
static bool broken;        /* a CPU did not finish, it is left alone */
static unsigned *n_of_cpu; /* cpu[] index -> share index + 1, 0: none */

/* The call every CPU runs: what it is, the run's engine state (settings,
 * on_error), the round, the lock of the fault summary. */
static struct {
	void (*fn)(struct memtest *);
	void (*each)(unsigned k, unsigned n, bool boot, void *arg); /* memtest_cpus_each */
	void *each_arg;
	struct memtest *parent;
	bool rr;
	unsigned round;
	uint32_t lock;
	uint64_t lost; /* errors the lock's bound kept from the summary */
} job;

static void on_error(const struct memtest_error *e, void *ctx)
{
	struct share *s = ctx;
	unsigned spins = 0;

	if (s->nlog < MEMTEST_CPUS_LOG)
		s->log[s->nlog++] = *e;
	if (!job.parent->on_error)
		return;
	while (__atomic_exchange_n(&job.lock, 1, __ATOMIC_ACQUIRE))
		if (++spins == LOCK_SPINS) {
			__atomic_fetch_add(&job.lost, 1, __ATOMIC_RELAXED);
			return;
		}
	job.parent->on_error(e, job.parent->ctx);
	__atomic_store_n(&job.lock, 0, __ATOMIC_RELEASE);
}

/* One CPU's round of the round robin, and its own record of it: the slice
 * (index and physical address of its first byte) it verified and wrote. */
static void rr_share_round(struct share *s)
{
	struct rr_step done = { s->rr_s, 0 }, none = { RR_NONE, 0 };

	if (s->t.nranges)
		done.pa = s->t.pa_of ? s->t.pa_of(s->t.ranges[0].va) : s->t.ranges[0].va;
	memtest_rr_round(&s->t, job.round, mtc_nshares, s->rr_s);
	s->rr_read = job.round > 0 ? done : none;
	s->rr_wrote = job.round < mtc_nshares ? done : none;
}

/* The CPU whose record says it wrote, the round before, the slice share k
 * verified this round (NULL: none did). */
static const struct share *rr_writer(unsigned k)
{
	const struct rr_step *r = &mtc_sh[k]->rr_read;

	for (unsigned j = 0; r->slice != RR_NONE && j < mtc_nshares; j++)
		if (mtc_sh[j]->rr_before.slice == r->slice && mtc_sh[j]->rr_before.pa == r->pa)
			return mtc_sh[j];
	return NULL;
}

/* Round r as the CPUs recorded it: each verified what the CPU before it
 * wrote in round r - 1 (the same slice at the same address), so that every
 * slice was read back by another CPU than its writer. Then this round's
 * writes are the next round's "before". */
static void rr_check(unsigned r)
{
	for (unsigned k = 0; r > 0 && k < mtc_nshares; k++) {
		const struct share *s = mtc_sh[k], *p = mtc_sh[(k + mtc_nshares - 1) % mtc_nshares];
		expect(s->rr_read.slice != RR_NONE && s->rr_read.slice == p->rr_before.slice &&
			       s->rr_read.pa == p->rr_before.pa,
		       "memtest: round robin round %u: cpu%u verified slice %u at 0x%llx; cpu%u "
		       "wrote "
		       "slice %u at 0x%llx in round %u",
		       r, s->cpu, s->rr_read.slice, (unsigned long long)s->rr_read.pa, p->cpu,
		       p->rr_before.slice, (unsigned long long)p->rr_before.pa, r - 1);
	}
	for (unsigned k = 0; k < mtc_nshares; k++)
		mtc_sh[k]->rr_before = mtc_sh[k]->rr_wrote;
}

static void share_fn(struct smp_cpu *self, void *arg)
{
	struct share *s;

	(void)arg;
	if (self->index >= ncpu || !n_of_cpu[self->index])
		return;
	s = mtc_sh[n_of_cpu[self->index] - 1];
	if (!self->is_boot && !s->pmu && memtest_insn_counter) {
		pmu_start();
		s->pmu = true;
	}
	if (job.each)
		job.each(n_of_cpu[self->index] - 1, mtc_nshares, self->is_boot, job.each_arg);
	else if (job.rr)
		rr_share_round(s);
	else if (s->t.nranges)
		job.fn(&s->t);
}

void memtest_cpus_init(void)
{
	const struct smp_info *smp;
	bool one = option_is("memtest_cpus", "one"), all = option_is("memtest_cpus", "all");

	mtc_parallel = broken = false;
	mtc_nshares = mtc_nquar = 0;
	const char *burnin, *stress; /* each runs on every CPU even with memtest=off */
	if ((option_is("memtest", "off") && option_get("burnin", &burnin) != OPT_GIVEN &&
	     option_get("stress", &stress) != OPT_GIVEN) ||
	    one)
		return;
	smp = smp_init(); /* before the plan: the CPUs' state is then heap in use */
	if (!smp || smp->online < 2 || (outer.active && !all))
		return;
		/* PL310 r0p0/r1p0, erratum 588369: each clean+invalidate runs inside a
		 * Debug Control DWB|DCL window (cache/pl310.c by_pa), one register for
		 * every CPU: one CPU's window end would reopen another's (Linux holds
		 * l2x0_lock across it, l2c310_flush_range_erratum). One CPU only. */
#ifndef MEMTEST_MUTANT_588369_PARALLEL /* host-memtest-all-cpus: the old rule (caught) */
	if (outer.active && (outer.l2c.errata & PL310_ERRATUM_588369)) {
		diag("memtest: PL310 erratum 588369 (r0p0/r1p0): its Debug Control window is "
		     "shared by every CPU: the DRAM test on the boot CPU only");
		return;
	}
#endif
	if (!shares && (!(shares = memalign(128, smp->online * sizeof(*shares))) ||
			!(mtc_sh = malloc(smp->online * sizeof(*mtc_sh))) ||
			!(n_of_cpu = malloc(smp->ncpu * sizeof(*n_of_cpu))))) {
		shares = NULL;
		return;
	}
	ncpu = smp->ncpu;
	struct share *next = shares;
	for (unsigned i = 0; i < ncpu; i++) {
		n_of_cpu[i] = 0;
		if (smp->cpu[i].state == SMP_ONLINE && mtc_nshares < smp->online) {
			memset(next, 0, sizeof(*next));
			next->cpu = i;
			next->c = &smp->cpu[i];
			mtc_sh[mtc_nshares] = next++;
			n_of_cpu[i] = ++mtc_nshares;
		}
	}
	mtc_parallel = mtc_nshares > 1;
}

/* Still every share's CPU online (a test in between may have turned one
 * off): else the rest of the run on the boot CPU. */
static bool usable(void)
{
	for (unsigned k = 0; mtc_parallel && !broken && k < mtc_nshares; k++)
		if (__atomic_load_n(&mtc_sh[k]->c->state, __ATOMIC_ACQUIRE) != SMP_ONLINE) {
			diag("memtest: cpu%u is no longer online: the boot CPU alone from here",
			     mtc_sh[k]->cpu);
			broken = true;
		}
	return mtc_parallel && !broken;
}

unsigned memtest_cpus_count(void)
{
	return usable() ? mtc_nshares : 1;
}

unsigned memtest_cpus_cpu(unsigned k)
{
	const struct smp_info *smp;

	if (usable() && k < mtc_nshares)
		return mtc_sh[k]->cpu;
	smp = smp_init();
	return smp ? smp->boot : 0;
}

bool memtest_cpus_each(void (*fn)(unsigned k, unsigned n, bool boot, void *arg), void *arg,
		       unsigned ms)
{
	unsigned late;

	if (!usable()) {
		fn(0, 1, true, arg);
		return true;
	}
	job.each = fn;
	job.each_arg = arg;
	late = smp_run_all_ms(share_fn, NULL, ms);
	job.each = NULL;
	if (late) {
		broken = true;
		expect(false, "memtest: %u CPUs did not finish within %u ms: left alone", late, ms);
	}
	return !late;
}

/* Each share's engine state: the run's settings, quiet, its own errors. */
static void prepare(struct memtest *t, unsigned k)
{
	struct share *s = mtc_sh[k];

	s->t = *t;
	memset(s->t.errors, 0, sizeof(s->t.errors));
	s->t.bytes_tested = s->t.fill_bytes = s->t.fill_insns = 0;
	s->t.verify_bytes = s->t.verify_insns = s->t.swept = 0;
	s->t.counted = false;
	s->t.calls = 0;
	s->t.quiet = true;
	s->t.progress = NULL;
	s->t.on_error = on_error;
	s->t.ctx = s;
	s->t.seed = t->seed + 0x9e3779b97f4a7c15ull * k; /* a sequence of its own per CPU */
	s->nlog = 0;
	if (!job.rr) {
		s->t.nranges =
			memtest_slice(t->ranges, t->nranges, mtc_nshares, k, s->slice, MAX_SLICES);
		s->t.ranges = s->slice;
	}
}

/* Every share's errors printed, named, at most t->max_print per CPU and
 * test (s->printed: reset when a test starts on it); its count once a
 * call's errors are more than it printed; counts into t and each total. */
static void collect(struct memtest *t)
{
	char buf[192];

	for (unsigned k = 0; k < mtc_nshares; k++) {
		struct share *s = mtc_sh[k];
		uint64_t n = 0;
		unsigned shown = 0;
		for (unsigned e = 0; e < MT_NTESTS; e++)
			n += s->t.errors[e];
		for (unsigned i = 0; i < s->nlog && s->printed < t->max_print; i++, shown++) {
			memtest_format_error(buf, sizeof(buf), &s->log[i]);
			s->printed++;
			const struct share *w = job.rr ? rr_writer(k) : NULL;
			if (w)
				printf("# memtest: cpu%u: %s; written by cpu%u\n", s->cpu, buf,
				       w->cpu);
			else if (job.rr)
				printf("# memtest: cpu%u: %s; written by no CPU's record\n", s->cpu,
				       buf);
			else
				printf("# memtest: cpu%u: %s\n", s->cpu, buf);
		}
		if (n > shown)
			printf("# memtest: cpu%u: %llu errors, %u printed\n", s->cpu,
			       (unsigned long long)n, shown);
		memtest_merge(t, &s->t);
		memtest_merge(&s->total, &s->t);
	}
	if (job.lost)
		printf("# memtest: %llu errors left out of the fault summary (its lock was busy)\n",
		       (unsigned long long)job.lost);
	job.lost = 0;
}

/* One call on every CPU, bounded by sweeps of the largest share. */
static bool all_cpus(unsigned sweeps)
{
	uint64_t most = 0;
	unsigned late;

	for (unsigned k = 0; k < mtc_nshares; k++) {
		uint64_t b = 0;
		for (unsigned i = 0; i < mtc_sh[k]->t.nranges; i++)
			b += mtc_sh[k]->t.ranges[i].size;
		most = b > most ? b : most;
	}
	uint64_t ms = SMP_RUN_TIMEOUT_MS + most * sweeps / MIN_BYTES_MS;
	late = smp_run_all_ms(share_fn, NULL, ms > UINT32_MAX ? UINT32_MAX : (unsigned)ms);
	if (late) {
		broken = true;
		expect(false,
		       "memtest: %u CPUs did not finish their slices within %llu ms: "
		       "left alone, their slices quarantined, the rest on the boot CPU",
		       late, (unsigned long long)ms);
		for (unsigned k = 0; k < mtc_nshares; k++)
			if (!mtc_sh[k]->c->is_boot &&
			    __atomic_load_n(&mtc_sh[k]->c->done, __ATOMIC_ACQUIRE) !=
				    mtc_sh[k]->c->seq)
				mtc_quarantine(mtc_sh[k]);
	}
	return !late;
}

bool memtest_cpus_run(struct memtest *t, void (*fn)(struct memtest *), unsigned sweeps)
{
	bool ok;

	if (!usable()) {
		mtc_boot_only(t, fn);
		return true;
	}
	job.fn = fn;
	job.parent = t;
	job.rr = false;
	for (unsigned k = 0; k < mtc_nshares; k++) {
		prepare(t, k);
		mtc_sh[k]->printed = 0;
	}
	ok = all_cpus(sweeps);
	collect(t);
	t->seed = mtc_sh[0]->t.seed; /* the next pass's seed: the sequence goes on */
	return ok;
}

/* memtest_fault_cpu=N with a fault-injected window (t->pa_of set): the
 * window, and its fault, is CPU N's view only; every other CPU tests the
 * RAM the window stands for through the identity map. A fault only one
 * CPU's path shows, as a board's may (its port, its cache). */
static void rr_view(const struct memtest *t, struct share *s)
{
	uint64_t only;

	if (!t->pa_of || option_number("memtest_fault_cpu", UINT64_MAX, &only) != OPT_GIVEN ||
	    s->cpu == only)
		return;
	for (unsigned i = 0; i < s->t.nranges; i++)
		s->slice[i].va = (uintptr_t)t->pa_of(s->slice[i].va);
}

void memtest_cpus_round_robin(struct memtest *t)
{
	bool ok = true;
	const struct rr_step none = { RR_NONE, 0 };

	if (!usable())
		return;
	job.parent = t;
	job.rr = true;
	for (unsigned k = 0; k < mtc_nshares; k++) {
		mtc_sh[k]->printed = 0;
		mtc_sh[k]->rr_before = mtc_sh[k]->rr_read = mtc_sh[k]->rr_wrote = none;
	}
	for (unsigned r = 0; r <= mtc_nshares && ok; r++) {
		job.round = r;
		for (unsigned k = 0; k < mtc_nshares; k++) {
			prepare(t, k);
			mtc_sh[k]->rr_s = memtest_rr_slice(k, r, mtc_nshares);
			mtc_sh[k]->t.nranges =
				memtest_slice(t->ranges, t->nranges, mtc_nshares, mtc_sh[k]->rr_s,
					      mtc_sh[k]->slice, MAX_SLICES);
			mtc_sh[k]->t.ranges = mtc_sh[k]->slice;
			mtc_sh[k]->t.seed = t->seed; /* the round's sequence: memtest_rr_seed */
			rr_view(t, mtc_sh[k]);
		}
		ok = all_cpus(2);
		collect(t);
		rr_check(r);
	}
	job.rr = false;
}
