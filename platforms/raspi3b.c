/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Raspberry Pi 3 Model B (BCM2837, 4x Cortex-A53; QEMU raspi3b). RAM from 0:
 * 1 GiB less the VideoCore's 64 MiB at the top, below the peripherals at
 * 0x3f000000. Console: the mini UART (bcm2835-aux-uart, 8250-like, 32-bit
 * registers 4 bytes apart) at 0x3f215040, the Pi 3's "serial1" on GPIO 14/15
 * (the PL011 drives Bluetooth there). Its clock follows the VPU's, which is
 * why config.txt needs enable_uart=1 (it pins core_freq).
 *
 * Its system counter is fed through the BCM2836/7 ARM-local block at
 * 0x40000000 ("QA7" ARM Quad A7 core document: Control register at +0x00,
 * bit 8 clear = 19.2 MHz crystal, bit 9 clear = increment by 1; Core timer
 * prescaler at +0x08, 0x80000000 = divide by 1), which the Pi firmware's
 * armstub programs before it starts the kernel (raspberrypi/tools
 * armstubs/armstub8.S). Entered at EL3 without it (kernel_old, a bare
 * loader), the counter may not move: bringup writes the same values.
 */
#include "board/platform.h"

UART_DRIVER_EXTERN(ns16550);

PLATFORM(raspi3b, aarch64) = {
	.name = "raspi3b",
	.defaults = {
		.model = "Raspberry Pi 3 (platform defaults)",
		.ram = {{0x00000000, 0x3c000000}},
		.nram = 1,
		.console = {.driver = &uart_ns16550, .base = 0x3f215040, .reg_shift = 2,
			    .reg_io_width = 4, .path = "platform default"},
	},
	.compatible = "brcm,bcm2837",
	.counter = {.base = 0x40000000, .n = 2, .w = {{0x00, 0}, {0x08, 0x80000000}}},
};
