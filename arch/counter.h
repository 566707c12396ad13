/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The free-running counter as bringup's waits see it, and the one bounded
 * wait every timeout uses (CPU start and SMP work in smp/, the DRAM
 * test's bit fade, any other).
 *
 * "Has a counter" means it advances: a system counter that is present but
 * stopped (common after an EL3 cold reset, when no firmware enabled the
 * counter module: ARM ARM DDI 0487, "The system counter", CNTCR.EN) reads
 * the same value for ever, and a wait on it would never end. So
 * counter_start() reads it until it changes, at most COUNTER_PROBE_READS
 * times, once; a deadline then counts counter ticks when it runs and its
 * frequency is known, else polls (DEADLINE_POLLS_PER_MS: the bound holds,
 * its length is a guess). A counter that stops during a wait ends it after
 * DEADLINE_STALL_POLLS reads of one value.
 *
 * Before counter_start() every deadline counts polls.
 */
#ifndef ARCH_COUNTER_H
#define ARCH_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

#define COUNTER_PROBE_READS   1000000u
#define DEADLINE_POLLS_PER_MS 1000u
#define DEADLINE_STALL_POLLS  1000000u

struct counter_state {
	bool present;        /* arch_counter_init found one */
	bool module_started; /* counter_module_start wrote the platform's module */
	bool runs;           /* it advanced within COUNTER_PROBE_READS reads */
	uint64_t stuck_at;   /* the value it kept, if it did not */
	uint32_t hz;         /* its frequency (0: not known, e.g. the A9 global timer) */
	uint32_t hz_set;     /* the frequency bringup programmed (CNTFRQ read 0), or 0 */
	uint32_t hz_wanted;  /* the board's frequency when CNTFRQ read 0, else 0 */
};
extern struct counter_state counter_state;

/*
 * Starts the counter (arch_counter_init), programs its frequency from the
 * board (the tree's timer clock-frequency, else the platform's) where it
 * reads 0 and bringup may write it (arch_counter_set_hz: AArch64 entered at
 * EL3), and checks once that it advances. Returns counter_state.runs.
 */
bool counter_start(uint64_t a9_periphbase, uint32_t board_hz, unsigned entry_level);

/*
 * A platform's counter module: the writes that start a system counter no
 * firmware started (e.g. the BCM2836 ARM-local block's timer control and
 * prescaler, which the Raspberry Pi firmware's armstub programs; with the
 * prescaler at its reset value the counter does not move). Platform data
 * (board/platform.h); n 0: none.
 */
#define COUNTER_MODULE_WRITES 2
struct counter_module {
	uint64_t base;
	unsigned n;
	struct {
		uint32_t off, val;
	} w[COUNTER_MODULE_WRITES];
};
/*
 * counter_module_start(): only when bringup is the firmware (entered at
 * the highest exception level: arch_is_firmware) and the counter does not
 * advance within COUNTER_PROBE_READS reads, the module's writes, in order
 * (32-bit, to base + off). Call it with the MMU off or the module mapped
 * as Device. Returns whether it wrote (counter_state.module_started);
 * counter_start() then checks again, as always.
 */
bool counter_module_start(const struct counter_module *m, unsigned entry_level);

struct deadline {
	uint64_t end, polls, last, same;
	uint32_t hz_ms; /* counter ticks per millisecond, 0: count polls */
};
/* A deadline ms milliseconds from now; deadline_passed() is true once it
 * has passed (or the bound on polls or on a stalled counter is reached). */
void deadline_start(struct deadline *d, unsigned ms);
bool deadline_passed(struct deadline *d);

/*
 * A deadline is an upper bound on a wait, not a length of time: counting
 * polls (no running counter, or no frequency) it may pass after tens of
 * microseconds. counter_times(): whether deadlines measure time (the
 * counter runs and its frequency is known); a run length (burnin=SECONDS)
 * needs it. delay_min_ms(): a minimum delay, at least ms milliseconds (a
 * rail's settle time, Linux's mdelay): the running counter's ticks, else a
 * loop of DELAY_LOOPS_PER_MS dependent steps per millisecond, each at
 * least one cycle on any core up to 4 GHz (so on a slower core it lasts
 * longer, never shorter). Returns the loop's steps (0: the counter
 * measured it).
 */
#define DELAY_LOOPS_PER_MS 4000000u
bool counter_times(void);
uint64_t delay_min_ms(unsigned ms);

#endif
