/*
 * The device accesses and barriers of the board start methods
 * (boot/smp_<method>.c): in the image a volatile 32-bit access, DSB ISH and
 * SEV; built for the host model (tests/host/test_smp_methods.c,
 * -DSMP_MMIO_MODEL) calls that record each one in order, so the register
 * sequence of a method QEMU does not model (or models only in part) is
 * checked against its public description. Internal to boot/smp*.c.
 */
#ifndef BOOT_SMP_MMIO_H
#define BOOT_SMP_MMIO_H

#include <stdint.h>

#ifdef SMP_MMIO_MODEL
void smp_mmio_w32(uint64_t addr, uint32_t v);
uint32_t smp_mmio_r32(uint64_t addr);
void smp_mmio_dsb(void);
void smp_mmio_sev(void);
#else
#include "arch/sysreg.h"

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
#endif

#endif
