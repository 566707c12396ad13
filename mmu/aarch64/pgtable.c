/*
 * AArch64 stage 1 tables, EL1&0 regime, 4 KiB granule, 48-bit VA (T0SZ 16,
 * lookup from level 0). Descriptor formats: ARM ARM DDI 0487 D8.3
 * "Translation table descriptor formats"; attributes D8.5 (MAIR, AttrIndx,
 * AP[2:1], PXN/UXN, AF, SH).
 */
#include <string.h>

#include "mmu/mmu.h"

#define PAGE 4096ull
#define ENTRIES 512
#define POOL_PAGES 48

#define DESC_VALID 1ull
#define DESC_TABLE 3ull /* levels 0-2 */
#define DESC_BLOCK 1ull /* levels 1-2 */
#define DESC_PAGE 3ull  /* level 3 */
#define DESC_ATTRIDX(i) ((uint64_t)(i) << 2)
#define DESC_AP_RO (1ull << 7)
#define DESC_SH_INNER (3ull << 8)
#define DESC_AF (1ull << 10)
#define DESC_PXN (1ull << 53)
#define DESC_UXN (1ull << 54)
#define DESC_ADDR_MASK 0x0000fffffffff000ull

/* MAIR_EL1 indexes, in the order of enum mem_type - 1. */
#define MAIR_VALUE (0x00ull | 0xffull << 8 | 0x44ull << 16) /* Device-nGnRnE, WB RW-alloc, NC */
#define ATTR_DEVICE 0
#define ATTR_NORMAL 1
#define ATTR_NORMAL_NC 2

static uint64_t pool[POOL_PAGES][ENTRIES] __attribute__((aligned(4096), section(".pgtables")));
static unsigned pool_used;

static uint64_t *root(void)
{
	return pool[0];
}

/* Not memset: newlib's uses DC ZVA, which faults on the Device memory that
 * every access is while the MMU is off (GUIDE §2.6). */
static void zero_table(uint64_t *t)
{
	for (unsigned i = 0; i < ENTRIES; i++)
		t[i] = 0;
}

void pgt_reset(void)
{
	pool_used = 1;
	zero_table(pool[0]);
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
		d |= DESC_ATTRIDX(r->type == MT_NORMAL ? ATTR_NORMAL : ATTR_NORMAL_NC) | DESC_SH_INNER;
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

static int map_level(uint64_t *table, unsigned level, uint64_t va, uint64_t end, uint64_t attrs)
{
	uint64_t size = 1ull << level_shift(level);

	while (va < end) {
		uint64_t *e = &table[(va >> level_shift(level)) & (ENTRIES - 1)];
		uint64_t next = (va & ~(size - 1)) + size;

		if (next > end)
			next = end;
		if (level == 3) {
			*e = va | attrs | DESC_PAGE;
		} else if (level >= 1 && next - va == size) {
			if ((*e & 3) == DESC_TABLE)
				return MMU_ERR_OVERLAP;
			*e = va | attrs | DESC_BLOCK;
		} else {
			uint64_t *sub;
			if (!(*e & DESC_VALID)) {
				if (!(sub = alloc_table()))
					return MMU_ERR_NOMEM;
				*e = (uintptr_t)sub | DESC_TABLE;
			} else if ((*e & 3) != DESC_TABLE) {
				return MMU_ERR_OVERLAP;
			}
			sub = (uint64_t *)(uintptr_t)(*e & DESC_ADDR_MASK);
			int err = map_level(sub, level + 1, va, next, attrs);
			if (err)
				return err;
		}
		va = next;
	}
	return 0;
}

int pgt_map(const struct map_region *r)
{
	if ((r->base | r->size) & (PAGE - 1))
		return MMU_ERR_ALIGN;
	if (r->type == MT_NONE || r->size == 0)
		return 0;
	return map_level(root(), 0, r->base, r->base + r->size, leaf_attrs(r));
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
		out->type = idx == ATTR_DEVICE ? MT_DEVICE : idx == ATTR_NORMAL ? MT_NORMAL : MT_NORMAL_NC;
		out->perm = (e & DESC_AP_RO ? MAP_RO : 0) | (e & DESC_PXN ? 0 : MAP_X);
		out->pa = (e & DESC_ADDR_MASK & ~((1ull << level_shift(level)) - 1)) | off;
		return true;
	}
	return false;
}

bool mmu_translate_hw(uintptr_t va, uint64_t *pa)
{
	uint64_t par;

	__asm__ volatile("at s1e1r, %1; isb; mrs %0, par_el1" : "=r"(par) : "r"(va) : "memory");
	if (par & 1)
		return false;
	*pa = (par & DESC_ADDR_MASK) | (va & (PAGE - 1));
	return true;
}

bool mmu_enabled(void)
{
	uint64_t sctlr;
	__asm__ volatile("mrs %0, sctlr_el1" : "=r"(sctlr));
	return sctlr & 1;
}

/*
 * Turn on: ARM ARM D8.2 / K11 "Enabling the MMU". The tables were written
 * with the D-cache off, straight to memory; invalidate their lines anyway so
 * the walker (which looks in the cache once TCR says write-back) cannot hit
 * a stale line (GUIDE §2.10). TLBs invalidated before, ISB after each step.
 */
void mmu_arch_enable(void)
{
	uint64_t parange, tcr, sctlr, ctr, line;

	__asm__ volatile("mrs %0, id_aa64mmfr0_el1" : "=r"(parange));
	parange &= 0xf;
	if (parange > 5)
		parange = 5; /* 48 bits: what a 4-level 4 KiB walk can output */
	tcr = 16                 /* T0SZ: 48-bit VA */
	      | 1ull << 8        /* IRGN0: write-back write-allocate */
	      | 1ull << 10       /* ORGN0: write-back write-allocate */
	      | 3ull << 12       /* SH0: inner shareable */
	      | 0ull << 14       /* TG0: 4 KiB */
	      | 1ull << 23       /* EPD1: no TTBR1 walks */
	      | parange << 32;   /* IPS */
	__asm__ volatile("mrs %0, ctr_el0" : "=r"(ctr));
	line = 4ull << ((ctr >> 16) & 0xf);
	for (uintptr_t a = (uintptr_t)pool; a < (uintptr_t)pool[pool_used]; a += line)
		__asm__ volatile("dc ivac, %0" ::"r"(a) : "memory");
	__asm__ volatile("dsb sy\n\t"
			 "tlbi vmalle1\n\t"
			 "dsb nsh\n\t"
			 "msr mair_el1, %0\n\t"
			 "msr tcr_el1, %1\n\t"
			 "msr ttbr0_el1, %2\n\t"
			 "isb" ::"r"(MAIR_VALUE),
			 "r"(tcr), "r"((uintptr_t)root())
			 : "memory");
	__asm__ volatile("mrs %0, sctlr_el1" : "=r"(sctlr));
	sctlr |= 1 << 0 | 1 << 2 | 1 << 12; /* M, C, I */
	__asm__ volatile("msr sctlr_el1, %0; isb" ::"r"(sctlr) : "memory");
}
