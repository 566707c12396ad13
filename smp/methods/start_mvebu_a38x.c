/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Marvell Armada 38x start method (enable-method "marvell,armada-380-smp"; Linux
 * arch/arm/mach-mvebu/platsmp-a9.c mvebu_cortex_a9_boot_secondary, with
 * pmsu.c and cpu-reset.c): the second Cortex-A9, core n = MPIDR Aff0:
 *  1. its boot address redirect, PMSU + 0x124 + 0x100 n (the tree's
 *     marvell,armada-380-pmsu node), = the entry;
 *  2. its reset released: CPU reset control n, CPURST + 8 n (the
 *     marvell,armada-370-cpu-reset node), bit 0 (assert) cleared, the
 *     other bits kept;
 *  3. an SGI to wake it should it wait in WFI: GICD_SGIR to every CPU
 *     interface but the boot CPU's (board/cores.h gic_sgir_others).
 * QEMU models no Armada board: tests/host/smp/test_smp_methods.c holds the
 * sequence.
 */
#include "arch/psci.h"
#include "board/cores.h"
#include "boot/boot.h"
#include "lib/fdt/fdt.h"
#include "smp/smp.h"
#include "smp/smp_mmio.h"

#define PMSU_BOOT_ADDR(n) (0x124 + 0x100 * (n))
#define CPURST_CTL(n)     (8 * (n))
#define CPURST_ASSERT     (1u << 0)
#define A38X_CORES        2

static long start_mvebu_a38x(struct smp_cpu *c)
{
	const void *dtb = (const void *)boot.hw.dtb;
	size_t size = boot.hw.dtb_size;
	unsigned n = (unsigned)(c->dt.mpidr & 0xff);
	uint64_t pmsu, rst, gicd;

	if (n == 0 || n >= A38X_CORES || (c->dt.mpidr & ~0xffull))
		return PSCI_RET_INVALID_PARAMETERS;
	if (board_compatible_reg(dtb, size, "marvell,armada-380-pmsu", &pmsu) != FDT_OK ||
	    board_compatible_reg(dtb, size, "marvell,armada-370-cpu-reset", &rst) != FDT_OK ||
	    board_compatible_reg(dtb, size, "arm,cortex-a9-gic", &gicd) != FDT_OK)
		return PSCI_RET_INVALID_ADDRESS;
	smp_mmio_w32(pmsu + PMSU_BOOT_ADDR(n), (uint32_t)(uintptr_t)secondary_entry);
	smp_mmio_dsb(); /* smp_args and the entry before the release */
	smp_mmio_w32(rst + CPURST_CTL(n), smp_mmio_r32(rst + CPURST_CTL(n)) & ~CPURST_ASSERT);
	smp_mmio_wake_others(gicd);
	return 0;
}

START_METHOD(mvebu_a38x) = {
	.name = "marvell,armada-380-smp",
	.enable_methods = "marvell,armada-380-smp\0",
	.start = start_mvebu_a38x,
};
