/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * AArch64 stage 1 tables, EL1&0 regime, 4 KiB granule, 48-bit VA (T0SZ 16,
 * lookup from level 0). Descriptor formats: ARM ARM DDI 0487 D8.3
 * "Translation table descriptor formats"; attributes D8.5 (MAIR, AttrIndx,
 * AP[2:1], PXN/UXN, AF, SH).
 */
#include <string.h>

#include "mmu/mmu.h"

#define ENTRIES    512
#define POOL_PAGES 48

#define DESC_VALID      1ull
#define DESC_TABLE      3ull /* levels 0-2 */
#define DESC_BLOCK      1ull /* levels 1-2 */
#define DESC_PAGE       3ull /* level 3 */
#define DESC_ATTRIDX(i) ((uint64_t)(i) << 2)
#define DESC_AP_RO      (1ull << 7)
#define DESC_SH_INNER   (3ull << 8)
#define DESC_AF         (1ull << 10)
#define DESC_PXN        (1ull << 53)
#define DESC_UXN        (1ull << 54)
#define DESC_ADDR_MASK  0x0000fffffffff000ull

/* MAIR_EL1 indexes (mmu/aarch64/enable.c programs MAIR_EL1 to match). */
#define ATTR_DEVICE    0
#define ATTR_NORMAL    1
#define ATTR_NORMAL_NC 2

static uint64_t pool[POOL_PAGES][ENTRIES] __attribute__((aligned(4096), section(".pgtables")));
static unsigned pool_used;

static uint64_t *root(void)
{
	return pool[0];
}

uintptr_t pgt_root(void)
{
	return (uintptr_t)pool[0];
}

void pgt_pool_range(uintptr_t *lo, uintptr_t *hi)
{
	*lo = (uintptr_t)pool[0];
	*hi = (uintptr_t)pool[pool_used];
}

/* Not memset: newlib's uses DC ZVA, which faults on the Device memory that
 * every access is while the MMU is off (ARM ARM DDI 0487, DC ZVA in
 * chapter C5: on any type of Device memory it raises an Alignment fault). */
static void zero_table(uint64_t *t)
{
	for (unsigned i = 0; i < ENTRIES; i += 2) /* 16 bytes a store (STP) */
		t[i] = 0, t[i + 1] = 0;
}

int pgt_reset(void)
{
	pool_used = 1;
	if ((uintptr_t)pool[0] & (PAGE_SIZE - 1))
		return MMU_ERR_ALIGN; /* the image runs 4 KiB aligned, and so does the pool */
	zero_table(pool[0]);
	return 0;
}

unsigned pgt_pages_used(void)
{
	return pool_used;
}

static uint64_t *alloc_table(void)
{
	if (pool_used == POOL_PAGES)
		return NULL;
	zero_table(pool[pool_used]);
	return pool[pool_used++];
}

static uint64_t leaf_attrs(const struct map_region *r)
{
	uint64_t d = DESC_AF;

	if (r->type == MT_DEVICE)
		d |= DESC_ATTRIDX(ATTR_DEVICE);
	else
		d |= DESC_ATTRIDX(r->type == MT_NORMAL ? ATTR_NORMAL : ATTR_NORMAL_NC) |
		     DESC_SH_INNER;
	if (r->perm & MAP_RO)
		d |= DESC_AP_RO;
	if (!(r->perm & MAP_X) || r->type == MT_DEVICE)
		d |= DESC_PXN;
	return d | DESC_UXN; /* nothing runs at EL0 */
}

static unsigned level_shift(unsigned level)
{
	return 39 - 9 * level;
}

/* Maps [va, end) to va + off with leaf attributes attrs, from this level down. */
static int map_level(uint64_t *table, unsigned level, uint64_t va, uint64_t end, uint64_t off,
		     uint64_t attrs)
{
	const unsigned shift = level_shift(level);
	const uint64_t size = 1ull << shift;

	while (va < end) {
		uint64_t *e = &table[(va >> shift) & (ENTRIES - 1)];
		uint64_t next = (va & ~(size - 1)) + size;

		if (next > end)
			next = end;
		if (level == 3 || (level >= 1 && next - va == size && !(off & (size - 1)))) {
			/* A run of leaves: every whole entry left in this table and range. */
			uint64_t stop = (va | ((size << 9) - 1)) + 1,
				 type = level == 3 ? DESC_PAGE : DESC_BLOCK;
			if (stop > (end & ~(size - 1)))
				stop = end & ~(size - 1);
			for (; va < stop; va += size, e++) {
				if (level < 3 && (*e & 3) == DESC_TABLE)
					return MMU_ERR_OVERLAP;
				if (*e & DESC_VALID)
					return MMU_ERR_VALID; /* break-before-make: see mmu.h */
				*e = (va + off) | attrs | type;
			}
			continue;
		}
		uint64_t *sub;
		if (!(*e & DESC_VALID)) {
			if (!(sub = alloc_table()))
				return MMU_ERR_NOMEM;
			*e = (uintptr_t)sub | DESC_TABLE;
		} else if ((*e & 3) != DESC_TABLE) {
			return MMU_ERR_OVERLAP;
		}
		sub = (uint64_t *)(uintptr_t)(*e & DESC_ADDR_MASK);
		int err = map_level(sub, level + 1, va, next, off, attrs);
		if (err)
			return err;
		va = next;
	}
	return 0;
}

