/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The memory figures' measurements (selftests/figures_run.c), shared by the
 * tests of selftests/figures_test.c. Each point: bytes moved (or loads),
 * retired instructions and cycles (PMU; 0 where it counts nothing), generic
 * counter ticks, and MB/s (or ns per load) from the ticks.
 */
#ifndef SELFTESTS_FIGURES_RUN_H
#define SELFTESTS_FIGURES_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum fig_kind { FIG_READ, FIG_WRITE, FIG_ZERO, FIG_COPY, FIG_KINDS };
extern const char *const fig_kind_name[FIG_KINDS];

struct fig_meas {
	uint64_t bytes, insns, cycles, ticks;
	double value; /* MB/s, or ns per load */
};

/* The run's mode from figures= (and bench=mem: full): false for off. */
bool figures_mode(bool *full, bool *icount);
/* The data and unified cache sizes CCSIDR reports, L1 first; the count. */
unsigned figures_caches(uint64_t *cache);
/* Free heap bytes for the sweep's buffers. */
uint64_t figures_avail(void);
/* Whether the PMU counts instructions (and then cycles). */
bool figures_pmu(void);
/* One CPU, kind over [buf, buf + ws) (copy: ws / 2 each way) once after a
 * warming pass; figures=full repeats it to at least FIG_MIN_BYTES. */
void figures_bw(enum fig_kind k, void *buf, uint64_t ws, struct fig_meas *m);
/* Every online CPU at once over its own ws buffer: the SoC's MB/s into
 * m->value (bytes of all over the span from the first start to the last
 * end); the CPUs in *cpus. False if the buffers do not fit. */
bool figures_bw_all(enum fig_kind k, uint64_t ws, struct fig_meas *m, unsigned *cpus);
/* The pointer chase over ws of buf (order: ws / 4096 words). */
void figures_lat(void *buf, uint32_t *order, uint64_t ws, struct fig_meas *m);
/* Under QEMU -icount shift=0 (1 ns an instruction): the ticks' time is
 * the instructions' to one tick and the reads' few instructions; false
 * with the two in why. */
bool figures_exact(const struct fig_meas *m, char *why, size_t n);

/* The one-CPU figures at the largest working set (DRAM), for the verdict:
 * 0 when not measured. */
extern double figures_dram[FIG_KINDS];
extern uint64_t figures_dram_ws;

#define FIG_MIN_BYTES (4u << 20)

#endif
