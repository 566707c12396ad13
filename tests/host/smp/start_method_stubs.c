/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the start methods (smp/methods/) call beyond the device model of
 * tests/host/smp/smp_mmio_model.c, for host programs that link the methods only
 * to recognise a CPU's method from a tree (the start_methods section) and
 * never start one: each aborts if it is ever reached.
 */
#include <stdlib.h>

#include "arch/psci.h"
#include "cache/cache.h"
#include "mmu/mmu.h"

long psci_call(enum psci_conduit conduit, uint32_t fn, uintptr_t a1, uintptr_t a2, uintptr_t a3)
{
	(void)conduit, (void)fn, (void)a1, (void)a2, (void)a3;
	abort();
}

bool mmu_lookup(uintptr_t va, struct mmu_attrs *out)
{
	(void)va, (void)out;
	abort();
}

int dcache_clean_to_mem(uintptr_t start, size_t size)
{
	(void)start, (void)size;
	abort();
}
