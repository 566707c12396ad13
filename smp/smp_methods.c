/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A CPU started by its method (board/start_methods.h: one file each,
 * smp/methods/start_<method>.c) and the Cortex-A9/A5 SCU the boot CPU
 * enables before it starts any CPU.
 */
#include "arch/sysreg.h"
#include "boot/boot.h"
#include "smp/smp.h"
#include "smp/smp_priv.h"

#ifdef __arm__
#include "arch/armv7/errata.h"
#endif

long smp_start(struct smp_cpu *c)
{
	return c->dt.start ? c->dt.start->start(c) : -1;
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
	uintptr_t base;
	volatile uint32_t *ctrl;

	if (!cpu_part_has(arch_cpu_id(), PARTF_MPCORE_SCU))
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
