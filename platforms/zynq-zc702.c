/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Zynq-7000 on a ZC702 (2x Cortex-A9 MPCore; QEMU xilinx-zynq-a9, one core).
 * RAM from 0: the ZC702's 1 GiB of DDR. Console: UART1 (Cadence) at
 * 0xe0001000, the one behind the board's USB-UART bridge (ZedBoard: the
 * same). The PL310 L2 controller and the A9 private region sit at fixed
 * SoC addresses. raspi2b's RAM also starts at 0: the CPU (Cortex-A9, not
 * the Pi 2's A7) or a tree's root compatible tells them apart.
 */
#include "board/platform.h"

UART_DRIVER_EXTERN(cadence);

PLATFORM(zynq_zc702, armv7) = {
	.name = "zynq-zc702",
	.defaults = {
		.model = "Xilinx Zynq-7000 ZC702 (platform defaults)",
		.ram = {{0x00000000, 0x40000000}},
		.nram = 1,
		.console = {.driver = &uart_cadence, .base = 0xe0001000, .reg_io_width = 4,
			    .path = "platform default"},
		.outer_cache_base = 0xf8f02000, /* PL310 L2C */
		.a9_periphbase = 0xf8f00000,    /* SCU, GIC, timers */
	},
	.compatible = "xlnx,zynq-7000",
	.cpu_part = 0xc09, /* Cortex-A9 */
	/* In the A9 private region (a9_periphbase): CPU interface at + 0x100,
	 * distributor at + 0x1000 (Zynq-7000 TRM, UG585, "Interrupts"). */
	.gic = {.version = GIC_V2, .dist = 0xf8f01000, .cpu = 0xf8f00100},
};
