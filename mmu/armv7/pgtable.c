/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARMv7-A short-descriptor translation tables (no LPAE: Cortex-A8/A9 lack
 * it). ARM ARM DDI 0406C B3.5 "Short-descriptor translation table format":
 * L1 = 4096 entries of 1 MiB sections or pointers to 256-entry L2 tables of
 * 4 KiB small pages. TEX remap off, access flag off, domain 0 = client.
 * Memory types (B3.8.2, TEX[2:0] C B): strongly-ordered 000 0 0, Normal
 * write-back write-allocate 001 1 1, Normal non-cacheable 001 0 0.
 */
#include <stdio.h>
#include <string.h>

#include "mmu/mmu.h"

#include "arch/armv7/sysreg.h"
#include "mmu/armv7/walk.h"

#define SECTION    (1u << 20)
#define L2_ENTRIES 256
#define L2_POOL    48

#define L1_PAGE_TABLE 0x1u
#define L1_SECTION    0x2u
#define L1_TYPE_MASK  0x3u
#define SEC_B         (1u << 2)
#define SEC_C         (1u << 3)
#define SEC_XN        (1u << 4)
#define SEC_AP_RW     (1u << 10) /* AP[1:0] = 01: PL1 read/write, PL0 none */
#define SEC_APX       (1u << 15) /* AP[2]: read-only */
#define SEC_TEX(t)    ((uint32_t)(t) << 12)
#define SEC_S         (1u << 16)
#define SMALL_PAGE    0x2u
#define L2_TYPE_MASK  0x3u /* 0: fault; 1: large page; 2, 3: small page */
#define PG_XN         (1u << 0)
#define PG_B          (1u << 2)
#define PG_C          (1u << 3)
#define PG_AP_RW      (1u << 4)
#define PG_TEX(t)     ((uint32_t)(t) << 6)
#define PG_APX        (1u << 9)
#define PG_S          (1u << 10)

/*
 * The L1 table must be 16 KiB aligned (TTBR0 holds bits [31:14] of its
 * address with TTBCR.N = 0, B4.1.154). The image is position independent
 * and may run at any 4 KiB-aligned address, so a link-time alignment does
 * not survive the load: the table is placed at run time in the first
 * 16 KiB-aligned 16 KiB of a 32 KiB area (pgt_reset), and the placement is
 * checked where it is made.
 */
#define L1_ENTRIES 4096
#define L1_ALIGN   (L1_ENTRIES * 4u)
static uint32_t l1_area[2 * L1_ENTRIES] __attribute__((aligned(4096), section(".pgtables")));
static uint32_t *l1;
static uint32_t l2_pool[L2_POOL][L2_ENTRIES] __attribute__((aligned(1024), section(".pgtables")));
static unsigned l2_used;

/* Not memset: see mmu/aarch64/pgtable.c (MMU off: Device memory). */
static void zero_words(uint32_t *p, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		p[i] = 0;
}

int pgt_reset(void)
{
	uintptr_t a = ((uintptr_t)l1_area + L1_ALIGN - 1) & ~(uintptr_t)(L1_ALIGN - 1);

	l1 = (uint32_t *)a;
	l2_used = 0;
	if (a & (L1_ALIGN - 1) || l1 + L1_ENTRIES > l1_area + 2 * L1_ENTRIES)
		return MMU_ERR_ALIGN;
	zero_words(l1, L1_ENTRIES);
	return 0;
}

uintptr_t pgt_root(void)
{
	return (uintptr_t)l1;
}

void pgt_pool_range(uintptr_t *lo, uintptr_t *hi)
{
	*lo = (uintptr_t)l1, *hi = (uintptr_t)(l1 + L1_ENTRIES);
	if ((uintptr_t)l2_pool < *lo)
		*lo = (uintptr_t)l2_pool;
	if ((uintptr_t)l2_pool[l2_used] > *hi)
		*hi = (uintptr_t)l2_pool[l2_used];
}

unsigned pgt_pages_used(void)
{
	return 4 + (l2_used + 3) / 4; /* 16 KiB L1 + 1 KiB L2 tables, in pages */
}

