/*
 * The release methods other than PSCI (boot/smp.h): the spin table, the
 * BCM2836 mailboxes, Versatile Express' flags register and SGI, and the
 * Cortex-A9/A5 SCU the boot CPU enables before it starts any.
 */
#include <string.h>

#include "arch/psci.h"
#include "board/cores.h"
#include "boot/boot.h"
#include "boot/smp.h"
#include "lib/fdt/fdt.h"
#include "mmu/mmu.h"

#include "arch/sysreg.h"
#ifndef __aarch64__
#include "arch/armv7/errata.h"
#endif

/* The spin-table release (Linux arch/arm64/kernel/smp_spin_table.c; the
 * binding in Documentation/arch/arm64/booting.rst): the 64-bit entry
 * address into cpu-release-addr, cleaned to memory (the waiting CPU reads
 * it with its caches off), then SEV wakes it from WFE. */
static long release_spin_table(struct smp_cpu *c)
{
	struct mmu_attrs at;
	volatile uint64_t *rel = (volatile uint64_t *)(uintptr_t)c->dt.release_addr;

	if (!c->dt.release_addr || (c->dt.release_addr & 7) ||
	    !mmu_lookup((uintptr_t)c->dt.release_addr, &at) || !at.valid || (at.perm & MAP_RO))
		return PSCI_RET_INVALID_ADDRESS;
	*rel = (uintptr_t)secondary_entry;
	dcache_clean_to_mem((uintptr_t)rel, sizeof(*rel));
	dsb(ish);
	sev();
	return 0;
}

/* BCM2836 (Raspberry Pi 2; the Pi 3's BCM2837 in 32-bit trees): the
 * local interrupt controller's mailbox 3 of core n, set register at
 * 0x8c + 16 n, takes the entry address; the core's boot code waits for it
 * to become non-zero, clears it and jumps there (Linux
 * arch/arm/mach-bcm/platsmp.c bcm2836_smp_boot_secondary, LOCAL_MAILBOX3_SET0;
 * the loader's stub QEMU models in hw/arm/raspi.c does the same). */
#define BCM2836_MAILBOX3_SET0 0x8c

static long release_bcm2836(struct smp_cpu *c)
{
	uint64_t base;

	if (board_compatible_reg((const void *)boot.hw.dtb, boot.hw.dtb_size,
				 "brcm,bcm2836-l1-intc", &base) != FDT_OK)
		return PSCI_RET_INVALID_ADDRESS;
	dsb(ish); /* smp_args reaches memory before the release */
	*(volatile uint32_t *)(uintptr_t)(base + BCM2836_MAILBOX3_SET0 + 16 * (c->dt.mpidr & 3)) =
		(uint32_t)(uintptr_t)secondary_entry;
	dsb(ish);
	sev();
	return 0;
}

/* ARM Versatile Express: its trees name no enable-method (Linux matches the
 * machine, "arm,vexpress": arch/arm/mach-versatile/platsmp-vexpress.c and
 * platsmp.c). The entry address goes into the motherboard's SYS_FLAGS
 * (cleared through SYS_FLAGSCLR, set through SYS_FLAGSSET: the V2M-P1
 * motherboard TRM, ARM DUI 0447, "System register summary"), then an SGI
 * wakes the core from its WFI: GICD_SGIR with the core's CPU interface in
 * the target list, the distributor enabled (GIC architecture, ARM IHI 0048,
 * GICD_CTLR and GICD_SGIR). The boot code in front of bringup waits for a
 * non-zero SYS_FLAGS (QEMU hw/arm/boot.c models the same loop). */
#define VEXPRESS_SYS_FLAGSSET 0x30
#define VEXPRESS_SYS_FLAGSCLR 0x34
#define GICD_CTLR             0x000
#define GICD_SGIR             0xf00

/* With no tree, the identified platform's data (board/platform.h .smp);
 * not when every core entered bringup (the holding pen starts them). */
static const struct platform_smp *platform_smp(void)
{
	if (boot.hw.dtb || !boot.hw.platform || smp_state->pen)
		return NULL;
	return boot.hw.platform->smp.method ? &boot.hw.platform->smp : NULL;
}

bool smp_platform_release(void)
{
	return platform_smp() != NULL;
}

static bool vexpress(const struct smp_cpu *c)
{
	const struct platform_smp *p = platform_smp();

	if (c->dt.method != CPU_METHOD_NONE)
		return false;
	if (p)
		return p->method == PLATFORM_SMP_VEXPRESS;
	return board_root_compatible((const void *)boot.hw.dtb, boot.hw.dtb_size, "arm,vexpress");
}

