/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Raspberry Pi 2 Model B (BCM2836, 4x Cortex-A7; QEMU raspi2b). RAM from 0:
 * 1 GiB less the VideoCore's share at the top (64 MiB, the firmware's
 * default gpu_mem and QEMU's vcram-size), so it ends below the peripherals
 * at 0x3f000000. Console: the PL011 (uart0) at 0x3f201000, the "serial0" of
 * the Pi 2's tree on GPIO 14/15. The firmware's tree fills the memory node;
 * the kernel package's has reg <0 0x40000000> or is rewritten by QEMU.
 */
#include "board/platform.h"

UART_DRIVER_EXTERN(pl011);

PLATFORM(raspi2b, armv7) = {
	.name = "raspi2b",
	.defaults = {
		.model = "Raspberry Pi 2 (platform defaults)",
		.ram = {{0x00000000, 0x3c000000}},
		.nram = 1,
		.console = {.driver = &uart_pl011, .base = 0x3f201000, .path = "platform default"},
	},
	.compatible = "brcm,bcm2836",
	.cpu_part = 0xc07, /* Cortex-A7 */
};
