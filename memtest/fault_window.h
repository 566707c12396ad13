/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * memtest_fault=alias:N for the tests that run over a plan's ranges (the
 * soak): 1 MiB of free RAM mapped through the MMU's window for temporary
 * mappings (mmu/mmu.h) with address bit N stuck low, as a board whose
 * address line N is stuck would show it: two pages of the window on one
 * frame.
 */
#ifndef MEMTEST_FAULT_WINDOW_H
#define MEMTEST_FAULT_WINDOW_H

#include <stdint.h>

#include "memtest/plan.h"

#define MEMTEST_FAULT_WINDOW_BYTES (1u << 20) /* mmu/mmu.h MMU_WINDOW_SIZE */

/* Maps the window over the first free range of p that holds an aligned
 * MiB (cleaned and invalidated first: nothing dirty of it is left behind
 * the new mapping) and sets *r to the window's range. Returns the MiB's
 * physical address, or 0 when no range holds one or a page did not map. */
uint64_t memtest_fault_window(const struct memtest_plan *p, struct memtest_range *r);

#endif
