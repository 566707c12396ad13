/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Allwinner H2+ (sun8i-h2-plus, 4x Cortex-A7), any board: the H3's die
 * (its trees include Linux's sun8i-h3.dtsi; U-Boot builds its boards as
 * CONFIG_MACH_SUN8I_H3), so the H3's addresses (platforms/orangepi-pc.c):
 * the debug UART0 a DesignWare 8250 at 0x01c28000, 32-bit registers 4
 * bytes apart, 24 MHz; the CPU configuration block at 0x01f01c00 and the
 * PRCM at 0x01f01400 (H3 datasheet, memory map), which the trees do not
 * name (smp/methods/start_sunxi.c). Identified only by a tree whose root is
 * compatible with "allwinner,sun8i-h2-plus" (no RAM default: the size
 * differs between boards, so it never claims a load address).
 */
#include "board/platform.h"

UART_DRIVER_EXTERN(ns16550);

PLATFORM(sun8i_h2_plus, armv7) = {
	.name = "sun8i-h2-plus",
	.defaults = {
		.model = "Allwinner H2+ board (platform defaults)",
		.console = {.driver = &uart_ns16550, .base = 0x01c28000, .reg_shift = 2,
			    .reg_io_width = 4, .clock_hz = 24000000, .path = "platform default"},
	},
	.compatible = "allwinner,sun8i-h2-plus",
	.cpu_part = 0xc07, /* Cortex-A7 */
	.smp = {.cpucfg = 0x01f01c00, .prcm = 0x01f01400},
};
