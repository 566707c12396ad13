/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host tests of splitting a block to unmap one page of it (mmu/<arch>/
 * pgtable.c pgt_split_break / pgt_split_make, as mmu_unmap_page drives
 * them), part of tests/host/mmu/test_mmu.c's run (both of its builds): every
 * other page of the block keeps its address, type and permissions, the
 * page asked for is gone, and a split that finds no table left changes
 * nothing.
 */
#include <stdio.h>

#include "mmu/mmu.h"
#include "tests/host/common/check.h"

void test_split(void);

/* mmu_unmap_page's loop, without the publish and TLB steps (hardware). */
static int unmap_splitting(uintptr_t va, unsigned *splits)
{
	int err;

	*splits = 0;
	while ((err = pgt_split_break(va)) > 0) {
		struct mmu_attrs a;
		CHECK(!mmu_lookup(va, &a), "0x%lx still mapped between break and make",
		      (unsigned long)va);
		pgt_split_make();
		++*splits;
	}
	return err ? err : pgt_unmap_page(va);
}

/* Every page of [base, base + size) but hole maps base's PA + offset with
 * type and perm, at the leaf level (AArch64 3, ARMv7 2 where split). */
static void check_around(uint64_t base, uint64_t size, uintptr_t hole, enum mem_type type,
			 unsigned perm)
{
	unsigned bad = 0;

	for (uint64_t va = base; va < base + size; va += PAGE_SIZE) {
		struct mmu_attrs a;
		bool m = mmu_lookup((uintptr_t)va, &a);
		if (va == hole)
			bad += m;
		else
			bad += !m || a.pa != va || a.type != type || a.perm != perm;
	}
	CHECK(!bad, "%u pages of the split block wrong (hole 0x%lx)", bad, (unsigned long)hole);
}

void test_split(void)
{
#if UINTPTR_MAX > 0xffffffffu
	const unsigned want_splits = 2; /* a 1 GiB block: 2 MiB blocks, then pages */
	const uint64_t base = 0x80000000, size = 0x40000000;
#else
	const unsigned want_splits = 1; /* a section: small pages */
	const uint64_t base = 0x80000000, size = 0x100000;
#endif
	const uintptr_t hole = (uintptr_t)(base + 0x5000);
	struct map_region block = { base, size, MT_NORMAL, 0, "block" };
	struct mmu_attrs a;
	unsigned splits;

	pgt_reset();
	CHECK(pgt_map(&block) == 0, "block");
	CHECK(mmu_lookup(hole, &a) && a.level < 3, "not mapped by a block (level %u)", a.level);
	CHECK(unmap_splitting(hole, &splits) == 0, "unmap of a page inside a block");
	CHECK(splits == want_splits, "%u splits, want %u", splits, want_splits);
	/* Only the 2 MiB (ARMv7: 1 MiB) around the hole is pages now. */
	check_around(hole & ~(uintptr_t)(MMU_BLOCK == (1u << 30) ? 0x1fffff : 0xfffff),
		     MMU_BLOCK == (1u << 30) ? 0x200000 : 0x100000, hole, MT_NORMAL, 0);
	CHECK(mmu_lookup((uintptr_t)(base + size - PAGE_SIZE), &a) &&
		      a.pa == base + size - PAGE_SIZE,
	      "the block's last page lost");
	/* A second page of the same block: no split left to do. */
	CHECK(unmap_splitting(hole + 2 * PAGE_SIZE, &splits) == 0 && splits == 0,
	      "second unmap split %u times", splits);
	CHECK(!mmu_lookup(hole + 2 * PAGE_SIZE, &a), "second page still mapped");
	CHECK(unmap_splitting(0x10000000, &splits) == MMU_ERR_OVERLAP, "unmapped VA accepted");

	/* Read-only Device attributes survive a split too. */
	struct map_region dev = { base, size, MT_DEVICE, MAP_RO, "dev" };
	pgt_reset();
	CHECK(pgt_map(&dev) == 0, "device block");
	CHECK(unmap_splitting(hole, &splits) == 0, "unmap in a device block");
	check_around(hole & ~(uintptr_t)0xfffff, 0x100000, hole, MT_DEVICE, MAP_RO);

	/* No table left: refused, the block still whole. */
	pgt_reset();
	CHECK(pgt_map(&block) == 0, "block again");
	unsigned n = 0;
	for (uintptr_t va = (uintptr_t)base; n < 4096 && va < base + size;
	     va += MMU_BLOCK == (1u << 30) ? 0x200000 : 0x100000, n++) {
		int err = unmap_splitting(va, &splits);
		if (err) {
			CHECK(err == MMU_ERR_NOMEM, "error %d, want MMU_ERR_NOMEM", err);
			CHECK(mmu_lookup(va + PAGE_SIZE, &a) && a.pa == va + PAGE_SIZE,
			      "a refused split changed the map");
			break;
		}
	}
	CHECK(n < 4096, "the table pool never ran out");
	pgt_reset();
}
