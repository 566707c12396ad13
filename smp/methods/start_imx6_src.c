/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The i.MX6 Quad/DualLite start method:
 * their trees name no enable-method (Linux starts them by the machine,
 * arch/arm/mach-imx/platsmp.c imx_boot_secondary through
 * arch/arm/mach-imx/src.c). The System Reset Controller (the tree's
 * fsl,imx6q-src node; i.MX 6Dual/6Quad Applications Processor Reference
 * Manual, IMX6DQRM, chapter "System Reset Controller (SRC)"):
 *  - SRC_GPR1 + 8 n (n = 1..3, the core's number, MPIDR Aff0): the address
 *    core n jumps to when it comes out of reset (its argument in the word
 *    after, SRC_GPR2 + 8 n: unused, the core finds its smp_args by MPIDR);
 *  - SRC_SCR bit 22 + n - 1 (core1_enable ..): set, core n leaves reset
 *    and runs from that address (QEMU models it: hw/misc/imx6_src.c);
 *  - SRC_SCR bit 14 + n - 1 (core1_rst ..), self-clearing: set with the
 *    enable, so a core an earlier run left enabled (JTAG reload, warm
 *    restart without power-on reset) is reset and restarted, as Linux
 *    arch/arm/mach-imx/src.c imx_enable_cpu sets it.
 * The entry reaches memory (DSB) before the enable, the SCR is read and
 * written back with that one bit (its other bits reset the GPU, VPU, IPU:
 * never touched).
 */
#include "arch/psci.h"
#include "boot/boot.h"
#include "lib/fdt/fdt.h"
#include "smp/smp.h"
#include "smp/smp_mmio.h"

#define SRC_SCR              0x000
#define SRC_GPR1             0x020
#define SRC_SCR_CORE1_ENABLE 22
#define SRC_SCR_CORE1_RST    14
#define IMX6_CORES           4

static long start_imx6_src(struct smp_cpu *c)
{
	unsigned n = (unsigned)(c->dt.mpidr & 0xff);
	uint64_t base;

	if (n == 0 || n >= IMX6_CORES || (c->dt.mpidr & ~0xffull))
		return PSCI_RET_INVALID_PARAMETERS; /* core 0 is not SRC-started */
	if (board_compatible_reg((const void *)boot.hw.dtb, boot.hw.dtb_size, "fsl,imx6q-src",
				 &base) != FDT_OK)
		return PSCI_RET_INVALID_ADDRESS;
	smp_mmio_w32(base + SRC_GPR1 + 8 * n, (uint32_t)(uintptr_t)secondary_entry);
	smp_mmio_dsb(); /* smp_args and the entry before the release */
	smp_mmio_w32(base + SRC_SCR, smp_mmio_r32(base + SRC_SCR) |
					     1u << (SRC_SCR_CORE1_ENABLE + n - 1) |
					     1u << (SRC_SCR_CORE1_RST + n - 1));
	smp_mmio_dsb();
	return 0;
}

START_METHOD(imx6_src) = {
	.name = "i.MX6 SRC",
	.root_compats = "fsl,imx6q\0fsl,imx6dl\0fsl,imx6qp\0",
	.start = start_imx6_src,
};
