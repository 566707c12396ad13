/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Samsung Exynos 5420 / 5422 / 5800 start method (CPU_METHOD below): two clusters, four
 * Cortex-A15 (cluster 0) and four Cortex-A7 (cluster 1, "KFC") behind a CCI-400; their trees name
 * no enable-method and Linux starts them by MCPM (arch/arm/mach-exynos/mcpm-exynos.c,
 * arch/arm/common/mcpm_entry.c, mcpm_head.S, drivers/bus/arm-cci.c). CPU n
 * of cluster k (the tree's reg: Aff1 = k, Aff0 = n) is PMU core k * 4 + n.
 * All addresses are the tree's: the PMU (samsung,exynos5420-pmu), the
 * non-secure SRAM (samsung,exynos4210-sysram-ns), the CCI (arm,cci-400) and
 * each cluster's CCI slave interface (the cci-control-port of a CPU node of
 * that cluster).
 *  1. The boot cluster's CCI port: snoop and DVM requests enabled (port
 *     control bits 1:0) if they are not, then the CCI's change-pending bit
 *     (status register, + 0xc, bit 0) waited out (bounded).
 *  2. The CCI trampoline (smp/smp_cci.h): the incoming core, MMU and
 *     caches off, enables its own cluster's CCI port, as Linux's
 *     mcpm_entry_point does before it turns its caches on, and jumps to
 *     secondary_entry. The start of the
 *     non-secure SRAM, where the boot ROM / loader sends a powered-up core,
 *     gets Linux's three words: LDR r0, [pc, #0]; BX r0; the trampoline.
 *  3. PMU SPARE3 = 3 (SWRESET_KFC_SEL) and the cluster's COMMON_OPTION
 *     (0x2508 + 0x80 k) bits 9, 29, 30 set, as Linux's exynos_mcpm_init.
 *  4. The cluster powered if it is not: COMMON_CONFIGURATION (0x2500 +
 *     0x80 k) = 3, its STATUS (+ 4) waited for (bounded).
 *  5. The core powered if it is not: ARM_CORE_CONFIGURATION (0x2000 + 0x80
 *     (k * 4 + n)) = 3; a core of the A7 cluster when the boot CPU is in it
 *     is then reset once the boot ROM's initialisation is done (SPARE2
 *     non-zero, bounded wait, else INTERNAL_FAILURE; SWRESET = (bit 8 |
 *     bit 20) << n).
 *  6. DSB, SEV (mcpm_smp.c mcpm_boot_secondary).
 * QEMU 7.2 models no Exynos5 board: tests/host/smp/test_smp_exynos5.c holds the
 * sequence.
 */
#include "arch/counter.h"
#include "arch/psci.h"
#include "board/cpus.h"
#include "boot/boot.h"
#include "lib/fdt/fdt.h"
#include "smp/smp.h"
#include "smp/smp_cci.h"
#include "smp/smp_mmio.h"
#include "smp/smp_priv.h"

#define PMU_SWRESET            0x400
#define PMU_SPARE2             0x908
#define PMU_SPARE3             0x90c
#define PMU_CORE_CONFIG(n)     (0x2000 + 0x80 * (n))
#define PMU_CORE_STATUS(n)     (PMU_CORE_CONFIG(n) + 4)
#define PMU_COMMON_CONFIG(k)   (0x2500 + 0x80 * (k))
#define PMU_COMMON_STATUS(k)   (PMU_COMMON_CONFIG(k) + 4)
#define PMU_COMMON_OPTION(k)   (PMU_COMMON_CONFIG(k) + 8)
#define PMU_LOCAL_PWR_EN       3
#define PMU_SWRESET_KFC_SEL    3
#define PMU_KFC_CORE_RESET(n)  (((1u << 8) | (1u << 20)) << (n))
#define PMU_COMMON_OPTION_BITS ((1u << 9) | (1u << 29) | (1u << 30))
#define EXYNOS5420_WAIT_MS     10

/* Linux's words at the start of the non-secure SRAM: LDR r0, [pc, #0];
 * BX r0; the address (mcpm-exynos.c exynos_mcpm_setup_entry_point). */
