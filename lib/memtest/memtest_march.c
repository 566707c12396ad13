/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The March C-, random and bit fade passes of the DRAM test engine (contract:
 * lib/memtest/memtest.h); March C- as van de Goor, "Testing Semiconductor
 * Memories" (1991) gives it.
 */
#include "lib/memtest/memtest.h"
#include "lib/memtest/memtest_priv.h"

/* One March element over every range: read (expect) then write (value) each
 * chunk, in the element's direction. */
static void element(struct memtest *t, bool read, uint64_t expect, bool write, uint64_t value,
		    bool down)
{
	for (unsigned k = 0; k < t->nranges; k++) {
		const struct memtest_range *r = &t->ranges[down ? t->nranges - 1 - k : k];
		size_t chunks = r->size / MEMTEST_CHUNK;

		for (size_t c = 0; c < chunks && !mt_saturated(t, MT_MARCH_C); c++) {
			uintptr_t p = r->va + (down ? chunks - 1 - c : c) * MEMTEST_CHUNK;
			if (read)
				mt_check_chunk(t, MT_MARCH_C, p, MEMTEST_CHUNK, expect);
			if (write)
				mt_fill_chunk(t, p, MEMTEST_CHUNK, value, down);
		}
	}
}

void memtest_march_c(struct memtest *t)
{
	const uint64_t z = t->background, o = ~t->background;

	element(t, false, 0, true, z, false); /* up(w0) */
	element(t, true, z, true, o, false);  /* up(r0,w1) */
	element(t, true, o, true, z, false);  /* up(r1,w0) */
	element(t, true, z, true, o, true);   /* down(r0,w1) */
	element(t, true, o, true, z, true);   /* down(r1,w0) */
	element(t, true, z, false, 0, false); /* any(r0) */
	for (unsigned k = 0; k < t->nranges; k++)
		t->bytes_tested += t->ranges[k].size;
}

/* The words of the failing KiB at p against the sequence from *s (as the
 * verify loop left it), each reported; *s then past that KiB. */
static void random_report(struct memtest *t, enum memtest_test test, uintptr_t p,
			  struct memtest_rng *s)
{
	const volatile uint64_t *w = (const volatile uint64_t *)p;
	uint64_t want[8];

	for (unsigned i = 0; i < 1024 / sizeof(*w); i += 8) {
		memtest_rng_block(s, want);
		for (unsigned k = 0; k < 8; k++)
			if (w[i + k] != want[k])
				mt_report(t, test, (uintptr_t)&w[i + k], want[k], w[i + k], 0);
	}
}

void mt_random_verify(struct memtest *t, enum memtest_test test, struct memtest_rng *s)
{
	for (unsigned k = 0; k < t->nranges && !mt_saturated(t, test); k++) {
		const struct memtest_range *r = &t->ranges[k];
		for (size_t off = 0; off < r->size && !mt_saturated(t, test);
		     off += MEMTEST_CHUNK) {
			uintptr_t p = r->va + off;
			size_t at = memtest_random_verify((const void *)p, MEMTEST_CHUNK, s);
			while (at < MEMTEST_CHUNK && !mt_saturated(t, test)) {
				random_report(t, test, p + at, s);
				at += 1024;
				if (at < MEMTEST_CHUNK)
					at += memtest_random_verify((const void *)(p + at),
								    MEMTEST_CHUNK - at, s);
			}
			/* No clean after the verify: every later read of these lines
			 * follows a fill and its clean+invalidate. */
			mt_swept(t, MEMTEST_CHUNK);
		}
	}
}

void memtest_random(struct memtest *t)
{
	struct memtest_rng start, s;

#ifdef MEMTEST_MUTANT_RANDOM_NOP /* host tests only: no random pass (must be caught) */
	return;
#endif
	memtest_rng_seed(&start, t->seed);
	s = start;
	for (unsigned k = 0; k < t->nranges; k++) {
		const struct memtest_range *r = &t->ranges[k];
		for (size_t off = 0; off < r->size; off += MEMTEST_CHUNK) {
			memtest_random_fill((void *)(r->va + off), MEMTEST_CHUNK, &s);
#ifndef MEMTEST_MUTANT_RANDOM_NO_CLEAN /* host tests only: verify the cache (must be caught) */
			mt_sync(t, r->va + off, MEMTEST_CHUNK);
#endif
			mt_swept(t, MEMTEST_CHUNK);
		}
	}
	s = start;
	mt_random_verify(t, MT_RANDOM, &s);
	t->seed = s.w[2] | 1; /* the next pass's seed: the sequence goes on */
}

void memtest_bit_fade(struct memtest *t, void (*wait)(void *ctx), void *ctx)
{
	for (unsigned k = 0; k < 2 && !mt_saturated(t, MT_BIT_FADE); k++) {
		uint64_t v = k ? ~(uint64_t)0 : 0;
		for (unsigned i = 0; i < t->nranges; i++)
			for (size_t off = 0; off < t->ranges[i].size; off += MEMTEST_CHUNK)
#ifdef MEMTEST_MUTANT_FADE_NO_CLEAN /* host tests only: fill, no clean (must be caught) */
				memtest_fill((void *)(t->ranges[i].va + off), MEMTEST_CHUNK, v, 0);
#else
				mt_fill_chunk(t, t->ranges[i].va + off, MEMTEST_CHUNK, v, false);
#endif
		wait(ctx);
		for (unsigned i = 0; i < t->nranges; i++)
			for (size_t off = 0; off < t->ranges[i].size; off += MEMTEST_CHUNK)
				mt_check_chunk(t, MT_BIT_FADE, t->ranges[i].va + off, MEMTEST_CHUNK,
					       v);
	}
}
