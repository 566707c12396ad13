/*
 * AArch64 system register fields bringup sets at boot (ARM ARM DDI 0487, D13 /
 * D17 "AArch64 System Register Descriptions"). Usable from C and assembly.
 */
#ifndef BOOT_AARCH64_SYSREGS_H
#define BOOT_AARCH64_SYSREGS_H

#define MPIDR_AFF_MASK 0xff00ffffff /* Aff3..Aff0: zero only on the boot CPU */

#define SCTLR_M   (1 << 0)
#define SCTLR_A   (1 << 1)
#define SCTLR_C   (1 << 2)
#define SCTLR_SA  (1 << 3)
#define SCTLR_I   (1 << 12)
#define SCTLR_WXN (1 << 19)
/* SCTLR_EL1 with every RES1 bit set and MMU, caches, alignment checks off. */
#define SCTLR_EL1_RESET 0x30d00800
/* What bringup runs with until the MMU is on: SCTLR_EL1_RESET plus alignment
 * checking (A). With the MMU off every data access is Device-nGnRnE, where an
 * unaligned access faults on hardware whatever A says (ARM ARM B2.5.2); QEMU
 * only faults it when A is set, so setting A makes QEMU catch what a board
 * would. mmu_enable() clears A again (Normal memory allows unaligned). */
#define SCTLR_EL1_BOOT (SCTLR_EL1_RESET | SCTLR_A)

/* SCR_EL3: NS | RES1 (bits 5:4) | HCE (HVC allowed) | RW (lower ELs AArch64). */
#define SCR_EL3_VALUE            0x531
#define HCR_EL2_RW               (1 << 31)
#define CNTHCTL_EL1PCTEN_EL1PCEN 0x3
#define CPTR_EL2_NOTRAP          0x33ff /* RES1 bits only: TFP, TTA, TCPAC clear */
#define CPACR_FPEN               (3 << 20)

/* SPSR: DAIF masked, target EL with its own SP (ELxh). */
#define SPSR_EL1H_MASKED 0x3c5
#define SPSR_EL2H_MASKED 0x3c9

#define PMCR_E               (1 << 0)
#define PMCR_P               (1 << 1)
#define PMCR_C               (1 << 2)
#define PMU_EVT_INST_RETIRED 0x08

#define R_AARCH64_RELATIVE 1027

/* arm64 Image header flags: little-endian, 4 KiB pages (1 << 1), place anywhere (1 << 3). */
#define IMAGE_FLAGS 0xa

/* Exit status when boot_main returns (it never should). */
#define EXIT_BOOT_RETURNED 99

#endif
