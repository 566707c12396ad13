/* SPDX-License-Identifier: BSD-2-Clause */
/* The DRAM test on every CPU at once: slices, the round-robin pass, the
 * merge (lib/memtest/memtest_cpus.h). */
#include "lib/memtest/memtest_cpus.h"
#include "lib/memtest/memtest_priv.h"

unsigned memtest_slice(const struct memtest_range *in, unsigned nin, unsigned n, unsigned k,
		       struct memtest_range *out, unsigned max)
{
	unsigned turn = 0, got = 0; /* the first CPU to get an extra chunk */

	if (!n || k >= n)
		return 0;
	for (unsigned i = 0; i < nin; i++) {
		size_t chunks = in[i].size / MEMTEST_CHUNK, q = chunks / n;
		unsigned rem = (unsigned)(chunks % n);
		size_t before = 0, mine;

		/* CPU j gets an extra chunk when (j - turn) mod n < rem. */
		for (unsigned j = 0; j < k; j++)
			before += q + ((j + n - turn) % n < rem);
		mine = q + ((k + n - turn) % n < rem);
		turn = (turn + rem) % n;
		if (!mine || got == max)
			continue;
		out[got] = in[i];
		out[got].va = in[i].va + before * MEMTEST_CHUNK;
		out[got].size = mine * MEMTEST_CHUNK;
		got++;
	}
	return got;
}

uint64_t memtest_rr_seed(uint64_t seed, unsigned r, unsigned s)
{
	/* Weyl steps of the golden ratio: distinct seeds for distinct (r, s). */
	return seed + 0x9e3779b97f4a7c15ull * ((uint64_t)r * 0x10001u + s + 1);
}

static void rr_verify(struct memtest *t, uint64_t seed)
{
	struct memtest_rng s;

	memtest_rng_seed(&s, seed);
#ifndef MEMTEST_MUTANT_RR_NO_INVAL /* host tests only: this CPU's stale copies read (caught) */
	for (unsigned k = 0; k < t->nranges; k++)
		mt_sync(t, t->ranges[k].va, t->ranges[k].size); /* drop this CPU's copies */
#endif
	mt_random_verify(t, MT_ROUND_ROBIN, &s);
}

static void rr_write(struct memtest *t, uint64_t seed)
{
	struct memtest_rng s;

	memtest_rng_seed(&s, seed);
	for (unsigned k = 0; k < t->nranges; k++) {
		const struct memtest_range *r = &t->ranges[k];
		for (size_t off = 0; off < r->size; off += MEMTEST_CHUNK) {
			memtest_random_fill((void *)(r->va + off), MEMTEST_CHUNK, &s);
#ifndef MEMTEST_MUTANT_SLICE_NO_CLEAN /* host tests only: the slice left in the cache (caught) */
			mt_sync(t, r->va + off, MEMTEST_CHUNK);
#endif
			mt_swept(t, MEMTEST_CHUNK);
		}
	}
}

void memtest_rr_round(struct memtest *t, unsigned r, unsigned n, unsigned s)
{
	if (r > 0)
		rr_verify(t, memtest_rr_seed(t->seed, r - 1, s));
	if (r < n)
		rr_write(t, memtest_rr_seed(t->seed, r, s));
}

void memtest_merge(struct memtest *into, const struct memtest *from)
{
	for (unsigned k = 0; k < MT_NTESTS; k++)
		into->errors[k] += from->errors[k];
	into->bytes_tested += from->bytes_tested;
	into->fill_bytes += from->fill_bytes;
	into->fill_insns += from->fill_insns;
	into->verify_bytes += from->verify_bytes;
	into->verify_insns += from->verify_insns;
	into->counted |= from->counted;
	into->calls += from->calls;
	into->swept += from->swept;
}
