/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARMv7-A: the PSR and the control registers bringup writes on its way
 * from HYP (or SVC) to SVC (boot/armv7/entry.S, secondary.S), as the
 * architecture's named bits and the values composed from them (ARM ARM DDI
 * 0406C: B1.3 for the PSRs, B4.1 for each register; TF-A
 * include/arch/aarch32/arch.h builds its values the same way). Each
 * composed value is asserted equal to the number it was written as before,
 * and a mask of bits entry.S clears asserted free of the bits the register
 * must keep at 1 (REG_ASSERT, arch/reg_assert.h): a bit named at the wrong
 * position stops the build of every C and assembly file that includes
 * this. Included by arch/armv7/sysreg.h, which callers include.
 * Preprocessor only.
 */
#ifndef ARCH_ARMV7_SYSREG_BITS_H
#define ARCH_ARMV7_SYSREG_BITS_H

#include "arch/reg_assert.h"

/* CPSR/SPSR M[4:0], the mode (B1.3.1, Table B1-1 "ARM processor modes"). */
#define MODE_MASK 0x1f
#define MODE_USR  0x10
#define MODE_FIQ  0x11
#define MODE_IRQ  0x12
#define MODE_SVC  0x13
#define MODE_MON  0x16
#define MODE_ABT  0x17
#define MODE_HYP  0x1a
#define MODE_UND  0x1b
#define MODE_SYS  0x1f
/* CPSR/SPSR (B1.3.3 "Program Status Registers"): T, Thumb state; F, I, A
 * mask FIQ, IRQ and asynchronous aborts. */
#define PSR_T   (1 << 5)
#define PSR_F   (1u << 6)
#define PSR_I   (1u << 7)
#define PSR_A   (1u << 8)
#define PSR_AIF (PSR_A | PSR_I | PSR_F)
REG_ASSERT(PSR_AIF == 0x1c0);
REG_ASSERT((MODE_SVC | PSR_AIF) == 0x1d3); /* what hyp_to_svc puts in SPSR_hyp */

/* SCTLR (B4.1.130, VMSA). */
#define SCTLR_M   (1 << 0)
#define SCTLR_A   (1 << 1)
#define SCTLR_C   (1 << 2)
#define SCTLR_Z   (1 << 11)
#define SCTLR_I   (1 << 12)
#define SCTLR_V   (1 << 13)
#define SCTLR_TRE (1 << 28)
#define SCTLR_AFE (1 << 29)
#define SCTLR_TE  (1 << 30)
/* RAO/SBOP in ARMv7 (read as one, written as one): 23 (XP) and 22 (U), the
 * ARMv6 translation table format and unaligned access model, always on in
 * ARMv7; 18, 16, 6, 4 and 3, controls of earlier architectures. */
#define SCTLR_RAO_BITS ((1u << 23) | (1u << 22) | (1u << 18) | (1u << 16) | (1u << 6) | (3u << 3))
/* Cleared at entry. Then A is set again: with the MMU off every access is
 * Strongly-ordered, where an unaligned access faults on hardware whatever A
 * says (ARM ARM A3.2.1); QEMU only faults it when A is set, so setting A makes
 * QEMU catch what a board would. mmu_enable() clears A with the MMU on. */
#define SCTLR_OFF_BITS                                                                             \
	(SCTLR_M | SCTLR_A | SCTLR_C | SCTLR_I | SCTLR_V | SCTLR_TRE | SCTLR_AFE | SCTLR_TE)
REG_ASSERT(SCTLR_OFF_BITS == 0x70003007);
REG_ASSERT((SCTLR_OFF_BITS & SCTLR_RAO_BITS) == 0);

/* HCPTR (B4.1.64): TCP10 and TCP11 trap the VFP/Advanced SIMD
 * coprocessors, TASE Advanced SIMD, TTA trace registers, TCPAC accesses to
 * CPACR, each from Non-secure PL1 and PL0 to HYP. The other TCPn bits, 9:0
 * and 13:12, trap coprocessors the Cortex-A cores do not have: RAO/WI on the
 * Cortex-A15 (DDI 0438, HCPTR), RES1 in ARMv8's HCPTR (DDI 0487). */
#define HCPTR_TCP_OTHERS ((3u << 12) | 0x3ffu) /* 13:12, 9:0 */
#define HCPTR_TCP10      (1u << 10)
#define HCPTR_TCP11      (1u << 11)
#define HCPTR_TASE       (1u << 15)
#define HCPTR_TTA        (1u << 20)
#define HCPTR_TCPAC      (1u << 31)
#define HCPTR_TRAPS      (HCPTR_TCPAC | HCPTR_TTA | HCPTR_TASE | HCPTR_TCP11 | HCPTR_TCP10)
/* What hyp_to_svc writes: none of those traps, nothing SVC uses is
 * trapped; the other TCPn bits as they read. */
#define HCPTR_NOTRAP HCPTR_TCP_OTHERS
REG_ASSERT(HCPTR_NOTRAP == 0x33ff);
REG_ASSERT((HCPTR_NOTRAP & HCPTR_TRAPS) == 0);

/* HSCTLR (B4.1.71) bits entry.S clears in HYP, keeping the RES1 ones: MMU,
 * alignment check, caches, WXN, FI, EE (little-endian exceptions and
 * data) and TE (exceptions in ARM state, as the HYP vectors are): the
 * Linux arch/arm/kernel/hyp-stub.S HSCTLR_MASK. */
#define HSCTLR_M   (1u << 0)
#define HSCTLR_A   (1u << 1)
#define HSCTLR_C   (1u << 2)
#define HSCTLR_I   (1u << 12)
#define HSCTLR_WXN (1u << 19)
#define HSCTLR_FI  (1u << 21)
#define HSCTLR_EE  (1u << 25)
#define HSCTLR_TE  (1u << 30)
#define HSCTLR_CLEAR_BITS                                                                          \
	(HSCTLR_M | HSCTLR_A | HSCTLR_C | HSCTLR_I | HSCTLR_WXN | HSCTLR_FI | HSCTLR_EE | HSCTLR_TE)
/* RAO/SBOP in HSCTLR: bits 29:28, 23:22, 18, 16, 11 and 4:3 (the SCTLR
 * positions that have no function in HYP). */
#define HSCTLR_RAO_BITS ((3u << 28) | (3u << 22) | (1u << 18) | (1u << 16) | (1u << 11) | (3u << 3))
REG_ASSERT(HSCTLR_CLEAR_BITS == 0x42281007);
REG_ASSERT((HSCTLR_CLEAR_BITS & HSCTLR_RAO_BITS) == 0);

/* CNTHCTL (B4.1.22): what hyp_to_svc sets, keeping the rest. */
#define CNTHCTL_PL1PCTEN (1u << 0) /* PL1 may read the physical counter */
#define CNTHCTL_PL1PCEN  (1u << 1) /* PL1 may use the physical timer */

/* CPACR (B4.1.40): cp10 [21:20] and cp11 [23:22], 0b11 each, full access to
 * the VFP/Advanced SIMD coprocessors; FPEXC (B4.1.57): EN. */
#define CPACR_CP10_FULL (3u << 20)
#define CPACR_CP11_FULL (3u << 22)
#define CPACR_CP10_CP11 (CPACR_CP11_FULL | CPACR_CP10_FULL)
#define FPEXC_EN        (1u << 30)
REG_ASSERT(CPACR_CP10_CP11 == 0xf00000);

#endif
