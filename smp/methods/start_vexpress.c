/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Versatile Express start method, for
 * a tree whose root is arm,vexpress or, with no tree, the identified
 * platform's data (platforms/vexpress-*.c: board/platform.h .smp).
 */
#include "arch/psci.h"
#include "board/cores.h"
#include "board/platform.h"
#include "boot/boot.h"
#include "lib/fdt/fdt.h"
#include "smp/smp.h"
#include "smp/smp_cci.h"
#include "smp/smp_mmio.h"
#include "smp/smp_priv.h"

/* ARM Versatile Express : its trees name no enable-method (Linux
 * matches the machine, "arm,vexpress": arch/arm/mach-versatile/platsmp-vexpress.c and platsmp.c).
 * The entry address goes into the motherboard's SYS_FLAGS (cleared through SYS_FLAGSCLR, set
 * through SYS_FLAGSSET: the V2M-P1 motherboard TRM, ARM DUI 0447, "System register summary"), then
 * an SGI wakes the core from its WFI: GICD_SGIR with the core's CPU interface in the target list,
 * the distributor enabled (GIC architecture, ARM IHI 0048, GICD_CTLR and GICD_SGIR). The boot code
 * in front of bringup waits for a non-zero SYS_FLAGS (QEMU hw/arm/boot.c models the same loop). */
#define VEXPRESS_SYS_FLAGSSET 0x30
#define VEXPRESS_SYS_FLAGSCLR 0x34

/* With no tree, the identified platform's data (board/platform.h .smp);
 * not when every core entered bringup (the holding pen starts them). */
static const struct platform_smp *platform_smp(void)
{
	if (boot.hw.dtb || !boot.hw.platform || smp_state->pen)
		return NULL;
	return boot.hw.platform->smp.method ? &boot.hw.platform->smp : NULL;
}

const struct start_method *smp_platform_start(void)
{
	const struct platform_smp *p = platform_smp();

	return p && p->method == PLATFORM_SMP_VEXPRESS ? &start_method_vexpress : NULL;
}

/* The registers: the tree's nodes, else the identified platform's data.
 * The SGI goes to every CPU interface but the boot CPU's own (read from
 * GICD_ITARGETSR0: board/cores.h gic_sgir_others), not to MPIDR Aff0's:
 * interface numbers need not follow Aff0, and a CPU woken before its turn
 * goes back to the holding pen (boot/<arch>/secondary.S) until its
 * smp_args is published.
 * Two clusters behind a CCI-400 (TC2, CoreTile Express A15x2 A7x3: every CPU
 * node names a cci-control-port): a cluster's port must snoop before its
 * caches hold shared data, so SYS_FLAGS points at the CCI trampoline
 * (smp/smp_cci.h), which enables the incoming core's own cluster's port,
 * caches off, then enters bringup; the boot cluster's port first, if off.
 * Linux switches to MCPM for that tree for the same reason
 * (arch/arm/mach-versatile/platsmp-vexpress.c vexpress_smp_init_ops,
 * tc2_pm.c; drivers/bus/arm-cci.c cci_enable_port_for_self). A core of a
 * third cluster, which the trampoline does not know: NOT_SUPPORTED. */
static long start_vexpress(struct smp_cpu *c)
{
	const void *dtb = (const void *)boot.hw.dtb;
	const struct platform_smp *p = platform_smp();
	uint32_t entry = (uint32_t)(uintptr_t)secondary_entry;
	uint64_t sys, gicd;
	struct smp_cci cci;

	if (p) {
		sys = p->sysreg;
		gicd = p->gicd;
	} else if (board_compatible_reg(dtb, boot.hw.dtb_size, "arm,vexpress-sysreg", &sys) !=
			   FDT_OK ||
		   (board_compatible_reg(dtb, boot.hw.dtb_size, "arm,cortex-a15-gic", &gicd) !=
			    FDT_OK &&
		    board_compatible_reg(dtb, boot.hw.dtb_size, "arm,cortex-a9-gic", &gicd) !=
			    FDT_OK))
		return PSCI_RET_INVALID_ADDRESS;
	if (!p && smp_cci_find(dtb, boot.hw.dtb_size, &cci)) {
		unsigned boot_k = (unsigned)(smp_state->cpu[smp_state->boot].dt.mpidr >> 8 & 0xff);

		if ((c->dt.mpidr & ~0x1ffull) || boot_k > 1)
			return PSCI_RET_NOT_SUPPORTED;
		smp_cci_boot_port(&cci, boot_k);
		entry = smp_cci_trampoline(&cci);
	}
	smp_mmio_dsb(); /* smp_args (and the trampoline at the PoC) before the release */
	smp_mmio_w32(sys + VEXPRESS_SYS_FLAGSCLR, ~0u);
	smp_mmio_w32(sys + VEXPRESS_SYS_FLAGSSET, entry);
	smp_mmio_wake_others(gicd);
	return 0;
}

START_METHOD(vexpress) = {
	.name = "vexpress flags register + SGI",
	.root_compats = "arm,vexpress\0",
	.start = start_vexpress,
};
