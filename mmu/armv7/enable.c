/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARMv7-A MMU hardware: enable, state (the hardware walk is arch_va_to_pa).
 * The tables themselves are built by pgtable.c (pure C, host-tested).
 */
#include "mmu/mmu.h"

#include <stdio.h>
#include <string.h>

#include "arch/armv7/errata.h"
#include "arch/armv7/sysreg.h"
#include "cache/cache.h"
#include "mmu/armv7/walk.h"

static uint32_t ttbr_attrs;         /* the walk attributes TTBR0 was given */
static bool walks_coherent;         /* ID_MMFR3.CohWalk: walks see the L1 D-cache */
static bool tlbi_is;                /* the Multiprocessing Extensions' ...IS operations exist */
static enum erratum_798181 e798181; /* Cortex-A15 798181: arch/armv7/errata.h */

bool mmu_enabled(void)
{
	return sctlr_mmu_on();
}

bool mmu_alignment_checked(void)
{
	return sctlr_align_check();
}

static uint32_t actlr_read(void)
{
	return read_cp15(CP15_ACTLR);
}

static void actlr_write(uint32_t v)
{
	write_cp15(CP15_ACTLR, v);
	isb();
}

/* ACTLR.SMP, and ACTLR.FW on the Cortex-A9/A5, on the cores that have them
 * (arch/armv7/sysreg.h actlr_smp_set): read, and written only if a bit is
 * missing (a Non-secure write the Secure side has not opened through NSACR
 * is ignored or UNDEFINED, so a board whose firmware set them is never
 * written); what stays clear is read back on every CPU (smp/smp_work.c
 * smp_read_ids) and reported by the smp self-test. */
static void set_actlr_smp(void)
{
	(void)actlr_smp_set(read_cp15(CP15_MIDR), actlr_read, actlr_write);
}

/*
 * Turn on (ARM ARM B3.2 / B2.2.9): tables written with the caches off go
 * straight to memory; invalidate their lines anyway (a line an earlier stage
 * left in the cache would answer the walker once walks are cacheable), then
 * TLBIALL, DACR client, TTBCR 0 (TTBR0 for all, no LPAE), TTBR0 with
 * write-back walks in the layout this core reads (mmu/armv7/walk.h), ISB,
 * then SCTLR M, C, I, Z.
 */
void mmu_arch_enable(void)
{
	uint32_t ctr, line, sctlr, midr;
	uintptr_t lo, hi;

	set_actlr_smp();
	ttbr_attrs = pgt_ttbr_attrs(read_mpidr());
	walks_coherent = pgt_walk_coherent(read_cp15(CP15_ID_MMFR3));
	tlbi_is = (read_mpidr() & MPIDR_MP_FORMAT) != 0;
	midr = read_cp15(CP15_MIDR);
	/* REVIDR read only where the erratum may apply (on other cores the
	 * encoding may be an alias or something else) */
	e798181 =
		erratum_a15_798181(midr, erratum_a15_798181(midr, 0) ? read_cp15(CP15_REVIDR) : 0);
	ctr = read_cp15(CP15_CTR);
	line = 4u << ((ctr >> CTR_DMINLINE_SHIFT) & 0xf);
	pgt_pool_range(&lo, &hi);
	for (uintptr_t a = lo & ~(uintptr_t)(line - 1); a < hi; a += line)
		write_cp15(CP15_DCIMVAC, a);
	dsb(sy);
	write_cp15(CP15_TLBIALL, 0);
	write_cp15(CP15_DACR, DACR_D0_CLIENT);
	write_cp15(CP15_TTBCR, 0);
	write_cp15(CP15_TTBR0, (uint32_t)pgt_root() | ttbr_attrs);
	dsb(sy);
	isb();
	sctlr = read_cp15(CP15_SCTLR) | SCTLR_M | SCTLR_C | SCTLR_Z | SCTLR_I;
	sctlr &= ~(uint32_t)SCTLR_A; /* Normal memory may be accessed unaligned */
	write_cp15(CP15_SCTLR, sctlr);
	isb();
}

