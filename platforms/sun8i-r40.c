/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Allwinner R40 / V40 (sun8i-r40, 4x Cortex-A7), any board: identified only
 * by a tree whose root is compatible with "allwinner,sun8i-r40" (no RAM
 * default: the size differs between boards, so it never claims a load
 * address). The debug UART0 is a DesignWare 8250 at 0x01c28000, 32-bit
 * registers 4 bytes apart, 24 MHz (R40 user manual, memory map and UART
 * chapters). Its CPUs start through the CPU configuration block at
 * 0x01c25c00 (R40 user manual, "CPUCFG"; U-Boot
 * arch/arm/include/asm/arch-sunxi/cpu_sun4i.h SUNXI_CPUCFG_BASE for the
 * R40), which the R40 trees do not name, and the SRAM controller, which they
 * do (smp/methods/start_sunxi.c); its power clamps and gating are in the CPUCFG
 * block, not the PRCM.
 */
#include "board/platform.h"

UART_DRIVER_EXTERN(ns16550);

PLATFORM(sun8i_r40, armv7) = {
	.name = "sun8i-r40",
	.defaults = {
		.model = "Allwinner R40 board (platform defaults)",
		.console = {.driver = &uart_ns16550, .base = 0x01c28000, .reg_shift = 2,
			    .reg_io_width = 4, .clock_hz = 24000000, .path = "platform default"},
	},
	.compatible = "allwinner,sun8i-r40",
	.cpu_part = 0xc07, /* Cortex-A7 */
	.smp = {.cpucfg = 0x01c25c00},
};
