/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shared by the benchmarks in selftests/bench_*.c: whether to run (the
 * command line has bench=1 and the PMU counts), the CPU's name for the CSV,
 * and the cost of reading the counter, to subtract. Instructions are PMU
 * INST_RETIRED: exact and repeatable under QEMU -icount shift=0,sleep=off.
 * CSV lines: "# csv: cpu,routine,impl,bytes,instructions,mbps".
 */
#ifndef LIB_BENCH_H
#define LIB_BENCH_H

#include <stdbool.h>
#include <stdint.h>

/* True if the benchmarks should run; else why not (for skip()). Measures
 * bench_overhead on the first call. */
bool bench_enabled(const char **why);
/* The same, also true for bench=<name> (one benchmark alone, for the matrix). */
bool bench_enabled_for(const char *name, const char **why);
extern uint64_t bench_overhead;
const char *bench_cpu_name(void);

#endif
