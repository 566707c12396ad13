/*
 * AArch64 MMU hardware: enable, state, and the hardware walk (AT S1E1R).
 * The tables themselves are built by pgtable.c (pure C, host-tested).
 */
#include "mmu/mmu.h"

#define PAGE           4096ull
#define DESC_ADDR_MASK 0x0000fffffffff000ull
/* MAIR_EL1: index 0 Device-nGnRnE, 1 Normal WB read/write-allocate, 2 Normal NC
 * (the AttrIndx values pgtable.c writes). */
#define MAIR_VALUE (0x00ull | 0xffull << 8 | 0x44ull << 16)

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

bool mmu_alignment_checked(void)
{
	uint64_t sctlr;
	__asm__ volatile("mrs %0, sctlr_el1" : "=r"(sctlr));
	return sctlr & 2;
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
	uintptr_t lo, hi;

	__asm__ volatile("mrs %0, id_aa64mmfr0_el1" : "=r"(parange));
	parange &= 0xf;
	if (parange > 5)
		parange = 5;   /* 48 bits: what a 4-level 4 KiB walk can output */
	tcr = 16               /* T0SZ: 48-bit VA */
	      | 1ull << 8      /* IRGN0: write-back write-allocate */
	      | 1ull << 10     /* ORGN0: write-back write-allocate */
	      | 3ull << 12     /* SH0: inner shareable */
	      | 0ull << 14     /* TG0: 4 KiB */
	      | 1ull << 23     /* EPD1: no TTBR1 walks */
	      | parange << 32; /* IPS */
	__asm__ volatile("mrs %0, ctr_el0" : "=r"(ctr));
	line = 4ull << ((ctr >> 16) & 0xf);
	pgt_pool_range(&lo, &hi);
	for (uintptr_t a = lo & ~(line - 1); a < hi; a += line)
		__asm__ volatile("dc ivac, %0" ::"r"(a) : "memory");
	__asm__ volatile("dsb sy\n\t"
			 "tlbi vmalle1\n\t"
			 "dsb nsh\n\t"
			 "msr mair_el1, %0\n\t"
			 "msr tcr_el1, %1\n\t"
			 "msr ttbr0_el1, %2\n\t"
			 "isb" ::"r"(MAIR_VALUE),
			 "r"(tcr), "r"(pgt_root())
			 : "memory");
	__asm__ volatile("mrs %0, sctlr_el1" : "=r"(sctlr));
	sctlr |= 1 << 0 | 1 << 2 | 1 << 12; /* M, C, I */
	sctlr &= ~(uint64_t)(1 << 1);       /* A: Normal memory may be accessed unaligned */
	__asm__ volatile("msr sctlr_el1, %0; isb" ::"r"(sctlr) : "memory");
}

/* ARM ARM D8.13 "TLB maintenance": DSB ISHST so the new descriptor is
 * visible, TLBI (all ASIDs, Inner Shareable), DSB ISH to complete, ISB. */
void tlb_inval_all(void)
{
	__asm__ volatile("dsb ishst; tlbi vmalle1is; dsb ish; isb" ::: "memory");
}

void tlb_inval_va(uintptr_t va)
{
	__asm__ volatile("dsb ishst; tlbi vaae1is, %0; dsb ish; isb" ::"r"(va >> 12) : "memory");
}

/* Nothing to clean: TCR_EL1 makes the walks write-back cacheable, and a
 * cacheable walk looks up the data caches (ARM ARM D8.2, "Translation table
 * walks"); the DSB ISHST in tlb_inval_va() orders the descriptor write. */
void pgt_publish(uintptr_t va)
{
	(void)va;
}
