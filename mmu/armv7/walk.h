/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARMv7 table walk attributes: the TTBR0 value for this CPU and what makes a
 * table write visible to its walker (pure functions, host-tested; the
 * layouts are in arch/armv7/sysreg.h, TTBR_*).
 */
#ifndef MMU_ARMV7_WALK_H
#define MMU_ARMV7_WALK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* TTBR0 attribute bits for a CPU with this MPIDR: the Multiprocessing
 * Extensions layout (inner and outer write-back write-allocate, shareable)
 * when MPIDR says the core has them, else the older layout (C, outer
 * write-back write-allocate). */
uint32_t pgt_ttbr_attrs(uint32_t mpidr);
/* ID_MMFR3.CohWalk: true if walks look up the L1 data cache, so a table
 * write needs no clean; false: clean it to PoC, where every walker reads. */
bool pgt_walk_coherent(uint32_t id_mmfr3);
/* TTBR0's walk attributes in words, in the layout the MPIDR names. */
void pgt_ttbr_describe(uint32_t ttbr, uint32_t mpidr, char *buf, size_t size);

#endif
