/* mmu_init: layout, tables, enable. Architecture independent; see mmu.h. */
#include "mmu/mmu.h"

static struct map_region regions[MMU_MAX_REGIONS];
static unsigned nregions;

int mmu_init(const struct mem_bank *ram, unsigned nram, const struct mem_bank *nomap,
	     unsigned nnomap)
{
	int n = mmu_layout(ram, nram, nomap, nnomap, regions, MMU_MAX_REGIONS), err;

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
	int err = pgt_unmap_page(va);

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
