/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The byte-lane test's narrow stores (contract: lib/memtest/memtest.h,
 * memtest_store_lanes), apart from their caller (memtest_lanes.c) so that
 * the call is one the host model can link around (-Wl,--wrap,
 * tests/host/lib/memtest/memtest_model.c): volatile 8- and 16-bit stores, one per
 * 64-bit word, never merged into wider ones.
 */
#include "lib/memtest/memtest.h"

void memtest_store_lanes(void *p, size_t bytes, uint64_t v, unsigned width, unsigned slot)
{
	uintptr_t a = (uintptr_t)p + (uintptr_t)slot * width;

	if (width == 1) {
		uint8_t b = (uint8_t)(v >> (8 * slot));
		for (size_t i = 0; i < bytes; i += 8)
			*(volatile uint8_t *)(a + i) = b;
	} else {
		uint16_t h = (uint16_t)(v >> (16 * slot));
		for (size_t i = 0; i < bytes; i += 8)
			*(volatile uint16_t *)(a + i) = h;
	}
}
