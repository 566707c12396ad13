/*
 * The Samsung Exynos 5420 / 5422 / 5800 start method (board/cpu_methods.def
 * EXYNOS5420): two clusters, four Cortex-A15 (cluster 0) and four Cortex-A7
 * (cluster 1, "KFC") behind a CCI-400; their trees name no enable-method and
 * Linux starts them by MCPM (arch/arm/mach-exynos/mcpm-exynos.c,
 * arch/arm/common/mcpm_entry.c, mcpm_head.S, drivers/bus/arm-cci.c). CPU n
 * of cluster k (the tree's reg: Aff1 = k, Aff0 = n) is PMU core k * 4 + n.
 * All addresses are the tree's: the PMU (samsung,exynos5420-pmu), the
 * non-secure SRAM (samsung,exynos4210-sysram-ns), the CCI (arm,cci-400) and
 * each cluster's CCI slave interface (the cci-control-port of a CPU node of
 * that cluster).
 *  1. The boot cluster's CCI port: snoop and DVM requests enabled (port
 *     control bits 1:0) if they are not, then the CCI's change-pending bit
 *     (status register, + 0xc, bit 0) waited out (bounded).
 *  2. A trampoline in bringup's RAM, cleaned to the PoC: the incoming core
 *     (MMU and caches off) enables its own cluster's CCI port, as Linux's
 *     mcpm_entry_point does before it turns its caches on (the cluster's
 *     L1/L2 must be snooped before they hold shared data), waits (bounded)
 *     for the change, and jumps to secondary_entry. The start of the
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
 * QEMU 7.2 models no Exynos5 board: tests/host/test_smp_exynos5.c holds the
 * sequence.
 */
#include "arch/counter.h"
#include "arch/psci.h"
#include "board/cpus.h"
#include "boot/boot.h"
#include "boot/smp.h"
#include "boot/smp_mmio.h"
#include "lib/fdt/fdt.h"
#include "lib/fdt/fdt_addr.h"

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
#define CCI_STATUS             0xc
#define CCI_CHANGE_PENDING     1u
#define CCI_PORT_ENABLE        3u /* snoop and DVM requests */
#define EXYNOS5420_WAIT_MS     10
#define TRAMP_PORTS            15 /* word index of the two port addresses */

/*
 * The trampoline (ARM state; no stack; r0-r2 clobbered), as assembled:
 *	mrc	p15, 0, r0, c0, c0, 5	@ MPIDR (the core's own)
 *	ubfx	r0, r0, #8, #1		@ Aff1: cluster 0 or 1
 *	adr	r1, ports
 *	ldr	r1, [r1, r0, lsl #2]	@ its CCI slave interface
 *	mov	r0, #3
 *	str	r0, [r1]		@ snoop + DVM enable (MMU off: Device order)
 *	ldr	r1, status
 *	mov	r2, #0x100000		@ bounded wait for the change
 * 1:	subs	r2, r2, #1
 *	beq	2f
 *	ldr	r0, [r1]
 *	tst	r0, #1			@ change pending
 *	bne	1b
 * 2:	mov	r0, #0
 *	ldr	pc, entry
 * ports: .word port0, port1; status: .word cci + 0xc; entry: .word entry
 */
/* Not static: the host test (tests/host/test_smp_exynos5.c) reads it. */
uint32_t smp_exynos5420_tramp[19] __attribute__((aligned(64))) = {
	0xee100fb0, 0xe7e00450, 0xe28f102c, 0xe7911100, 0xe3a00003, 0xe5810000, 0xe59f1024,
	0xe3a02601, 0xe2522001, 0x0a000002, 0xe5910000, 0xe3100001, 0x1afffffa, 0xe3a00000,
	0xe59ff008, 0,          0,          0,          0,
};

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

/* The CCI slave interface of cluster k: the cci-control-port of the first
 * CPU node whose reg is in that cluster. */
static bool cci_port(const struct fdt *f, unsigned k, uint64_t *port)
{
	int cpus = fdt_path_offset(f, "/cpus");
	uint32_t reg, ph;
	uint64_t sz;

	for (int n = cpus >= 0 ? fdt_first_child(f, cpus) : -1; n >= 0; n = fdt_next_sibling(f, n))
		if (fdt_prop_u32(f, n, "reg", &reg) == FDT_OK && (reg >> 8 & 0xff) == k &&
		    fdt_prop_u32(f, n, "cci-control-port", &ph) == FDT_OK) {
			int p = fdt_node_by_phandle(f, ph);
			return p >= 0 && fdt_node_reg(f, p, 0, port, &sz) == FDT_OK;
		}
	return false;
}

long smp_start_EXYNOS5420(struct smp_cpu *c)
{
	const void *dtb = (const void *)boot.hw.dtb;
	size_t size = boot.hw.dtb_size;
	unsigned k = (unsigned)(c->dt.mpidr >> 8 & 0xff), n = (unsigned)(c->dt.mpidr & 0xff);
	unsigned boot_k = (unsigned)(smp_state->cpu[smp_state->boot].dt.mpidr >> 8 & 0xff);
	uint64_t pmu, ns, cci, port[2];
	struct fdt f;

	if (k > 1 || n > 3 || (c->dt.mpidr & ~0xffffull) || boot_k > 1)
		return PSCI_RET_INVALID_PARAMETERS;
	if (fdt_open(&f, dtb, size) != FDT_OK ||
	    board_compatible_reg(dtb, size, "samsung,exynos5420-pmu", &pmu) != FDT_OK ||
	    board_compatible_reg(dtb, size, "samsung,exynos4210-sysram-ns", &ns) != FDT_OK ||
	    board_compatible_reg(dtb, size, "arm,cci-400", &cci) != FDT_OK ||
	    !cci_port(&f, 0, &port[0]) || !cci_port(&f, 1, &port[1]))
		return PSCI_RET_INVALID_ADDRESS;
	/* 1. The boot cluster snooped. */
	if ((smp_mmio_r32(port[boot_k]) & CCI_PORT_ENABLE) != CCI_PORT_ENABLE) {
		smp_mmio_w32(port[boot_k], smp_mmio_r32(port[boot_k]) | CCI_PORT_ENABLE);
		wait_for(cci + CCI_STATUS, CCI_CHANGE_PENDING, false);
	}
	/* 2. The trampoline, then the SRAM's jump to it. */
	smp_exynos5420_tramp[TRAMP_PORTS] = (uint32_t)port[0];
	smp_exynos5420_tramp[TRAMP_PORTS + 1] = (uint32_t)port[1];
	smp_exynos5420_tramp[TRAMP_PORTS + 2] = (uint32_t)(cci + CCI_STATUS);
	smp_exynos5420_tramp[TRAMP_PORTS + 3] = (uint32_t)(uintptr_t)secondary_entry;
	smp_mmio_clean(smp_exynos5420_tramp, sizeof smp_exynos5420_tramp);
	smp_mmio_dsb(); /* smp_args and the trampoline at the PoC first */
	smp_mmio_w32(ns, NS_LDR_R0);
	smp_mmio_w32(ns + 4, NS_BX_R0);
	smp_mmio_w32(ns + 8, (uint32_t)(uintptr_t)smp_exynos5420_tramp);
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
