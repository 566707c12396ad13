/* Versatile Express with the CoreTile A15x2 (RS1 memory map). */
#include "board/platform.h"

PLATFORM(vexpress_a15) = {
	.name = "vexpress-a15",
	.defaults = {
		.model = "ARM Versatile Express A15 (platform defaults)",
		.ram = {{0x80000000, 128 << 20}},
		.nram = 1,
		.console = {.driver = &uart_pl011, .base = 0x1c090000, .path = "platform default"},
	},
};