/* Section attributes; small-page ones are derived from them (same meaning). */
static uint32_t section_attrs(const struct map_region *r)
{
	uint32_t d = SEC_AP_RW;

	if (r->type == MT_NORMAL)
		d |= SEC_TEX(1) | SEC_C | SEC_B | SEC_S;
	else if (r->type == MT_NORMAL_NC)
		d |= SEC_TEX(1) | SEC_S;
	/* MT_DEVICE: strongly-ordered, TEX 000 C 0 B 0 */
	if (r->perm & MAP_RO)
		d |= SEC_APX;
	if (!(r->perm & MAP_X) || r->type == MT_DEVICE)
		d |= SEC_XN;
	return d;
}

static uint32_t page_attrs(uint32_t s)
{
	return SMALL_PAGE | (s & SEC_XN ? PG_XN : 0) | (s & SEC_B ? PG_B : 0) |
	       (s & SEC_C ? PG_C : 0) | PG_AP_RW | PG_TEX((s >> 12) & 7) |
	       (s & SEC_APX ? PG_APX : 0) | (s & SEC_S ? PG_S : 0);
}

/* Maps [va, end) to va + off (modulo 4 GiB). */
static int map_range(uint64_t va, uint64_t end, uint32_t off, uint32_t attrs)
{
	while (va < end) {
		uint32_t *e = &l1[va >> 20];
		uint64_t next = (va & ~(uint64_t)(SECTION - 1)) + SECTION;

		if (next > end)
			next = end;
		if (!(va & (SECTION - 1)) && next - va == SECTION) {
			if ((*e & L1_TYPE_MASK) == L1_PAGE_TABLE)
				return MMU_ERR_OVERLAP;
			if (*e & L1_TYPE_MASK)
				return MMU_ERR_VALID; /* break-before-make: see mmu.h */
			*e = (uint32_t)(va + off) | attrs | L1_SECTION;
		} else {
			if ((*e & L1_TYPE_MASK) == 0) {
				if (l2_used == L2_POOL)
					return MMU_ERR_NOMEM;
				zero_words(l2_pool[l2_used], L2_ENTRIES);
				*e = (uint32_t)(uintptr_t)l2_pool[l2_used++] | L1_PAGE_TABLE;
			} else if ((*e & L1_TYPE_MASK) != L1_PAGE_TABLE) {
				return MMU_ERR_OVERLAP;
			}
			uint32_t *l2 = (uint32_t *)(uintptr_t)(*e & ~0x3ffu);
			for (; va < next; va += PAGE_SIZE) {
				uint32_t *pe = &l2[(va >> 12) & 0xff];
				if (*pe & L2_TYPE_MASK)
					return MMU_ERR_VALID; /* break-before-make: see mmu.h */
				*pe = (uint32_t)(va + off) | page_attrs(attrs);
			}
		}
		va = next;
	}
	return 0;
}

int pgt_map(const struct map_region *r)
{
	uint64_t end = r->base + r->size;

	if ((r->base | r->size) & (PAGE_SIZE - 1))
		return MMU_ERR_ALIGN;
	if (r->type == MT_NONE)
		return 0;
	if (end > (1ull << 32))
		end = 1ull << 32; /* RAM above 4 GiB is out of reach without LPAE */
	return r->base < end ? map_range(r->base, end, 0, section_attrs(r)) : 0;
}

int pgt_map_page(uintptr_t va, uint64_t pa, enum mem_type type, unsigned perm)
{
	struct map_region r = { va, PAGE_SIZE, type, perm, "page" };

	if ((va | pa) & (PAGE_SIZE - 1) || pa >> 32)
		return MMU_ERR_ALIGN;
	return map_range(va, (uint64_t)va + PAGE_SIZE, (uint32_t)pa - (uint32_t)va,
			 section_attrs(&r));
}

int pgt_unmap_page(uintptr_t va)
{
	uint32_t e = l1[va >> 20];

	if ((e & L1_TYPE_MASK) != L1_PAGE_TABLE)
		return MMU_ERR_OVERLAP;
	((uint32_t *)(uintptr_t)(e & ~0x3ffu))[(va >> 12) & 0xff] = 0;
	return 0;
}

