/* SPDX-License-Identifier: BSD-2-Clause */
/* The memory figures' measurements: see selftests/figures_run.h. */
#include "selftests/figures_run.h"

#include <malloc.h>
#include <stdio.h>

#include "arch/arch.h"
#include "cache/cache.h"
#include "front/options.h"
#include "lib/figures/figures.h"
#include "lib/libc/heap.h"
#include "lib/memtest/memtest.h"
#include "smp/smp.h"

const char *const fig_kind_name[FIG_KINDS] = { "read", "write", "zero", "copy" };
double figures_dram[FIG_KINDS];
uint64_t figures_dram_ws;
static uint64_t overhead; /* instructions of one arch_inst_retired() */

bool figures_mode(bool *full, bool *icount)
{
	*full = option_is("figures", "full") || option_is("bench", "mem");
	*icount = option_is("figures", "icount");
	return !option_is("figures", "off");
}

unsigned figures_caches(uint64_t *cache)
{
	unsigned n = 0;

	for (unsigned l = 0; l < cache_info.nlevels && l < CACHE_MAX_LEVELS; l++)
		if (cache_info.level[l].d.size)
			cache[n++] = cache_info.level[l].d.size;
	return n;
}

uint64_t figures_avail(void)
{
	uintptr_t lo, hi;

	heap_bounds(&lo, &hi);
	return (hi - heap_break()) / 2; /* half: the heap's other users */
}

bool figures_pmu(void)
{
	uint64_t a, b;

	if (!arch_inst_retired(&a))
		return false;
	overhead = UINT64_MAX;
	for (int i = 0; i < 4; i++) {
		arch_inst_retired(&a);
		arch_inst_retired(&b);
		if (b - a < overhead)
			overhead = b - a;
	}
	return overhead != 0;
}

static void run(enum fig_kind k, void *buf, uint64_t ws)
{
	switch (k) {
	case FIG_READ: fig_read(buf, ws); break;
	case FIG_WRITE: memtest_fill(buf, ws, 0x5555aaaa3333ccccull, 0); break;
	case FIG_ZERO: memtest_fill(buf, ws, 0, cache_info.zva_bytes); break;
	case FIG_COPY: fig_copy(buf, (char *)buf + ws / 2, ws / 2); break;
	default: break;
	}
}

static double mbps(uint64_t bytes, uint64_t ticks)
{
	uint32_t hz = arch_counter_hz();

	return hz && ticks ? (double)bytes / ((double)ticks / hz) / 1e6 : 0;
}

void figures_bw(enum fig_kind k, void *buf, uint64_t ws, struct fig_meas *m)
{
	bool full, icount;
	unsigned reps = !figures_mode(&full, &icount) || !full || ws >= FIG_MIN_BYTES
				? 1
				: (unsigned)(FIG_MIN_BYTES / ws);
	uint64_t t0, t1, i0 = 0, i1 = 0, c0 = 0, c1 = 0;
	bool pmu = overhead != 0;

	run(k, buf, ws); /* warm: the buffer in the caches it fits */
	t0 = arch_counter();
	if (pmu) {
		c0 = fig_cycles();
		arch_inst_retired(&i0);
	}
	for (unsigned r = 0; r < reps; r++)
		run(k, buf, ws);
	if (pmu) {
		arch_inst_retired(&i1);
		c1 = fig_cycles();
	}
	t1 = arch_counter();
	m->bytes = (k == FIG_COPY ? ws / 2 : ws) * reps; /* a copied byte counts once */
	m->insns = pmu ? i1 - i0 - overhead : 0;
	m->cycles = pmu ? (uint32_t)(c1 - c0) : 0; /* ARMv7's counter: 32 bits */
	m->ticks = t1 - t0;
	m->value = mbps(m->bytes, m->ticks);
}

struct all_arg {
	enum fig_kind k;
	uint64_t ws;
	void **buf;
	uint32_t arrived, n;
	uint64_t t0[SMP_MAX_CPUS], t1[SMP_MAX_CPUS];
};

