/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * arch/counter.c (the counter check and the one bounded wait) against
 * simulated counters, the counter read replaced: a counter frozen from the
 * start (a system counter nobody enabled after an EL3 cold reset), one that
 * runs, one that stops after the check, one with CNTFRQ 0 that bringup may
 * or may not program. Every wait must return, within its bound, and a
 * frozen counter must be reported as not running. The test's own loops are
 * bounded (HANG_POLLS): a wait that does not return in time is a failure,
 * which the old rule (a counter with a frequency "runs": built here as
 * -DCOUNTER_MUTANT_TRUST) must produce.
 */
#include <stdint.h>
#include <stdio.h>

#include "arch/arch.h"
#include "arch/counter.h"
#include "tests/host/common/check.h"

CHECK_COUNTERS;

#define HANG_POLLS (20u * DEADLINE_STALL_POLLS)

static uint64_t now;       /* the simulated counter */
static uint32_t module[4]; /* a counter module: moves once module[2] is its divider */
static bool needs_module;
static uint64_t step;         /* ticks per read */
static uint64_t freeze_after; /* reads after which it stops (0: never) */
static uint64_t reads;
static uint32_t cntfrq;
static bool may_program;

bool arch_counter_init(uint64_t a9_periphbase)
{
	(void)a9_periphbase;
	return true;
}

uint64_t arch_counter(void)
{
	reads++;
	if ((!freeze_after || reads < freeze_after) && (!needs_module || module[2] == 0x80000000u))
		now += step;
	return now;
}

bool arch_is_firmware(unsigned entry_level)
{
	return entry_level == 3;
}

uint32_t arch_counter_hz(void)
{
	return cntfrq;
}

bool arch_counter_set_hz(uint32_t hz, unsigned entry_level)
{
	if (!may_program || entry_level != 3)
		return false;
	cntfrq = hz;
	return true;
}

static void setup(uint64_t s, uint64_t freeze, uint32_t hz, bool program)
{
	now = 1000, step = s, freeze_after = freeze, reads = 0, cntfrq = hz, may_program = program;
}

/* Polls of a deadline of ms until it passes, or HANG_POLLS + 1. */
static uint64_t wait_polls(unsigned ms)
{
	struct deadline d;
	uint64_t n = 0;

	deadline_start(&d, ms);
	while (!deadline_passed(&d) && n <= HANG_POLLS)
		n++;
	return n + 1;
}

