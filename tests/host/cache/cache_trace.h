/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The made-up cache geometries of tests/host/cache/cache_trace.c (their CLIDR and
 * CCSIDR values, what the traced assembly reads) and its random numbers:
 * cache_trace_geometry.c.
 */
#ifndef TESTS_HOST_CACHE_CACHE_TRACE_H
#define TESTS_HOST_CACHE_CACHE_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "cache/cache.h"

#ifdef __aarch64__
#define HAS_CCIDX 1
#else
#define HAS_CCIDX 0
#endif

struct geometry {
	uint64_t clidr;
	bool ccidx;
	uint64_t ccsidr[CACHE_MAX_LEVELS]; /* data/unified only: the routines never read I */
	unsigned line[CACHE_MAX_LEVELS], ways[CACHE_MAX_LEVELS], sets[CACHE_MAX_LEVELS];
};

/* The geometry the trace's CLIDR/CCSIDR reads return. */
extern struct geometry g;

/* xorshift64 (its state rng: the seed); below(n): 0..n-1; ceil_log2(v):
 * the least a with 2^a >= v. */
extern uint64_t rng;
uint64_t rnd(void);
unsigned below(unsigned n);
unsigned ceil_log2(unsigned v);
/* Geometry i into g: the known CPUs first (0-4: the ID registers QEMU
 * reports for them, and corners), then random ones whose set/way walk
 * stays within budget operations. */
void make_geometry(unsigned i, unsigned long budget);

#endif
