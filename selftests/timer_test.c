/* SPDX-License-Identifier: BSD-2-Clause */
/* timer: the counter runs at a known, non-zero frequency. */
#include "arch/arch.h"
#include "arch/counter.h"
#include "boot/boot.h"
#include "lib/selftest/selftest.h"

SELFTEST(timer, advances)
{
	const struct counter_state *c = &counter_state;
	uint32_t hz = arch_counter_hz();
	uint64_t t0, t1;
	unsigned spins = 0;

	if (c->hz_wanted && c->hz_set)
		diag("timer: CNTFRQ read 0: programmed %lu Hz from the board (tree timer "
		     "clock-frequency, else platform data)",
		     (unsigned long)c->hz_set);
	else if (c->hz_wanted)
		diag("timer: the counter frequency reads 0 and bringup may not write it (the "
		     "board says %lu Hz)",
		     (unsigned long)c->hz_wanted);
	if (c->module_started)
		diag("timer: the counter did not advance at entry: started it through the "
		     "platform's counter module (%s)",
		     c->runs ? "it runs now" : "it still does not");
	if (c->present && !c->runs)
		diag("timer: the counter does not advance (stuck at %llu after %u reads): every "
		     "bounded wait counts polls instead",
		     (unsigned long long)c->stuck_at, COUNTER_PROBE_READS);
	if (!boot.has_counter) {
		skip("%s", c->present ? "the counter does not advance"
				      : "no counter found on this CPU/platform");
		return;
	}
	if (hz)
		diag("counter frequency %lu Hz (board: %lu)", (unsigned long)hz,
		     (unsigned long)boot.hw.board.timer_hz);
	else
		diag("counter runs; its frequency is not discoverable (Cortex-A9 global timer)");
	t0 = arch_counter();
	do
		t1 = arch_counter();
	while (t1 == t0 && ++spins < 10000000);
	expect(t1 > t0, "counter stuck at %llu after %u reads", (unsigned long long)t0, spins);
}