/* Cortex-A15 erratum 798181 (arch/armv7/errata.h): after a broadcast TLBI
 * and its DSB, a dummy TLBIMVAIS and another DSB, so the other CPUs have
 * stopped using the old entry (Linux arch/arm/kernel/smp_tlb.c,
 * dummy_flush_tlb_a15_erratum). The revisions that also want a DMB on
 * every other CPU (E798181_REMOTE_DMB) need nothing more here: bringup
 * changes a mapping other CPUs use only while they are idle between
 * smp_run() calls (smp/smp.h: their work has returned, so none has an
 * access in flight), and each passes a DMB, the acquire of its next work,
 * before it touches memory again. */
static void tlbi_798181(void)
{
	if (e798181 == E798181_NONE)
		return;
	write_cp15(CP15_TLBIMVAIS, 0);
	dsb(sy);
}

void tlb_use_cpu(uint32_t midr, uint32_t revidr)
{
	e798181 = erratum_798181_merge(e798181, midr, revidr);
}

/* ARM ARM B3.10 "TLB maintenance requirements": DSB so the descriptor write
 * is visible, TLBIALL / TLBIMVA (global mappings: any ASID matches; both
 * exist without the MP extensions), BPIALL, DSB, ISB. */
void tlb_inval_all(void)
{
	dsb(sy);
	if (tlbi_is) { /* the IS forms: see tlb_inval_va() */
		write_cp15(CP15_TLBIALLIS, 0);
		write_cp15(CP15_BPIALLIS, 0);
	} else {
		write_cp15(CP15_TLBIALL, 0);
		write_cp15(CP15_BPIALL, 0);
	}
	dsb(sy);
	if (tlbi_is)
		tlbi_798181();
	isb();
}

void tlb_inval_va_local(uintptr_t va)
{
	dsb(sy);
	write_cp15(CP15_TLBIMVA, va & ~(uintptr_t)(PAGE_SIZE - 1));
	write_cp15(CP15_BPIALL, 0);
	dsb(sy);
	isb();
}

/* With the Multiprocessing Extensions, TLBIMVAIS and BPIALLIS reach every
 * core in the Inner Shareable domain (B3.18.7 "TLB maintenance operations,
 * functional group"; B2.2.7 "Branch predictors"); without (Cortex-A8, a
 * uniprocessor) the local ones are all there is. */
void tlb_inval_va(uintptr_t va)
{
	if (!tlbi_is) {
		tlb_inval_va_local(va);
		return;
	}
	dsb(sy);
	write_cp15(CP15_TLBIMVAIS, va & ~(uintptr_t)(PAGE_SIZE - 1));
	write_cp15(CP15_BPIALLIS, 0);
	dsb(sy);
	tlbi_798181();
	isb();
}

void mmu_cpu_regs(uint64_t regs[MMU_CPU_REGS])
{
	regs[0] = read_cp15(CP15_DACR);
	regs[1] = read_cp15(CP15_TTBCR);
	regs[2] = read_cp15(CP15_TTBR0);
	regs[3] = read_cp15(CP15_SCTLR);
}

/* ARMv7 walks need not look in the L1 D-cache (ID_MMFR3.CohWalk, B4.1.92;
 * Cortex-A9's do not), and need not look in an inner L2 either: on the
 * Cortex-A8 PoU is L1 and its L2 is inner, so a clean to PoU leaves the
 * entry where a walker may not read it. Unless the walks are coherent,
 * clean the L1 entry for va and, if it points to a page table, that whole
 * 1 KiB table (it may have just been zeroed), to PoC. tlb_inval_va()'s DSB
 * then orders it before the TLB maintenance. */
void pgt_publish(uintptr_t va)
{
	const uint32_t *l1 = (const uint32_t *)pgt_root(), *e = &l1[va >> 20];

	if (walks_coherent)
		return;
	dcache_clean_poc((uintptr_t)e, sizeof(*e));
	if ((*e & 3) == 1)
		dcache_clean_poc(*e & ~0x3ffu, 1024);
}

void mmu_describe_walks(char *buf, size_t size, uint64_t *walk_reg)
{
	uint32_t ttbr = read_cp15(CP15_TTBR0);
	size_t n;

	*walk_reg = ttbr;
	pgt_ttbr_describe(ttbr & TTBR_ATTR_MASK, read_mpidr(), buf, size);
	n = strlen(buf);
	snprintf(buf + n, size - n, "; table writes cleaned to %s",
		 walks_coherent ? "nowhere (walks are coherent)" : "PoC");
}
