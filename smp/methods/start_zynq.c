/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Zynq-7000 start method: its trees name no
 * enable-method (Linux starts CPU1 by the machine, arch/arm/mach-zynq/
 * platsmp.c). After reset CPU1 waits in the boot ROM: WFE, then the word at
 * 0xfffffff0, the top of the on-chip memory mapped high; a non-zero value
 * is where it jumps (Zynq-7000 Technical Reference Manual, UG585, "Starting
 * Code on CPU 1"). So: the entry into that word, DSB, SEV. The on-chip
 * memory must be the tree's (an mmio-sram node mapped high, as Linux's
 * zynq-7000.dtsi names it at 0xfffc0000): bringup maps only what the tree
 * names, and never writes there otherwise. (Linux resets CPU1 through the
 * SLCR and plants a trampoline at 0 instead; the ROM's wait is the manual's
 * way for a CPU1 nothing has started yet.) QEMU's xilinx-zynq-a9 models one
 * A9: tests/host/smp/test_smp_methods.c holds the sequence.
 */
#include "arch/psci.h"
#include "boot/boot.h"
#include "lib/fdt/fdt.h"
#include "smp/smp.h"
#include "smp/smp_mmio.h"

#define ZYNQ_OCM_HIGH     0xfffc0000u /* the OCM's 256 KiB mapped high */
#define ZYNQ_CPU1_RELEASE 0xfffffff0u

static long start_zynq(struct smp_cpu *c)
{
	uint64_t ocm;

	if ((c->dt.mpidr & 0xff) != 1 || (c->dt.mpidr & ~0xffull))
		return PSCI_RET_INVALID_PARAMETERS; /* CPU1 is the only other core */
	if (board_compatible_reg((const void *)boot.hw.dtb, boot.hw.dtb_size, "mmio-sram", &ocm) !=
		    FDT_OK ||
	    ocm < ZYNQ_OCM_HIGH || ocm > ZYNQ_CPU1_RELEASE)
		return PSCI_RET_INVALID_ADDRESS;
	smp_mmio_dsb(); /* smp_args reaches memory before the release */
	smp_mmio_w32(ZYNQ_CPU1_RELEASE, (uint32_t)(uintptr_t)secondary_entry);
	smp_mmio_dsb();
	smp_mmio_sev();
	return 0;
}

START_METHOD(zynq) = {
	.name = "Zynq-7000 boot ROM + SEV",
	.root_compats = "xlnx,zynq-7000\0",
	.start = start_zynq,
};
