/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * AArch64 system registers: accessors, barriers and the fields bringup
 * reads or sets (ARM ARM DDI 0487, chapter D17 "AArch64 System Register
 * Descriptions"; barriers chapter B2). Fields are usable from C and assembly;
 * accessors and barriers from C (macros: nothing is emitted unless used, so
 * host builds of plain-C modules may include this header).
 */
#ifndef ARCH_AARCH64_SYSREG_H
#define ARCH_AARCH64_SYSREG_H

#include "arch/aarch64/sysreg_bits.h"
#include "arch/cacheid.h"
#include "arch/reg_assert.h"

/* MPIDR_EL1 affinity fields: Aff0 [7:0], Aff1 [15:8], Aff2 [23:16], Aff3 [39:32]. */
#define MPIDR_AFF0_SHIFT 0
#define MPIDR_AFF1_SHIFT 8
#define MPIDR_AFF2_SHIFT 16
#define MPIDR_AFF3_SHIFT 32
#define MPIDR_AFF_BITS   8
#define MPIDR_AFF_FIELD  0xffull /* one affinity field, unshifted */
/* Aff3..Aff0 */
#define MPIDR_AFF_MASK                                                                             \
	(MPIDR_AFF_FIELD << MPIDR_AFF3_SHIFT | MPIDR_AFF_FIELD << MPIDR_AFF2_SHIFT |               \
	 MPIDR_AFF_FIELD << MPIDR_AFF1_SHIFT | MPIDR_AFF_FIELD << MPIDR_AFF0_SHIFT)
REG_ASSERT(MPIDR_AFF_MASK == 0xff00ffffff);

#define CURRENTEL_SHIFT 2

/* SCTLR_ELx, SCR_EL3, HCR_EL2, CNTHCTL_EL2, CPTR_EL2, CPACR_EL1, SPSR_ELx and
 * DAIF: arch/aarch64/sysreg_bits.h (included above). */

/* ESR_ELx: the exception class (EC). */
#define ESR_EC_SHIFT 26
#define ESR_EC_BITS  6
#define ESR_EC_SMC64 0x17 /* SMC from AArch64 */

/* The SMC bringup's own EL3 serves when bringup entered at EL3: x2 into
 * CNTFRQ_EL0 (arch/aarch64/higher_el_vectors.S higher_el_exception). An SMC Calling
 * Convention (ARM DEN0028) fast SMC64 function ID in the OEM service range
 * (bits 29:24 = 3). */
#define SMC_BRINGUP_SET_CNTFRQ 0xc3000001
/* The second: run a routine of the image's text (x2, inside
 * [__image_start, __text_end)) at EL3, its arguments x4..x7 in x0..x3,
 * its result in x0. The routine: a leaf, no stack, this level's MMU off,
 * clobbers at most x0-x15 (irq/aarch64/gic_el3.S: the GIC's Secure-only
 * set-up that firmware does). */
#define SMC_BRINGUP_CALL_EL3 0xc3000002
/* The HVC bringup's own EL2 serves when bringup entered at EL2: a virtual
 * SError pended for EL1 (HCR_EL2.VSE, with AMO so that it is delivered:
 * DDI 0487 D1.14 "Virtual interrupts"), for the test of the SError report
 * (selftests/irq_test.c irq: serror). */
#define HVC_BRINGUP_PEND_VSERROR 0xc3000003
#define ESR_EC_HVC64             0x16

/* TCR_EL1: what mmu_arch_enable() programs. */
#define TCR_T0SZ(bits)  (64 - (bits))
#define TCR_IRGN0_SHIFT 8 /* IRGN0/ORGN0: 0 NC, 1 WBWA, 2 WT, 3 WB */
#define TCR_ORGN0_SHIFT 10
#define TCR_SH0_SHIFT   12 /* 0 non-, 2 outer, 3 inner shareable */
#define TCR_IRGN0_WBWA  (1ull << TCR_IRGN0_SHIFT)
#define TCR_ORGN0_WBWA  (1ull << TCR_ORGN0_SHIFT)
#define TCR_SH0_INNER   (3ull << TCR_SH0_SHIFT)
#define TCR_TG0_SHIFT   14
#define TCR_TG0_4K      (0ull << TCR_TG0_SHIFT) /* TG0: 0 4 KiB, 1 64 KiB, 2 16 KiB */
#define TCR_EPD1        (1ull << 23)            /* no TTBR1 walks */
/* TG1 has its own encoding, not TG0's: 1 16 KiB, 2 4 KiB, 3 64 KiB, and 0 is
 * reserved (DDI 0487, TCR_EL1.TG1; a reserved value behaves as an
 * IMPLEMENTATION DEFINED choice of the others). EPD1 stops the TTBR1 walks,
 * but the field must still hold a valid value: 4 KiB, like TG0 (Linux
 * arch/arm64/include/asm/pgtable-hwdef.h TCR_TG1_4K). */
#define TCR_TG1_SHIFT 30
#define TCR_TG1_4K    (2ull << TCR_TG1_SHIFT)
#define TCR_IPS_SHIFT 32
/* What mmu_arch_enable() writes, but for IPS (tcr_el1_value). T1SZ and TG1
 * hold valid values although EPD1 stops every TTBR1 walk. */
#define TCR_T1SZ_SHIFT 16
#define TCR_EL1_BOOT                                                                               \
	(TCR_T0SZ(48) | TCR_IRGN0_WBWA | TCR_ORGN0_WBWA | TCR_SH0_INNER | TCR_TG0_4K | TCR_EPD1 |  \
	 (uint64_t)TCR_T0SZ(48) << TCR_T1SZ_SHIFT | TCR_TG1_4K)
#define ID_AA64MMFR0_PARANGE_MASK 0xf
#define PARANGE_48BIT             5 /* what a 4-level 4 KiB walk can output */

/* MAIR_EL1: the attribute index each kind of memory uses in a descriptor's
 * AttrIndx, and the attribute at that index. */
#define MAIR_IDX_DEVICE    0
#define MAIR_IDX_NORMAL    1
#define MAIR_IDX_NORMAL_NC 2
/* An attribute (DDI 0487, MAIR_EL1 Attr<n>): Device-nGnRnE is 0; Normal
 * memory is Outer [7:4], Inner [3:0], each 0b0100 Non-cacheable or 0b1111
 * Write-Back Non-transient, Read- and Write-Allocate. */
#define MAIR_NORMAL(outer, inner) ((outer) << 4 | (inner))
#define MAIR_MEM_NC               0x4ull
#define MAIR_MEM_WB_RWA           0xfull
#define MAIR_DEVICE_nGnRnE        0x00ull
#define MAIR_NORMAL_WB            MAIR_NORMAL(MAIR_MEM_WB_RWA, MAIR_MEM_WB_RWA)
#define MAIR_NORMAL_NC            MAIR_NORMAL(MAIR_MEM_NC, MAIR_MEM_NC)
REG_ASSERT(MAIR_NORMAL_WB == 0xff);
REG_ASSERT(MAIR_NORMAL_NC == 0x44);
#define MAIR_VALUE                                                                                 \
	(MAIR_DEVICE_nGnRnE << (8 * MAIR_IDX_DEVICE) | MAIR_NORMAL_WB << (8 * MAIR_IDX_NORMAL) |   \
	 MAIR_NORMAL_NC << (8 * MAIR_IDX_NORMAL_NC))

/* PAR_EL1 after AT: F (fault) and the output address [47:12]. */
#define PAR_F       1ull
#define PAR_PA_MASK 0x0000fffffffff000ull

#define PMCR_E               (1 << 0)
#define PMCR_P               (1 << 1)
#define PMCR_C               (1 << 2)
#define PMU_EVT_INST_RETIRED 0x08

/* ID register and PMU fields boot/aarch64/entry.S reads: ID_AA64PFR0_EL1,
 * ID_AA64DFR0_EL1, PMCR_EL0, PMCNTENSET_EL0 (their register descriptions). */
#define ID_AA64PFR0_EL2_SHIFT    8 /* EL2 field: 0 = EL2 not implemented */
#define ID_AA64PFR0_EL_BITS      4
#define ID_AA64DFR0_PMUVER_SHIFT 8
#define ID_AA64DFR0_PMUVER_BITS  4
#define PMUVER_IMPDEF            0xf /* an IMPLEMENTATION DEFINED, not the architected, PMU */
#define PMCR_N_SHIFT             11  /* number of event counters */
#define PMCR_N_BITS              5
#define PMCNTEN_P0               (1u << 0)  /* event counter 0 */
#define PMCNTEN_C                (1u << 31) /* cycle counter */

/* The GIC system-register interface (ARM IHI 0069H): ID_AA64PFR0_EL1.GIC
 * (0: none), and the ICC_SRE_ELx bits boot/aarch64/el_drop.S sets at the
 * levels above EL1 before it drops: SRE (this level uses the system
 * registers), DFB/DIB (no FIQ/IRQ bypass), Enable (the level below may
 * use its ICC_SRE; clear, EL1's accesses to ICC_SRE_EL1 trap to EL2/EL3:
 * IHI 0069H 12.2.22 ICC_SRE_EL2, 12.2.23 ICC_SRE_EL3). ICH_HCR_EL2 = 0:
 * no virtual CPU interface, no traps of EL1's ICC accesses. */
#define ID_AA64PFR0_GIC_SHIFT 24
#define ICC_SRE_EL2_REG       s3_4_c12_c9_5
#define ICC_SRE_EL3_REG       s3_6_c12_c12_5
#define ICH_HCR_EL2_REG       s3_4_c12_c11_0

#define ICC_SRE_ELX_SRE    (1 << 0)
#define ICC_SRE_ELX_DFB    (1 << 1)
#define ICC_SRE_ELX_DIB    (1 << 2)
#define ICC_SRE_ELX_ENABLE (1 << 3)
/* What boot/aarch64/el_drop.S writes at EL3 and at EL2: all four. */
#define ICC_SRE_HIGHER (ICC_SRE_ELX_ENABLE | ICC_SRE_ELX_DIB | ICC_SRE_ELX_DFB | ICC_SRE_ELX_SRE)
REG_ASSERT(ICC_SRE_HIGHER == 0xf);

#define R_AARCH64_RELATIVE 1027

/* arm64 Image header flags (Linux Documentation/arch/arm64/booting.rst):
 * bit 0 kernel endianness (0: little), bits 2:1 page size (1: 4 KiB), bit 3
 * physical placement (1: a 2 MiB aligned base anywhere in memory). */
#define IMAGE_FLAG_PAGE_4K   (1 << 1)
#define IMAGE_FLAG_PLACE_ANY (1 << 3)
#define IMAGE_FLAGS          (IMAGE_FLAG_PLACE_ANY | IMAGE_FLAG_PAGE_4K)
REG_ASSERT(IMAGE_FLAGS == 0xa);

#ifndef __ASSEMBLER__
#include <stdint.h>

#define read_sysreg(r)                                                                             \
	({                                                                                         \
		uint64_t v_;                                                                       \
		__asm__ volatile("mrs %0, " #r : "=r"(v_));                                        \
		v_;                                                                                \
	})
/* "rZ": a constant 0 is written as XZR, no register spent on it. */
#define write_sysreg(r, v) __asm__ volatile("msr " #r ", %x0" ::"rZ"((uint64_t)(v)) : "memory")

/* Barriers (ARM ARM DDI 0487 chapter B2, "Memory barriers"; the DMB, DSB and
 * ISB instructions in C6.2) and the event instructions (SEV, WFE: the "Wait
 * for Event" mechanism of chapter D1): option is the domain and access type,
 * e.g. dsb(ish), dmb(ishst). The one definition for AArch64: callers
 * include "arch/sysreg.h". */
#define isb()       __asm__ volatile("isb" ::: "memory")
#define dsb(option) __asm__ volatile("dsb " #option ::: "memory")
#define dmb(option) __asm__ volatile("dmb " #option ::: "memory")
#define sev()       __asm__ volatile("sev" ::: "memory")
#define wfe()       __asm__ volatile("wfe" ::: "memory")

/* MPIDR_EL1 of this CPU, as read; MPIDR_AFF_MASK keeps its affinity. */
#define read_mpidr() read_sysreg(mpidr_el1)

/* TCR_EL1 as mmu_arch_enable() writes it, for this ID_AA64MMFR0_EL1: IPS is
 * the CPU's PARange, at most 48 bits (what a 4-level 4 KiB walk outputs). */
static inline uint64_t tcr_el1_value(uint64_t id_aa64mmfr0)
{
	uint64_t parange = id_aa64mmfr0 & ID_AA64MMFR0_PARANGE_MASK;

	if (parange > PARANGE_48BIT)
		parange = PARANGE_48BIT;
	return TCR_EL1_BOOT | parange << TCR_IPS_SHIFT;
}

/* SCTLR_EL1.M and .A now: the MMU-off rules (Device memory, alignment)
 * apply while the first is false. */
#define sctlr_mmu_on()      ((read_sysreg(sctlr_el1) & SCTLR_M) != 0)
#define sctlr_align_check() ((read_sysreg(sctlr_el1) & SCTLR_A) != 0)
#endif

#endif