int pgt_map(const struct map_region *r)
{
	if ((r->base | r->size) & (PAGE_SIZE - 1))
		return MMU_ERR_ALIGN;
	if (r->type == MT_NONE || r->size == 0)
		return 0;
	return map_level(root(), 0, r->base, r->base + r->size, 0, leaf_attrs(r));
}

int pgt_map_page(uintptr_t va, uint64_t pa, enum mem_type type, unsigned perm)
{
	struct map_region r = { va, PAGE_SIZE, type, perm, "page" };

	if ((va | pa) & (PAGE_SIZE - 1))
		return MMU_ERR_ALIGN;
	return map_level(root(), 0, va, va + PAGE_SIZE, pa - va, leaf_attrs(&r));
}

int pgt_unmap_page(uintptr_t va)
{
	uint64_t *table = root();

	for (unsigned level = 0; level < 3; level++) {
		uint64_t e = table[(va >> level_shift(level)) & (ENTRIES - 1)];
		if ((e & 3) != DESC_TABLE)
			return MMU_ERR_OVERLAP; /* not mapped by a page */
		table = (uint64_t *)(uintptr_t)(e & DESC_ADDR_MASK);
	}
	table[(va >> 12) & (ENTRIES - 1)] = 0;
	return 0;
}

/* The block being split: its entry, and the table entry that replaces it. */
static uint64_t *split_slot, split_desc;

int pgt_split_break(uintptr_t va)
{
	uint64_t *table = root();

	for (unsigned level = 0; level < 3; level++) {
		uint64_t *e = &table[(va >> level_shift(level)) & (ENTRIES - 1)];
		if (!(*e & DESC_VALID))
			return MMU_ERR_OVERLAP;
		if ((*e & 3) == DESC_TABLE) {
			table = (uint64_t *)(uintptr_t)(*e & DESC_ADDR_MASK);
			continue;
		}
		/* A block at level 1 or 2: its 512 parts one level down, each
		 * with the block's attributes (D8.3: the same upper and lower
		 * attributes in block and page descriptors). */
		uint64_t *sub = alloc_table(), step = 1ull << level_shift(level + 1);
		uint64_t attrs = *e & ~DESC_ADDR_MASK & ~3ull, pa = *e & DESC_ADDR_MASK;
		if (!sub)
			return MMU_ERR_NOMEM;
		for (unsigned i = 0; i < ENTRIES; i++)
			sub[i] =
				(pa + i * step) | attrs | (level + 1 == 3 ? DESC_PAGE : DESC_BLOCK);
		split_slot = e;
		split_desc = (uintptr_t)sub | DESC_TABLE;
		*e = 0;
		return 1;
	}
	return 0;
}

void pgt_split_make(void)
{
	*split_slot = split_desc;
}

bool mmu_lookup(uintptr_t va, struct mmu_attrs *out)
{
	const uint64_t *table = root();

	memset(out, 0, sizeof(*out));
	for (unsigned level = 0; level <= 3; level++) {
		uint64_t e = table[(va >> level_shift(level)) & (ENTRIES - 1)];
		bool leaf = level == 3 || (e & 3) == DESC_BLOCK;

		if (!(e & DESC_VALID) || (level == 3 && (e & 3) != DESC_PAGE))
			return false;
		if (!leaf) {
			table = (const uint64_t *)(uintptr_t)(e & DESC_ADDR_MASK);
			continue;
		}
		unsigned idx = (e >> 2) & 7;
		uint64_t off = va & ((1ull << level_shift(level)) - 1);
		out->valid = true;
		out->level = level;
		out->type = idx == ATTR_DEVICE   ? MT_DEVICE
			    : idx == ATTR_NORMAL ? MT_NORMAL
						 : MT_NORMAL_NC;
		out->perm = (e & DESC_AP_RO ? MAP_RO : 0) | (e & DESC_PXN ? 0 : MAP_X);
		out->pa = (e & DESC_ADDR_MASK & ~((1ull << level_shift(level)) - 1)) | off;
		return true;
	}
	return false;
}
