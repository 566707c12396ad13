/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Allwinner single-cluster start method:
 * the A31 and A23 trees name it ("allwinner,sun6i-a31", "allwinner,sun8i-a23"
 * with their cpuconfig and PRCM nodes; Linux arch/arm/mach-sunxi/platsmp.c);
 * the H3 / H2+ (one die), A20 and R40 trees name none and no such node: the
 * machine's method, the sequence of U-Boot's arch/arm/cpu/armv7/sunxi/psci.c
 * psci_cpu_on, with the addresses of the identified platform
 * (platforms/orangepi-pc.c, sun8i-h2-plus.c, sun7i-a20.c, sun8i-r40.c). One sequence,
 * each SoC's registers as data (struct layout below). Core n (MPIDR Aff0):
 *  1. the entry into the register the boot ROM jumps through: CPUCFG +
 *     0x1a4 (private register 0); on the R40 the SRAM controller's soft
 *     entry register, + 0xbc (the tree's system-control node);
 *  2. CPUCFG + 0x40 + 0x40 n (CPUn reset control) = 0: core and its reset
 *     held; CPUCFG + 0x184 (general control) bit n cleared: its L1 held in
 *     reset;
 *  3. where the part has one, its power clamp released a bit at a time
 *     (0xff, 0x7f, ..., 0: the rails come up gradually), then 10 ms:
 *     A31, H3: PRCM + 0x140 + 4 n; A20: CPUCFG + 0x1b0 (its one secondary);
 *     R40: CPUCFG + 0x120 + 4 n; the A23 has none;
 *  4. its power-off gating bit cleared, 1 ms: A31, A23, H3: PRCM + 0x100
 *     bit n; A20: CPUCFG + 0x1b4 bit 0; R40: CPUCFG + 0x110 bit n;
 *  5. CPUn reset control = 3: core and its reset released; it runs from
 *     the entry (QEMU models the H3's CPUCFG: hw/misc/allwinner-cpucfg.c).
 * Every write is to the core being started; the others' bits are kept.
 */
#include "arch/counter.h"
#include "arch/psci.h"
#include "board/platform.h"
#include "boot/boot.h"
#include "lib/fdt/fdt.h"
#include "smp/smp.h"
#include "smp/smp_mmio.h"

#define CPUCFG_CPU_RST_CTRL(n) (0x40 + 0x40 * (n))
#define CPUCFG_GEN_CTRL        0x184
#define CPU_RST_RELEASE        3 /* core reset and reset de-asserted */

/* Which block a register is in. */
enum blk { CPUCFG, PRCM, SRAMC };

/* One SoC's registers: each is block + offset (+ step n for the clamp);
 * the power-off bit is n - off_bit0 (the A20's one secondary is bit 0). */
struct layout {
	const char *root; /* the root compatible that selects it; NULL: A31 / A23 / H3 */
	unsigned cores;
	enum blk entry_blk, clamp_blk, off_blk;
	uint32_t entry, clamp, clamp_step, off;
	unsigned off_bit0;
	bool clamp_present;
};

static const struct layout layouts[] = {
	{ "allwinner,sun7i-a20", 2, CPUCFG, CPUCFG, CPUCFG, 0x1a4, 0x1b0, 0, 0x1b4, 1, true },
	{ "allwinner,sun8i-r40", 4, SRAMC, CPUCFG, CPUCFG, 0xbc, 0x120, 4, 0x110, 0, true },
	{ NULL, 4, CPUCFG, PRCM, PRCM, 0x1a4, 0x140, 4, 0x100, 0, true }, /* A31, H3 */
	{ NULL, 4, CPUCFG, PRCM, PRCM, 0x1a4, 0, 0, 0x100, 0, false },    /* A23 */
};

/* At least ms (arch/counter.h delay_min_ms: the counter, else a loop that
 * is never shorter); a deadline is only a bound and, counting polls on a
 * stopped counter, lasts tens of microseconds, short of the rail's settle
 * time Linux waits (mdelay/udelay in mach-sunxi). */
static void delay_ms(unsigned ms)
{
	delay_min_ms(ms);
}

/* The layout and the blocks' addresses: the tree's nodes (A31, A23), else
 * the platform's (H3, H2+, A20, R40; the R40's SRAM controller the tree's).
 * NULL if a block the layout uses is not named. */
static const struct layout *regs(uint64_t base[3])
{
	const void *dtb = (const void *)boot.hw.dtb;
	size_t n = boot.hw.dtb_size;
	const struct platform *p = boot.hw.platform;
	const struct layout *l = &layouts[2];

	if (board_compatible_reg(dtb, n, "allwinner,sun6i-a31-cpuconfig", &base[CPUCFG]) == FDT_OK)
		return board_compatible_reg(dtb, n, "allwinner,sun6i-a31-prcm", &base[PRCM]) ==
				       FDT_OK
			       ? l
			       : NULL;
	if (board_compatible_reg(dtb, n, "allwinner,sun8i-a23-cpuconfig", &base[CPUCFG]) == FDT_OK)
		return board_compatible_reg(dtb, n, "allwinner,sun8i-a23-prcm", &base[PRCM]) ==
				       FDT_OK
			       ? &layouts[3]
			       : NULL;
	for (unsigned i = 0; i < 2; i++)
		if (board_root_compatible(dtb, n, layouts[i].root))
			l = &layouts[i];
	if (!p || !p->compatible || !board_root_compatible(dtb, n, p->compatible) ||
	    !(base[CPUCFG] = p->smp.cpucfg))
		return NULL;
	base[PRCM] = p->smp.prcm;
	if (l->entry_blk == SRAMC &&
	    board_compatible_reg(dtb, n, "allwinner,sun8i-r40-system-control", &base[SRAMC]) !=
		    FDT_OK)
		return NULL;
	if ((l->off_blk == PRCM || l->clamp_blk == PRCM) && !base[PRCM])
		return NULL;
	return l;
}

static long start_sunxi(struct smp_cpu *c)
{
	unsigned n = (unsigned)(c->dt.mpidr & 0xff);
	uint64_t base[3] = { 0, 0, 0 }, cpucfg, off, clamp;
	const struct layout *l;

	if (n == 0 || n >= 4 || (c->dt.mpidr & 0xff00))
		return PSCI_RET_INVALID_PARAMETERS;
	if (!(l = regs(base)))
		return PSCI_RET_INVALID_ADDRESS;
	if (n >= l->cores)
		return PSCI_RET_INVALID_PARAMETERS;
	cpucfg = base[CPUCFG];
	off = base[l->off_blk] + l->off;
	clamp = base[l->clamp_blk] + l->clamp + l->clamp_step * n;
	smp_mmio_dsb(); /* smp_args reaches memory before the core can run */
	smp_mmio_w32(base[l->entry_blk] + l->entry, (uint32_t)(uintptr_t)secondary_entry);
	smp_mmio_w32(cpucfg + CPUCFG_CPU_RST_CTRL(n), 0);
	smp_mmio_w32(cpucfg + CPUCFG_GEN_CTRL, smp_mmio_r32(cpucfg + CPUCFG_GEN_CTRL) & ~(1u << n));
	if (l->clamp_present) {
		for (unsigned i = 0; i <= 8; i++)
			smp_mmio_w32(clamp, 0xffu >> i);
		delay_ms(10);
	}
	smp_mmio_w32(off, smp_mmio_r32(off) & ~(1u << (n - l->off_bit0)));
	delay_ms(1);
	smp_mmio_w32(cpucfg + CPUCFG_CPU_RST_CTRL(n), CPU_RST_RELEASE);
	smp_mmio_dsb();
	return 0;
}

START_METHOD(sunxi) = {
	.name = "Allwinner CPUCFG + PRCM",
	.enable_methods = "allwinner,sun6i-a31\0allwinner,sun8i-a23\0",
	.root_compats = "allwinner,sun8i-h3\0allwinner,sun8i-h2-plus\0allwinner,sun7i-"
			"a20\0allwinner,sun8i-r40\0",
	.start = start_sunxi,
};
