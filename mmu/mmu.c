/* SPDX-License-Identifier: BSD-2-Clause */
/* mmu_init: layout, tables, enable. Architecture independent; see mmu.h. */
#include "mmu/mmu.h"

static struct map_region regions[MMU_MAX_REGIONS];
static unsigned nregions;

int mmu_init(const struct mem_bank *ram, unsigned nram, const struct mem_bank *nomap,
	     unsigned nnomap, const struct mem_bank *dev, unsigned ndev)
{
	int n = mmu_layout(ram, nram, nomap, nnomap, dev, ndev, regions, MMU_MAX_REGIONS), err;

	if (n < 0)
		return n;
	nregions = (unsigned)n;
	if ((err = pgt_reset()) != 0)
		return err;
	for (unsigned i = 0; i < nregions; i++)
		if ((err = pgt_map(&regions[i])) != 0)
			return err;
	mmu_arch_enable();
	return 0;
}

/* The parts of [lo, hi) no region of the sorted list covers, mapped Device
 * and added to it. New entries where there were none: no break-before-make
 * (ARM ARM DDI 0487 D8.16.1 is about replacing valid entries). */
static int map_uncovered(uint64_t lo, uint64_t hi)
{
	int err;

	for (unsigned i = 0; i <= nregions && lo < hi; i++) {
		uint64_t next = i < nregions ? regions[i].base : hi, end = next < hi ? next : hi;
		if (lo < end) {
			struct map_region r = { lo, end - lo, MT_DEVICE, 0, "device (tree)" };
			if ((err = pgt_map(&r)) ||
			    (err = region_overlay(regions, &nregions, MMU_MAX_REGIONS, r)))
				return err;
			pgt_publish((uintptr_t)r.base);
			i++; /* the region just added sits at i now */
		}
		if (i < nregions && regions[i].base + regions[i].size > lo)
			lo = regions[i].base + regions[i].size;
	}
	return 0;
}

int mmu_add_devices(const struct mem_bank *ram, unsigned nram, const struct mem_bank *dev,
		    unsigned ndev)
{
	uint64_t w;
	int err;

	for (unsigned i = 0; sizeof(uintptr_t) > 4 && i < ndev; i++) {
		uint64_t lo = dev[i].base, hi = dev[i].base + dev[i].size;
		if (lo < MMU_DEVICE_SPACE_END)
			lo = MMU_DEVICE_SPACE_END;
		if (hi > MMU_VA_END || hi < dev[i].base)
			hi = MMU_VA_END;
		if (lo < hi && (err = map_uncovered(lo, hi)))
			return err;
	}
	tlb_inval_all();
	w = mmu_choose_window(ram, nram, dev, ndev);
	if (sizeof(uintptr_t) > 4 && w) /* nothing is mapped in the window yet: it may move */
		mmu_set_window((uintptr_t)w);
	else if (!w || w != mmu_alias_window()) /* ARMv7: carved at mmu_init, from the same list */
		return MMU_ERR_WINDOW;
	return 0;
}

const struct map_region *mmu_regions(unsigned *n)
{
	*n = nregions;
	return regions;
}

int mmu_map_page(uintptr_t va, uint64_t pa, enum mem_type type, unsigned perm)
{
	int err = pgt_map_page(va, pa, type, perm);

	if (err)
		return err;
	pgt_publish(va);
	tlb_inval_va(va);
	return 0;
}

int mmu_unmap_page(uintptr_t va)
{
	int err;

	while ((err = pgt_split_break(va)) > 0) { /* a block maps it: see mmu.h */
		pgt_publish(va);
		tlb_inval_va(va);
		pgt_split_make();
		pgt_publish(va);
	}
	if (!err)
		err = pgt_unmap_page(va);
	if (err)
		return err;
	pgt_publish(va);
	tlb_inval_va(va);
	return 0;
}

/* Break-before-make: the old entry invalid and its TLB entries gone (both
 * in mmu_unmap_page) before the new one is written. */
int mmu_remap_page(uintptr_t va, uint64_t pa, enum mem_type type, unsigned perm)
{
	int err = mmu_unmap_page(va);

	return err ? err : mmu_map_page(va, pa, type, perm);
}
