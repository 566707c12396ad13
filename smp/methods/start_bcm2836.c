/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The BCM2836 start method (Raspberry Pi 2,
 * and the Pi 3's BCM2837 in 32-bit trees): the local interrupt
 * controller's mailbox 3 of core n, set register at 0x8c + 16 n, takes the
 * entry address; the core's boot code waits for it to become non-zero,
 * clears it and jumps there (Linux arch/arm/mach-bcm/platsmp.c
 * bcm2836_smp_boot_secondary, LOCAL_MAILBOX3_SET0; the loader's stub QEMU
 * models in hw/arm/raspi.c does the same). The controller is the tree's
 * brcm,bcm2836-l1-intc node.
 */
#include "arch/psci.h"
#include "boot/boot.h"
#include "lib/fdt/fdt.h"
#include "smp/smp.h"
#include "smp/smp_mmio.h"

#define BCM2836_MAILBOX3_SET0 0x8c

static long start_bcm2836(struct smp_cpu *c)
{
	uint64_t base;

	if (board_compatible_reg((const void *)boot.hw.dtb, boot.hw.dtb_size,
				 "brcm,bcm2836-l1-intc", &base) != FDT_OK)
		return PSCI_RET_INVALID_ADDRESS;
	smp_mmio_dsb(); /* smp_args reaches memory before the release */
	smp_mmio_w32(base + BCM2836_MAILBOX3_SET0 + 16 * (c->dt.mpidr & 3),
		     (uint32_t)(uintptr_t)secondary_entry);
	smp_mmio_dsb();
	smp_mmio_sev();
	return 0;
}

START_METHOD(bcm2836) = {
	.name = "brcm,bcm2836-smp",
	.enable_methods = "brcm,bcm2836-smp\0",
	.start = start_bcm2836,
};
