/* SPDX-License-Identifier: BSD-2-Clause */
/* memtest_fault=alias:N over the MMU's window: memtest/fault_window.h. */
#include "memtest/fault_window.h"

#include "cache/cache.h"
#include "mmu/mmu.h"

uint64_t memtest_fault_window(const struct memtest_plan *p, struct memtest_range *r)
{
	uintptr_t w = mmu_alias_window();

	for (unsigned i = 0; w && p->fault_bit >= 0 && i < p->nall; i++) {
		uint64_t lead = -(uint64_t)p->all[i].va & (MEMTEST_FAULT_WINDOW_BYTES - 1),
			 pa = p->all[i].va + lead;
		if (lead + MEMTEST_FAULT_WINDOW_BYTES > p->all[i].size)
			continue;
		dcache_clean_inval_to_mem((uintptr_t)pa, MEMTEST_FAULT_WINDOW_BYTES);
		for (unsigned pg = 0; pg < MEMTEST_FAULT_WINDOW_BYTES / PAGE_SIZE; pg++) {
			/* page pg of the window on frame pg with bit N - PAGE_SHIFT clear */
			uint64_t frame = pg & ~((uint64_t)1 << (p->fault_bit - PAGE_SHIFT));
			if (mmu_map_page(w + pg * PAGE_SIZE, pa + frame * PAGE_SIZE, MT_NORMAL, 0))
				return 0;
		}
		*r = (struct memtest_range){ w, MEMTEST_FAULT_WINDOW_BYTES, p->all[i].bank,
					     p->all[i].bank_base };
		return pa;
	}
	return 0;
}
