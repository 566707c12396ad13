/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Samsung Exynos 4210 / 4412 / 5250 start method (CPU_METHOD below): their trees name no
 * enable-method (Linux starts them by the machine, arch/arm/mach-exynos/platsmp.c
 * exynos_boot_secondary). Core n (MPIDR Aff0) of the one cluster:
 *  1. powered: the PMU's (the tree's node of its SoC's own PMU compatible,
 *     exynos_pmu_compats below, as Linux mach-exynos/exynos.c
 *     exynos_dt_pmu_match)
 *     ARM_COREn_CONFIGURATION, PMU + 0x2000 + 0x80 n, = 3 (LOCAL_PWR_EN);
 *     its STATUS, the word after, reads 3 once it is (bounded wait: 10 ms);
 *  2. the entry into the register its boot ROM reads: on the Exynos4210
 *     revision 1.1 (the chip ID node's PRO_ID [7:0] = 0x11) the PMU's
 *     INFORM5, PMU + 0x814; otherwise the start of the internal SRAM (the
 *     samsung,exynos4210-sysram node), + 4 n on the Exynos4412;
 *  3. an SGI to wake it from its WFI (the boot ROM then reads that
 *     register): GICD_SGIR, to every CPU interface but the boot CPU's
 *     (board/cores.h gic_sgir_others, as the Versatile Express method).
 * With the Exynos secure firmware (a samsung,secure-firmware node) the
 * entry is the firmware's to take (an SMC Linux makes): not driven here,
 * NOT_SUPPORTED. QEMU's smdkc210 (Exynos4210 r1.1) models PMU INFORM5 as
 * its secondary boot register and the ROM's wait for an SGI
 * (hw/arm/exynos4_boards.c, hw/arm/boot.c).
 */
#include "arch/counter.h"
#include "arch/psci.h"
#include "board/cores.h"
#include "boot/boot.h"
#include "lib/fdt/fdt.h"
#include "smp/smp.h"
#include "smp/smp_mmio.h"

#define PMU_CORE_CONFIG(n)   (0x2000 + 0x80 * (n))
#define PMU_CORE_STATUS(n)   (PMU_CORE_CONFIG(n) + 4)
#define PMU_CORE_LOCAL_PWR   3
#define PMU_INFORM5          0x814
#define CHIPID_PRO_ID        0x0
#define EXYNOS4210_REV_1_1   0x11
#define EXYNOS_POWER_WAIT_MS 10
#define EXYNOS_CORES         4

/* Every PMU compatible of the SoCs this method starts (Linux
 * drivers/soc/samsung/exynos-pmu.c, the trees' exynos4210/4412/5250.dtsi):
 * each tree names only its own SoC's. */
static const char *const exynos_pmu_compats[] = {
	"samsung,exynos4210-pmu",
	"samsung,exynos4212-pmu",
	"samsung,exynos4412-pmu",
	"samsung,exynos5250-pmu",
};

static int find_pmu(const void *dtb, size_t size, uint64_t *pmu)
{
	for (unsigned i = 0; i < sizeof exynos_pmu_compats / sizeof exynos_pmu_compats[0]; i++)
		if (board_compatible_reg(dtb, size, exynos_pmu_compats[i], pmu) == FDT_OK)
			return FDT_OK;
	return FDT_ERR_NOTFOUND;
}

/* Where core n's boot ROM reads its entry (step 2); 0 if the tree does not
 * say. */
static uint64_t boot_reg(const void *dtb, size_t size, uint64_t pmu, unsigned n)
{
	uint64_t chipid, sysram;

	if (board_root_compatible(dtb, size, "samsung,exynos4210") &&
	    board_compatible_reg(dtb, size, "samsung,exynos4210-chipid", &chipid) == FDT_OK &&
	    (smp_mmio_r32(chipid + CHIPID_PRO_ID) & 0xff) == EXYNOS4210_REV_1_1)
		return pmu + PMU_INFORM5;
	if (board_compatible_reg(dtb, size, "samsung,exynos4210-sysram", &sysram) != FDT_OK)
		return 0;
	return sysram + (board_root_compatible(dtb, size, "samsung,exynos4412") ? 4 * n : 0);
}

static long start_exynos(struct smp_cpu *c)
{
	const void *dtb = (const void *)boot.hw.dtb;
	size_t size = boot.hw.dtb_size;
	unsigned n = (unsigned)(c->dt.mpidr & 0xff);
	uint64_t pmu, gicd, br;
	struct deadline d;

	if (n == 0 || n >= EXYNOS_CORES)
		return PSCI_RET_INVALID_PARAMETERS;
	if (board_compatible_reg(dtb, size, "samsung,secure-firmware", &br) == FDT_OK)
		return PSCI_RET_NOT_SUPPORTED;
	if (find_pmu(dtb, size, &pmu) != FDT_OK ||
	    (board_compatible_reg(dtb, size, "arm,cortex-a9-gic", &gicd) != FDT_OK &&
	     board_compatible_reg(dtb, size, "arm,cortex-a15-gic", &gicd) != FDT_OK) ||
	    !(br = boot_reg(dtb, size, pmu, n)))
		return PSCI_RET_INVALID_ADDRESS;
	if ((smp_mmio_r32(pmu + PMU_CORE_STATUS(n)) & PMU_CORE_LOCAL_PWR) != PMU_CORE_LOCAL_PWR) {
		smp_mmio_w32(pmu + PMU_CORE_CONFIG(n), PMU_CORE_LOCAL_PWR);
		deadline_start(&d, EXYNOS_POWER_WAIT_MS);
		while ((smp_mmio_r32(pmu + PMU_CORE_STATUS(n)) & PMU_CORE_LOCAL_PWR) !=
			       PMU_CORE_LOCAL_PWR &&
		       !deadline_passed(&d))
			;
	}
	smp_mmio_dsb(); /* smp_args reaches memory before the release */
	smp_mmio_w32(br, (uint32_t)(uintptr_t)secondary_entry);
	smp_mmio_wake_others(gicd);
	return 0;
}

START_METHOD(exynos) = {
	.name = "Exynos PMU + boot register + SGI",
	.root_compats = "samsung,exynos4210\0samsung,exynos4412\0samsung,exynos5250\0",
	.start = start_exynos,
};
