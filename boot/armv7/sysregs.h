/*
 * ARMv7-A CP15 fields and PSR modes bringup sets at boot (ARM ARM DDI 0406C,
 * B4.1 "System control registers"). Usable from C and assembly.
 */
#ifndef BOOT_ARMV7_SYSREGS_H
#define BOOT_ARMV7_SYSREGS_H

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
#define PSR_AIF   0x1c0
#define PSR_T     (1 << 5)


#define SCTLR_M   (1 << 0)
#define SCTLR_A   (1 << 1)
#define SCTLR_C   (1 << 2)
#define SCTLR_Z   (1 << 11)
#define SCTLR_I   (1 << 12)
#define SCTLR_V   (1 << 13)
#define SCTLR_TRE (1 << 28)
#define SCTLR_AFE (1 << 29)
#define SCTLR_TE  (1 << 30)
/* Cleared at entry. Then A is set again: with the MMU off every access is
 * Strongly-ordered, where an unaligned access faults on hardware whatever A
 * says (ARM ARM A3.2.1); QEMU only faults it when A is set, so setting A makes
 * QEMU catch what a board would. mmu_enable() clears A with the MMU on. */
#define SCTLR_OFF_BITS                                                                             \
	(SCTLR_M | SCTLR_A | SCTLR_C | SCTLR_I | SCTLR_V | SCTLR_TRE | SCTLR_AFE | SCTLR_TE)

#define HCPTR_NOTRAP 0x33ff /* RES1 bits only: TCP10/TCP11/TASE/TTA clear */

#define PMCR_E               (1 << 0)
#define PMCR_P               (1 << 1)
#define PMCR_C               (1 << 2)
#define PMU_EVT_INST_RETIRED 0x08

#define FW_CACHE_ON_SHIFT 8
#define FW_CACHE_ON       (1 << FW_CACHE_ON_SHIFT) /* entry.S flag, beside the mode */

#define R_ARM_RELATIVE     23
#define ZIMAGE_MAGIC       0x016f2818
#define EXIT_BOOT_RETURNED 99

#endif
