/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the DRAM test self-tests (selftests/memtest_test.c) run over, from the
 * memory map and the command line (memtest_plan.c).
 *
 * Free RAM: every bank the board has, minus the image (with its page tables
 * and stacks), the DTB, every reserved region, and the heap up to its break
 * plus a margin; on ARMv7 nothing above 4 GiB (not mapped). While the tests
 * run the heap cannot grow past that margin (memtest_plan_end gives it back).
 *
 * The command line: the memtest and memtest_* keys of the option table
 * (front/options_table.c; README lists them). A refused value (it does not
 * parse or is out of range) refuses the plan, named as given: the tests do
 * not run on a guess.
 */
#ifndef MEMTEST_PLAN_H
#define MEMTEST_PLAN_H

#include <stdbool.h>

#include "board/discover.h"
#include "lib/memtest/memtest.h"

#define PLAN_MAX_RANGES 16

enum plan_mode { PLAN_OFF, PLAN_QUICK, PLAN_FULL };

struct memtest_plan {
	enum plan_mode mode;
	bool uncached;
	int fault_bit;   /* memtest_fault=alias:N, else -1 */
	unsigned passes; /* of each test, at least 1 */
	bool soak;       /* memtest_passes=0: then passes until reset (memtest/soak.c) */
	uint64_t seed;
	unsigned fade_seconds; /* memtest_fade=, 0: no bit fade */
	const char *refused;   /* why the command line cannot be followed, or NULL */
	/* all free RAM under test, and the part the March and random passes cover */
	struct memtest_range all[PLAN_MAX_RANGES], march[2 * PLAN_MAX_RANGES];
	unsigned nall, nmarch;
	uint64_t all_bytes, march_bytes;
};

/* Reads the command line and the memory map of hw (the board, its DTB;
 * heap_base: where the heap starts) into *p, caps the heap. */
void memtest_plan_make(struct memtest_plan *p, const struct discovery *hw, uintptr_t heap_base);
/* Address bit `bit` is not decoded (a write to A lands on A with that bit
 * flipped): drops from the ranges every address whose alias is memory the
 * run uses (image, DTB, heap, reserved), so no later test overwrites it. */
void memtest_plan_avoid_alias(struct memtest_plan *p, unsigned bit);
/* Gives the heap its end back. */
void memtest_plan_end(void);

#endif
