/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Marvell Armada 38x start method (enable-method "marvell,armada-380-smp"; Linux
 * arch/arm/mach-mvebu/platsmp-a9.c mvebu_cortex_a9_boot_secondary, with
 * pmsu.c and cpu-reset.c): the second Cortex-A9, core n = MPIDR Aff0:
 *  1. its boot address redirect, PMSU + 0x124 + 0x100 n (the tree's
 *     marvell,armada-380-pmsu node), = the entry;
 *  2. its SCU CPU Power Status byte (SCU + 0x08 + n, the arm,cortex-a9-scu
 *     node) back to Normal (0): a core last powered down through the SCU
 *     stays dormant otherwise (Linux pmsu_ll.S armada_38x_scu_power_up,
 *     run by the incoming core; the Cortex-A9 MPCore TRM, "SCU CPU Power
 *     Status Register");
 *  3. an SGI to wake it should it wait in WFI: GICD_SGIR to every CPU
 *     interface but the boot CPU's (board/cores.h gic_sgir_others), before
 *     the release, as Linux does ("needed to wake up CPUs in the offline
 *     state");
 *  4. its reset released: CPU reset control n, CPURST + 8 n (the
 *     marvell,armada-370-cpu-reset node), bit 0 (assert) cleared, the
 *     other bits kept.
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
#define SCU_CPU_POWER     0x08

static long start_mvebu_a38x(struct smp_cpu *c)
{
	const void *dtb = (const void *)boot.hw.dtb;
	size_t size = boot.hw.dtb_size;
	unsigned n = (unsigned)(c->dt.mpidr & 0xff);
	uint64_t pmsu, rst, gicd, scu;

	if (n == 0 || n >= A38X_CORES || (c->dt.mpidr & ~0xffull))
		return PSCI_RET_INVALID_PARAMETERS;
	if (board_compatible_reg(dtb, size, "marvell,armada-380-pmsu", &pmsu) != FDT_OK ||
	    board_compatible_reg(dtb, size, "marvell,armada-370-cpu-reset", &rst) != FDT_OK ||
	    board_compatible_reg(dtb, size, "arm,cortex-a9-gic", &gicd) != FDT_OK ||
	    board_compatible_reg(dtb, size, "arm,cortex-a9-scu", &scu) != FDT_OK)
		return PSCI_RET_INVALID_ADDRESS;
	smp_mmio_w32(pmsu + PMSU_BOOT_ADDR(n), (uint32_t)(uintptr_t)secondary_entry);
	smp_mmio_w32(scu + SCU_CPU_POWER, smp_mmio_r32(scu + SCU_CPU_POWER) & ~(0xffu << (8 * n)));
	smp_mmio_wake_others(gicd); /* its DSB: smp_args and the entry first */
	smp_mmio_w32(rst + CPURST_CTL(n), smp_mmio_r32(rst + CPURST_CTL(n)) & ~CPURST_ASSERT);
	smp_mmio_dsb();
	return 0;
}

START_METHOD(mvebu_a38x) = {
	.name = "marvell,armada-380-smp",
	.enable_methods = "marvell,armada-380-smp\0",
	.start = start_mvebu_a38x,
};
