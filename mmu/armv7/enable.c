/*
 * ARMv7-A MMU hardware: enable, state, and the hardware walk (ATS1CPR).
 * The tables themselves are built by pgtable.c (pure C, host-tested).
 */
#include "mmu/mmu.h"

#include "cache/cache.h"

#define PAGE 4096u

bool mmu_translate_hw(uintptr_t va, uint64_t *pa)
{
	uint32_t par;

	__asm__ volatile(
		"mcr p15, 0, %1, c7, c8, 0; isb; mrc p15, 0, %0, c7, c4, 0" /* ATS1CPR, PAR */
		: "=r"(par)
		: "r"(va)
		: "memory");
	if (par & 1)
		return false;
	*pa = (par & ~(PAGE - 1)) | (va & (PAGE - 1));
	return true;
}

bool mmu_enabled(void)
{
	uint32_t sctlr;
	__asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(sctlr));
	return sctlr & 1;
}

bool mmu_alignment_checked(void)
{
	uint32_t sctlr;
	__asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(sctlr));
	return sctlr & 2;
}

/*
 * Turn on (ARM ARM B3.2 / B2.2.9): tables written with the caches off go
 * straight to memory; invalidate their lines anyway (GUIDE §2.10), then
 * TLBIALL, DACR client, TTBCR 0 (TTBR0 for all, no LPAE), TTBR0 with
 * inner/outer write-back walks, ISB, then SCTLR M, C, I, Z.
 */
/* Cortex-A5/A7/A9/A12/A15/A17: ACTLR.SMP (bit 6) must be set before the
 * caches are on for them to take part in coherency (each core's TRM). */
static void set_actlr_smp(void)
{
	uint32_t midr, actlr, part;

	__asm__ volatile("mrc p15, 0, %0, c0, c0, 0" : "=r"(midr));
	part = (midr >> 4) & 0xfff;
	if ((midr >> 24) != 0x41 || part < 0xc05 || part > 0xc0f)
		return;
	__asm__ volatile("mrc p15, 0, %0, c1, c0, 1" : "=r"(actlr));
	if (!(actlr & (1u << 6)))
		__asm__ volatile("mcr p15, 0, %0, c1, c0, 1; isb" ::"r"(actlr | 1u << 6));
}

void mmu_arch_enable(void)
{
	uint32_t ctr, line, sctlr;
	uintptr_t lo, hi;

	set_actlr_smp();
	__asm__ volatile("mrc p15, 0, %0, c0, c0, 1" : "=r"(ctr));
	line = 4u << ((ctr >> 16) & 0xf);
	pgt_pool_range(&lo, &hi);
	for (uintptr_t a = lo & ~(uintptr_t)(line - 1); a < hi; a += line)
		__asm__ volatile("mcr p15, 0, %0, c7, c6, 1" ::"r"(a) : "memory"); /* DCIMVAC */
	__asm__ volatile("dsb\n\t"
			 "mcr p15, 0, %0, c8, c7, 0\n\t" /* TLBIALL */
			 "mcr p15, 0, %1, c3, c0, 0\n\t" /* DACR: domain 0 client */
			 "mcr p15, 0, %0, c2, c0, 2\n\t" /* TTBCR = 0 */
			 "mcr p15, 0, %2, c2, c0, 0\n\t" /* TTBR0 */
			 "dsb\n\t"
			 "isb" ::"r"(0),
			 "r"(1), "r"((uint32_t)pgt_root() | 0x4a) /* IRGN 01, RGN 01, S */
			 : "memory");
	__asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(sctlr));
	sctlr |= 1u << 0 | 1u << 2 | 1u << 11 | 1u << 12; /* M, C, Z, I */
	sctlr &= ~(1u << 1); /* A: Normal memory may be accessed unaligned */
	__asm__ volatile("mcr p15, 0, %0, c1, c0, 0; isb" ::"r"(sctlr) : "memory");
}

/* ARM ARM B3.10 "TLB maintenance requirements": DSB so the descriptor write
 * is visible, TLBIALL / TLBIMVA (global mappings: any ASID matches; both
 * exist without the MP extensions), BPIALL, DSB, ISB. */
void tlb_inval_all(void)
{
	__asm__ volatile("dsb\n\t"
			 "mcr p15, 0, %0, c8, c7, 0\n\t"
			 "mcr p15, 0, %0, c7, c5, 6\n\t"
			 "dsb\n\t"
			 "isb" ::"r"(0)
			 : "memory");
}

void tlb_inval_va(uintptr_t va)
{
	__asm__ volatile("dsb\n\t"
			 "mcr p15, 0, %0, c8, c7, 1\n\t"
			 "mcr p15, 0, %1, c7, c5, 6\n\t"
			 "dsb\n\t"
			 "isb" ::"r"(va & ~0xfffu),
			 "r"(0)
			 : "memory");
}

/* ARMv7 walks need not look in the L1 D-cache (ID_MMFR3.CohWalk is
 * optional; Cortex-A9's do not): clean the L1 entry for va and, if it points
 * to a page table, that whole 1 KiB table (it may have just been zeroed),
 * to PoU. tlb_inval_va()'s DSB then orders it before the TLB maintenance. */
void pgt_publish(uintptr_t va)
{
	const uint32_t *l1 = (const uint32_t *)pgt_root(), *e = &l1[va >> 20];

	dcache_clean_pou((uintptr_t)e, sizeof(*e));
	if ((*e & 3) == 1)
		dcache_clean_pou(*e & ~0x3ffu, 1024);
}
