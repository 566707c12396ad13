/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Allwinner A20 (sun7i, 2x Cortex-A7), any board: identified only by a tree
 * whose root is compatible with "allwinner,sun7i-a20" (no RAM default: the
 * size differs between boards, so it never claims a load address, and the
 * tree or the loader gives the RAM). The debug UART0 is a DesignWare 8250 at
 * 0x01c28000, 32-bit registers 4 bytes apart, 24 MHz (A20 user manual,
 * memory map and UART chapters). Its second CPU starts through the CPU
 * configuration block at 0x01c25c00 (A20 user manual, "CPU Configuration";
 * U-Boot arch/arm/include/asm/arch-sunxi/cpu_sun4i.h SUNXI_CPUCFG_BASE for
 * sun7i), which the A20 trees do not name (smp/methods/start_sunxi.c); the A20 has no
 * PRCM: its power clamp and gating are in the CPUCFG block.
 */
#include "board/platform.h"

UART_DRIVER_EXTERN(ns16550);

PLATFORM(sun7i_a20, armv7) = {
	.name = "sun7i-a20",
	.defaults = {
		.model = "Allwinner A20 board (platform defaults)",
		.console = {.driver = &uart_ns16550, .base = 0x01c28000, .reg_shift = 2,
			    .reg_io_width = 4, .clock_hz = 24000000, .path = "platform default"},
	},
	.compatible = "allwinner,sun7i-a20",
	.cpu_part = 0xc07, /* Cortex-A7 */
	.smp = {.cpucfg = 0x01c25c00},
};
