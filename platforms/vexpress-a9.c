/* SPDX-License-Identifier: BSD-2-Clause */
/* Versatile Express with the CoreTile A9x4 (legacy memory map). */
#include "board/platform.h"

UART_DRIVER_EXTERN(pl011);

PLATFORM(vexpress_a9, armv7) = {
	.name = "vexpress-a9",
	.defaults = {
		.model = "ARM Versatile Express A9 (platform defaults)",
		.ram = {{0x60000000, 128 << 20}},
		.nram = 1,
		.console = {.driver = &uart_pl011, .base = 0x10009000, .path = "platform default"},
		.outer_cache_base = 0x1e00a000, /* PL310 L2C on the CoreTile */
	},
	/* With no tree, secondaries by the motherboard's flags + an SGI (V2M-P1
	 * TRM, ARM DUI 0447; legacy map: the motherboard on CS7, the A9 private region at 0x1e000000:
	 * Linux arch/arm/boot/dts/arm/vexpress-v2p-ca9.dts). */
	.smp = {.method = PLATFORM_SMP_VEXPRESS, .sysreg = 0x10000000, .gicd = 0x1e001000},
	/* The Cortex-A9 MPCore private region at 0x1e000000: CPU interface at
	 * + 0x100, distributor at + 0x1000 (Cortex-A9 MPCore TRM, ARM DDI
	 * 0407, 1.5 "Private memory region"); no generic timer. */
	.gic = {.version = GIC_V2, .dist = 0x1e001000, .cpu = 0x1e000100},
};
