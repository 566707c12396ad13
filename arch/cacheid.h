/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Cache identification register fields, one layout for both architectures
 * bringup runs: AArch64 CTR_EL0, CLIDR_EL1, CCSIDR_EL1, DCZID_EL0 (ARM ARM
 * DDI 0487, chapter D17 "AArch64 System Register Descriptions") and the
 * ARMv7-A CTR, CLIDR, CCSIDR (DDI 0406C B4.1.42, B4.1.20, B4.1.19), which
 * share the layout without FEAT_CCIDX. Usable from C and assembly.
 */
#ifndef ARCH_CACHEID_H
#define ARCH_CACHEID_H

/* CTR: line sizes as log2(words), IDC/DIC (AArch64 only; RES0 on ARMv7). */
#define CTR_IMINLINE_SHIFT 0
#define CTR_L1IP_SHIFT     14 /* L1 instruction cache policy, 2 bits */
#define CTR_DMINLINE_SHIFT 16
#define CTR_LINE_BITS      4
#define CTR_IDC_SHIFT      28
#define CTR_DIC_SHIFT      29

/* CLIDR: Ctype<n> (3 bits per level from bit 0), LoUIS, LoC, LoUU. */
#define CLIDR_CTYPE_BITS  3
#define CLIDR_LOUIS_SHIFT 21
#define CLIDR_LOC_SHIFT   24
#define CLIDR_LOUU_SHIFT  27
#define CLIDR_LEVEL_BITS  3
#define CTYPE_NONE        0
#define CTYPE_INSN        1
#define CTYPE_DATA        2 /* Ctype >= 2: a data or unified cache at this level */

/* CCSIDR: LineSize is log2(line bytes) - 4; Associativity and NumSets hold
 * the count minus one. FEAT_CCIDX (ID_AA64MMFR2_EL1.CCIDX) widens both. */
#define CCSIDR_LINESIZE_BITS     3
#define CCSIDR_LINESIZE_BIAS     4
#define CCSIDR_ASSOC_SHIFT       3
#define CCSIDR_ASSOC_BITS        10
#define CCSIDR_SETS_SHIFT        13
#define CCSIDR_SETS_BITS         15
#define CCSIDR_CCIDX_ASSOC_BITS  21
#define CCSIDR_CCIDX_SETS_SHIFT  32
#define CCSIDR_CCIDX_SETS_BITS   24
#define ID_AA64MMFR2_CCIDX_SHIFT 20
#define ID_AA64MMFR2_CCIDX_BITS  4

/* DCZID_EL0: BS is log2(words) of the DC ZVA block; DZP prohibits DC ZVA. */
#define DCZID_BS_BITS   4
#define DCZID_DZP_SHIFT 4

/* CSSELR: Level (minus one) in [3:1], InD (instruction cache) in bit 0. */
#define CSSELR_LEVEL_SHIFT 1

#endif
