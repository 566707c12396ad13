/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * AArch64: the control registers bringup writes whole on its way from EL3
 * or EL2 down to EL1 (boot/aarch64/el_drop.S, entry.S, secondary.S), as the
 * architecture's named bits and the values composed from them (ARM ARM DDI
 * 0487, "AArch64 System Register Descriptions": each register's field
 * descriptions, cited here by register name; TF-A
 * include/arch/aarch64/arch.h builds its reset values the same way). Each
 * composed value is asserted equal to the number it was written as before
 * (REG_ASSERT, arch/reg_assert.h): a bit named at the wrong position stops
 * the build of every C and assembly file that includes this. Included by
 * arch/aarch64/sysreg.h, which callers include. Preprocessor only.
 *
 * A RES1 bit ("Reserved, RES1": software writes it as 1) that a later
 * feature gives a meaning keeps that meaning's name here, with the feature:
 * written as 1 it selects what ARMv8.0 did.
 */
#ifndef ARCH_AARCH64_SYSREG_BITS_H
#define ARCH_AARCH64_SYSREG_BITS_H

#include "arch/reg_assert.h"

/* SCTLR_ELx: the bits bringup reads or changes (the same at every EL). */
#define SCTLR_M   (1 << 0)  /* stage 1 MMU */
#define SCTLR_A   (1 << 1)  /* alignment checking */
#define SCTLR_C   (1 << 2)  /* data caches */
#define SCTLR_SA  (1 << 3)  /* SP alignment checking */
#define SCTLR_I   (1 << 12) /* instruction caches */
#define SCTLR_WXN (1 << 19)
/* SCTLR_ELx bits RES1 without a feature (SCTLR_EL1, SCTLR_EL2, SCTLR_EL3):
 * EOS and EIS (FEAT_ExS): exception return and entry are context
 * synchronizing; TSCXT (EL1, FEAT_CSV2_2): EL0 access to SCXTNUM_EL0
 * trapped; SPAN (FEAT_PAN, EL1 and EL2 with E2H 1): PSTATE.PAN unchanged by
 * an exception; nTLSMD and LSMAOE (FEAT_LSMAOC, EL1 and EL2 with E2H 1): A32
 * load/store multiple to Device memory not trapped, atomic as in ARMv8.0.
 * At EL3, and at EL2 with HCR_EL2.E2H 0, SPAN, nTLSMD and LSMAOE are RES1
 * whatever is implemented. */
#define SCTLR_EOS    (1u << 11)
#define SCTLR_TSCXT  (1u << 20)
#define SCTLR_EIS    (1u << 22)
#define SCTLR_SPAN   (1u << 23)
#define SCTLR_NTLSMD (1u << 28)
#define SCTLR_LSMAOE (1u << 29)
/* RES1 in SCTLR_EL3 and in SCTLR_EL2 with E2H 0, whatever is implemented:
 * bits 18, 16, 5 and 4 (EL1's nTWE, nTWI, CP15BEN and SA0 there, controls
 * of a lower level that these levels' registers do not have). */
#define SCTLR_ELX_RES1_18 (1u << 18)
#define SCTLR_ELX_RES1_16 (1u << 16)
#define SCTLR_ELX_RES1_5  (1u << 5)
#define SCTLR_ELX_RES1_4  (1u << 4)
#define SCTLR_EL1_RES1                                                                             \
	(SCTLR_LSMAOE | SCTLR_NTLSMD | SCTLR_SPAN | SCTLR_EIS | SCTLR_TSCXT | SCTLR_EOS)
#define SCTLR_EL2_RES1                                                                             \
	(SCTLR_LSMAOE | SCTLR_NTLSMD | SCTLR_SPAN | SCTLR_EIS | SCTLR_ELX_RES1_18 |                \
	 SCTLR_ELX_RES1_16 | SCTLR_EOS | SCTLR_ELX_RES1_5 | SCTLR_ELX_RES1_4)
#define SCTLR_EL3_RES1 SCTLR_EL2_RES1