int main(void)
{
	uint64_t n;

	/* Frozen from the start, CNTFRQ says 62.5 MHz. */
	setup(0, 0, 62500000, false);
	CHECK(!counter_start(0, 0, 1), "a frozen counter reported as running");
	CHECK(!counter_state.runs && counter_state.present && counter_state.stuck_at == 1000);
	CHECK(reads <= COUNTER_PROBE_READS + 1, "the check read %llu times",
	      (unsigned long long)reads);
	n = wait_polls(500);
	CHECK(n == 500u * DEADLINE_POLLS_PER_MS, "500 ms on a frozen counter: %llu polls%s",
	      (unsigned long long)n, n > HANG_POLLS ? " (it would hang)" : "");

	/* ... a minimum delay is then the loop, at least 10 ms of steps at 4 GHz
	 * (not 10 ms of polls, tens of microseconds), and a run length (burnin)
	 * cannot be measured. */
	n = counter_state.runs ? 0 : delay_min_ms(10); /* runs: the old rule, already failed */
	CHECK(n >= 10ull * DELAY_LOOPS_PER_MS,
	      "delay_min_ms(10) on a frozen counter: %llu steps, want at least %llu (10 ms at "
	      "4 GHz)",
	      (unsigned long long)n, 10ull * DELAY_LOOPS_PER_MS);
	CHECK(!counter_times(), "a frozen counter said to measure a burn-in's run length");

	/* Runs: 1 MHz, one tick per read; 500 ms = 500,000 ticks. */
	setup(1, 0, 1000000, false);
	CHECK(counter_start(0, 0, 1) && counter_state.hz == 1000000);
	n = wait_polls(500);
	CHECK(n >= 499000 && n <= 501000, "500 ms at 1 MHz: %llu polls", (unsigned long long)n);
	uint64_t t0 = now;
	n = delay_min_ms(10);
	CHECK(n == 0 && now - t0 >= 10000 && counter_times(),
	      "delay_min_ms(10) at 1 MHz: %llu loop steps, %llu ticks", (unsigned long long)n,
	      (unsigned long long)(now - t0));

	/* Runs through the check, then stops: the wait ends on the stall bound. */
	setup(1, 100, 1000000, false);
	CHECK(counter_start(0, 0, 1));
	n = wait_polls(500);
	CHECK(n <= DEADLINE_STALL_POLLS + 200, "a counter stopped during the wait: %llu polls%s",
	      (unsigned long long)n, n > HANG_POLLS ? " (it would hang)" : "");
	/* ... a minimum delay then ends on the loop, whole (not in the build
	 * without the stall bound: its delay would not return). */
#ifndef COUNTER_MUTANT_TRUST
	setup(1, 100, 1000000, false);
	CHECK(counter_start(0, 0, 1));
	n = delay_min_ms(3);
	CHECK(n >= 3ull * DELAY_LOOPS_PER_MS, "delay_min_ms(3), the counter stopping: %llu steps",
	      (unsigned long long)n);
#endif

	/* CNTFRQ 0, bringup not at EL3: not programmed, the wait counts polls. */
	setup(1, 0, 0, true);
	CHECK(counter_start(0, 24000000, 1) && counter_state.hz == 0 && !counter_state.hz_set &&
	      counter_state.hz_wanted == 24000000);
	CHECK_EQ(wait_polls(7), 7u * DEADLINE_POLLS_PER_MS);
	/* ... at EL3 it is programmed from the board's frequency and used. */
	setup(1, 0, 0, true);
	CHECK(counter_start(0, 24000000, 3) && counter_state.hz == 24000000 &&
	      counter_state.hz_set == 24000000);
	n = wait_polls(2);
	/* whole milliseconds of the counter: between 1 and 2 ms of ticks */
	CHECK(n >= 24000 && n <= 49000, "2 ms at 24 MHz: %llu polls", (unsigned long long)n);
	/* ... and a board with no frequency leaves it 0. */
	setup(1, 0, 0, true);
	CHECK(counter_start(0, 0, 3) && counter_state.hz == 0 && !counter_state.hz_wanted);

	/* A counter whose module nobody started (the Pi 3's ARM-local prescaler
	 * at its reset value): started only by the firmware, and only when it
	 * does not move. */
	const struct counter_module pi = { (uintptr_t)module, 2, { { 0, 0 }, { 8, 0x80000000u } } };
	for (unsigned level = 1; level <= 3; level += 2) {
		counter_state = (struct counter_state){ 0 };
		setup(1, 0, 19200000, false);
		module[0] = 0x100, module[2] = 0, needs_module = true;
		CHECK(counter_module_start(&pi, level) == (level == 3), "EL%u: module written %d",
		      level, counter_state.module_started);
		CHECK(counter_start(0, 0, level) == (level == 3) &&
			      counter_state.module_started == (level == 3),
		      "EL%u: the counter %s after counter_module_start", level,
		      counter_state.runs ? "runs" : "is stopped");
		CHECK(level != 3 || (module[0] == 0 && module[2] == 0x80000000u),
		      "the module's registers: 0x%x, 0x%x", module[0], module[2]);
	}
	counter_state = (struct counter_state){ 0 };
	setup(1, 0, 19200000, false); /* it runs already: left alone */
	module[0] = 0x100, module[2] = 0x40000000, needs_module = false;
	CHECK(!counter_module_start(&pi, 3) && module[0] == 0x100 && module[2] == 0x40000000,
	      "a running counter's module rewritten");
	CHECK(!counter_module_start(NULL, 3), "no module: nothing to start");

	/* Before counter_start (state cleared): polls. */
	counter_state = (struct counter_state){ 0 };
	setup(0, 0, 62500000, false);
	CHECK_EQ(wait_polls(3), 3u * DEADLINE_POLLS_PER_MS);

	return check_report("host-counter");
}
