/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Inside the DRAM stress (memtest/stress.c: the clock, the phases on each
 * CPU, the errors; memtest/stress_run.c: the plan, the layout, the
 * summary), not for its users: memtest/stress.h is the contract.
 */
#ifndef MEMTEST_STRESS_PRIV_H
#define MEMTEST_STRESS_PRIV_H

#include <stdbool.h>

#include "arch/counter.h"
#include "lib/memtest/memtest_stress.h"
#include "memtest/plan.h"

#define STRESS_MAX_NB 256u /* full blocks per CPU */
#define MIN_BLOCK     (64u << 10)
#define SPIKE_MS      100u       /* idle: many times a regulator's load-step response */
#define BARRIER_MS    120000u    /* a CPU later than this at a phase's end: given up, */
#define BARRIER_FILLS 4u         /* or than this many times the fill took, if longer */
#define LOG_MAX       8u         /* errors printed decoded */
#define SUMMARY_MAX   65536u     /* errors into the fault summary, the rest counted */
#define MAX_SLICES    32u        /* 2 * PLAN_MAX_RANGES */
#define WINDOW_BYTES  (1u << 20) /* mmu/mmu.h: the alias window */

struct stress_me {     /* one CPU's view of the clock, on its stack */
	uint64_t seen; /* the spike it last waited for */
	bool boot;
};

struct stress_run {
	struct stress s;
	struct stress_cpu *cpus, **cpu; /* by pointer: scripts/check-a53-835769.sh */
	struct stress_slot *slots;
	unsigned ncpu;
	struct memtest mt; /* the fault summary's counts */
	struct memtest_plan plan;
	struct memtest_range win, *list;
	unsigned nlist, phases, nspikes;
	uint64_t win_pa, hz, f0, c0, fill_ticks, status_ticks, next_status, spike_ticks, next_spike;
	unsigned seconds;
	double dram_mbps; /* the DRAM test's random pass on this boot, 0: none */
	struct deadline end;
	const char *who;
	bool forever, late;
	unsigned last; /* the last phase, ~0u until the boot CPU decides */
	uint64_t spike_until;
	unsigned bar_count, bar_gen, lock, bar_ms; /* bar_ms: the barriers' bound */
	struct stress_error log[LOG_MAX];
	unsigned nlog;
	uint64_t summarised, lost;
	uint64_t log_t[LOG_MAX]; /* when each logged error came, counter ticks */
};
/* From the heap, before the plan (in .bss it would be zeroed on every boot,
 * on the boot benchmark's path). */
extern struct stress_run *stress_rp;

double stress_secs(uint64_t ticks);
/* The blocks every CPU moved so far; *bytes their bytes. */
uint64_t stress_moved(uint64_t *bytes);
/* An error as the DRAM test's (pa, bank, the address a tag names). */
void stress_to_memtest(const struct stress_error *e, struct memtest_error *me);
/* memtest_cpus_each's function: one CPU's fill, phases and read-back. */
void stress_cpu_fn(unsigned k, unsigned n, bool boot_cpu, void *arg);
/* struct stress's on_error: the log and the fault summary. */
void stress_on_error(const struct stress_error *e, void *ctx);

#endif