/* SCTLR_EL1 with every RES1 bit set and MMU, caches, alignment checks off. */
#define SCTLR_EL1_RESET SCTLR_EL1_RES1
REG_ASSERT(SCTLR_EL1_RESET == 0x30d00800);
/* What bringup runs with until the MMU is on: SCTLR_EL1_RESET plus alignment
 * checking (A). With the MMU off every data access is Device-nGnRnE, where an
 * unaligned access faults on hardware whatever A says (ARM ARM B2.5.2); QEMU
 * only faults it when A is set, so setting A makes QEMU catch what a board
 * would. mmu_arch_enable() clears A again (Normal memory allows unaligned). */
#define SCTLR_EL1_BOOT (SCTLR_EL1_RESET | SCTLR_A)

/* SCTLR_EL2 (with HCR_EL2.E2H 0) and SCTLR_EL3: every RES1 bit (29:28,
 * 23:22, 18, 16, 11, 5:4) and nothing else: MMU, caches, alignment checks
 * and WXN off, little-endian exceptions and data (EE 0). Both reset to
 * architecturally UNKNOWN values but for a few bits, so entry.S writes
 * them before it reads them or runs at that level (Linux
 * arch/arm64/include/asm/sysreg.h INIT_SCTLR_EL2_MMU_OFF is the same value;
 * TF-A SCTLR_EL3_RES1). */
#define SCTLR_EL2_RESET SCTLR_EL2_RES1
#define SCTLR_EL3_RESET SCTLR_EL3_RES1
REG_ASSERT(SCTLR_EL2_RESET == 0x30c50830);
REG_ASSERT(SCTLR_EL3_RESET == 0x30c50830);

/* SCR_EL3: NS, lower levels Non-secure; bits 5:4 RES1; HCE, HVC enabled;
 * RW, the next lower level is AArch64 (DDI 0487, SCR_EL3). */
#define SCR_NS        (1u << 0)
#define SCR_RES1_BITS ((1u << 5) | (1u << 4))
#define SCR_HCE       (1u << 8)
#define SCR_RW        (1u << 10)
/* What from_el3 writes: Non-secure, HVC allowed, SMC enabled (SMD 0), no
 * IRQ, FIQ or SError routed to EL3 and no WFI/WFE trapped there (IRQ, FIQ,
 * EA, TWI, TWE 0), lower levels AArch64. */
#define SCR_EL3_VALUE (SCR_RW | SCR_HCE | SCR_RES1_BITS | SCR_NS)
REG_ASSERT(SCR_EL3_VALUE == 0x531);

/* HCR_EL2 (DDI 0487, HCR_EL2): AMO, physical SErrors to EL2 and virtual ones
 * delivered to EL1; VSE, a virtual SError pending; RW, EL1 is AArch64. */
#define HCR_EL2_AMO (1 << 5)
#define HCR_EL2_VSE (1 << 8)
#define HCR_EL2_RW  (1u << 31)
/* What from_el2 writes: EL1 AArch64 and nothing else: no traps, no stage 2
 * (VM 0), no virtual interrupts (FMO, IMO, AMO 0), E2H 0. */
#define HCR_EL2_VALUE HCR_EL2_RW
REG_ASSERT(HCR_EL2_VALUE == 0x80000000);

/* CNTHCTL_EL2 with HCR_EL2.E2H 0 (DDI 0487, CNTHCTL_EL2): EL1PCTEN, EL1 and
 * EL0 may read the physical counter; EL1PCEN, they may use the physical
 * timer. from_el2 sets both, keeping the rest. */
#define CNTHCTL_EL1PCTEN         (1u << 0)
#define CNTHCTL_EL1PCEN          (1u << 1)
#define CNTHCTL_EL1PCTEN_EL1PCEN (CNTHCTL_EL1PCTEN | CNTHCTL_EL1PCEN)
REG_ASSERT(CNTHCTL_EL1PCTEN_EL1PCEN == 0x3);

/* HCR_EL2.E2H, bit 34: where firmware cannot clear it (RES1 without
 * FEAT_E2H0, Apple M1), CNTHCTL_EL2 has the CNTKCTL_EL1 layout and EL1's
 * physical counter/timer enables move to bits 10/11 (DDI 0487, CNTHCTL_EL2
 * "when FEAT_VHE is implemented and HCR_EL2.E2H is 1"); Linux
 * arch/arm64/include/asm/el2_setup.h __init_el2_timers shifts them the same
 * way. CPTR_EL2 then has the CPACR_EL1 layout: FPEN 0b11 at 21:20. */
