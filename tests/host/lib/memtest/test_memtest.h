/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Shared by the files of the DRAM test engine's host test
 * (test_memtest.c: the fault sets and main; test_memtest_expect.c: what
 * each test must report, from the faults alone; test_memtest_fade.c: the
 * bit fade runs).
 */
#ifndef TESTS_HOST_LIB_MEMTEST_TEST_MEMTEST_H
#define TESTS_HOST_LIB_MEMTEST_TEST_MEMTEST_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/memtest/memtest.h"
#include "tests/host/lib/memtest/memtest_model.h"

#define FADE_RUNS 8 /* bit fade runs of each kind: the first with no leak */

/* The physical address of a word of model_buf (MODEL_PA onwards). */
uint64_t pa_of(uintptr_t va);

/* Whether memtest_random alone must report cell fault f (a stuck cell or a
 * coupling, in a set without an address fault), run from `seed`. */
bool tm_random_sees(const struct fault *f, uint64_t seed);

/* The errors each test must report for faults f[0..n) with March
 * background bg and random seed rseed, or -1 where not worked out. */
void tm_expect_errors(const struct fault *f, unsigned n, uint64_t bg, uint64_t rseed,
		      long want[MT_NTESTS]);

/* The byte-lane test against a data-mask line of each lane that does not
 * mask: how many lanes were found and decoded (8 when right). */
unsigned tm_lanes_runs(void);

/* `runs` bit fade runs, uncached (the buffer is the memory) or cached. */
void tm_fade_runs(unsigned runs, bool cached);

#endif