#define NS_LDR_R0 0xe59f0000u
#define NS_BX_R0  0xe12fff10u

/* Waits (bounded) until reg & mask != 0 is `set`: whether it came. */
static bool wait_for(uint64_t reg, uint32_t mask, bool set)
{
	struct deadline d;

	deadline_start(&d, EXYNOS5420_WAIT_MS);
	while (((smp_mmio_r32(reg) & mask) != 0) != set)
		if (deadline_passed(&d))
			return false;
	return true;
}

static long start_exynos5420(struct smp_cpu *c)
{
	const void *dtb = (const void *)boot.hw.dtb;
	size_t size = boot.hw.dtb_size;
	unsigned k = (unsigned)(c->dt.mpidr >> 8 & 0xff), n = (unsigned)(c->dt.mpidr & 0xff);
	unsigned boot_k = (unsigned)(smp_state->cpu[smp_state->boot].dt.mpidr >> 8 & 0xff);
	uint64_t pmu, ns;
	struct smp_cci cci;
	uint32_t tramp;

	if (k > 1 || n > 3 || (c->dt.mpidr & ~0xffffull) || boot_k > 1)
		return PSCI_RET_INVALID_PARAMETERS;
	if (board_compatible_reg(dtb, size, "samsung,exynos5420-pmu", &pmu) != FDT_OK ||
	    board_compatible_reg(dtb, size, "samsung,exynos4210-sysram-ns", &ns) != FDT_OK ||
	    !smp_cci_find(dtb, size, &cci))
		return PSCI_RET_INVALID_ADDRESS;
	/* 1. The boot cluster snooped. */
	smp_cci_boot_port(&cci, boot_k);
	/* 2. The trampoline, then the SRAM's jump to it. */
	tramp = smp_cci_trampoline(&cci);
	smp_mmio_dsb(); /* smp_args and the trampoline at the PoC first */
	smp_mmio_w32(ns, NS_LDR_R0);
	smp_mmio_w32(ns + 4, NS_BX_R0);
	smp_mmio_w32(ns + 8, tramp);
	/* 3. The PMU's options, as Linux sets them. */
	smp_mmio_w32(pmu + PMU_SPARE3, PMU_SWRESET_KFC_SEL);
	smp_mmio_w32(pmu + PMU_COMMON_OPTION(k),
		     smp_mmio_r32(pmu + PMU_COMMON_OPTION(k)) | PMU_COMMON_OPTION_BITS);
	smp_mmio_dsb(); /* the SRAM words written before any core is powered */
	/* 4. The cluster. */
	if ((smp_mmio_r32(pmu + PMU_COMMON_STATUS(k)) & PMU_LOCAL_PWR_EN) != PMU_LOCAL_PWR_EN) {
		smp_mmio_w32(pmu + PMU_COMMON_CONFIG(k), PMU_LOCAL_PWR_EN);
		wait_for(pmu + PMU_COMMON_STATUS(k), PMU_LOCAL_PWR_EN, true);
	}
	/* 5. The core. */
	if ((smp_mmio_r32(pmu + PMU_CORE_STATUS(k * 4 + n)) & PMU_LOCAL_PWR_EN) !=
	    PMU_LOCAL_PWR_EN) {
		smp_mmio_w32(pmu + PMU_CORE_CONFIG(k * 4 + n), PMU_LOCAL_PWR_EN);
		if (k == 1 && boot_k == 1) {
			if (!wait_for(pmu + PMU_SPARE2, ~0u, true))
				return PSCI_RET_INTERNAL_FAILURE; /* the ROM never said ready */
			smp_mmio_w32(pmu + PMU_SWRESET, PMU_KFC_CORE_RESET(n));
		}
	}
	/* 6. */
	smp_mmio_dsb();
	smp_mmio_sev();
	return 0;
}

START_METHOD(exynos5420) = {
	.name = "Exynos5420 PMU + CCI",
	.root_compats = "samsung,exynos5420\0samsung,exynos5800\0",
	.start = start_exynos5420,
};
