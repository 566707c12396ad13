/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Inside the parallel DRAM test (memtest/all_cpus.c, its reports
 * in memtest_cpus_report.c), not for its users: memtest_cpus.h is the
 * contract.
 *
 * One share per CPU of the DRAM test: its engine state for the current
 * call, its counts over the run, its slices, the errors it keeps for the
 * boot CPU to print. mtc_sh[k] is share k (by pointer, never by index into the
 * array: a load feeding a 64-bit multiply-accumulate is the Cortex-A53
 * erratum 835769 pair scripts/check-a53-835769.sh refuses); mtc_nshares of
 * them; mtc_parallel: more than one, and the test runs on them all.
 */
#ifndef MEMTEST_ALL_CPUS_PRIV_H
#define MEMTEST_ALL_CPUS_PRIV_H

#include <stdbool.h>

#include "lib/memtest/memtest.h"
#include "memtest/all_cpus.h"
#include "smp/smp.h"

#define MAX_SLICES 32u /* memtest/plan.h: 2 * PLAN_MAX_RANGES */
#define RR_NONE    (~0u)

struct share {
	struct memtest t;     /* this CPU's engine state for the current call */
	struct memtest total; /* its counts over the run */
	struct memtest_range slice[MAX_SLICES];
	struct memtest_error log[MEMTEST_CPUS_LOG];
	unsigned nlog, printed, cpu; /* cpu: its index in smp_info's cpu[] */
	unsigned rr_s;               /* the round robin: the slice it takes this round */
	/* The round robin as it ran, recorded by the CPU itself: the slice it
	 * verified this round, the one it wrote, the one it wrote the round
	 * before (memtest/all_cpus.c rr_check). */
	struct rr_step {
		unsigned slice; /* RR_NONE: none this round */
		uint64_t pa;    /* its first byte's physical address */
	} rr_read, rr_wrote, rr_before;
	bool pmu;                /* its PMU was started */
	const struct smp_cpu *c; /* its CPU, by pointer (see mtc_sh[] below) */
} __attribute__((aligned(128))); /* no two CPUs' counts in one line */

extern struct share **mtc_sh;
extern unsigned mtc_nshares;
extern bool mtc_parallel;

/* memtest/all_cpus_quarantine.c: a late CPU's slices kept out of every later
 * call (mtc_nquar of them; 0 at each memtest_cpus_init); fn on the boot CPU
 * over t's ranges less them. */
extern unsigned mtc_nquar;
void mtc_quarantine(const struct share *s);
void mtc_boot_only(struct memtest *t, void (*fn)(struct memtest *));

#endif
