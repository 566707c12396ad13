/*
 * Raspberry Pi 3 Model B (BCM2837, 4x Cortex-A53; QEMU raspi3b). RAM from 0:
 * 1 GiB less the VideoCore's 64 MiB at the top, below the peripherals at
 * 0x3f000000. Console: the mini UART (bcm2835-aux-uart, 8250-like, 32-bit
 * registers 4 bytes apart) at 0x3f215040, the Pi 3's "serial1" on GPIO 14/15
 * (the PL011 drives Bluetooth there). Its clock follows the VPU's, which is
 * why config.txt needs enable_uart=1 (it pins core_freq).
 */
#include "board/platform.h"

PLATFORM(raspi3b) = {
	.name = "raspi3b",
	.defaults = {
		.model = "Raspberry Pi 3 (platform defaults)",
		.ram = {{0x00000000, 0x3c000000}},
		.nram = 1,
		.console = {.driver = &uart_ns16550, .base = 0x3f215040, .reg_shift = 2,
			    .reg_io_width = 4, .path = "platform default"},
	},
	.compatible = "brcm,bcm2837",
};
