/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The watchdog the tree names (board/fdt_watchdog.h, lib/watchdog/): its
 * reset cause, then (watchdog=feed|expire) four periods fed with no reset,
 * the pre-timeout interrupt timed where the device has one, and
 * (watchdog=expire) the feeding stopped and the reset awaited at the
 * programmed time. Off by default: a started i.MX WDOG cannot be stopped
 * (WCR.WDE is write-once), so it resets a board some seconds after a run.
 * Last in the run order for the same reason. docs/watchdog.md.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "arch/counter.h"
#include "arch/exception.h"
#include "board/fdt_watchdog.h"
#include "boot/boot.h"
#include "front/options.h"
#include "lib/fdt/fdt.h"
#include "lib/selftest/selftest.h"
#include "selftests/irq_setup.h"

#define WDT_TIMEOUT_MS 2000u /* what the test programs */
#define WDT_PRE_MS     1000u /* the pre-timeout interrupt this long before it */
#define WDT_PERIODS    4u    /* timeouts fed through */
#define WDT_STEPS      20u   /* "alive at" lines per timeout after the feeding stops */
#define WDT_TOL_PCT    1u    /* pre-timeout interrupt: within 1% of its programmed time */

static struct {
	bool tried, found, started, irq, probed, absent;
	char why[128];
	int err;
	struct wdt_desc w;
	uint32_t timeout_ms, pre_ms;
	uint64_t ticks_per_ms; /* the counter's, or 0: unknown */
	volatile uint64_t irq_at;
	volatile unsigned irqs;
} wd;

/* watchdog= given at this level or a later one (cause < feed < expire). */
static bool wanted(const char *level)
{
	static const char *const order[] = { "cause", "feed", "expire" };
	bool from = false, on = false;

	for (int i = 0; i < 3; i++) {
		from = from || !strcmp(level, order[i]);
		on = on || (from && option_is("watchdog", order[i]));
	}
	return on;
}

static bool found(void)
{
	if (!wd.tried) {
		wd.tried = true;
		if (boot.hw.dtb && boot.hw.dtb_error == FDT_OK)
			wd.err = board_read_watchdog((const void *)boot.hw.dtb, boot.hw.dtb_size,
						     &wd.w);
		else
			wd.err = FDT_ERR_NOTFOUND;
		wd.found = wd.err == 0;
		wd.w.nofeed = option_is("watchdog_mutant", "nofeed");
		wd.ticks_per_ms = counter_times() ? arch_counter_hz() / 1000u : 0;
	}
	if (!wd.found)
		skip(wd.err == FDT_ERR_NOTFOUND ? "the tree names no enabled watchdog a driver of "
						  "lib/watchdog handles"
						: "the tree's watchdog node: %s",
		     fdt_strerror(wd.err));
	return wd.found;
}

static void touch(void *arg)
{
	(void)arg;
	if (wd.w.driver->narrow)
		(void)wdt_read16(&wd.w, 0);
	else
		(void)wdt_read(&wd.w, 0, 0);
	if (wd.w.base2)
		(void)wdt_read(&wd.w, 1, 0);
}

/* A device at the node's address: its first register read with aborts
 * caught (a tree that names a watchdog QEMU does not model, as
 * vexpress-a15's SP805, or a board variant's typo): a FAIL, named. */
static bool present(void)
{
	struct fault_info fi;

	if (!wd.probed) {
		wd.probed = true;
		wd.absent = fault_probe(touch, NULL, &fi);
		if (wd.absent)
			snprintf(wd.why, sizeof(wd.why), "%s: no device answers at 0x%" PRIx64 "%s",
				 wd.w.path, wd.w.base, wd.w.base2 ? " or at its second frame" : "");
		else if (wd.w.driver->identify &&
			 !wd.w.driver->identify(&wd.w, wd.why, sizeof(wd.why))) {
			wd.absent = true;
			diag("watchdog: %s: %s", wd.w.path, wd.why);
			snprintf(wd.why, sizeof(wd.why), "%s: no %s at 0x%" PRIx64, wd.w.path,
				 wd.w.driver->name, wd.w.base);
		} else if (wd.w.driver->identify)
			diag("watchdog: %s", wd.why);
	}
	expect(!wd.absent, "%s", wd.why);
	return !wd.absent;
}

