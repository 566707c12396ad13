/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * AArch64 MMU hardware: enable, state (the hardware walk is arch_va_to_pa).
 * The tables themselves are built by pgtable.c (pure C, host-tested).
 */
#include "mmu/mmu.h"

#include <stdio.h>

#include "arch/aarch64/sysreg.h"
#include "arch/cacheid.h"

bool mmu_enabled(void)
{
	return sctlr_mmu_on();
}

bool mmu_alignment_checked(void)
{
	return sctlr_align_check();
}

/*
 * Turn on: ARM ARM D8.2 / K11 "Enabling the MMU". The tables were written
 * with the D-cache off, straight to memory; invalidate their lines anyway so
 * the walker (which looks in the cache once TCR says write-back) cannot hit
 * a stale line (Linux arch/arm64/kernel/head.S invalidates its page tables
 * before enabling the MMU for the same reason). TLBs invalidated before, ISB
 * after each step.
 */
void mmu_arch_enable(void)
{
	uint64_t tcr, sctlr, line;
	uintptr_t lo, hi;

	tcr = tcr_el1_value(read_sysreg(id_aa64mmfr0_el1));
	line = 4ull << ((read_sysreg(ctr_el0) >> CTR_DMINLINE_SHIFT) & 0xf);
	pgt_pool_range(&lo, &hi);
	for (uintptr_t a = lo & ~(line - 1); a < hi; a += line)
		__asm__ volatile("dc ivac, %0" ::"r"(a) : "memory");
	dsb(sy);
	__asm__ volatile("tlbi vmalle1" ::: "memory");
	dsb(nsh);
	write_sysreg(mair_el1, MAIR_VALUE);
	write_sysreg(tcr_el1, tcr);
	write_sysreg(ttbr0_el1, pgt_root());
	isb();
	sctlr = read_sysreg(sctlr_el1) | SCTLR_M | SCTLR_C | SCTLR_I;
	sctlr &= ~(uint64_t)SCTLR_A; /* Normal memory may be accessed unaligned */
	write_sysreg(sctlr_el1, sctlr);
	isb();
}

/* ARM ARM D8.13 "TLB maintenance": DSB ISHST so the new descriptor is
 * visible, TLBI (all ASIDs, Inner Shareable), DSB ISH to complete, ISB. */
/* No AArch64 core bringup knows needs a TLB workaround chosen per system. */
void tlb_use_cpu(uint32_t midr, uint32_t revidr)
{
	(void)midr;
	(void)revidr;
}

void tlb_inval_all(void)
{
	__asm__ volatile("dsb ishst; tlbi vmalle1is; dsb ish; isb" ::: "memory");
}

void tlb_inval_va(uintptr_t va)
{
	__asm__ volatile("dsb ishst; tlbi vaae1is, %0; dsb ish; isb" ::"r"(va >> 12) : "memory");
}

/* The same TLBI without the IS: this PE's TLBs only (D8.13). */
void tlb_inval_va_local(uintptr_t va)
{
	__asm__ volatile("dsb nshst; tlbi vaae1, %0; dsb nsh; isb" ::"r"(va >> 12) : "memory");
}

void mmu_cpu_regs(uint64_t regs[MMU_CPU_REGS])
{
	regs[0] = read_sysreg(mair_el1);
	regs[1] = read_sysreg(tcr_el1);
	regs[2] = read_sysreg(ttbr0_el1);
	regs[3] = read_sysreg(sctlr_el1);
}

void mmu_describe_walks(char *buf, size_t size, uint64_t *walk_reg)
{
	static const char *const policy[] = { "non-cacheable", "write-back write-allocate",
					      "write-through", "write-back no write-allocate" };
	static const char *const share[] = { "non-shareable", "reserved shareability",
					     "outer shareable", "inner shareable" };
	uint64_t tcr = read_sysreg(tcr_el1);

	*walk_reg = tcr;
	snprintf(buf, size,
		 "inner %s, outer %s, %s; table writes need no clean (cacheable walks look up "
		 "the data caches)",
		 policy[(tcr >> TCR_IRGN0_SHIFT) & 3], policy[(tcr >> TCR_ORGN0_SHIFT) & 3],
		 share[(tcr >> TCR_SH0_SHIFT) & 3]);
}

/* Nothing to clean: TCR_EL1 makes the walks write-back cacheable, and a
 * cacheable walk looks up the data caches (ARM ARM D8.2, "Translation table
 * walks"); the DSB ISHST in tlb_inval_va() orders the descriptor write. */
void pgt_publish(uintptr_t va)
{
	(void)va;
}