/* The section being split: its L1 entry, and the page table entry that
 * replaces it. */
static uint32_t *split_slot, split_desc;

int pgt_split_break(uintptr_t va)
{
	uint32_t *e = &l1[va >> 20], *l2;

	if ((*e & L1_TYPE_MASK) == L1_PAGE_TABLE)
		return 0;
	if ((*e & L1_TYPE_MASK) != L1_SECTION || l2_used == L2_POOL)
		return (*e & L1_TYPE_MASK) == L1_SECTION ? MMU_ERR_NOMEM : MMU_ERR_OVERLAP;
	/* Its 256 small pages, each with the section's memory type and
	 * permissions (B3.5.1: the same fields in both descriptors). */
	l2 = l2_pool[l2_used++];
	for (unsigned i = 0; i < L2_ENTRIES; i++)
		l2[i] = ((*e & ~(SECTION - 1)) + i * PAGE_SIZE) | page_attrs(*e);
	split_slot = e;
	split_desc = (uint32_t)(uintptr_t)l2 | L1_PAGE_TABLE;
	*e = 0;
	return 1;
}

void pgt_split_make(void)
{
	*split_slot = split_desc;
}

bool mmu_lookup(uintptr_t va, struct mmu_attrs *out)
{
	uint32_t e = l1[va >> 20], s;

	memset(out, 0, sizeof(*out));
	if ((e & L1_TYPE_MASK) == L1_SECTION) {
		s = e;
		out->level = 1;
		out->pa = (e & ~(SECTION - 1)) | (va & (SECTION - 1));
	} else if ((e & L1_TYPE_MASK) == L1_PAGE_TABLE) {
		uint32_t p = ((uint32_t *)(uintptr_t)(e & ~0x3ffu))[(va >> 12) & 0xff];
		if (!(p & SMALL_PAGE))
			return false;
		/* Back to the section layout, to decode one way. */
		s = (p & PG_XN ? SEC_XN : 0) | (p & PG_B ? SEC_B : 0) | (p & PG_C ? SEC_C : 0) |
		    SEC_TEX((p >> 6) & 7) | (p & PG_APX ? SEC_APX : 0);
		out->level = 2;
		out->pa = (p & ~(PAGE_SIZE - 1)) | (va & (PAGE_SIZE - 1));
	} else {
		return false;
	}
	out->valid = true;
	if ((s & (SEC_TEX(7) | SEC_C | SEC_B)) == (SEC_TEX(1) | SEC_C | SEC_B))
		out->type = MT_NORMAL;
	else if ((s & (SEC_TEX(7) | SEC_C | SEC_B)) == SEC_TEX(1))
		out->type = MT_NORMAL_NC;
	else
		out->type = MT_DEVICE;
	out->perm = (s & SEC_APX ? MAP_RO : 0) | (s & SEC_XN ? 0 : MAP_X);
	return true;
}

uint32_t pgt_ttbr_attrs(uint32_t mpidr)
{
	return mpidr & MPIDR_MP ? TTBR_WALK_MP : TTBR_WALK_UP;
}

bool pgt_walk_coherent(uint32_t id_mmfr3)
{
	return ((id_mmfr3 >> ID_MMFR3_COHWALK_SHIFT) & 0xf) == 1;
}

void pgt_ttbr_describe(uint32_t ttbr, uint32_t mpidr, char *buf, size_t size)
{
	static const char *const policy[] = { "non-cacheable", "write-back write-allocate",
					      "write-through", "write-back no write-allocate" };
	const char *outer = policy[(ttbr >> TTBR_RGN_SHIFT) & 3];
	const char *share = ttbr & TTBR_S ? "shareable" : "non-shareable";

	if (mpidr & MPIDR_MP)
		snprintf(buf, size, "inner %s, outer %s, %s (Multiprocessing Extensions layout)",
			 policy[(ttbr & TTBR_IRGN1 ? 2 : 0) | (ttbr & TTBR_IRGN0 ? 1 : 0)], outer,
			 share);
	else
		snprintf(buf, size, "inner %s, outer %s, %s (layout without the MP Extensions)",
			 ttbr & TTBR_C ? "cacheable" : "non-cacheable", outer, share);
}
