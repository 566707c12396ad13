/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The device accesses and barriers of the board start methods
 * (smp/methods/start_<method>.c): in the image a volatile 32-bit access, DSB ISH and
 * SEV; built for the host model (tests/host/smp/test_smp_methods.c,
 * -DSMP_MMIO_MODEL) calls that record each one in order, so the register
 * sequence of a method QEMU does not model (or models only in part) is
 * checked against its public description. Internal to smp/.
 */
#ifndef SMP_SMP_MMIO_H
#define SMP_SMP_MMIO_H

#include <stdint.h>

#ifdef SMP_MMIO_MODEL
void smp_mmio_w32(uint64_t addr, uint32_t v);
uint32_t smp_mmio_r32(uint64_t addr);
void smp_mmio_dsb(void);
void smp_mmio_sev(void);
void smp_mmio_clean(const void *p, unsigned long size);
#else
#include "arch/sysreg.h"
#include "cache/cache.h"

static inline void smp_mmio_w32(uint64_t addr, uint32_t v)
{
	*(volatile uint32_t *)(uintptr_t)addr = v;
}

static inline uint32_t smp_mmio_r32(uint64_t addr)
{
	return *(volatile uint32_t *)(uintptr_t)addr;
}

/* DSB ISH: the writes before it (smp_args, the entry) complete before the
 * ones after it (the release); SEV after a DSB, which orders it (ARM ARM
 * DDI 0487, "Wait for Event mechanism"; DDI 0406C B1.8.13). */
static inline void smp_mmio_dsb(void)
{
	dsb(ish);
}

static inline void smp_mmio_sev(void)
{
	sev();
}

/* Code or data in bringup's own RAM that a core will read with its MMU
 * and caches off (a trampoline): cleaned by VA to the Point of Coherency
 * (ARM ARM DDI 0406C B2.2.6, DCCMVAC; cache/cache.h). */
static inline void smp_mmio_clean(const void *p, unsigned long size)
{
	dcache_clean_poc((uintptr_t)p, size);
}
#endif

#include "board/cores.h"

/* Wakes the cores waiting in WFI for an interrupt: the GIC distributor at
 * gicd enabled, then SGI 0 to every CPU interface but this CPU's
 * (board/cores.h gic_sgir_others; ARM IHI 0048B 4.3.1 GICD_CTLR, 4.3.15
 * GICD_SGIR), each write complete before the next (DSB), then SEV for a
 * core in WFE. The release the SGI follows must be written before it. */
static inline void smp_mmio_wake_others(uint64_t gicd)
{
	smp_mmio_w32(gicd + GICD_CTLR, smp_mmio_r32(gicd + GICD_CTLR) | 1);
	smp_mmio_dsb();
	smp_mmio_w32(gicd + GICD_SGIR,
		     gic_sgir_others((uint8_t)smp_mmio_r32(gicd + GICD_ITARGETSR0), 0));
	smp_mmio_dsb();
	smp_mmio_sev();
}

#endif
