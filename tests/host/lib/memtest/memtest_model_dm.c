/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The DRAM model's data-mask line that does not mask (tests/host/lib/memtest/memtest_model.h,
 * model_dm_unmasked): the engine's narrow stores (lib/memtest/memtest_narrow.c)
 * reach this wrapper (-Wl,--wrap=memtest_store_lanes, tests/host/lib/memtest/memtest.mk),
 * which does them and then writes the lane whose mask does not hold. Only
 * meaningful uncached, where the buffer is the memory.
 */
#include <stddef.h>
#include <stdint.h>

#include "tests/host/lib/memtest/memtest_model.h"

static int dm_lane = -1;

void model_dm_unmasked(int lane)
{
	dm_lane = lane;
}

void __real_memtest_store_lanes(void *p, size_t bytes, uint64_t v, unsigned width, unsigned slot);

/* The engine's narrow stores, then the lane whose mask does not hold: in
 * every word whose stored bytes miss it, it gets the stored data as the bus
 * carried it (replicated). */
void __wrap_memtest_store_lanes(void *p, size_t bytes, uint64_t v, unsigned width, unsigned slot)
{
	__real_memtest_store_lanes(p, bytes, v, width, slot);
	if (dm_lane < 0 || (unsigned)dm_lane / width == slot)
		return;
	uint8_t data = (uint8_t)(v >> (8 * (width * slot + (unsigned)dm_lane % width)));
	for (size_t i = 0; i < bytes; i += 8)
		((volatile uint8_t *)p)[i + (unsigned)dm_lane] = data;
}
