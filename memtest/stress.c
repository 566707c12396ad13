/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * memtest: stress (stress=SECONDS, stress=0 until reset): every CPU of the
 * DRAM test (memtest/all_cpus.h) moves blocks DRAM to DRAM at once over all
 * the free RAM of a new plan (memtest/plan.h: the heap in use is kept out),
 * the phases of lib/memtest/memtest_stress.h: each CPU fills the full half of its
 * slice, then copy phases (each block read, its tags and checksum checked,
 * written into the next CPU's slice) with an inversion phase every fourth,
 * the CPUs waiting for one another between phases; at the end each reads
 * back a slice another CPU wrote, and the shared counter must equal the
 * blocks moved.
 *
 * Blocks: 64 KiB, doubled until each CPU has at most 2 * STRESS_MAX_NB
 * (state: a slot of 40 bytes per block); the working set, all of them, is
 * compared with the last-level cache (CCSIDR, cache/cache.h) in the header.
 *
 * The clock (the generic timer; without a counter of known frequency no
 * status and no spike): the boot CPU prints a status line every
 * min(60, max(1, S / 4)) s (60 s until reset),
 *
 *   # memtest: stress: status at <t> s: <MB> MB moved, <r> MB/s, <b> blocks verified, <e> errors so
 * far
 *
 * and every min(30, max(1, S / 2)) s starts a power spike: every CPU stops
 * after its block and waits, WFE (the boot CPU polls the counter and wakes
 * them with SEV), until one counter value SPIKE_MS later, so all resume at
 * once; then
 *
 *   # memtest: stress: spike <i> at <t> s: every CPU idle until <t2> s, then all at once
 *
 * The end: the run, each CPU's blocks, bytes, copy insn/B (the PMU over one
 * block in 16) and errors per kind, the traffic against the DRAM test's
 * random pass on this boot (memtest_report_random_mbps), the first LOG_MAX
 * errors decoded with when they came, the CPU that read and the one that
 * wrote, the counter, and with errors
 * the fault summary and its reserved-memory fragment (memtest/report.h).
 * With memtest_fault=alias:N it runs on the first 1 MiB-aligned MiB of
 * free RAM through the MMU window, address bit N stuck low (as burn-in
 * injects it): the tags must name the alias and the line fail.
 */
#include <malloc.h>
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "arch/counter.h"
#include "arch/sysreg.h"
#include "boot/boot.h"
#include "cache/cache.h"
#include "front/options.h"
#include "lib/memtest/memtest_cpus.h"
#include "lib/memtest/memtest_stress.h"
#include "lib/selftest/selftest.h"
#include "memtest/all_cpus.h"
#include "memtest/plan.h"
#include "memtest/report.h"
#include "memtest/stress.h"
#include "memtest/stress_priv.h"

struct stress_run *stress_rp;

double stress_secs(uint64_t ticks)
{
	return stress_rp->hz ? (double)ticks / (double)stress_rp->hz : 0.0;
}

static uint64_t errors_so_far(void)
{
	uint64_t e = 0;

	for (unsigned k = 0; k < stress_rp->ncpu; k++)
		for (unsigned i = 0; i < SK_N; i++)
			e += __atomic_load_n(&stress_rp->cpu[k]->errors[i], __ATOMIC_RELAXED);
	return e;
}

uint64_t stress_moved(uint64_t *bytes)
{
	uint64_t b = 0, n = 0;

	for (unsigned k = 0; k < stress_rp->ncpu; k++) {
		n += __atomic_load_n(&stress_rp->cpu[k]->blocks, __ATOMIC_RELAXED);
		b += __atomic_load_n(&stress_rp->cpu[k]->bytes, __ATOMIC_RELAXED);
	}
	*bytes = b;
	return n;
}

