/* SPDX-License-Identifier: BSD-2-Clause */
/* The counter check and the bounded wait (arch/counter.h). */
#include "arch/counter.h"

#include "arch/arch.h"

struct counter_state counter_state;

__attribute__((weak)) bool arch_counter_set_hz(uint32_t hz, unsigned entry_level)
{
	(void)hz;
	(void)entry_level;
	return false;
}

__attribute__((weak)) bool arch_is_firmware(unsigned entry_level)
{
	(void)entry_level;
	return false;
}

static bool advances(uint64_t *t0)
{
	*t0 = arch_counter();
	for (unsigned i = 0; i < COUNTER_PROBE_READS; i++)
		if (arch_counter() != *t0)
			return true;
	return false;
}

bool counter_module_start(const struct counter_module *m, unsigned entry_level)
{
	uint64_t t0;

	if (!m || !m->n || !m->base || !arch_is_firmware(entry_level) || advances(&t0))
		return false;
#ifdef COUNTER_MUTANT_NO_MODULE /* host-counter: the module left as found (caught) */
	return false;
#endif
	for (unsigned i = 0; i < m->n && i < COUNTER_MODULE_WRITES; i++)
		*(volatile uint32_t *)(uintptr_t)(m->base + m->w[i].off) = m->w[i].val;
	return counter_state.module_started = true;
}

bool counter_start(uint64_t a9_periphbase, uint32_t board_hz, unsigned entry_level)
{
	struct counter_state *c = &counter_state;
	bool module_started = c->module_started;
	uint64_t t0;

	*c = (struct counter_state){ .module_started = module_started };
	c->present = arch_counter_init(a9_periphbase);
	if (!c->present)
		return c->runs = false;
	if (!arch_counter_hz() && board_hz) {
		c->hz_wanted = board_hz;
		if (arch_counter_set_hz(board_hz, entry_level))
			c->hz_set = board_hz;
	}
	c->hz = arch_counter_hz();
#ifndef COUNTER_MUTANT_TRUST /* host-counter: the old rule, present = runs */
	c->runs = advances(&t0);
#else
	t0 = arch_counter();
	c->runs = true;
#endif
	c->stuck_at = c->runs ? 0 : t0;
	return c->runs;
}

void deadline_start(struct deadline *d, unsigned ms)
{
	d->hz_ms = counter_state.runs ? counter_state.hz / 1000 : 0;
	d->polls = d->same = 0;
	if (d->hz_ms) {
		d->last = arch_counter();
		d->end = d->last / d->hz_ms + ms;
	} else
		d->end = (uint64_t)ms * DEADLINE_POLLS_PER_MS;
}

bool deadline_passed(struct deadline *d)
{
	uint64_t now;

	if (!d->hz_ms)
		return ++d->polls >= d->end;
	now = arch_counter();
#ifndef COUNTER_MUTANT_TRUST
	if (now == d->last) {
		if (++d->same >= DEADLINE_STALL_POLLS)
			return true; /* the counter stopped during the wait */
	} else
		d->last = now, d->same = 0;
#endif
	return now / d->hz_ms >= d->end;
}

bool counter_times(void)
{
	return counter_state.runs && counter_state.hz >= 1000;
}

uint64_t delay_min_ms(unsigned ms)
{
	struct deadline d;
	uint64_t n = (uint64_t)ms * DELAY_LOOPS_PER_MS;

#ifdef COUNTER_MUTANT_DELAY_POLLS /* host-counter: a deadline taken as the delay (caught) */
	uint64_t polls = 0;
	deadline_start(&d, ms);
	while (!deadline_passed(&d))
		polls++;
	return polls;
#endif
	if (counter_times()) {
		deadline_start(&d, ms + 1); /* whole milliseconds: ms + 1 lasts at least ms */
		while (!deadline_passed(&d))
			;
		if (d.same < DEADLINE_STALL_POLLS)
			return 0; /* measured; else it stopped: the loop, whole */
	}
	/* Each step depends on the one before (n through the empty asm): at
	 * least one cycle each. */
	for (uint64_t i = n; i; i--)
		__asm__ volatile("" : "+r"(i));
	return n;
}
