/* SPDX-License-Identifier: BSD-2-Clause */
/* Versatile Express with the CoreTile A15x2 (RS1 memory map). */
#include "board/platform.h"

UART_DRIVER_EXTERN(pl011);

PLATFORM(vexpress_a15, armv7) = {
	.name = "vexpress-a15",
	.defaults = {
		.model = "ARM Versatile Express A15 (platform defaults)",
		.ram = {{0x80000000, 128 << 20}},
		.nram = 1,
		.console = {.driver = &uart_pl011, .base = 0x1c090000, .path = "platform default"},
	},
	/* With no tree, secondaries by the motherboard's flags + an SGI (V2M-P1
	 * TRM, ARM DUI 0447; RS1 map: the motherboard at 0x1c000000, the A15 GIC at 0x2c000000:
	 * Linux arch/arm/boot/dts/arm/vexpress-v2p-ca15-tc1.dts). */
	.smp = {.method = PLATFORM_SMP_VEXPRESS, .sysreg = 0x1c010000, .gicd = 0x2c001000},
	/* GIC-400-compatible Cortex-A15 GIC: distributor at PERIPHBASE +
	 * 0x1000, CPU interface at + 0x2000 (Cortex-A15 MPCore TRM, ARM DDI
	 * 0438, 8.1 "Memory map"); the timer PPIs as the tree's arch timer node. */
	.gic = {.version = GIC_V2, .dist = 0x2c001000, .cpu = 0x2c002000,
		.vtimer_ppi = GIC_PPI_VTIMER_DEFAULT, .ptimer_ppi = GIC_PPI_PTIMER_DEFAULT},
};
