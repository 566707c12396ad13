/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to memtest/run.c and memtest/run_tests.c: the run's state and
 * the steps every test takes (memtest/run.c defines them).
 */
#ifndef MEMTEST_RUN_PRIV_H
#define MEMTEST_RUN_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/memtest/memtest.h"
#include "memtest/plan.h"

/* byte_lanes: non-cacheable whatever the plan, LANES_BYTES of the first
 * window of each bank (a data-mask line or a byte lane's chip serves every
 * address of the bank alike). */
#define LANES_BYTES (64u << 10)

typedef void (*engine_fn)(struct memtest *t);

extern struct memtest_plan mt_plan; /* made by memtest_run_regions() */
extern struct memtest mt_t;
extern unsigned mt_spread; /* sweeps of a test every CPU runs on its slice, 0: the boot CPU's */
extern bool mt_lanes;      /* byte_lanes is running: the non-cacheable window, LANES_BYTES */
extern bool mt_timed;      /* a test started: its finish prints its time */

/* fn over the list as the plan says: directly (cached), 1 MiB at a time
 * through a non-cacheable window, or over the fault-injected window. */
void mt_run(engine_fn fn, enum memtest_test test, struct memtest_range *list, unsigned *n);
/* A test starts (timed and counted: memtest/report.h) over size bytes of
 * RAM, to sweep `sweeps` times that (0: not known); false (SKIP or FAIL
 * said) if the plan cannot be followed. */
bool mt_start(enum memtest_test test, uint64_t size, unsigned sweeps);
/* A test ends: its time, and its TAP line fails on any error. */
void mt_finish(enum memtest_test test);

#endif
