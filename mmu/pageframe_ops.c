/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The image's side of mmu/pageframe.h: the ops the policy calls (cache/ by
 * address through the identity map, mmu/ page map and unmap) and the table
 * set up on first use.
 *
 * Why on first use and not in boot_main(): nothing before the self-tests
 * needs the table, and calloc'ing and zeroing it (4 bytes per frame: 256 KiB
 * for 256 MiB of RAM) before the first TAP line would cost the boot
 * benchmark more than its remaining budget. boot_main() registers the set-up
 * after mmu_init() and the heap, so the first caller finds both.
 */
#include "mmu/pageframe.h"

#include "arch/sysreg.h"
#include "cache/cache.h"
#include "mmu/mmu.h"

/*
 * A DSB before the I-side: with IDC set the D-clean (which ends in a DSB) is
 * skipped, and the stores that wrote the frame must still be complete before
 * the I-cache is invalidated. The ARM ARM's sequence for new instructions is
 * DC CVAU; DSB ISH; IC IVAU; DSB ISH; ISB, and with IDC only the DC goes
 * (DDI 0487, "Synchronization and coherency issues between data and
 * instruction accesses"). ARMv7 takes the same inner-shareable DSB (DDI 0406C
 * A8.8.44 DSB ISH; Linux arch/arm/mm/cache-v7.S v7_coherent_user_range:
 * "dsb ishst" after the D-clean, "dsb ish" after the I-invalidate).
 */

static void clean_pou(uint64_t frame)
{
	dcache_clean_pou((uintptr_t)frame, PAGE_SIZE);
}

static void inval_pou(uint64_t frame)
{
	dsb(ish);
	icache_inval_pou((uintptr_t)frame, PAGE_SIZE);
}

static void inval_all(void)
{
	dsb(ish);
	icache_inval_all();
}

static int map(uintptr_t va, uint64_t frame, unsigned kind)
{
	return mmu_map_page(va, frame, MT_NORMAL, kind == PF_MAP_EXEC ? MAP_RO | MAP_X : MAP_RO);
}

static int unmap(uintptr_t va)
{
	return mmu_unmap_page(va);
}

/* Only read-only Normal pages can be ours (the identity map of RAM is
 * writable, or is image text). */
static bool lookup(uintptr_t va, uint64_t *frame, unsigned *kind)
{
	struct mmu_attrs at;

	if (!mmu_lookup(va, &at) || !at.valid || at.type != MT_NORMAL || !(at.perm & MAP_RO))
		return false;
	*frame = at.pa & ~(uint64_t)(PAGE_SIZE - 1);
	*kind = at.perm & MAP_X ? PF_MAP_EXEC : PF_MAP_ALIAS;
	return true;
}

static const struct pageframe_ops image_ops = {
	.dcache_clean_pou = clean_pou,
	.icache_inval_pou = inval_pou,
	.icache_inval_all = inval_all,
	.map = map,
	.unmap = unmap,
	.lookup = lookup,
};

void pageframe_image_setup(const struct mem_bank *ram, unsigned nram)
{
	struct pageframe_cpu cpu;

#ifdef __aarch64__
	pageframe_cpu_from_cache(&cache_info, true, &cpu);
#else
	pageframe_cpu_from_cache(&cache_info, false, &cpu);
#endif
	pageframe_defer_init(ram, nram, &image_ops, &cpu);
}
