/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The i.MX7D start method: its trees name
 * no enable-method and no /psci (on a board U-Boot adds /psci and starts
 * the core itself, arch/arm/mach-imx/mx7/psci-mx7.c; this is the same
 * sequence, for a loader that gives no PSCI). Core 1 of the two A7s:
 *  1. its entry into the System Reset Controller's GPR1 + 8 n (SRC + 0x74,
 *     the tree's fsl,imx7d-src node);
 *  2. powered up by the General Power Controller (the fsl,imx7d-gpc node):
 *     PGC_C1 (GPC + 0x840) = 1, CPU_PGC_SW_PUP_REQ (GPC + 0xf0) bit 1 set,
 *     until the GPC clears it (bounded: 10 ms), PGC_C1 = 0;
 *  3. SRC_A7RCR1 (SRC + 0x008) bit n (A7 core1 enable): set, the others
 *     kept; the core leaves reset at its entry.
 * (i.MX 7Dual reference manual, "System Reset Controller" and "General
 * Power Controller"). QEMU 7.2's mcimx7d-sabre gives PSCI instead:
 * tests/host/smp/test_smp_methods.c holds the sequence.
 */
#include "arch/counter.h"
#include "arch/psci.h"
#include "boot/boot.h"
#include "lib/fdt/fdt.h"
#include "smp/smp.h"
#include "smp/smp_mmio.h"

#define SRC_A7RCR1         0x008
#define SRC_GPR1_MX7       0x074
#define GPC_CPU_PGC_SW_PUP 0xf0
#define GPC_PGC_C1         0x840
#define GPC_PUP_CORE1      (1u << 1)
#define IMX7_POWER_WAIT_MS 10

static long start_imx7_src(struct smp_cpu *c)
{
	const void *dtb = (const void *)boot.hw.dtb;
	uint64_t src, gpc;
	struct deadline d;

	if (c->dt.mpidr != 1)
		return PSCI_RET_INVALID_PARAMETERS; /* core 1 is the only other one */
	if (board_compatible_reg(dtb, boot.hw.dtb_size, "fsl,imx7d-src", &src) != FDT_OK ||
	    board_compatible_reg(dtb, boot.hw.dtb_size, "fsl,imx7d-gpc", &gpc) != FDT_OK)
		return PSCI_RET_INVALID_ADDRESS;
	smp_mmio_w32(src + SRC_GPR1_MX7 + 8, (uint32_t)(uintptr_t)secondary_entry);
	smp_mmio_w32(gpc + GPC_PGC_C1, 1);
	smp_mmio_w32(gpc + GPC_CPU_PGC_SW_PUP,
		     smp_mmio_r32(gpc + GPC_CPU_PGC_SW_PUP) | GPC_PUP_CORE1);
	deadline_start(&d, IMX7_POWER_WAIT_MS);
	while ((smp_mmio_r32(gpc + GPC_CPU_PGC_SW_PUP) & GPC_PUP_CORE1) && !deadline_passed(&d))
		;
	smp_mmio_w32(gpc + GPC_PGC_C1, 0);
	smp_mmio_dsb(); /* smp_args and the entry before the release */
	smp_mmio_w32(src + SRC_A7RCR1, smp_mmio_r32(src + SRC_A7RCR1) | 1u << 1);
	smp_mmio_dsb();
	return 0;
}

START_METHOD(imx7_src) = {
	.name = "i.MX7 SRC + GPC",
	.root_compats = "fsl,imx7d\0",
	.start = start_imx7_src,
};