/* The boot CPU's status line and spikes; every CPU's wait in a spike. */
static void tick(struct stress_me *m)
{
	uint64_t now, until, bytes;

	if (!stress_rp->hz)
		return;
	now = arch_counter();
	if (m->boot && now >= stress_rp->next_status) {
		uint64_t n = stress_moved(&bytes);
		double t = stress_secs(now - stress_rp->c0);
		diag("memtest: %s: status at %.3f s: %.1f MB moved, %.1f MB/s, %llu blocks "
		     "verified, "
		     "%llu errors so far",
		     stress_rp->who, t, (double)bytes / 1e6, t > 0 ? (double)bytes / 1e6 / t : 0.0,
		     (unsigned long long)n, (unsigned long long)errors_so_far());
		stress_rp->next_status += stress_rp->status_ticks;
	}
	if (m->boot && now >= stress_rp->next_spike && stress_rp->last == ~0u) {
		stress_rp->nspikes++;
		stress_rp->next_spike += stress_rp->spike_ticks;
		__atomic_store_n(&stress_rp->spike_until, now + stress_rp->hz / 1000 * SPIKE_MS,
				 __ATOMIC_RELEASE);
	}
	until = __atomic_load_n(&stress_rp->spike_until, __ATOMIC_ACQUIRE);
	if (until == m->seen)
		return;
	m->seen = until;
	if (m->boot) {
		while (arch_counter() < until)
			;
		dsb(ish);
		sev(); /* every waiting CPU resumes now */
		diag("memtest: %s: spike %u at %.3f s: every CPU idle until %.3f s, then all at "
		     "once",
		     stress_rp->who, stress_rp->nspikes,
		     stress_secs(until - stress_rp->hz / 1000 * SPIKE_MS - stress_rp->c0),
		     stress_secs(until - stress_rp->c0));
	} else {
		while (arch_counter() < until)
			wfe();
	}
}

static void poll(struct stress_cpu *c)
{
	tick(c->ctx);
}

/* Every CPU here before any goes on; false if one was bar_ms late. */
static bool barrier(struct stress_me *m)
{
	unsigned gen = __atomic_load_n(&stress_rp->bar_gen, __ATOMIC_ACQUIRE);
	struct deadline d;

	if (__atomic_add_fetch(&stress_rp->bar_count, 1, __ATOMIC_ACQ_REL) == stress_rp->ncpu) {
		__atomic_store_n(&stress_rp->bar_count, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&stress_rp->bar_gen, gen + 1, __ATOMIC_RELEASE);
		return true;
	}
	deadline_start(&d, stress_rp->bar_ms);
	while (__atomic_load_n(&stress_rp->bar_gen, __ATOMIC_ACQUIRE) == gen) {
		tick(m);
		/* YIELD (ARM ARM DDI 0487 C6.2 "YIELD"; DDI 0406C A8.8.426): a
		 * hint, a spin loop on hardware; under QEMU's -icount it ends
		 * the vCPU's turn, which QEMU before 8.1 otherwise gives the
		 * first vCPU whole: the boot CPU of two spun here while cpu1
		 * never left its wait for work (docs/stress.md). */
		__asm__ volatile("yield" ::: "memory");
		if (deadline_passed(&d)) {
			stress_rp->late = true;
			return false;
		}
	}
	return true;
}

static void lock(void)
{
	while (__atomic_exchange_n(&stress_rp->lock, 1, __ATOMIC_ACQUIRE))
		;
}

static void unlock(void)
{
	__atomic_store_n(&stress_rp->lock, 0, __ATOMIC_RELEASE);
}

/* An address of the run as RAM: through the window, its frame's. */
static uint64_t pa_of(uint64_t a)
{
	return stress_rp->win_pa && a - stress_rp->win.va < WINDOW_BYTES
		       ? stress_rp->win_pa + (a - stress_rp->win.va)
		       : a;
}

