/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The DRAM test on every CPU at once (contract of lib/memtest/memtest_cpus.c;
 * the caller, memtest/all_cpus.c, starts the CPUs and gives each its
 * share). Pure: no CPU start, no printing, host-tested
 * (tests/host/lib/memtest/test_memtest_cpus.c).
 *
 * Slices: every range splits into n contiguous slices, one per CPU in CPU
 * order, each a multiple of MEMTEST_CHUNK (a page). A range of c chunks
 * gives each CPU c / n chunks and c % n CPUs one more; which CPUs get the
 * extra chunk goes on in turn from range to range, so that the totals per
 * CPU differ by at most one chunk (within 1% of equal once each CPU has 100
 * chunks, 400 KiB). A CPU whose slice of a range is empty has no entry for
 * it. Each CPU runs the engine's tests over its own slices with its own
 * struct memtest: its fills, its clean+invalidate by address of its own
 * lines (mt_sync: by VA to the PoC, never by set/way, which reaches only
 * the calling CPU's cache) and its verifies.
 *
 * The round-robin pass (MT_ROUND_ROBIN) over the same slices: n + 1 rounds;
 * in round r CPU k takes slice memtest_rr_slice(k, r, n) = (k - r) mod n,
 * the one CPU k - 1 took in round r - 1. memtest_rr_round(): for r > 0 it
 * drops the CPU's copies of the slice (clean+invalidate by VA: it wrote
 * none of them since its own clean) and verifies the slice against round
 * r - 1's sequence; for r < n it writes round r's sequence and cleans and
 * invalidates every chunk to memory. So every slice is written by each CPU
 * once and read from DRAM by the next: a fault that shows from one CPU
 * only (its port, its cache, its path to the controller) shows up. The
 * sequence of (round r, slice s) is the random test's (memtest.h) from
 * memtest_rr_seed(seed, r, s): a slice never holds the same words twice.
 * The caller waits for every CPU between rounds (the rounds are the
 * synchronisation: a CPU reads a slice only after its writer cleaned it).
 *
 * memtest_merge() adds one CPU's counts (errors, bytes, instructions,
 * swept) into the run's.
 */
#ifndef LIB_MEMTEST_CPUS_H
#define LIB_MEMTEST_CPUS_H

#include "lib/memtest/memtest.h"

/* CPU k's (of n) slices of in[0..nin) into out (at most max), in range
 * order; their count. */
unsigned memtest_slice(const struct memtest_range *in, unsigned nin, unsigned n, unsigned k,
		       struct memtest_range *out, unsigned max);

static inline unsigned memtest_rr_slice(unsigned k, unsigned r, unsigned n)
{
	return (k + n - r % n) % n;
}

uint64_t memtest_rr_seed(uint64_t seed, unsigned r, unsigned s);
/* One CPU's round r of n over its slice s (ranges in t->ranges, as
 * memtest_slice gave them), seeded from t->seed; errors as MT_ROUND_ROBIN. */
void memtest_rr_round(struct memtest *t, unsigned r, unsigned n, unsigned s);

void memtest_merge(struct memtest *into, const struct memtest *from);

#endif
