/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Orange Pi PC (Allwinner H3, 4x Cortex-A7; QEMU orangepi-pc). The defaults
 * hold for every H3 board: DRAM from 0x40000000 (1 GiB on this one), the
 * debug UART0 a DesignWare 8250 at 0x01c28000 with 32-bit registers 4 bytes
 * apart, clocked at 24 MHz (H3 user manual, UART and memory map chapters).
 * DRAM starts where QEMU virt's does, so the load address cannot tell the two
 * apart: a tree compatible with "allwinner,sun8i-h3" selects this platform.
 * Its CPUs start through the CPU configuration block at 0x01f01c00 and the
 * PRCM at 0x01f01400 (H3 datasheet, memory map: "CPUCFG", "R_PRCM"), which
 * the H3 trees do not name (smp/methods/start_sunxi.c).
 */
#include "board/platform.h"

UART_DRIVER_EXTERN(ns16550);

PLATFORM(orangepi_pc, armv7) = {
	.name = "orangepi-pc",
	.defaults = {
		.model = "Allwinner H3 board (platform defaults)",
		.ram = {{0x40000000, 1u << 30}},
		.nram = 1,
		.console = {.driver = &uart_ns16550, .base = 0x01c28000, .reg_shift = 2,
			    .reg_io_width = 4, .clock_hz = 24000000, .path = "platform default"},
	},
	.compatible = "allwinner,sun8i-h3",
	.cpu_part = 0xc07, /* Cortex-A7 */
	.smp = {.cpucfg = 0x01f01c00, .prcm = 0x01f01400},
};
