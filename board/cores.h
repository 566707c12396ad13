/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * How many cores a cluster has, from the hardware, for a board with no tree
 * (ATAGS loaders, QEMU vexpress without -dtb): pure decoding, host-tested
 * (host-cores); smp/smp_hw_cpus.c reads the registers.
 *
 * Which register says it depends on the core (by MIDR, Arm parts only):
 * - Cortex-A9/A5 MPCore: the SCU Configuration Register, PERIPHBASE + 0x04,
 *   bits [1:0] = CPUs - 1 (Cortex-A9 MPCore TRM, ARM DDI 0407, "SCU
 *   Configuration Register"; Linux arch/arm/kernel/smp_scu.c
 *   scu_get_core_count);
 * - Cortex-A7/A15: L2CTLR (CP15 c9, opc1 1, c0, 2), bits [25:24] = cores - 1
 *   (Cortex-A15 MPCore TRM, ARM DDI 0438, and Cortex-A7 MPCore TRM, ARM DDI
 *   0464, "L2 Control Register");
 * - Cortex-A53/A57/A72: L2CTLR_EL1 (S3_1_C11_C0_2), bits [25:24] = cores - 1
 *   (Cortex-A53 TRM, ARM DDI 0500; Cortex-A57 TRM, ARM DDI 0488; Cortex-A72
 *   TRM, ARM DDI 0513, "L2 Control Register"). Its layout is IMPLEMENTATION
 *   DEFINED: other cores (A35, A55, ...) lay it out differently or lack it,
 *   so nothing is read there.
 * Any other core: HW_CORES_NONE, and the count stays 1 (nothing guessed).
 * The cores of one cluster have Aff0 0..n-1 (each TRM's MPIDR description:
 * the CPU ID within the cluster) and the boot CPU's Aff1/Aff2.
 */
#ifndef BOARD_CORES_H
#define BOARD_CORES_H

#include <stdbool.h>
#include <stdint.h>

enum hw_cores_src {
	HW_CORES_NONE = 0,
	HW_CORES_SCU,        /* Cortex-A9/A5: SCU_CONFIG at PERIPHBASE + 4 */
	HW_CORES_L2CTLR,     /* Cortex-A7/A15: CP15 c9, 1, c0, 2 */
	HW_CORES_L2CTLR_EL1, /* Cortex-A53/A57/A72: S3_1_C11_C0_2 */
};

#define SCU_CONFIG_OFFSET 0x04

/* The register that gives the core count of a core with this MIDR; aarch64:
 * the image runs in AArch64 (the part numbers of the two lists differ). */
enum hw_cores_src hw_cores_source(uint32_t midr, bool aarch64);
/* The core count that register value gives (1 to 4); 1 for HW_CORES_NONE. */
unsigned hw_cores_decode(enum hw_cores_src src, uint32_t reg);
/* "SCU configuration register", "L2CTLR", "L2CTLR_EL1", "none": for the
 * report. */
const char *hw_cores_source_name(enum hw_cores_src src);

/*
 * The GICD_SGIR value (GICv2, ARM IHI 0048B 4.3.15) that sends SGI `sgi` to
 * every CPU interface but the sender's, given the sender's own interface
 * mask `own`: what GICD_ITARGETSR0..7 read back (4.3.12: for SGIs and PPIs
 * each byte reads as the mask of the CPU interface of the CPU that reads
 * it). A CPU's interface number need not be its MPIDR Aff0 (a second
 * cluster's CPU 0 may be interface 2), and no CPU can read another's, so a
 * core not yet started cannot be targeted alone: it is woken with all of
 * them (Linux drivers/irqchip/irq-gic.c likewise targets 0xff for a CPU
 * whose interface it has not read yet). An `own` of 0 (the registers read
 * as zero on a uniprocessor GIC) gives the "all but the requester" filter
 * (TargetListFilter 0b01) instead.
 */
uint32_t gic_sgir_others(uint8_t own, unsigned sgi);
#define GICD_CTLR       0x000 /* bit 0: the distributor forwards (4.3.1) */
#define GICD_ITARGETSR0 0x800
#define GICD_SGIR       0xf00

#endif
