/* SPDX-License-Identifier: BSD-2-Clause */
/* QEMU "virt" (hw/arm/virt.c memory map), both architectures. */
#include "board/platform.h"

UART_DRIVER_EXTERN(pl011);

PLATFORM(qemu_virt, aarch64, armv7) = {
	.name = "qemu-virt",
	.defaults = {
		.model = "QEMU virt (platform defaults)",
		.ram = {{0x40000000, 128 << 20}}, /* QEMU's default -m */
		.nram = 1,
		.console = {.driver = &uart_pl011, .base = 0x09000000, .path = "platform default"},
		.psci = PSCI_NONE,
		/* QEMU's generic timer ticks every 16 ns (target/arm/cpu.h
		 * GTIMER_SCALE); its virt tree's timer node names no frequency. */
		.timer_hz = 62500000,
	},
	.dtb_fallback = 0x40000000,
	/* With -kernel, the tree at RAM base + min(RAM / 2, 128 MiB) past no
	 * initrd (QEMU hw/arm/boot.c arm_load_kernel: initrd_start, then the
	 * DTB): 0x48000000 from -m 256M up. */
	.dtb_fallback_kernel = 0x48000000,
	/* The root compatible QEMU gives virt's tree (hw/arm/virt.c
	 * create_fdt()); RAM at 0x40000000 on any CPU is no sign of QEMU. */
	.compatible = "linux,dummy-virt",
	.tree_only = true,
	/* virt's RAM: up to 255 GiB from 0x40000000 (hw/arm/virt.c
	 * LEGACY_RAMLIMIT_BYTES, the VIRT_MEM region); TF-A's qemu port loads
	 * BL33 at 0x60000000 (plat/qemu/qemu/include/platform_def.h
	 * NS_IMAGE_OFFSET), past the 128 MiB default. */
	.ram_window = 255ull << 30,
};
