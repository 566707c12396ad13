/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * clock: is each clock what it claims? (docs/clocks.md)
 *  - cntfrq: CNTFRQ read on every online CPU, the same on all (a CPU whose
 *    firmware never programmed it reads 0 or another value: OP-TEE
 *    optee_os issue 7620, an i.MX7D's second CPU).
 *  - cpu_mhz: the PMU cycle counter over a counter-timed window on every
 *    CPU, in MHz, grouped by MIDR (big.LITTLE clusters run at their own
 *    clocks); compared with the tree's clock-frequency or OPP table.
 *  - counter_vs_timer: the counter (CNTFRQ's claim, or the Cortex-A9
 *    global timer) timed by a timer the tree names and enables that runs
 *    on a clock of its own (lib/clock/clock.h), so a wrong CNTFRQ or a
 *    counter that loses ticks (raspberrypi/linux issue 6016) fails naming
 *    both clocks.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "arch/counter.h"
#include "arch/cycles.h"
#include "arch/midr.h"
#include "boot/boot.h"
#include "lib/clock/clock.h"
#include "lib/fdt/fdt.h"
#include "lib/selftest/selftest.h"
#include "mmu/mmu.h"
#include "smp/smp.h"

/* Windows: the CPU clock over CPU_WINDOW_US and twice that (the difference
 * cancels the fixed cost of the reads at the window's ends); the counter
 * against a timer over TIMER_WINDOW_US of the timer, both ends on the
 * timer's edges. */
#define CPU_WINDOW_US   1000u
#define TIMER_WINDOW_US 2000u
#define WAIT_MS         200u
/* Agreement: a CPU against the tree by clock_cpu_verdict
 * (lib/clock/clock.h); the counter against a timer to 0.1% (a board's
 * crystals are within +-100 ppm of theirs), beside one poll at each end of
 * the window. Under QEMU -icount both come out exact. */
#define TIMER_PPM 1000u

struct clock_cpu {
	uint32_t cntfrq, midr;
	uint64_t mpidr;
	bool read, pmu, timed;  /* read: the CPU ran the work */
	uint64_t cycles, ticks; /* over the difference of the two windows */
};

static struct clock_cpu clock_cpus[SMP_MAX_CPUS];

/* Counter ticks of the window starting at a counter edge; *cyc the cycles. */
static bool window(uint64_t ticks, uint64_t *cyc, uint64_t *got)
{
	uint64_t t0 = arch_counter(), t, c0, c1, end;
	struct deadline d;

	deadline_start(&d, boot_wait_ms(WAIT_MS)); /* a vCPU the host leaves unscheduled */
	while ((t = arch_counter()) == t0)
		if (deadline_passed(&d))
			return false;
	arch_cycles(&c0);
	end = t + ticks;
	while ((*got = arch_counter()) < end)
		if (deadline_passed(&d))
			return false;
	arch_cycles(&c1);
	*got -= t;
	*cyc = (c1 - c0) & (arch_cycles_bits() < 64 ? (1ull << arch_cycles_bits()) - 1 : ~0ull);
	return true;
}

static void measure_cpu(struct smp_cpu *self, void *arg)
{
	struct clock_cpu *r = &clock_cpus[self->index];
	uint64_t c, w = (uint64_t)counter_state.hz * CPU_WINDOW_US / 1000000, c1, t1, c2, t2;

	(void)arg;
	r->cntfrq = arch_counter_hz();
	r->midr = arch_cpu_id();
	r->mpidr = self->mpidr;
	r->read = true;
	r->pmu = arch_cycles(&c);
	/* A window a busy host stretched past its deadline is tried again. */
	for (unsigned tries = 0; r->pmu && w && tries < 3; tries++)
		if (window(w, &c1, &t1) && window(2 * w, &c2, &t2) && t2 > t1)
			break;
		else if (tries == 2)
			return;
	if (!r->pmu || !w)
		return;
	r->cycles = c2 - c1;
	r->ticks = t2 - t1;
	r->timed = true;
}

static uint64_t mhz_x1000(const struct clock_cpu *r)
{
	return r->ticks ? r->cycles * counter_state.hz / r->ticks / 1000 : 0;
}

SELFTEST(clock, cntfrq)
{
	const struct smp_info *s = smp_init();
	unsigned n = 0, boot = s->boot;

	if (!counter_state.runs || !arch_counter_hz()) {
		skip("%s", !counter_state.runs ? "the counter does not advance"
					       : "no counter frequency on the boot CPU (the "
						 "Cortex-A9 global timer, or CNTFRQ 0)");
		return;
	}
	memset(clock_cpus, 0, sizeof clock_cpus);
	smp_run_all_ms(measure_cpu, NULL, SMP_RUN_TIMEOUT_MS);
	for (unsigned i = 0; i < s->ncpu; i++) {
		const struct clock_cpu *r = &clock_cpus[i];

		if (s->cpu[i].state != SMP_ONLINE && i != boot)
			continue;
		if (!r->read) { /* smp: online and its work say why */
			diag("clock: cpu%u did not run the work in %u ms", i, SMP_RUN_TIMEOUT_MS);
			continue;
		}
		n++;
		expect(r->cntfrq == clock_cpus[boot].cntfrq,
		       "cpu%u (MPIDR 0x%" PRIx64 ") reads CNTFRQ %" PRIu32
		       " Hz, the boot CPU %" PRIu32 " Hz: firmware programmed them differently",
		       i, r->mpidr, r->cntfrq, clock_cpus[boot].cntfrq);
	}
	diag("clock: CNTFRQ %" PRIu32 " Hz on the boot CPU, %u CPUs read", clock_cpus[boot].cntfrq,
	     n);
}

/* One line a MIDR: its CPUs, their figures (min..max), the tree's. */
static void cpu_group(const struct smp_info *s, uint32_t midr, bool *done)
{
	uint64_t lo = UINT64_MAX, hi = 0, near = 0;
	unsigned n = 0, first = 0, named = 0;
	struct clock_cpu_ref ref;
	char name[48], list[64] = "";
	size_t used = 0;

	for (unsigned i = 0; i < s->ncpu; i++) {
		const struct clock_cpu *r = &clock_cpus[i];
		uint64_t m = mhz_x1000(r);

		if (done[i] || !r->timed || r->midr != midr)
			continue;
		done[i] = true;
		if (!n++)
			first = i;
		used += (size_t)snprintf(list + used, used < sizeof list ? sizeof list - used : 0,
					 "%s%u", n > 1 ? "," : "", i);
		lo = m < lo ? m : lo;
		hi = m > hi ? m : hi;
	}
	if (!n)
		return;
	cpu_midr_text(midr, name, sizeof name);
	/* Headline to 0.1 MHz: each window's ends lag the counter's edges by
	 * up to one poll (a few cycles in a million: a few ppm). */
	lo = (lo + 50) / 100, hi = (hi + 50) / 100;
	diag("clock: cpu%s %s: %" PRIu64 ".%" PRIu64 " MHz%s by PMCCNTR over %" PRIu64
	     " counter ticks at %" PRIu32 " Hz",
	     list, name, lo / 10, lo % 10, hi != lo ? " (lowest; CPUs differ)" : "",
	     clock_cpus[first].ticks, counter_state.hz);
	if (hi != lo)
		diag("clock: highest %" PRIu64 ".%" PRIu64 " MHz", hi / 10, hi % 10);
	for (unsigned i = 0; i < s->ncpu; i++) {
		uint64_t hz = mhz_x1000(&clock_cpus[i]) * 1000, r = (hz + 50000) / 100000, lo = 0,
			 hi = 0;
		enum clock_verdict v;

		/* Each CPU against its own node: clusters have their own. */
		if (!clock_cpus[i].timed || clock_cpus[i].midr != midr || !boot.hw.dtb ||
		    boot.hw.dtb_error != FDT_OK ||
		    clock_cpu_ref((const void *)boot.hw.dtb, boot.hw.dtb_size, clock_cpus[i].mpidr,
				  &ref) != FDT_OK ||
		    !ref.what)
			continue;
		named++;
		v = clock_cpu_verdict(&ref, hz, &lo, &hi, &near);
		/* Judged only where the run keeps its own time (as above). */
		expect(v == CLOCK_ON || v == CLOCK_BETWEEN || !boot_timing_exact(),
		       "cpu%u %s: %" PRIu64 ".%" PRIu64
		       " MHz by its cycle counter over the counter at %" PRIu32
		       " Hz by CNTFRQ; the tree's %s says %" PRIu64 " Hz%s: %s %" PRIu64
		       " Hz, the %s the tree allows",
		       i, name, r / 10, r % 10, counter_state.hz, ref.what, near,
		       ref.n > 1 ? " (its nearest OPP)" : "", v == CLOCK_BELOW ? "below" : "above",
		       v == CLOCK_BELOW ? lo : hi, v == CLOCK_BELOW ? "least" : "most");
		if (named == 1)
			diag("clock: cpu%u: the tree's %s: %u value%s, nearest %" PRIu64 " Hz: %s",
			     i, ref.what, ref.n, ref.n > 1 ? "s" : "", near,
			     v == CLOCK_ON        ? "on it (within 1%)"
			     : v == CLOCK_BETWEEN ? "not on it, within what the tree allows"
						  : "outside what the tree allows");
	}
	if (!named)
		diag("clock: the tree gives cpu%s no clock-frequency or OPP table", list);
}

SELFTEST(clock, cpu_mhz)
{
	const struct smp_info *s = smp_init();
	bool done[SMP_MAX_CPUS] = { false };
	unsigned timed = 0;

	if (!counter_times()) {
		skip("the counter does not time (no frequency, or it does not advance)");
		return;
	}
	for (unsigned i = 0; i < s->ncpu; i++)
		timed += clock_cpus[i].timed;
	if (!timed) {
		skip("%s", clock_cpus[s->boot].pmu
				   ? "no window completed on any CPU"
				   : "no architected PMU cycle counter on this CPU");
		return;
	}
	for (unsigned i = 0; i < s->ncpu; i++)
		if (clock_cpus[i].timed && !done[i])
			cpu_group(s, clock_cpus[i].midr, done);
}

/* Ticks of t since start, over its width, counting down or up. */
static uint32_t elapsed(const struct clock_timer *t, uint32_t start, uint32_t now)
{
	uint32_t mask = t->bits >= 32 ? 0xffffffffu : (1u << t->bits) - 1;

	return (t->down ? start - now : now - start) & mask;
}

/* One window: want ticks of t from one of its edges to another, the
 * counter read at each; polls: reads of t in the window. false if t did
 * not advance that far within the wait. */
struct timer_window {
	uint32_t got;
	uint64_t dc, polls;
};

static bool timer_window(const struct clock_timer *t, uintptr_t base, uint32_t want,
			 struct timer_window *w)
{
	struct deadline d;
	uint32_t v0 = t->read(base), v;
	uint64_t c0;

	w->polls = 1;
	deadline_start(&d, boot_wait_ms(WAIT_MS) + TIMER_WINDOW_US / 1000);
	while ((v = t->read(base)) == v0 && !deadline_passed(&d))
		;
	c0 = arch_counter();
	while ((w->got = elapsed(t, v, t->read(base))) < want && !deadline_passed(&d))
		w->polls++;
	w->dc = arch_counter() - c0;
	return w->got >= want;
}

/* Attempts: a vCPU (QEMU without -icount) or a core (an interrupt taken by
 * firmware) held up between a timer edge and its counter read spoils one
 * window, not three; a wrong clock spoils every one. The best is kept. */
#define TIMER_ATTEMPTS 3

SELFTEST(clock, counter_vs_timer)
{
	struct clock_found f;
	struct mmu_attrs a;
	struct timer_window w, best = { 0, 0, 1 };
	const struct clock_timer *t;
	uint32_t want;
	uint64_t hz = 0, claim = counter_state.hz, ppm = UINT64_MAX, expected = 0, diff, lag = 0;
	uintptr_t base;

	if (!boot.has_counter || !boot.hw.dtb || boot.hw.dtb_error != FDT_OK) {
		skip("%s", !boot.has_counter ? "no running counter" : "no device tree");
		return;
	}
	if (clock_find_timer((const void *)boot.hw.dtb, boot.hw.dtb_size, true, &f) != FDT_OK ||
	    !f.timer) {
		clock_find_timer((const void *)boot.hw.dtb, boot.hw.dtb_size, false, &f);
		if (f.timer)
			skip("only a %s (%s, %" PRIu32 " Hz) in the tree: a check against it takes "
			     "seconds, not run",
			     f.timer->name, f.path, f.hz);
		else
			skip("the tree names no enabled timer bringup can read "
			     "(lib/clock/timers.c)");
		return;
	}
	t = f.timer;
	base = (uintptr_t)f.base;
	if (!f.hz || !mmu_lookup(base, &a) || !a.valid || a.type != MT_DEVICE) {
		skip("%s at 0x%" PRIx64 " (%s): %s", t->name, f.base, f.path,
		     !f.hz ? "the tree gives no frequency" : "not mapped Device");
		return;
	}
	if (t->start)
		t->start(base);
	want = (uint32_t)((uint64_t)f.hz * TIMER_WINDOW_US / 1000000);
	want = want < 2 ? 2 : want;
	expected = claim * want / f.hz;
	for (unsigned k = 0; k < TIMER_ATTEMPTS; k++) {
		uint64_t p, l;

		if (!expect(timer_window(t, base, want, &w),
			    "%s at 0x%" PRIx64 " (%s, %" PRIu32
			    " Hz by the tree at %s) advanced %" PRIu32
			    " ticks in %u ms by the counter: stopped, or its clock is off",
			    t->name, f.base, f.path, f.hz, f.hz_path, w.got, WAIT_MS))
			return;
		/* Exact: the counter ticks the claim gives for the timer's, to
		 * one poll (dc / polls ticks) at each end. */
		expected = claim * w.got / f.hz;
		diff = w.dc > expected ? w.dc - expected : expected - w.dc;
		p = claim ? diff * 1000000 / expected : 0;
		l = w.dc / w.polls + 1;
		if (p < ppm || !claim) {
			best = w, ppm = p, lag = l;
			hz = w.dc * f.hz / w.got;
		}
		if (!claim || diff <= 2 * l)
			break;
	}
	diag("clock: %s at 0x%" PRIx64 " (%s), %" PRIu32 " Hz by the tree at %s: %" PRIu32
	     " ticks, %" PRIu64 " counter ticks",
	     t->name, f.base, f.path, f.hz, f.hz_path, best.got, best.dc);
	if (!claim) {
		diag("clock: the counter (no frequency register: the Cortex-A9 global timer) runs "
		     "at %" PRIu64 " Hz by the %s",
		     hz, t->name);
		return;
	}
	expected = claim * best.got / f.hz;
	diff = best.dc > expected ? best.dc - expected : expected - best.dc;
	if (diff <= 2 * lag) {
		diag("clock: counter %" PRIu64 " Hz by CNTFRQ and the %s agree exactly: %" PRIu64
		     " counter ticks for %" PRIu64 " (a poll is %" PRIu64 " ticks)",
		     claim, t->name, best.dc, expected, lag);
		return;
	}
	/* A run that keeps no time of its own (QEMU without -icount: its vCPU
	 * a host thread the host may stop between the two readings) only
	 * reports: docs/testing.md "Timing". */
	if (!boot_timing_exact()) {
		diag("clock: counter %" PRIu64 " Hz by CNTFRQ, %" PRIu64 " Hz by the %s: %" PRIu64
		     " ppm apart, not judged: this run keeps no time of its own",
		     claim, hz, t->name, ppm);
		return;
	}
	/* Else a board's tolerance: the crystals of the two clocks. */
	expect(ppm <= TIMER_PPM,
	       "counter %" PRIu64 " Hz by CNTFRQ, %s %" PRIu32 " Hz by the tree (%s): the counter "
	       "measures %" PRIu64 " Hz by that timer, %" PRIu64 ".%" PRIu64 "%% apart",
	       claim, t->name, f.hz, f.hz_path, hz, ppm / 10000, ppm / 1000 % 10);
	diag("clock: counter %" PRIu64 " Hz by CNTFRQ, %" PRIu64 " Hz by the %s: %" PRIu64
	     " ppm apart",
	     claim, hz, t->name, ppm);
}
