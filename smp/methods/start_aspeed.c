/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Aspeed AST2600 start method (the tree's enable-method "aspeed,ast2600-smp"; Linux
 * arch/arm/mach-aspeed/platsmp.c): the boot code of the second A7 waits in
 * WFE on a mailbox in the SCU, the tree's aspeed,ast2600-smpmem node:
 * word 0 the entry address, word 1 the go signal 0xabbaab00 | n (n = the
 * core's MPIDR Aff0). The entry is written first (0, then the address),
 * then the signal, DSB and SEV (QEMU's ast2600-evb models the same loop:
 * hw/arm/aspeed.c aspeed_write_smpboot).
 */
#include "arch/psci.h"
#include "boot/boot.h"
#include "lib/fdt/fdt.h"
#include "smp/smp.h"
#include "smp/smp_mmio.h"

#define SMPMEM_ENTRY   0x0
#define SMPMEM_GO      0x4
#define SMPMEM_GO_SIGN 0xabbaab00u

static long start_aspeed(struct smp_cpu *c)
{
	uint64_t base;

	if (board_compatible_reg((const void *)boot.hw.dtb, boot.hw.dtb_size,
				 "aspeed,ast2600-smpmem", &base) != FDT_OK)
		return PSCI_RET_INVALID_ADDRESS;
	smp_mmio_dsb(); /* smp_args reaches memory before the release */
	smp_mmio_w32(base + SMPMEM_ENTRY, 0);
	smp_mmio_w32(base + SMPMEM_ENTRY, (uint32_t)(uintptr_t)secondary_entry);
	smp_mmio_dsb(); /* the entry before the signal: the core jumps once it sees it */
	smp_mmio_w32(base + SMPMEM_GO, SMPMEM_GO_SIGN | (uint32_t)(c->dt.mpidr & 0xff));
	smp_mmio_dsb();
	smp_mmio_sev();
	return 0;
}

START_METHOD(aspeed) = {
	.name = "aspeed,ast2600-smp",
	.enable_methods = "aspeed,ast2600-smp\0",
	.start = start_aspeed,
};
