/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A set of CPUs, by their index in smp_info's cpu[] (smp/smp.h): bit i of
 * the set is cpu[i]. Up to SMP_MAX_CPUS of them, passed by value.
 *
 * smp_mask_of(i) is {i}; _with / _without add or remove one; _has tests
 * one; _count counts. An index at or beyond SMP_MAX_CPUS is in no set
 * (_has is false, _with and _of leave the set as it was).
 */
#ifndef SMP_SMP_MASK_H
#define SMP_SMP_MASK_H

/* Every CPU a tree may list that bringup starts: Linux arm64's NR_CPUS
 * default (arch/arm64/Kconfig) is 256 as well. */
#define SMP_MAX_CPUS   256
#define SMP_MASK_WORDS (SMP_MAX_CPUS / 64)

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>

struct smp_mask {
	uint64_t w[SMP_MASK_WORDS];
};

static inline bool smp_mask_has(struct smp_mask m, unsigned i)
{
	return i < SMP_MAX_CPUS && (m.w[i / 64] >> (i % 64) & 1);
}

static inline struct smp_mask smp_mask_with(struct smp_mask m, unsigned i)
{
	if (i < SMP_MAX_CPUS)
		m.w[i / 64] |= (uint64_t)1 << (i % 64);
	return m;
}

static inline struct smp_mask smp_mask_without(struct smp_mask m, unsigned i)
{
	if (i < SMP_MAX_CPUS)
		m.w[i / 64] &= ~((uint64_t)1 << (i % 64));
	return m;
}

static inline struct smp_mask smp_mask_of(unsigned i)
{
	return smp_mask_with((struct smp_mask){ { 0 } }, i);
}

static inline unsigned smp_mask_count(struct smp_mask m)
{
	unsigned n = 0;

	for (unsigned k = 0; k < SMP_MASK_WORDS; k++)
		n += (unsigned)__builtin_popcountll(m.w[k]);
	return n;
}
#endif

#endif
