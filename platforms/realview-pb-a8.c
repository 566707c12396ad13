/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARM RealView Platform Baseboard for Cortex-A8 (QEMU realview-pb-a8): RAM at
 * 0x70000000 (the board's "high" alias, where Linux's
 * CONFIG_REALVIEW_HIGH_PHYS_OFFSET puts it), UART0 a PL011 at 0x10009000
 * (ARM RealView Platform Baseboard for Cortex-A8 User Guide, DUI 0417, memory
 * map). Debian ships no tree for it; the Cortex-A8 has no Multiprocessing
 * Extensions, which is what its matrix row is for.
 */
#include "board/platform.h"

UART_DRIVER_EXTERN(pl011);

PLATFORM(realview_pb_a8, armv7) = {
	.name = "realview-pb-a8",
	.defaults = {
		.model = "ARM RealView PB-A8 (platform defaults)",
		.ram = {{0x70000000, 128 << 20}},
		.nram = 1,
		.console = {.driver = &uart_pl011, .base = 0x10009000, .path = "platform default"},
	},
	.cpu_part = 0xc08,
};