static void all_fn(struct smp_cpu *self, void *p)
{
	struct all_arg *a = p;
	unsigned i = self->index;

	run(a->k, a->buf[i], a->ws); /* warm */
	/* start together: the last to arrive wakes the others */
	if (__atomic_add_fetch(&a->arrived, 1, __ATOMIC_ACQ_REL) == a->n)
		smp_signal();
	else
		smp_wait_eq(&a->arrived, a->n, 2000);
	a->t0[i] = arch_counter();
	run(a->k, a->buf[i], a->ws);
	a->t1[i] = arch_counter();
}

bool figures_bw_all(enum fig_kind k, uint64_t ws, struct fig_meas *m, unsigned *cpus)
{
	const struct smp_info *s = smp_init();
	static struct all_arg a;
	uint64_t first = UINT64_MAX, last = 0;
	bool ok = true;

	*cpus = 0;
	a = (struct all_arg){ .k = k, .ws = ws, .n = s->online };
	a.buf = calloc(s->ncpu, sizeof(*a.buf));
	if (!a.buf)
		return false;
	for (unsigned i = 0; i < s->ncpu && ok; i++)
		if (smp_mask_has(smp_online_mask(), i))
			ok = (a.buf[i] = memalign(4096, ws)) != NULL;
	if (ok && !smp_run_all_ms(all_fn, &a, 10000))
		for (unsigned i = 0; i < s->ncpu; i++)
			if (a.buf[i]) {
				first = a.t0[i] < first ? a.t0[i] : first;
				last = a.t1[i] > last ? a.t1[i] : last;
				++*cpus;
			}
	for (unsigned i = 0; i < s->ncpu; i++)
		free(a.buf[i]);
	free(a.buf);
	if (!*cpus)
		return false;
	m->bytes = (k == FIG_COPY ? ws / 2 : ws) * *cpus;
	m->insns = m->cycles = 0;
	m->ticks = last - first;
	m->value = mbps(m->bytes, m->ticks);
	return true;
}

void figures_lat(void *buf, uint32_t *order, uint64_t ws, struct fig_meas *m)
{
	size_t line = cache_info.dline ? cache_info.dline : 64;
	uint64_t loads = ws / line > 4096 ? ws / line : 4096;
	uint64_t t0, t1, i0 = 0, i1 = 0, c0 = 0, c1 = 0;
	bool pmu = overhead != 0;
	void *p = fig_chain(buf, ws, line < sizeof(void *) ? sizeof(void *) : line, 4096,
			    0x9e3779b97f4a7c15ull ^ ws, order);
	uint32_t hz = arch_counter_hz();

	p = fig_chase(p, ws / line); /* warm: every line once */
	t0 = arch_counter();
	if (pmu) {
		c0 = fig_cycles();
		arch_inst_retired(&i0);
	}
	p = fig_chase(p, loads);
	if (pmu) {
		arch_inst_retired(&i1);
		c1 = fig_cycles();
	}
	t1 = arch_counter();
	m->bytes = loads;
	m->insns = pmu ? i1 - i0 - overhead : 0;
	m->cycles = pmu ? (uint32_t)(c1 - c0) : 0;
	m->ticks = t1 - t0 + (p == NULL); /* p used: the chase is not dropped */
	m->value = hz ? (double)m->ticks * 1e9 / hz / (double)loads : 0;
}

bool figures_exact(const struct fig_meas *m, char *why, size_t n)
{
	uint32_t hz = arch_counter_hz();
	double tick_ns = hz ? 1e9 / hz : 0, t_ns = (double)m->ticks * tick_ns;
	/* the window's edges: one tick of the counter, and the reads */
	double slack = tick_ns + 4.0 * (double)overhead + 16;
	double d = t_ns - (double)m->insns;

	snprintf(why, n, "%llu ticks = %.0f ns, %llu instructions = %llu ns at 1 ns each",
		 (unsigned long long)m->ticks, t_ns, (unsigned long long)m->insns,
		 (unsigned long long)m->insns);
	return m->insns && (d < 0 ? -d : d) <= slack;
}
