/* SPDX-License-Identifier: BSD-2-Clause */
/* The geometries and random numbers of the cache trace: see cache_trace.h. */
#include "tests/host/cache/cache_trace.h"

#include <string.h>

struct geometry g;

uint64_t rng = 0x9e3779b97f4a7c15ull;
uint64_t rnd(void)
{
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	return rng;
}
unsigned below(unsigned n)
{
	return (unsigned)(rnd() % n);
}

unsigned ceil_log2(unsigned v)
{
	unsigned a = 0;
	while ((1ull << a) < v)
		a++;
	return a;
}

static uint64_t encode_ccsidr(unsigned line, unsigned ways, unsigned sets, bool ccidx)
{
	uint64_t l = ceil_log2(line) - 4;
	if (ccidx)
		return l | (uint64_t)(ways - 1) << 3 | (uint64_t)(sets - 1) << 32;
	return l | (uint64_t)(ways - 1) << 3 | (uint64_t)(sets - 1) << 13;
}

static void set_level(unsigned n, unsigned type, unsigned line, unsigned ways, unsigned sets)
{
	g.clidr |= (uint64_t)type << (3 * n);
	g.line[n] = line, g.ways[n] = ways, g.sets[n] = sets;
	g.ccsidr[n] = encode_ccsidr(line, ways, sets, g.ccidx);
}

/* Known CPUs first (the ID registers QEMU reports for them), then random ones within an operation
 * budget. */
void make_geometry(unsigned i, unsigned long budget)
{
	memset(&g, 0, sizeof(g));
	switch (i) {
	case 0: /* cortex-a53: L1 32K 4-way 64 B, L2 1M 16-way */
		set_level(0, CT_SEPARATE, 64, 4, 128), set_level(1, CT_UNIFIED, 64, 16, 1024);
		g.clidr |= 1u << 21 | 2u << 24;
		return;
	case 1: /* cortex-a15: L2 with 2304 sets */
		set_level(0, CT_SEPARATE, 64, 2, 256), set_level(1, CT_UNIFIED, 64, 16, 2304);
		g.clidr |= 1u << 21 | 2u << 24;
		return;
	case 2: /* a64fx: 256 B lines, LoC 0 */
		set_level(0, CT_SEPARATE, 256, 4, 64), set_level(1, CT_UNIFIED, 256, 16, 2048);
		return;
	case 3: /* cortex-a9 r0p: 32 B lines, LoUIS 0 */
		set_level(0, CT_SEPARATE, 32, 4, 256);
		g.clidr |= 1u << 24;
		return;
	case 4: /* direct-mapped, one set: the degenerate corner */
		set_level(0, CT_DATA, 16, 1, 1), set_level(1, CT_UNIFIED, 2048, 1, 3);
		g.clidr |= 2u << 21 | 2u << 24;
		return;
	}
	g.ccidx = HAS_CCIDX && below(2);
	unsigned levels = 1 + below(7);
	for (unsigned n = 0; n < levels; n++) {
		static const unsigned types[] = { CT_NONE, CT_INSN, CT_DATA, CT_SEPARATE,
						  CT_UNIFIED };
		unsigned type = types[below(5)];
		unsigned ways = below(4) ? 1 + below(32) : (unsigned[]){ 1, 3, 16, 32 }[below(4)];
		unsigned r = below(10);
		unsigned sets = r < 6 ? 1 + below(64) : r < 9 ? 1 + below(2048) : 1 + below(32768);
		unsigned line = 16u << below(8);
		unsigned long share = budget / levels;
		if ((unsigned long)ways * sets > share)
			sets = share / ways ? (unsigned)(share / ways) : 1;
		set_level(n, type, line, ways, sets);
	}
	g.clidr |= (uint64_t)below(8) << 21 | (uint64_t)below(8) << 24 | (uint64_t)below(8) << 27;
}
