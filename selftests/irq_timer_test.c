/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * irq: the EL1 timers on every online CPU (smp/smp.h smp_run; each CPU's
 * interface set up by selftests/irq_setup.c): the virtual timer's PPI at
 * its period, and the Non-secure physical timer's where bringup may use
 * it. Work on a secondary writes only memory; the boot CPU reports.
 * docs/interrupts.md: what each checks and how it bites.
 */
#include <inttypes.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "arch/counter.h"
#include "boot/boot.h"
#include "front/options.h"
#include "lib/selftest/selftest.h"
#include "selftests/irq_setup.h"
#include "selftests/smp_pairs.h"
#include "smp/smp.h"

#define TIMER_TICKS     5
#define TIMER_PERIOD_US 2000
/* How late an interrupt may come, asserted only when the run keeps its own
 * time (boot/boot.h boot_timing_exact: a board, or QEMU under -icount: a
 * few dozen ticks there); without -icount the host's scheduler can leave a
 * vCPU unscheduled for hundreds of milliseconds, and the figure is only
 * reported. The wait for all TIMER_TICKS is boot_wait_ms's. */
#define TIMER_LATE_MS 100
#define TIMER_WAIT_MS (TIMER_TICKS * (TIMER_PERIOD_US / 1000 + TIMER_LATE_MS))

/* --- timer ---------------------------------------------------------- */

struct timer_cpu {
	uint64_t due[TIMER_TICKS], at[TIMER_TICKS];
	uint32_t n, spurious;
	bool timeout, echoed;
} __attribute__((aligned(128)));

static struct timer_cpu *timer_cpus; /* [smp ncpu] */
static uint64_t timer_period;        /* counter ticks */

/* The EL1 timer under test. */
struct el1_timer {
	const char *name;
	unsigned (*ppi)(void);
	void (*set)(uint64_t cval);
	void (*off)(void);
	bool (*fired)(void);
};

static void vtimer_stop(void)
{
	vtimer_off();
}

static const struct el1_timer vtimer = { "virtual", vtimer_ppi, vtimer_set, vtimer_stop,
					 vtimer_fired };
static const struct el1_timer ptimer = { "physical", ptimer_ppi, ptimer_set, ptimer_off,
					 ptimer_fired };
static const struct el1_timer *tm;
static bool echo; /* irq_mutant=echo */

static void timer_tick(unsigned intid, unsigned src, void *arg)
{
	struct timer_cpu *t = &timer_cpus[irq_this_cpu()->slot];
	uint64_t now = arch_counter();

	(void)src, (void)arg;
	if (t->n >= TIMER_TICKS) {
		tm->off();
		return;
	}
	/* The timer's output is a level: after the re-arm below it reaches the
	 * GIC low a finite time later, and an EOI before that takes the PPI
	 * again with the condition no longer met. Such an entry is no tick
	 * (Linux drivers/clocksource/arm_arch_timer.c timer_handler returns
	 * IRQ_NONE without CTRL_IT_STAT). */
	if (!tm->fired()) {
		t->spurious++;
		return;
	}
	t->at[t->n] = now;
	if (++t->n < TIMER_TICKS) {
		t->due[t->n] = t->due[t->n - 1] + timer_period;
		tm->set(t->due[t->n]);
		if (echo && !t->echoed) { /* irq_mutant=echo: the late deassert, made */
			t->echoed = true;
			irq_set_pending(intid, true);
		}
	} else {
		tm->off();
	}
}

static void timer_on_cpu(struct smp_cpu *self, void *arg)
{
	struct timer_cpu *t = &timer_cpus[self->index];
	unsigned ppi = tm->ppi();
	struct deadline d;

	(void)arg;
	memset(t, 0, sizeof(*t));
	irq_enable(ppi, true);
	t->due[0] = arch_counter() + timer_period;
	tm->set(t->due[0]);
	irq_local_enable();
	deadline_start(&d, boot_wait_ms(TIMER_WAIT_MS));
	/* A YIELD between the polls: a CPU that waits lets the others run
	 * (QEMU runs its vCPUs in turn under -icount and ends one's turn at a
	 * YIELD), so each takes its interrupt when it is due. */
	while (__atomic_load_n(&t->n, __ATOMIC_ACQUIRE) < TIMER_TICKS) {
		if (deadline_passed(&d)) {
			t->timeout = true;
			break;
		}
		irq_test_relax();
	}
	irq_local_disable();
	tm->off();
	irq_enable(ppi, false);
}

