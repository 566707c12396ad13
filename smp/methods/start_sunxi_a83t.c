/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Allwinner A83T start method (enable-method "allwinner,sun8i-a83t-smp"): two clusters of four
 * Cortex-A7 behind a CCI-400, the sequence of Linux's
 * arch/arm/mach-sunxi/mc_smp.c (is_a83t). All addresses are the tree's: the
 * CPU configuration block (allwinner,sun8i-a83t-cpucfg), the PRCM
 * (allwinner,sun8i-a83t-r-ccu), the R_CPUCFG (allwinner,sun8i-a83t-r-cpucfg)
 * and the CCI (smp/smp_cci.h). CPU n of cluster k (the tree's reg: Aff1,
 * Aff0); each read-modify-write changes only the bits named:
 *  0. the boot cluster's CCI port enabled if it is not; R_CPUCFG + 0x1a4
 *     (the soft entry the boot ROM jumps through) = the CCI trampoline,
 *     which enables the incoming core's cluster port before it jumps to
 *     secondary_entry (Linux's sunxi_mc_smp_secondary_startup does it for
 *     the cluster's first core);
 *  1. the cluster, if no core of it runs (not the boot CPU's, none started
 *     before): CPUCFG cluster reset control (0x80 + 4 k) core resets 3:0
 *     cleared; CTRL_REG1 (0x10 k + 4) ACINACTM set; PRCM power-on reset
 *     (0x4 + 4 k) 3:0 and R_CPUCFG power-on reset (0x30 + 4 k) 3:0 cleared;
 *     cluster resets (bits 24 DBG_SOC, 19:16 DBG, 23:20 ETM, 12 H, 8 L2)
 *     asserted; CTRL_REG0 (0x10 k) L1 and L2 reset-disable (4:0) low; the
 *     cluster power gate (PRCM + 0x100 + 4 k bit 0) cleared; DBG_SOC, H, L2
 *     resets released; ACINACTM cleared;
 *  2. the core: PRCM and R_CPUCFG power-on reset bit n cleared; CTRL_REG0
 *     L1 reset-disable n low; its DBG and ETM resets (16 + n, 20 + n)
 *     asserted; its power switch (PRCM + 0x140 + 0x10 k + 4 n), unless
 *     open (0), stepped 0xff, 0xfe, 0xf8, 0xf0, 0; its power gate cleared
 *     (PRCM + 0x100 + 4 k: bit n, bit 4 for core 0 on the A83T); the
 *     power-on resets released; its core, DBG and ETM resets released.
 * The microsecond delays between steps are 1 ms here. QEMU models no A83T:
 * tests/host/smp/test_smp_sunxi_mc.c holds the sequence. The A80
 * ("allwinner,sun9i-a80-smp", the same registers) is not driven: its
 * Cortex-A15 cluster needs the vendor's ACTLR2 / L2ACTLR / L2CTLR settings
 * Linux makes on entry (arch/arm/mach-sunxi/headsmp.S), which bringup does
 * not know to be right.
 */
#include "arch/counter.h"
#include "arch/psci.h"
#include "board/cpus.h"
#include "boot/boot.h"
#include "smp/smp.h"
#include "smp/smp_cci.h"
#include "smp/smp_mmio.h"
#include "smp/smp_priv.h"

#define CX_CTRL0(k)       (0x10 * (k))
#define CX_CTRL1(k)       (0x10 * (k) + 4)
#define CX_RST(k)         (0x80 + 4 * (k))
#define CTRL1_ACINACTM    (1u << 0)
#define CTRL0_L1_RSTDIS   0xfu
#define CTRL0_L2_RSTDIS   (1u << 4)
#define RST_CORE(n)       (1u << (n))
#define RST_CORE_ALL      0xfu
#define RST_L2            (1u << 8)
#define RST_H             (1u << 12)
#define RST_DBG(n)        (1u << (16 + (n)))
#define RST_DBG_ALL       (0xfu << 16)
#define RST_ETM(n)        (1u << (20 + (n)))
#define RST_ETM_ALL       (0xfu << 20)
#define RST_DBG_SOC       (1u << 24)
#define PRCM_PO_RST(k)    (0x4 + 4 * (k))
#define PRCM_GATE(k)      (0x100 + 4 * (k))
#define PRCM_SWITCH(k, n) (0x140 + 0x10 * (k) + 4 * (n))
#define GATE_CLUSTER      (1u << 0)
#define R_PO_RST(k)       (0x30 + 4 * (k))
#define R_SOFT_ENTRY      0x1a4

/* At least ms (arch/counter.h delay_min_ms: the counter, else a loop that
 * is never shorter); a deadline is only a bound and, counting polls on a
 * stopped counter, lasts tens of microseconds, short of the rail's settle
 * time Linux waits (mdelay/udelay in mach-sunxi). */
static void delay_ms(unsigned ms)
{
	delay_min_ms(ms);
}

/* reg = (reg & ~clr) | set. */
static void rmw(uint64_t reg, uint32_t clr, uint32_t set)
{
	smp_mmio_w32(reg, (smp_mmio_r32(reg) & ~clr) | set);
}

/* Whether a core of cluster k runs or was started (other than c). */
static bool cluster_up(unsigned k, const struct smp_cpu *c)
{
	for (unsigned i = 0; i < smp_state->ncpu; i++) {
		const struct smp_cpu *o = &smp_state->cpu[i];
		int st = __atomic_load_n(&o->state, __ATOMIC_ACQUIRE);
		if (o != c && (o->dt.mpidr >> 8 & 0xff) == k &&
		    (o->is_boot || st == SMP_STARTING || st == SMP_ONLINE))
			return true;
	}
	return false;
}

static void cluster_power_up(uint64_t cpucfg, uint64_t prcm, uint64_t rcfg, unsigned k)
{
	rmw(cpucfg + CX_RST(k), RST_CORE_ALL, 0);
	delay_ms(1);
	rmw(cpucfg + CX_CTRL1(k), 0, CTRL1_ACINACTM);
	rmw(prcm + PRCM_PO_RST(k), RST_CORE_ALL, 0);
	rmw(rcfg + R_PO_RST(k), RST_CORE_ALL, 0);
	delay_ms(1);
	rmw(cpucfg + CX_RST(k), RST_DBG_SOC | RST_DBG_ALL | RST_H | RST_L2 | RST_ETM_ALL, 0);
	rmw(cpucfg + CX_CTRL0(k), CTRL0_L1_RSTDIS | CTRL0_L2_RSTDIS, 0);
	rmw(prcm + PRCM_GATE(k), GATE_CLUSTER, 0);
	delay_ms(1);
	rmw(cpucfg + CX_RST(k), 0, RST_DBG_SOC | RST_H | RST_L2);
	rmw(cpucfg + CX_CTRL1(k), CTRL1_ACINACTM, 0);
}

static void core_power_up(uint64_t cpucfg, uint64_t prcm, uint64_t rcfg, unsigned k, unsigned n)
{
	static const uint32_t steps[] = { 0xff, 0xfe, 0xf8, 0xf0, 0x00 };

	rmw(prcm + PRCM_PO_RST(k), RST_CORE(n), 0);
	rmw(rcfg + R_PO_RST(k), RST_CORE(n), 0);
	delay_ms(1);
	rmw(cpucfg + CX_CTRL0(k), 1u << n, 0);
	rmw(cpucfg + CX_RST(k), RST_DBG(n) | RST_ETM(n), 0);
	if (smp_mmio_r32(prcm + PRCM_SWITCH(k, n)) != 0)
		for (unsigned i = 0; i < sizeof steps / sizeof steps[0]; i++) {
			smp_mmio_w32(prcm + PRCM_SWITCH(k, n), steps[i]);
			delay_ms(1);
		}
	rmw(prcm + PRCM_GATE(k), 1u << (n ? n : 4), 0); /* the A83T's core 0 is bit 4 */
	delay_ms(1);
	rmw(prcm + PRCM_PO_RST(k), 0, RST_CORE(n));
	rmw(rcfg + R_PO_RST(k), 0, RST_CORE(n));
	delay_ms(1);
	rmw(cpucfg + CX_RST(k), 0, RST_DBG(n) | RST_CORE(n) | RST_ETM(n));
}

static long start_sunxi_a83t(struct smp_cpu *c)
{
	const void *dtb = (const void *)boot.hw.dtb;
	size_t size = boot.hw.dtb_size;
	unsigned k = (unsigned)(c->dt.mpidr >> 8 & 0xff), n = (unsigned)(c->dt.mpidr & 0xff);
	unsigned boot_k = (unsigned)(smp_state->cpu[smp_state->boot].dt.mpidr >> 8 & 0xff);
	uint64_t cpucfg, prcm, rcfg;
	struct smp_cci cci;

	if (k > 1 || n > 3 || (c->dt.mpidr & ~0xffffull) || boot_k > 1)
		return PSCI_RET_INVALID_PARAMETERS;
	if (board_compatible_reg(dtb, size, "allwinner,sun8i-a83t-cpucfg", &cpucfg) != FDT_OK ||
	    board_compatible_reg(dtb, size, "allwinner,sun8i-a83t-r-ccu", &prcm) != FDT_OK ||
	    board_compatible_reg(dtb, size, "allwinner,sun8i-a83t-r-cpucfg", &rcfg) != FDT_OK ||
	    !smp_cci_find(dtb, size, &cci))
		return PSCI_RET_INVALID_ADDRESS;
	smp_cci_boot_port(&cci, boot_k);
	uint32_t tramp = smp_cci_trampoline(&cci);
	smp_mmio_dsb(); /* smp_args and the trampoline at the PoC first */
	smp_mmio_w32(rcfg + R_SOFT_ENTRY, tramp);
	smp_mmio_dsb();
	if (!cluster_up(k, c))
		cluster_power_up(cpucfg, prcm, rcfg, k);
	core_power_up(cpucfg, prcm, rcfg, k, n);
	smp_mmio_dsb();
	return 0;
}

START_METHOD(sunxi_a83t) = {
	.name = "allwinner,sun8i-a83t-smp",
	.enable_methods = "allwinner,sun8i-a83t-smp\0",
	.start = start_sunxi_a83t,
};
