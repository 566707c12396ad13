/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Inside the DRAM test engine (lib/memtest/memtest*.c), not for its users:
 * lib/memtest/memtest.h is the contract.
 *
 * Memory access: mt_sync makes memory hold what the cache held for a range
 * and drops the lines (clean+invalidate to memory; nothing when uncached), so
 * the next read comes from DRAM. mt_put writes a word and syncs its line;
 * mt_get syncs, reads, syncs again (a line fetched in between, e.g. by
 * speculation, is dropped first; a later read fetches again); mt_put_line
 * writes the whole line holding va, so the last value the data bus carries
 * is v, whichever word of the burst goes last.
 *
 * Chunks (multiples of 1 KiB): mt_check_chunk verifies against a pattern
 * with the loop and reports the words of each failing KiB; mt_fill_chunk
 * fills and syncs, from the top line down if `down`. Both count the loop's
 * instructions when memtest_insn_counter is set, in one call of
 * MT_COUNT_EVERY (a sample: the PMU read costs more than a chunk's loop
 * overhead).
 *
 * Errors: mt_report counts one in t->errors[test], prints the first
 * t->max_print decoded and hands each to t->on_error; `other` is the address
 * whose write showed at va (address tests), else 0. A test stops once
 * mt_saturated says it has MT_MAX_ERRORS.
 */
#ifndef LIB_MEMTEST_PRIV_H
#define LIB_MEMTEST_PRIV_H

#include "lib/memtest/memtest.h"

#define MT_MAX_ERRORS  65536u /* per test: past this a test stops (a board full of errors) */
#define MT_COUNT_EVERY 16u    /* chunk calls per one whose loop instructions are counted */

const struct memtest_range *mt_range_of(const struct memtest *t, uintptr_t va);
bool mt_saturated(const struct memtest *t, enum memtest_test test);
void mt_report(struct memtest *t, enum memtest_test test, uintptr_t va, uint64_t expected,
	       uint64_t actual, uintptr_t other);

size_t mt_line_bytes(const struct memtest *t); /* t->line, at least one word */
/* bytes more swept (t->swept), and the progress call when it is due. */
static inline void mt_swept(struct memtest *t, size_t bytes)
{
	t->swept += bytes;
	if (t->progress && t->swept >= t->progress_at)
		t->progress(t);
}
void mt_sync(const struct memtest *t, uintptr_t va, size_t size);
void mt_put(struct memtest *t, uintptr_t va, uint64_t v);
uint64_t mt_get(struct memtest *t, uintptr_t va);
void mt_put_line(struct memtest *t, uintptr_t va, uint64_t v);

void mt_check_chunk(struct memtest *t, enum memtest_test test, uintptr_t p, size_t bytes,
		    uint64_t pattern);
void mt_fill_chunk(struct memtest *t, uintptr_t p, size_t bytes, uint64_t pattern, bool down);
/* Verifies every range of t against the random sequence from *s (as
 * memtest_random's fill left it, or the round robin's writer), reporting
 * each failing word of a KiB under test; *s ends past the last word. No
 * maintenance: the caller's sync came first. */
void mt_random_verify(struct memtest *t, enum memtest_test test, struct memtest_rng *s);

#endif