/* An EL1 timer (DDI 0487 D11 "The Generic Timer"): its CVAL set
 * TIMER_TICKS times, each TIMER_PERIOD_US after the last, on every CPU at
 * once; each interrupt must come no earlier than its compare value (the
 * timer fires at CNT[PV]CT >= CVAL) and within TIMER_LATE_MS of it. */
static void timer_test(const struct el1_timer *which)
{
	const char *why;
	uint32_t hz = arch_counter_hz();
	struct smp_mask mask = irq_test.online;
	bool each = smp_mask_count(mask) <= SMP_ALL_PAIRS; /* a line per CPU */
	uint64_t worst_all = 0;

	tm = which;

	if (!irq_test_ready(&why)) {
		skip("%s", why);
		return;
	}
	if (!vtimer_present() || !hz) {
		skip("no generic timer on this CPU (a Cortex-A9: private timers, not driven)");
		return;
	}
	if (irq_test.desc.timer_hz)
		expect(hz == irq_test.desc.timer_hz,
		       "CNTFRQ %" PRIu32 " Hz, the tree's timer clock-frequency %" PRIu32 " Hz", hz,
		       irq_test.desc.timer_hz);
	timer_period = (uint64_t)hz * TIMER_PERIOD_US / 1000000;
	if (!timer_cpus)
		timer_cpus = memalign(128, smp_init()->ncpu * sizeof(*timer_cpus));
	if (!expect(timer_cpus != NULL, "no memory for the timer test"))
		return;
	echo = option_is("irq_mutant", "echo");
	irq_register(tm->ppi(), timer_tick, NULL);
	if (!irq_test_usable(tm->ppi())) /* on the boot CPU first; each CPU enables its own */
		return;
	irq_enable(tm->ppi(), false);
	expect(!smp_run(mask, timer_on_cpu, NULL), "a CPU did not finish the timer test");
	for (unsigned i = 0; i < smp_init()->ncpu; i++) {
		const struct timer_cpu *t = &timer_cpus[i];
		uint64_t worst = 0;

		if (!smp_mask_has(mask, i))
			continue;
		expect(t->n == TIMER_TICKS && !t->timeout,
		       "cpu%u: %u of %u timer interrupts (PPI %u) arrived%s", i, (unsigned)t->n,
		       TIMER_TICKS, tm->ppi(),
		       t->n == 1 ? ": the first was never EOIed, or the timer was not re-armed"
				 : "");
		for (unsigned k = 0; k < t->n; k++) {
			expect(t->at[k] >= t->due[k],
			       "cpu%u: interrupt %u at %" PRIu64
			       ", before its compare value %" PRIu64,
			       i, k, t->at[k], t->due[k]);
			if (t->at[k] - t->due[k] > worst)
				worst = t->at[k] - t->due[k];
		}
		if (boot_timing_exact())
			expect(worst < (uint64_t)hz / 1000 * TIMER_LATE_MS,
			       "cpu%u: an interrupt came %" PRIu64 " ticks late (period %" PRIu64
			       ")",
			       i, worst, timer_period);
		if (each)
			diag("irq: cpu%u: %u %s timer interrupts (PPI %u), period %u us, latest "
			     "%" PRIu64 " ticks after its compare value",
			     i, (unsigned)t->n, tm->name, tm->ppi(), TIMER_PERIOD_US, worst);
		if (t->spurious)
			diag("irq: cpu%u: %u spurious: taken with ISTATUS clear (the %s timer's "
			     "level deasserted late), not counted",
			     i, (unsigned)t->spurious, tm->name);
		worst_all = worst > worst_all ? worst : worst_all;
	}
	if (!each)
		diag("irq: %u CPUs: %u %s timer interrupts each (PPI %u), period %u us, latest "
		     "%" PRIu64 " ticks after its compare value",
		     smp_mask_count(mask), TIMER_TICKS, tm->name, tm->ppi(), TIMER_PERIOD_US,
		     worst_all);
	diag("irq: CNTFRQ %" PRIu32 " Hz%s", hz,
	     irq_test.desc.timer_hz ? ", as the tree's timer clock-frequency" : "");
	if (!boot_timing_exact())
		diag("irq: lateness reported, not asserted: the PMU counts no instructions "
		     "(QEMU without -icount), the host's scheduler sets it");
}

SELFTEST(irq, timer)
{
	timer_test(&vtimer);
}

/* The Non-secure physical timer (CNTP_*), where bringup may use it. */
SELFTEST(irq, ptimer)
{
	const char *why;

	if (irq_test_ready(&why) && !ptimer_usable(&why)) {
		skip("%s", why);
		return;
	}
	timer_test(&ptimer);
}
