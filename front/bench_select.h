/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which benchmarks the command line asks for: bench=1 all of them,
 * bench=NAME that one alone (the names: the table's bench entry,
 * front/options_table.c). selftests/bench.c adds whether the PMU counts.
 */
#ifndef FRONT_BENCH_SELECT_H
#define FRONT_BENCH_SELECT_H

#include <stdbool.h>

/* name: the benchmark's own name, or NULL for one that runs only with bench=1. */
bool bench_selected(const char *name);

#endif
