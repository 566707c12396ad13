/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PSCI start method: CPU_ON(target MPIDR,
 * secondary_entry, context = the CPU's struct smp_cpu) through /psci's
 * conduit (PSCI, ARM DEN 0022, "CPU_ON"); a PSCI 0.1 node's own cpu_on ID
 * where the tree gives only that (smp_info.cpu_on_fn). The firmware starts
 * the CPU at the highest Non-secure EL.
 */
#include "arch/psci.h"
#include "smp/smp.h"
#include "smp/smp_priv.h"

static long start_psci(struct smp_cpu *c)
{
	if (smp_state->conduit == PSCI_NONE || !smp_state->cpu_on_fn)
		return PSCI_RET_NOT_SUPPORTED; /* no conduit, or a 0.1 node without cpu_on */
	return psci_call(smp_state->conduit, smp_state->cpu_on_fn, (uintptr_t)c->dt.mpidr,
			 (uintptr_t)secondary_entry, smp_state->no_context ? 0 : (uintptr_t)c);
}

START_METHOD(psci) = {
	.name = "psci",
	.enable_methods = "psci\0",
	.psci_node = true,
	.start = start_psci,
};
