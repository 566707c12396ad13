/*
 * What the DRAM test self-tests (85_memtest.c) run over, from the memory map
 * and the command line (memtest_plan.c).
 *
 * Free RAM: every bank the board has, minus the image (with its page tables
 * and stacks), the DTB, every reserved region, and the heap up to its break
 * plus a margin; on ARMv7 nothing above 4 GiB (not mapped). While the tests
 * run the heap cannot grow past that margin (memtest_plan_end gives it back).
 *
 * Command line (boot/cmdline.h):
 *   memtest=off|quick|full   quick (default): the bus, address and size tests
 *                            over all free RAM, the March and random passes over
 *                            the first and last MiB of each free range; full:
 *                            every free byte
 *   memtest_passes=N         March and random passes (default 1, at most 64)
 *   memtest_range=BASE+SIZE  only that range (page aligned, inside free RAM, or
 *                            refused with the reason)
 *   memtest_seed=N           the random pass's seed (default 1)
 *   memtest_fade=SECONDS     bit fade: zeros, then ones, left that long
 *                            unread before the verify (1..3600; default off)
 *   memtest_cache=off        map the range non-cacheable (through the MMU's
 *                            alias window, 1 MiB at a time) instead of cleaning
 *   memtest_fault=alias:N    fault injection for the matrix: the tests run on
 *                            1 MiB of free RAM mapped so that address bit N
 *                            (12..19) is stuck low: two pages on one frame
 */
#ifndef TESTS_IMAGE_MEMTEST_PLAN_H
#define TESTS_IMAGE_MEMTEST_PLAN_H

#include <stdbool.h>

#include "lib/memtest/memtest.h"

#define PLAN_MAX_RANGES 16

enum plan_mode { PLAN_OFF, PLAN_QUICK, PLAN_FULL };

struct memtest_plan {
	enum plan_mode mode;
	bool uncached;
	int fault_bit; /* memtest_fault=alias:N, else -1 */
	unsigned passes;
	uint64_t seed;
	unsigned fade_seconds; /* memtest_fade=, 0: no bit fade */
	const char *refused;   /* why the command line cannot be followed, or NULL */
	/* all free RAM under test, and the part the March and random passes cover */
	struct memtest_range all[PLAN_MAX_RANGES], march[2 * PLAN_MAX_RANGES];
	unsigned nall, nmarch;
	uint64_t all_bytes, march_bytes;
};

/* Reads the command line and the memory map into *p, caps the heap. */
void memtest_plan_make(struct memtest_plan *p);
/* Address bit `bit` is not decoded (a write to A lands on A with that bit
 * flipped): drops from the ranges every address whose alias is memory the
 * run uses (image, DTB, heap, reserved), so no later test overwrites it. */
void memtest_plan_avoid_alias(struct memtest_plan *p, unsigned bit);
/* Gives the heap its end back. */
void memtest_plan_end(void);

#endif
