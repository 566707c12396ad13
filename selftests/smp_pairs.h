/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which ordered pairs of CPUs a test of "every pair" covers: every one up
 * to SMP_ALL_PAIRS CPUs listed; beyond (64 CPUs make 4032 pairs), the pairs
 * with the boot CPU and each CPU's with its neighbours by index (a ring),
 * so every CPU still sends to and receives from others, in both directions.
 */
#ifndef SELFTESTS_SMP_PAIRS_H
#define SELFTESTS_SMP_PAIRS_H

#include <stdbool.h>

#include "smp/smp.h"

#define SMP_ALL_PAIRS 8

static inline bool smp_pair_sampled(const struct smp_info *s, unsigned a, unsigned b)
{
	unsigned n = s->ncpu;

	return n <= SMP_ALL_PAIRS || a == s->boot || b == s->boot || (a + 1) % n == b ||
	       (b + 1) % n == a;
}

#endif
