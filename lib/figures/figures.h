/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The memory system's figures (pure C: the image's selftests/figures_test.c
 * and the host tests build the same files).
 *
 *   fig_sweep()    the working sets of a sweep: from inside L1 to at least
 *                  four times the last-level cache CCSIDR reports (as
 *                  lmbench's lat_mem_rd and tinymembench sweep past the
 *                  caches), bounded by the memory there is
 *   fig_chain()    a dependent pointer chase over a buffer: pages in random
 *                  order, the lines of each page in random order, every line
 *                  once (prefetchers see no stride, the TLB one miss a page)
 *   fig_knees()    the knees of a latency curve: where ns per load rises
 *                  steeply, so a cache level ends there
 *   fig_compare()  the knees against the cache sizes the registers report
 *   fig_judge()    a measured MB/s against a reference and bus x rate
 */
#ifndef LIB_FIGURES_FIGURES_H
#define LIB_FIGURES_FIGURES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- the sweep ---- */
#define FIG_MAX_POINTS 40
#define FIG_LLC_FACTOR 4u /* the largest working set: >= 4 x the LLC */
/* The working sets, ascending, into ws[] (at most FIG_MAX_POINTS): full,
 * every power of two from 4 KiB; quick, each cache size and twice it. The
 * last is FIG_LLC_FACTOR x llc (at least 1 MiB with no cache reported), or
 * the largest power of two within avail if that is less (*short_of_ram
 * set). The count. */
unsigned fig_sweep(const uint64_t *cache, unsigned ncache, uint64_t avail, bool full, uint64_t *ws,
		   bool *short_of_ram);

/* ---- latency ---- */
/* Links buf[0 .. bytes) into one cycle of pointers, one a line (line a
 * power of two >= sizeof(void *), page a multiple of it, bytes a multiple
 * of page): pages in random order, within each its lines in random order.
 * seed: any non-zero value (xorshift64); order: room for bytes / page
 * words (the page order). At most FIG_CHAIN_MAX_LINES lines a page are
 * linked. The first pointer to follow. */
#define FIG_CHAIN_MAX_LINES 256
void *fig_chain(void *buf, size_t bytes, size_t line, size_t page, uint64_t seed, uint32_t *order);
/* Follows the chain `loads` times from p; where it stopped (keep it, so the
 * loads are not optimized away). */
void *fig_chase(void *p, uint64_t loads);

/* ---- knees ---- */
struct fig_point {
	uint64_t bytes; /* working set */
	double ns;      /* ns per load (absolute, or extra over L1) */
};
/* A step is a rise of at least FIG_STEP from one point to the next; a run
 * of such steps is a transition when it rises FIG_KNEE_RISE in all (and by
 * FIG_KNEE_MIN_NS, so that a flat curve's noise is none). Its knees: the
 * working set before each step of at least FIG_KNEE_STEP that is steeper
 * than its neighbours (two levels' transitions may touch), else before its
 * steepest step. */
#define FIG_STEP        1.2
#define FIG_KNEE_RISE   1.8
#define FIG_KNEE_MIN_NS 0.5
#define FIG_KNEE_STEP   1.5
#define FIG_MAX_KNEES   8
unsigned fig_knees(const struct fig_point *p, unsigned n, uint64_t *knee, unsigned max);
/* A knee "agrees" with a cache of size s when it lies in [s / FIG_TOL, s *
 * FIG_TOL]: one power-of-two step either way (associativity, the page
 * tables' and stack's lines, an inclusive or exclusive next level). */
#define FIG_TOL 2u
/* A level shared with CPUs busy elsewhere (bit l of `shared`: level l + 1;
 * a host's L3 under make test, other tenants of a virtual machine) holds
 * what they leave of it (4 to 16 of 32 MiB on the test host under load):
 * its knee need only lie above twice the reach of the level below
 * (FIG_TOL x 2 x its size) and below FIG_TOL x its own. A board's sweep
 * runs with the other CPUs idle: shared 0. */
/* One line per cache level into out ("L1 32 KiB by CCSIDR, knee at 32 KiB:
 * agree"; "..., no knee within 16 KiB..64 KiB: not shown"), `who` naming
 * the source ("CCSIDR", "sysfs"). Returns the number of levels not shown;
 * *first_missing the first such level's number (1-based), 0 if none. */
unsigned fig_compare(const uint64_t *cache, unsigned ncache, const uint64_t *knee, unsigned nknee,
		     const char *who, unsigned shared, char *out, size_t len,
		     unsigned *first_missing);
/* "32 KiB", "1 MiB", "512 B" */
const char *fig_size(uint64_t bytes, char buf[16]);

/* ---- the bandwidth loops (lib/figures/<arch>/loops.S) ---- */
/* p (dst, src) 64-byte aligned, bytes a non-zero multiple of 256. Writes
 * are lib/memtest's memtest_fill (stores; DC ZVA for zeros). */
void fig_read(const void *p, size_t bytes);
void fig_copy(void *dst, const void *src, size_t bytes);
/* The PMU cycle counter (only where arch_inst_retired() counts). */
uint64_t fig_cycles(void);

/* ---- the verdict ---- */
/* ddr=TYPE-RATExWIDTH (ddr3-1333x32: 1333 MT/s on a 32-bit bus): peak MB/s
 * = rate x width / 8; 0 if malformed. */
double fig_ddr_peak(const char *s);
/* The thresholds (docs/figures.md "The verdict"): below FIG_REF_MIN
 * percent of a board's published figure is a FAIL (a DRAM at a third of its
 * clock, 333 vs 1056 MHz, gives about 32%; a fill at 40% of its board's
 * figure fails too); a fill below FIG_PEAK_MIN percent of bus x rate is a
 * FAIL (published healthy fills reach 27-36% of it on the Pi 4's LPDDR4,
 * 50-70% on the H3's and Pi 3's; a third of the Pi 4's is 9%; the
 * Cubox-i4's 341 MB/s is 4% of its 64-bit DDR3-1066). */
#define FIG_REF_MIN  50.0
#define FIG_PEAK_MIN 10.0
/* Percent of ref into *pct (ref > 0), true when measured passes (>= min). */
bool fig_judge(double measured, double ref, double min_pct, double *pct);

#endif
