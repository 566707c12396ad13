/*
 * The Allwinner A31 / A23 / H3 start method (board/cpu_methods.def SUNXI):
 * the A31 and A23 trees name it ("allwinner,sun6i-a31", "allwinner,sun8i-a23"
 * with their cpuconfig and PRCM nodes; Linux arch/arm/mach-sunxi/platsmp.c),
 * the H3's name none and no such node: the machine's method (U-Boot's
 * arch/arm/cpu/armv7/sunxi/psci.c starts its cores the same way), with the
 * H3 platform's addresses (platforms/orangepi-pc). Core n (MPIDR Aff0) of
 * the one cluster (the A31 user manual and H3 datasheet, "CPU
 * Configuration" and "PRCM" register lists):
 *  1. CPUCFG + 0x1a4 (the private register 0 the boot ROM jumps through):
 *     the entry address;
 *  2. CPUCFG + 0x40 + 0x40 n (CPUn reset control) = 0: core and its reset
 *     held; CPUCFG + 0x184 (general control) bit n cleared: its L1 held in
 *     reset;
 *  3. A31 and H3 only: its power clamp, PRCM + 0x140 + 4 n, released a bit
 *     at a time (0xff, 0x7f, ..., 0: the rails come up gradually), then
 *     10 ms; the A23 has no clamp there;
 *  4. PRCM + 0x100 (CPU power-off gating) bit n cleared, 1 ms;
 *  5. CPUn reset control = 3: core and its reset released; it runs from
 *     the entry (QEMU models the CPUCFG: hw/misc/allwinner-cpucfg.c).
 * Every write is to the core being started; the others' bits are kept.
 */
#include "arch/counter.h"
#include "arch/psci.h"
#include "board/platform.h"
#include "boot/boot.h"
#include "boot/smp.h"
#include "boot/smp_mmio.h"
#include "lib/fdt/fdt.h"

#define CPUCFG_CPU_RST_CTRL(n) (0x40 + 0x40 * (n))
#define CPUCFG_GEN_CTRL        0x184
#define CPUCFG_PRIVATE0        0x1a4
#define PRCM_CPU_PWROFF        0x100
#define PRCM_CPU_PWR_CLAMP(n)  (0x140 + 4 * (n))
#define CPU_RST_RELEASE        3 /* core reset and reset de-asserted */
#define SUNXI_CORES            4

static void delay_ms(unsigned ms)
{
	struct deadline d;

	deadline_start(&d, ms);
	while (!deadline_passed(&d))
		;
}

/* The registers: the tree's nodes (A31, A23), else the platform's (H3). */
static bool regs(uint64_t *cpucfg, uint64_t *prcm, bool *clamp)
{
	const void *dtb = (const void *)boot.hw.dtb;
	size_t n = boot.hw.dtb_size;

	*clamp = true;
	if (board_compatible_reg(dtb, n, "allwinner,sun6i-a31-cpuconfig", cpucfg) == FDT_OK)
		return board_compatible_reg(dtb, n, "allwinner,sun6i-a31-prcm", prcm) == FDT_OK;
	*clamp = false;
	if (board_compatible_reg(dtb, n, "allwinner,sun8i-a23-cpuconfig", cpucfg) == FDT_OK)
		return board_compatible_reg(dtb, n, "allwinner,sun8i-a23-prcm", prcm) == FDT_OK;
	*clamp = true;
	if (!boot.hw.platform || !boot.hw.platform->smp.cpucfg)
		return false;
	*cpucfg = boot.hw.platform->smp.cpucfg;
	*prcm = boot.hw.platform->smp.prcm;
	return *prcm != 0;
}

long smp_start_SUNXI(struct smp_cpu *c)
{
	unsigned n = (unsigned)(c->dt.mpidr & 0xff);
	uint64_t cpucfg, prcm;
	bool clamp;

	if (n == 0 || n >= SUNXI_CORES || (c->dt.mpidr & 0xff00))
		return PSCI_RET_INVALID_PARAMETERS;
	if (!regs(&cpucfg, &prcm, &clamp))
		return PSCI_RET_INVALID_ADDRESS;
	smp_mmio_dsb(); /* smp_args reaches memory before the core can run */
	smp_mmio_w32(cpucfg + CPUCFG_PRIVATE0, (uint32_t)(uintptr_t)secondary_entry);
	smp_mmio_w32(cpucfg + CPUCFG_CPU_RST_CTRL(n), 0);
	smp_mmio_w32(cpucfg + CPUCFG_GEN_CTRL, smp_mmio_r32(cpucfg + CPUCFG_GEN_CTRL) & ~(1u << n));
	if (clamp) {
		for (unsigned i = 0; i <= 8; i++)
			smp_mmio_w32(prcm + PRCM_CPU_PWR_CLAMP(n), 0xffu >> i);
		delay_ms(10);
	}
	smp_mmio_w32(prcm + PRCM_CPU_PWROFF, smp_mmio_r32(prcm + PRCM_CPU_PWROFF) & ~(1u << n));
	delay_ms(1);
	smp_mmio_w32(cpucfg + CPUCFG_CPU_RST_CTRL(n), CPU_RST_RELEASE);
	smp_mmio_dsb();
	return 0;
}
