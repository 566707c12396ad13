/* QEMU "virt" (hw/arm/virt.c memory map), both architectures. */
#include "board/platform.h"

PLATFORM(qemu_virt) = {
	.name = "qemu-virt",
	.defaults = {
		.model = "QEMU virt (platform defaults)",
		.ram = {{0x40000000, 128 << 20}}, /* QEMU's default -m */
		.nram = 1,
		.console = {.driver = &uart_pl011, .base = 0x09000000, .path = "platform default"},
		.psci = PSCI_NONE,
	},
	.dtb_fallback = 0x40000000,
};