void stress_to_memtest(const struct stress_error *e, struct memtest_error *me)
{
	uint64_t x = e->other ? e->addr ^ e->other : 0;

	*me = (struct memtest_error){ MT_STRESS,
				      (uintptr_t)e->addr,
				      pa_of(e->addr),
				      0,
				      0,
				      e->expected,
				      e->actual,
				      -1,
				      e->other ? pa_of(e->other) : 0 };
	if (x && !(x & (x - 1)))
		me->addr_bit = __builtin_ctzll(x);
	for (unsigned i = 0; i < stress_rp->nlist; i++)
		if (e->addr - stress_rp->list[i].va < stress_rp->list[i].size) {
			me->bank = stress_rp->list[i].bank;
			me->bank_off = me->pa - stress_rp->list[i].bank_base;
		}
}

/* Any CPU: each error to the log and the fault summary (one at a time). */
void stress_on_error(const struct stress_error *e, void *ctx)
{
	struct memtest_error me;

	(void)ctx;
	stress_to_memtest(e, &me);
	lock();
	if (stress_rp->nlog < LOG_MAX) {
		stress_rp->log_t[stress_rp->nlog] = stress_rp->hz ? arch_counter() : 0;
		stress_rp->log[stress_rp->nlog++] = *e;
	}
	if (e->kind != SK_COHERENCY && stress_rp->summarised < SUMMARY_MAX) {
		memtest_report_error(&me, NULL);
		stress_rp->summarised++;
	} else if (e->kind != SK_COHERENCY) {
		stress_rp->lost++;
	}
	unlock();
}

void stress_cpu_fn(unsigned k, unsigned n, bool boot_cpu, void *arg)
{
	struct stress_cpu *c = stress_rp->cpu[k];
	struct stress_me m = { stress_rp->spike_until, boot_cpu };
	unsigned p;

	(void)n;
	(void)arg;
	c->ctx = &m;
	c->poll = poll;
	if (!boot_cpu)
		pmu_start(); /* its copies' instructions (the boot CPU's runs since boot) */
	stress_fill(&stress_rp->s, c);
	if (boot_cpu) { /* the clock starts at the end of the fill (the slices are
			 * equal: the others' end with it), before any phase */
		stress_rp->c0 = stress_rp->hz ? arch_counter() : 0;
		stress_rp->fill_ticks = stress_rp->c0 - stress_rp->f0;
		/* A phase moves each CPU's share once, read and written: on a
		 * slow clock (a board still at its boot ROM's rate) that takes
		 * longer than any fixed bound, so the bound grows with the fill
		 * measured on this board. */
		uint64_t fill_ms =
			stress_rp->hz ? stress_rp->fill_ticks * 1000u / stress_rp->hz : 0;
		if (fill_ms * BARRIER_FILLS > BARRIER_MS)
			stress_rp->bar_ms = fill_ms * BARRIER_FILLS > UINT32_MAX
						    ? UINT32_MAX
						    : (unsigned)(fill_ms * BARRIER_FILLS);
		stress_rp->next_status = stress_rp->c0 + stress_rp->status_ticks;
		stress_rp->next_spike = stress_rp->c0 + stress_rp->spike_ticks;
		deadline_start(&stress_rp->end, stress_rp->seconds * 1000u);
	}
	if (!barrier(&m))
		return;
	for (p = 0;; p++) {
		stress_phase(&stress_rp->s, c, p);
		/* The last phase, named by its number: a CPU slow to read it
		 * after this barrier must not see a later phase's decision. */
		if (boot_cpu && !stress_rp->forever && deadline_passed(&stress_rp->end))
			__atomic_store_n(&stress_rp->last, p, __ATOMIC_RELAXED);
		if (!barrier(&m))
			return;
		if (__atomic_load_n(&stress_rp->last, __ATOMIC_RELAXED) == p)
			break;
	}
	if (boot_cpu)
		stress_rp->phases = p + 1;
	stress_verify(&stress_rp->s, c, p + 1);
}
