/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Rockchip RK3066 / RK3188 start method (enable-method "rockchip,rk3066-smp"; Linux
 * arch/arm/mach-rockchip/platsmp.c): a powered-up Cortex-A9 core n (MPIDR
 * Aff0) runs from the start of the on-chip SRAM the tree reserves for it
 * (the rockchip,rk3066-smp-sram node). So:
 *  1. a two-word trampoline there: LDR PC, [PC, #-4] (A32 0xe51ff004: the
 *     word after it, PC reading 8 ahead) and the entry address; the SRAM
 *     is one of the tree's devices, mapped Device (uncached): a DSB
 *     completes the writes;
 *  2. its power domain on: the PMU's (rockchip,rk3066-pmu) PWRDN_CON,
 *     PMU + 0x08, bit n cleared (the others kept); PWRDN_ST, PMU + 0x0c,
 *     bit n reads 0 once it is (bounded wait: 10 ms).
 * The trampoline is written once per start, for each core (the same two
 * words). A core whose power domain is already on is not restarted: not
 * driven here (NOT_SUPPORTED: Linux resets it through the CRU first).
 * QEMU models no Rockchip board: tests/host/smp/test_smp_methods.c holds the
 * sequence.
 */
#include "arch/counter.h"
#include "arch/psci.h"
#include "boot/boot.h"
#include "lib/fdt/fdt.h"
#include "smp/smp.h"
#include "smp/smp_mmio.h"

#define PMU_PWRDN_CON    0x08
#define PMU_PWRDN_ST     0x0c
#define A32_LDR_PC_NEXT  0xe51ff004u /* LDR PC, [PC, #-4] */
#define RK_POWER_WAIT_MS 10
#define RK_CORES         4

static long start_rockchip(struct smp_cpu *c)
{
	const void *dtb = (const void *)boot.hw.dtb;
	size_t size = boot.hw.dtb_size;
	unsigned n = (unsigned)(c->dt.mpidr & 0xff);
	uint64_t sram, pmu;
	struct deadline d;

	if (n == 0 || n >= RK_CORES || (c->dt.mpidr & ~0xffull))
		return PSCI_RET_INVALID_PARAMETERS;
	if (board_compatible_reg(dtb, size, "rockchip,rk3066-smp-sram", &sram) != FDT_OK ||
	    board_compatible_reg(dtb, size, "rockchip,rk3066-pmu", &pmu) != FDT_OK)
		return PSCI_RET_INVALID_ADDRESS;
	if (!(smp_mmio_r32(pmu + PMU_PWRDN_ST) & (1u << n)))
		return PSCI_RET_NOT_SUPPORTED; /* already powered: running something */
	smp_mmio_w32(sram, A32_LDR_PC_NEXT);
	smp_mmio_w32(sram + 4, (uint32_t)(uintptr_t)secondary_entry);
	smp_mmio_dsb(); /* smp_args and the trampoline before the power-up */
	smp_mmio_w32(pmu + PMU_PWRDN_CON, smp_mmio_r32(pmu + PMU_PWRDN_CON) & ~(1u << n));
	deadline_start(&d, RK_POWER_WAIT_MS);
	while ((smp_mmio_r32(pmu + PMU_PWRDN_ST) & (1u << n)) && !deadline_passed(&d))
		;
	return 0;
}

START_METHOD(rockchip) = {
	.name = "rockchip,rk3066-smp",
	.enable_methods = "rockchip,rk3066-smp\0",
	.start = start_rockchip,
};