#define HCR_EL2_E2H_BIT              34
#define CNTHCTL_E2H_EL1PCTEN_EL1PTEN (CNTHCTL_EL1PCTEN_EL1PCEN << 10)
REG_ASSERT(CNTHCTL_E2H_EL1PCTEN_EL1PTEN == 0xc00);
#define CPTR_EL2_E2H_NOTRAP (3u << 20)
REG_ASSERT(CPTR_EL2_E2H_NOTRAP == 0x300000);

/* CPTR_EL2 with HCR_EL2.E2H 0 (DDI 0487, CPTR_EL2): bits 13, 9 and 7:0 RES1;
 * TZ and TSM trap SVE and SME to EL2 where FEAT_SVE and FEAT_SME are
 * implemented, and are RES1 where not; TFP traps FP/SIMD, TTA trace
 * registers, TCPAC accesses to CPACR_EL1. */
#define CPTR_EL2_RES1_BITS (0xffu | (1u << 9) | (1u << 13)) /* 7:0, 9, 13 */
#define CPTR_EL2_TZ        (1u << 8)
#define CPTR_EL2_TFP       (1u << 10)
#define CPTR_EL2_TSM       (1u << 12)
#define CPTR_EL2_TTA       (1u << 20)
#define CPTR_EL2_TCPAC     (1u << 31)
/* What from_el2 writes: TFP, TTA and TCPAC clear, nothing bringup uses is
 * trapped; TZ and TSM written 1 as RES1 (SVE and SME, which bringup does not
 * use, trap to EL2 on a CPU that has them). */
#define CPTR_EL2_NOTRAP (CPTR_EL2_RES1_BITS | CPTR_EL2_TSM | CPTR_EL2_TZ)
REG_ASSERT(CPTR_EL2_NOTRAP == 0x33ff);

/* CPACR_EL1.FPEN, bits 21:20 (DDI 0487, CPACR_EL1): 0b11, FP/SIMD not
 * trapped at EL1 or EL0. */
#define CPACR_FPEN_SHIFT 20
#define CPACR_FPEN       (3 << CPACR_FPEN_SHIFT)
REG_ASSERT(CPACR_FPEN == 0x300000);

/* SPSR_ELx for an exception return to AArch64 (DDI 0487, SPSR_EL2 and
 * SPSR_EL3, "exception taken from AArch64"): M[4] 0, AArch64; M[3:2] the
 * target EL; M[0] 1, that EL's own SP_ELx ("ELxh"), not SP_EL0. D, A, I, F
 * mask debug exceptions, SError, IRQ and FIQ. */
#define SPSR_M_EL_SHIFT 2
#define SPSR_M_SPX      (1u << 0)
#define SPSR_M_EL1H     ((1u << SPSR_M_EL_SHIFT) | SPSR_M_SPX)
#define SPSR_M_EL2H     ((2u << SPSR_M_EL_SHIFT) | SPSR_M_SPX)
#define SPSR_F          (1u << 6)
#define SPSR_I          (1u << 7)
#define SPSR_A          (1u << 8)
#define SPSR_D          (1u << 9)
#define SPSR_DAIF       (SPSR_D | SPSR_A | SPSR_I | SPSR_F)
/* SPSR: DAIF masked, target EL with its own SP (ELxh). */
#define SPSR_EL1H_MASKED (SPSR_DAIF | SPSR_M_EL1H)
#define SPSR_EL2H_MASKED (SPSR_DAIF | SPSR_M_EL2H)
REG_ASSERT(SPSR_EL1H_MASKED == 0x3c5);
REG_ASSERT(SPSR_EL2H_MASKED == 0x3c9);

/* MSR DAIFSet/DAIFClr immediate (DDI 0487, MSR (immediate); PSTATE.DAIF):
 * one bit each for PSTATE.D, A, I and F. DAIF_ALL: all four. */
#define DAIFSET_F (1 << 0)
#define DAIFSET_I (1 << 1)
#define DAIFSET_A (1 << 2)
#define DAIFSET_D (1 << 3)
#define DAIF_ALL  (DAIFSET_D | DAIFSET_A | DAIFSET_I | DAIFSET_F)
REG_ASSERT(DAIF_ALL == 0xf);

#endif