SELFTEST(watchdog, cause)
{
	char buf[96];
	int r;

	if (!found())
		return;
	diag("watchdog: %s at 0x%" PRIx64 " (%s, by %s), interrupt %u, clock %" PRIu32 " Hz",
	     wd.w.driver->name, wd.w.base, wd.w.path, wd.w.compat, wd.w.intid, wd.w.hz);
	if (!wanted("cause")) {
		skip("give watchdog=cause|feed|expire to read it (it touches the device)");
		return;
	}
	if (!present())
		return;
	if (!wd.w.driver->cause) {
		skip("%s keeps no reset cause", wd.w.driver->name);
		return;
	}
	r = wd.w.driver->cause(&wd.w, buf, sizeof(buf));
	diag("watchdog: last reset: %s%s", buf, r > 0 ? ": this watchdog reset the board" : "");
}

static void pre_irq(unsigned intid, unsigned src, void *arg)
{
	(void)intid, (void)src, (void)arg;
	if (wd.w.driver->ack(&wd.w)) {
		wd.irq_at = arch_counter();
		wd.irqs++;
	}
}

/* Waits for the next pre-timeout interrupt: its counter time, 0 if none
 * came within 2 timeouts (the board should have reset by then). */
static uint64_t next_irq(unsigned n)
{
	struct deadline d;

	deadline_start(&d, 2 * wd.timeout_ms);
	while (__atomic_load_n(&wd.irqs, __ATOMIC_ACQUIRE) < n && !deadline_passed(&d))
		;
	return wd.irqs >= n ? wd.irq_at : 0;
}

static bool start(void)
{
	const char *why;

	if (!present())
		return false;
	if (wd.w.driver->counter_clock)
		wd.w.hz = wd.ticks_per_ms ? arch_counter_hz() : 0;
	if ((wd.w.driver->needs_clock || wd.w.driver->counter_clock) && !wd.w.hz) {
		skip("%s: the tree gives no rate for its clock", wd.w.path);
		return false;
	}
	wd.irq = wd.w.driver->needs_irq && wd.w.driver->ack && wd.w.intid && irq_test_ready(&why);
	if (wd.irq) {
		irq_register(wd.w.intid, pre_irq, NULL);
		irq_route(wd.w.intid, irq_test.boot);
		wd.irq = irq_test_usable(wd.w.intid);
	}
	if (!wd.irq && !wd.ticks_per_ms) {
		skip("no pre-timeout interrupt and no counter frequency: nothing to time it by");
		return false;
	}
	if (wd.irq)
		irq_local_enable();
	wd.timeout_ms =
		wd.w.driver->start(&wd.w, WDT_TIMEOUT_MS, wd.irq ? WDT_PRE_MS : 0, &wd.pre_ms);
	wd.started = wd.timeout_ms != 0;
	expect(wd.started, "%s refused a %u ms timeout", wd.w.driver->name, WDT_TIMEOUT_MS);
	if (wd.irq && wd.started && !wd.pre_ms)
		wd.irq = false;
	return wd.started;
}

static void wait_ticks(uint64_t from, uint64_t ticks)
{
	while (arch_counter() - from < ticks)
		;
}

/* Fed WDT_PERIODS timeouts long: at each pre-timeout interrupt (timed from
 * the feed before it), else every quarter timeout by the counter. Being
 * here afterwards is the pass: a watchdog that was not fed resets the
 * board first (QEMU: -action watchdog=poweroff ends the run). Then, unless
 * watchdog=expire, stopped where the device can be (else named: the board
 * resets one timeout after the report). */
static void feed_periods(void);

SELFTEST(watchdog, feed)
{
	if (!found())
		return;
	if (!wanted("feed")) {
		skip("give watchdog=feed|expire (the i.MX WDOG cannot be stopped once started)");
		return;
	}
	if (!start())
		return;
	feed_periods();
	if (wanted("expire"))
		return;
	if (wd.w.driver->stop) {
		wd.w.driver->stop(&wd.w);
		wd.started = false;
		diag("watchdog: stopped again");
	} else {
		wdt_feed(&wd.w);
		diag("watchdog: %s cannot be stopped: it resets the board %" PRIu32
		     " ms after this last feed",
		     wd.w.driver->name, wd.timeout_ms);
	}
}

