/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The DRAM stress's loops (contract: lib/memtest/memtest_stress.h; the ARMv7
 * copy is lib/memtest/armv7/stress_copy.S): one 64-byte line
 * per iteration, its tag compared, its seven data words summed (Fletcher:
 * a += w; b += a) and copied, inverted or only read. Plain C: on AArch64
 * per line 4 pairs of loads (and stores), 14 adds, the tag's compare and
 * branch, the pointers and loop: 32 instructions, 0.5 a byte, and
 * the adds form two chains of 7 that an in-order core issues beside the
 * loads, so DRAM, not the loop, sets the pace (memtest/stress.c reports the
 * measured insn/B per CPU).
 */
#include "lib/memtest/memtest_stress.h"

#define LW (STRESS_LINE / 8) /* words per line */

#ifndef __arm__ /* ARMv7: lib/memtest/armv7/stress_copy.S, 0.84 insn/B where this is 1.6 */
size_t stress_copy(uint64_t *dst, const uint64_t *src, size_t bytes, uint64_t tag, uint64_t dtag,
		   uint64_t inv, struct stress_sum *sum)
{
	/* (x + 64) ^ ~0 is (x ^ ~0) - 64: an inverted block's tags go down */
	uint64_t a = sum->a, b = sum->b, want = tag ^ inv, put = dtag ^ inv,
		 step = inv ? -(uint64_t)STRESS_LINE : STRESS_LINE;
	size_t off;

	for (off = 0; off < bytes; off += STRESS_LINE, src += LW, dst += LW) {
#ifdef MEMTEST_MUTANT_STRESS_NO_TAG /* host tests only: no tag compared (caught) */
		want = src[0];
#endif
		if (src[0] != want)
			break;
		uint64_t w1 = src[1], w2 = src[2], w3 = src[3], w4 = src[4], w5 = src[5],
			 w6 = src[6], w7 = src[7];
		dst[0] = put;
		dst[1] = w1;
		dst[2] = w2;
		dst[3] = w3;
		dst[4] = w4;
		dst[5] = w5;
		dst[6] = w6;
		dst[7] = w7;
		a += w1;
		b += a;
		a += w2;
		b += a;
		a += w3;
		b += a;
		a += w4;
		b += a;
		a += w5;
		b += a;
		a += w6;
		b += a;
		a += w7;
		b += a;
		want += step;
		put += step;
	}
	sum->a = a;
	sum->b = b;
	return off;
}
#endif

size_t stress_invert(uint64_t *p, size_t bytes, uint64_t tag, uint64_t inv, struct stress_sum *sum)
{
	uint64_t a = sum->a, b = sum->b;
	size_t off;

	for (off = 0; off < bytes; off += STRESS_LINE, p += LW) {
		if (p[0] != ((tag + off) ^ inv))
			break;
		p[0] = ~p[0];
		for (unsigned i = 1; i < LW; i++) {
			uint64_t w = p[i];
			a += w;
			b += a;
			p[i] = ~w;
		}
	}
	sum->a = a;
	sum->b = b;
	return off;
}

size_t stress_read(const uint64_t *p, size_t bytes, uint64_t tag, uint64_t inv,
		   struct stress_sum *sum)
{
	uint64_t a = sum->a, b = sum->b;
	size_t off;

	for (off = 0; off < bytes; off += STRESS_LINE, p += LW) {
		if (p[0] != ((tag + off) ^ inv))
			break;
		for (unsigned i = 1; i < LW; i++) {
			a += p[i];
			b += a;
		}
	}
	sum->a = a;
	sum->b = b;
	return off;
}
