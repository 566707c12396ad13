/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The spin-table start method (Linux
 * arch/arm64/kernel/smp_spin_table.c; the binding in
 * Documentation/arch/arm64/booting.rst): the 64-bit entry address into the
 * CPU's cpu-release-addr, cleaned to memory (the waiting CPU reads it with
 * its caches off), then SEV wakes it from WFE. The address must be one
 * bringup has mapped writable (the tree reserves it: /memreserve/).
 */
#include "arch/psci.h"
#include "mmu/mmu.h"
#include "smp/smp.h"
#include "smp/smp_mmio.h"

static long start_spin_table(struct smp_cpu *c)
{
	struct mmu_attrs at;
	volatile uint64_t *rel = (volatile uint64_t *)(uintptr_t)c->dt.release_addr;

	if (!c->dt.release_addr || (c->dt.release_addr & 7) ||
	    !mmu_lookup((uintptr_t)c->dt.release_addr, &at) || !at.valid || (at.perm & MAP_RO))
		return PSCI_RET_INVALID_ADDRESS;
	*rel = (uintptr_t)secondary_entry;
	dcache_clean_to_mem((uintptr_t)rel, sizeof(*rel));
	smp_mmio_dsb();
	smp_mmio_sev();
	return 0;
}

START_METHOD(spin_table) = {
	.name = "spin-table",
	.enable_methods = "spin-table\0",
	.start = start_spin_table,
};