static void feed_periods(void)
{
	uint64_t fed, at, dt[WDT_PERIODS * 2] = { 0 };
	unsigned n = 0;

	diag("watchdog: started: timeout %" PRIu32 " ms, pre-timeout interrupt %" PRIu32
	     " ms after a feed%s",
	     wd.timeout_ms, wd.pre_ms, wd.irq ? "" : " (none: fed by the counter)");
	wdt_feed(&wd.w);
	fed = arch_counter();
	if (wd.irq) {
		for (n = 0; n < WDT_PERIODS * wd.timeout_ms / wd.pre_ms && n < WDT_PERIODS * 2;
		     n++) {
			if (!(at = next_irq(n + 1)))
				break;
			dt[n] = at - fed;
			wdt_feed(&wd.w);
			fed = arch_counter();
		}
		expect(n && dt[n - 1], "no pre-timeout interrupt (INTID %u) after %u of them",
		       wd.w.intid, n);
	} else {
		for (n = 0; n < WDT_PERIODS * 4; n++) {
			wait_ticks(fed, wd.ticks_per_ms * wd.timeout_ms / 4);
			wdt_feed(&wd.w);
			fed = arch_counter();
		}
	}
	diag("watchdog: fed %u times over %u timeouts of %" PRIu32 " ms: no reset", n, WDT_PERIODS,
	     wd.timeout_ms);
	if (!wd.irq || !n)
		return;
	/* The interrupt's time: by the counter where its rate is known, else
	 * the first interval is the yardstick the others must match. */
	uint64_t ref = wd.ticks_per_ms ? wd.ticks_per_ms * wd.pre_ms : dt[0];
	for (unsigned i = 0; i < n; i++)
		expect(dt[i] * 100 >= ref * (100 - WDT_TOL_PCT) &&
			       dt[i] * 100 <= ref * (100 + WDT_TOL_PCT),
		       "pre-timeout interrupt %u: %" PRIu64 " counter ticks after its feed, "
		       "expected %" PRIu64 " +-%u%%",
		       i + 1, dt[i], ref, WDT_TOL_PCT);
	if (wd.ticks_per_ms)
		diag("watchdog: pre-timeout interrupt %" PRIu64
		     " us after each feed (programmed %" PRIu32 " ms, +-%u%%)",
		     dt[0] * 1000 / wd.ticks_per_ms, wd.pre_ms, WDT_TOL_PCT);
	else
		diag("watchdog: pre-timeout interrupt %" PRIu64 " counter ticks after each feed, "
		     "%u alike within %u%% (the counter's rate unknown: %" PRIu64 " ticks/ms if "
		     "the watchdog keeps time)",
		     dt[0], n, WDT_TOL_PCT, dt[0] / wd.pre_ms);
	wd.ticks_per_ms = wd.ticks_per_ms ? wd.ticks_per_ms : dt[0] / wd.pre_ms;
}

/* watchdog=expire: fed once more, then not: "alive at" lines every
 * timeout/WDT_STEPS until twice the timeout; the board must reset between
 * the last one before the timeout and the first after it. */
SELFTEST(watchdog, expire)
{
	uint64_t stop, step;

	if (!found())
		return;
	if (!wanted("expire")) {
		skip("give watchdog=expire to let it reset the board");
		return;
	}
	if (!wd.started || !wd.ticks_per_ms) {
		skip("the watchdog was not started and timed by watchdog: feed");
		return;
	}
	wdt_feed(&wd.w);
	stop = arch_counter();
	step = wd.ticks_per_ms * wd.timeout_ms / WDT_STEPS;
	diag("watchdog: stopped feeding; the reset is due %" PRIu32 " ms from now", wd.timeout_ms);
	unsigned irqs = wd.irqs;
	for (unsigned k = 1; k <= 2 * WDT_STEPS; k++) {
		wait_ticks(stop, k * step);
		if (wd.irq && wd.irqs != irqs && irqs == wd.irqs - 1)
			diag("watchdog: pre-timeout interrupt by +%" PRIu32
			     " ms (programmed: +%" PRIu32 ")",
			     k * wd.timeout_ms / WDT_STEPS, wd.pre_ms);
		irqs = wd.irqs;
		diag("watchdog: alive at +%" PRIu32 " ms of %" PRIu32,
		     k * wd.timeout_ms / WDT_STEPS, wd.timeout_ms);
	}
	expect(false, "no reset %" PRIu32 " ms after the watchdog's %" PRIu32 " ms timeout",
	       wd.timeout_ms, wd.timeout_ms);
}