static void mmio_write32(uint64_t addr, uint32_t v)
{
	*(volatile uint32_t *)(uintptr_t)addr = v;
}

static uint32_t mmio_read32(uint64_t addr)
{
	return *(volatile uint32_t *)(uintptr_t)addr;
}

/* The registers: the tree's nodes, else the identified platform's data.
 * The SGI goes to every CPU interface but the boot CPU's own (read from
 * GICD_ITARGETSR0: board/cores.h gic_sgir_others), not to MPIDR Aff0's:
 * interface numbers need not follow Aff0, and a CPU woken before its turn
 * goes back to the holding pen (boot/<arch>/secondary.S) until its
 * smp_args is published. */
static long release_vexpress(struct smp_cpu *c)
{
	const void *dtb = (const void *)boot.hw.dtb;
	const struct platform_smp *p = platform_smp();
	uint64_t sys, gicd;

	(void)c;
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
	dsb(ish); /* smp_args reaches memory before the release */
	mmio_write32(sys + VEXPRESS_SYS_FLAGSCLR, ~0u);
	mmio_write32(sys + VEXPRESS_SYS_FLAGSSET, (uint32_t)(uintptr_t)secondary_entry);
	mmio_write32(gicd + GICD_CTLR, mmio_read32(gicd + GICD_CTLR) | 1);
	dsb(ish);
	mmio_write32(gicd + GICD_SGIR,
		     gic_sgir_others((uint8_t)mmio_read32(gicd + GICD_ITARGETSR0), 0)); /* SGI 0 */
	dsb(ish);
	sev();
	return 0;
}

#ifdef __arm__
/* Cortex-A9/A5 MPCore: the Snoop Control Unit keeps the cores' L1s
 * coherent only once enabled (SCU control register bit 0, at PERIPHBASE;
 * Cortex-A9 MPCore TRM, ARM DDI 0407, "SCU Control Register"); Linux
 * arch/arm/kernel/smp_scu.c scu_enable() sets it before it starts a
 * secondary, then cleans the caches so what the boot CPU wrote before is
 * seen. A write the Secure side has not opened to Non-secure (SNSAC) is
 * ignored. PERIPHBASE: the tree's (the A9 timer node), else CBAR. */
#define SCU_CTRL_ENABLE 1u

void smp_scu_enable(void)
{
	uint32_t part = MIDR_PART(arch_cpu_id());
	uintptr_t base;
	volatile uint32_t *ctrl;

	if (part != PART_CORTEX_A9 && part != PART_CORTEX_A5)
		return;
	base = boot.hw.board.a9_periphbase ? (uintptr_t)boot.hw.board.a9_periphbase
					   : read_cp15(CP15_CBAR) & 0xffffe000u;
	if (!base)
		return;
	ctrl = (volatile uint32_t *)base;
	/* Cortex-A9 erratum 764369, with more than one CPU: the SCU Diagnostic
	 * Control register's bit 0 before the others come in (arch/armv7/errata.h;
	 * Linux scu_enable() sets it first too). Read, written only if clear. */
	if (erratum_a9_764369(arch_cpu_id(), smp_state->ncpu) &&
	    !(ctrl[SCU_DIAG_OFFSET / 4] & SCU_DIAG_764369))
		ctrl[SCU_DIAG_OFFSET / 4] |= SCU_DIAG_764369;
	if (!(*ctrl & SCU_CTRL_ENABLE)) {
		*ctrl |= SCU_CTRL_ENABLE;
		dcache_clean_inval_all_to_mem();
	}
}
#else
void smp_scu_enable(void)
{
}
#endif

const char *smp_release_method(const struct smp_cpu *c)
{
	if (c->dt.method == CPU_METHOD_SPIN_TABLE)
		return "spin-table";
	if (c->dt.method == CPU_METHOD_OTHER && !strcmp(c->dt.method_name, "brcm,bcm2836-smp"))
		return "brcm,bcm2836-smp";
	if (vexpress(c))
		return "vexpress flags register + SGI";
	return NULL;
}

long smp_release(struct smp_cpu *c)
{
	if (c->dt.method == CPU_METHOD_SPIN_TABLE)
		return release_spin_table(c);
	if (vexpress(c))
		return release_vexpress(c);
	if (smp_release_method(c))
		return release_bcm2836(c);
	return -1;
}
