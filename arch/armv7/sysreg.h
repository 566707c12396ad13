/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARMv7-A system registers: CP15 accessors, barriers, PSR modes and the
 * fields bringup reads or sets (ARM ARM DDI 0406C, B4.1 "System control
 * registers"; B3.17 for the CP15 encoding by CRn; barriers A3.8.3). Fields
 * are usable from C and assembly; accessors and barriers from C (macros:
 * nothing is emitted unless used).
 */
#ifndef ARCH_ARMV7_SYSREG_H
#define ARCH_ARMV7_SYSREG_H

#include "arch/armv7/sysreg_bits.h"
#include "arch/cacheid.h"
#include "arch/midr.h"
#include "arch/reg_assert.h"

#define MPIDR_AFF0_MASK        0xff
#define MPIDR_AFF0_SHIFT       0          /* MPIDR affinity fields (B4.1.106): Aff0 [7:0], */
#define MPIDR_AFF1_SHIFT       8          /* Aff1 [15:8], */
#define MPIDR_AFF2_SHIFT       16         /* Aff2 [23:16] */
#define MPIDR_MP               (1u << 31) /* the Multiprocessing Extensions' format */
#define ID_MMFR3_COHWALK_SHIFT 20         /* 1: table walks see the L1 D-cache */
/* Aff2..Aff0: what read_mpidr() keeps of the affinity. */
#define MPIDR_AFF_MASK                                                                             \
	(0xffu << MPIDR_AFF2_SHIFT | 0xffu << MPIDR_AFF1_SHIFT | 0xffu << MPIDR_AFF0_SHIFT)
REG_ASSERT(MPIDR_AFF_MASK == 0x00ffffff);

/* The PSR modes and bits, SCTLR, HCPTR, HSCTLR, CNTHCTL, CPACR, FPEXC:
 * arch/armv7/sysreg_bits.h (included above). */

/* ACTLR.SMP: Cortex-A5/A7/A9/A12/A15/A17 take part in coherency only with
 * it set, before the caches are on (each core's TRM, ACTLR). ACTLR is
 * IMPLEMENTATION DEFINED: on the Cortex-A8 bit 6 controls something else
 * (Cortex-A8 TRM, Auxiliary Control Register), so the bit is set only on the
 * cores named. ACTLR.FW (bit 0), Cortex-A9/A5 only: with it clear those cores
 * do not broadcast their cache, TLB and branch predictor maintenance, so the
 * Inner Shareable operations (TLBIMVAIS, BPIALLIS, ICIALLUIS) stay local
 * (Cortex-A9 MPCore TRM, ARM DDI 0388, "Auxiliary Control Register": FW,
 * "Cache and TLB maintenance broadcast"; Cortex-A5 MPCore TRM, ARM DDI 0434,
 * the same bit; Linux arch/arm/mm/proc-v7.S __v7_ca9mp_setup sets SMP with
 * bit 0 on these cores and SMP alone on the A7/A12/A15/A17, which broadcast
 * by SMP). ACTLR is written from Non-secure only where the Secure side
 * allows it (NSACR.NS_SMP on the Cortex-A9; otherwise the write is
 * ignored or UNDEFINED): bringup reads it, compares, and writes only if a
 * bit is missing, so firmware that already set them (as Secure firmware on
 * such boards must) is never written. */
#define ACTLR_SMP (1u << 6)
#define ACTLR_FW  (1u << 0)
/* Cortex-A9 only (its TRM, ACTLR): Write full line of zeros mode (bit 3),
 * L1 prefetch (2), L2 prefetch hint (1): with a PL310 whose Aux Control
 * enables Full Line of Zero, Linux l2c310_disable clears all three first. */
#define ACTLR_A9_FLZ          (1u << 3)
#define ACTLR_A9_FLZ_PREFETCH (ACTLR_A9_FLZ | 1u << 2 | 1u << 1)
/* The cores that have each: the part table's PARTF_ACTLR_SMP and
 * PARTF_ACTLR_FW (arch/midr.h), for C (actlr_smp_bits) and for the assembly
 * (arch/armv7/actlr.S expands the table). */

/* TTBR0 walk attributes (B4.1.154) have two layouts. With the
 * Multiprocessing Extensions: IRGN[0] is bit 6 and IRGN[1] bit 0, S bit 1,
 * RGN bits 4:3, NOS bit 5. Without (Cortex-A8): bit 0 is C (walks inner
 * cacheable), S bit 1, RGN bits 4:3, and bit 6 is not an attribute: a value
 * made for the other layout makes the walks inner non-cacheable there (Linux
 * arch/arm/mm/proc-v7-2level.S chooses TTB_FLAGS_SMP or TTB_FLAGS_UP the same
 * way, by MPIDR). IRGN/RGN: 0 non-cacheable, 1 write-back write-allocate, 2
 * write-through, 3 write-back no write-allocate. */
#define TTBR_IRGN0     (1u << 6)
#define TTBR_IRGN1     (1u << 0)
#define TTBR_C         (1u << 0)
#define TTBR_S         (1u << 1)
#define TTBR_RGN_SHIFT 3
#define TTBR_NOS       (1u << 5)
#define TTBR_ATTR_MASK 0x7fu
#define TTBR_RGN_WBWA  (1u << TTBR_RGN_SHIFT)
#define TTBR_WALK_MP   (TTBR_IRGN0 | TTBR_RGN_WBWA | TTBR_S) /* 0x4a */
#define TTBR_WALK_UP   (TTBR_C | TTBR_RGN_WBWA)              /* 0x09 */
#define DACR_D0_CLIENT 1u
#define PAR_F          1u

/* HSR (B4.1.72; B3.13.6 "Use of the HSR"): the exception class. */
#define HSR_EC_SHIFT 26
#define HSR_EC_BITS  6

#define PMCR_E               (1 << 0)
#define PMCR_P               (1 << 1)
#define PMCR_C               (1 << 2)
#define PMU_EVT_INST_RETIRED 0x08

/* ID register and PMU fields boot/armv7/entry.S reads or sets (B4.1.106
 * MPIDR, B4.1.82 ID_DFR0, B4.1.117 PMCR, B4.1.116 PMCNTENSET). */
#define MPIDR_MP_FORMAT   (1u << 31) /* reads 1: the Multiprocessing Extensions layout */
#define ID_DFR0_PMU_SHIFT 24         /* PerfMon */
#define ID_DFR0_PMU_BITS  4
#define PERFMON_IMPDEF    0xf /* not the architected PMU */
#define PMCR_N_SHIFT      11  /* number of event counters */
#define PMCR_N_BITS       5
#define PMCNTEN_P0        (1u << 0)  /* event counter 0 */
#define PMCNTEN_C         (1u << 31) /* cycle counter */

#define FW_CACHE_ON_SHIFT 8
#define FW_CACHE_ON       (1 << FW_CACHE_ON_SHIFT) /* entry.S flag, beside the mode */

#define R_ARM_RELATIVE 23
#define ZIMAGE_MAGIC   0x016f2818

#ifdef __ASSEMBLER__
/* exc_stacks reg: ABT, UND, IRQ and FIQ share the stack whose top is in reg
 * (an SVC stack overflow into its guard page can still be reported); back in
 * SVC. CPS (ARM ARM DDI 0406C, B9.3, the CPS description) changes mode from
 * any privileged one. */
/* clang-format off */
.macro exc_stacks reg
	cps	#MODE_ABT
	mov	sp, \reg
	cps	#MODE_UND
	mov	sp, \reg
	cps	#MODE_IRQ
	mov	sp, \reg
	cps	#MODE_FIQ
	mov	sp, \reg
	cps	#MODE_SVC
.endm
/* clang-format on */
#else
#include <stdbool.h>
#include <stdint.h>

/* The ACTLR bits a core with this MIDR must have set to take part in
 * coherency and maintenance broadcast: SMP | FW, SMP, or 0 (see above). */
static inline uint32_t actlr_smp_bits(uint32_t midr)
{
	uint32_t f = cpu_part_flags(midr);

	return (f & PARTF_ACTLR_SMP ? ACTLR_SMP : 0) | (f & PARTF_ACTLR_FW ? ACTLR_FW : 0);
}

/* The ACTLR coherency bits set the way every CPU does it (rd/wr: ACTLR's
 * read, and its write then ISB): read, written with the missing bits only if
 * one is missing, read back. Returns the bits still clear: a Non-secure
 * write the Secure side ignores (NSACR.NS_SMP 0; the Cortex-A9's FW is never
 * writable from Non-secure, its TRM "Auxiliary Control Register") leaves
 * them so, and the core then stays out of coherency. */
static inline uint32_t actlr_smp_set(uint32_t midr, uint32_t (*rd)(void), void (*wr)(uint32_t))
{
	uint32_t want = actlr_smp_bits(midr), v;

	if (!want)
		return 0;
	v = rd();
	if ((v & want) != want) {
		wr(v | want);
		v = rd();
	}
	return want & ~v;
}

/* What actlr_smp_set's result means, for a CPU's report ("" for 0). */
static inline const char *actlr_missing_text(uint32_t missing)
{
	return missing == (ACTLR_SMP | ACTLR_FW) ? "ACTLR.SMP/FW clear: firmware did not set them"
	       : missing & ACTLR_SMP             ? "ACTLR.SMP clear: firmware did not set it"
	       : missing & ACTLR_FW              ? "ACTLR.FW clear: firmware did not set it"
						 : "";
}

static inline bool actlr_has_smp(uint32_t midr)
{
	return (actlr_smp_bits(midr) & ACTLR_SMP) != 0;
}

/* arch/armv7/actlr.S: the same bits computed from the same lists in
 * assembly, for the secondaries before they have a stack (host-mmu-armv7
 * compares the two over every part). */
uint32_t actlr_smp_bits_asm(uint32_t midr);

/* CP15 registers as "opc1, CRn, CRm, opc2" (B3.17, B4.1). */
#define CP15_MIDR      0, c0, c0, 0
#define CP15_CTR       0, c0, c0, 1
#define CP15_MPIDR     0, c0, c0, 5
#define CP15_REVIDR    0, c0, c0, 6 /* IMPLEMENTATION DEFINED revision flags */
#define CP15_ID_PFR1   0, c0, c1, 1
#define CP15_ID_DFR0   0, c0, c1, 2
#define CP15_ID_MMFR3  0, c0, c1, 7
#define CP15_CCSIDR    1, c0, c0, 0
#define CP15_CLIDR     1, c0, c0, 1
#define CP15_CSSELR    2, c0, c0, 0
#define CP15_SCTLR     0, c1, c0, 0
#define CP15_ACTLR     0, c1, c0, 1
#define CP15_CPACR     0, c1, c0, 2
#define CP15_TTBR0     0, c2, c0, 0
#define CP15_TTBCR     0, c2, c0, 2
#define CP15_DACR      0, c3, c0, 0
#define CP15_DFSR      0, c5, c0, 0
#define CP15_IFSR      0, c5, c0, 1
#define CP15_DFAR      0, c6, c0, 0
#define CP15_IFAR      0, c6, c0, 2
#define CP15_PAR       0, c7, c4, 0
#define CP15_ATS1CPR   0, c7, c8, 0
#define CP15_DCIMVAC   0, c7, c6, 1
#define CP15_BPIALL    0, c7, c5, 6
#define CP15_TLBIALL   0, c8, c7, 0
#define CP15_TLBIMVA   0, c8, c7, 1
#define CP15_TLBIALLIS 0, c8, c3, 0 /* Multiprocessing Extensions (B4.2.3) */
#define CP15_TLBIMVAIS 0, c8, c3, 1
#define CP15_BPIALLIS  0, c7, c1, 6
#define CP15_PMSELR    0, c9, c12, 5
#define CP15_PMXEVCNTR 0, c9, c13, 2
#define CP15_CNTFRQ    0, c14, c0, 0
#define CP15_CBAR      4, c15, c0, 0 /* Cortex-A9/A5: PERIPHBASE */

#define read_cp15_(op1, crn, crm, op2)                                                             \
	({                                                                                         \
		uint32_t v_;                                                                       \
		__asm__ volatile("mrc p15, " #op1 ", %0, " #crn ", " #crm ", " #op2 : "=r"(v_));   \
		v_;                                                                                \
	})
#define write_cp15_(v, op1, crn, crm, op2)                                                         \
	__asm__ volatile("mcr p15, " #op1 ", %0, " #crn ", " #crm ", " #op2 ::"r"((uint32_t)(v))   \
			 : "memory")
/* read_cp15(CP15_SCTLR), write_cp15(CP15_SCTLR, v) */
#define read_cp15(reg)     read_cp15_(reg)
#define write_cp15(reg, v) write_cp15_(v, reg)

/* CPSR (B1.3.3) as a value. */
#define read_cpsr()                                                                                \
	({                                                                                         \
		uint32_t v_;                                                                       \
		__asm__ volatile("mrs %0, cpsr" : "=r"(v_));                                       \
		v_;                                                                                \
	})

/* Barriers (ARM ARM DDI 0406C A3.8.3 "Memory barriers", A8.8.43 DMB, A8.8.44
 * DSB: option sy, ish, ishst, nsh ...; "dsb" alone is "dsb sy") and the event
 * instructions (B1.8.13 "Wait For Event and Send Event"). The one
 * definition for ARMv7: callers include "arch/sysreg.h". */
#define isb()               __asm__ volatile("isb" ::: "memory")
#define dsb(option)         __asm__ volatile("dsb " #option ::: "memory")
#define dmb(option)         __asm__ volatile("dmb " #option ::: "memory")
#define sev()               __asm__ volatile("sev" ::: "memory")
#define wfe()               __asm__ volatile("wfe" ::: "memory")

/* MPIDR of this CPU, as read (B4.1.106); MPIDR_AFF_MASK keeps Aff2..Aff0. */
#define read_mpidr()        read_cp15(CP15_MPIDR)

/* SCTLR.M and .A now: the MMU-off rules (Strongly-ordered memory,
 * alignment) apply while the first is false. */
#define sctlr_mmu_on()      ((read_cp15(CP15_SCTLR) & SCTLR_M) != 0)
#define sctlr_align_check() ((read_cp15(CP15_SCTLR) & SCTLR_A) != 0)
#endif

#endif
