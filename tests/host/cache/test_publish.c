/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cache/publish.c (mem_publish) against an observer with its caches off.
 *
 * The slot lives in host memory, which plays the writer's cache; a shadow
 * copy plays DRAM. The test's dcache_clean_to_mem writes the range's
 * lines back to the shadow one at a time, in a random order, and before
 * each call may evict (write back) any other line of the slot, as a real
 * cache may at any moment. After every write-back the observer, a CPU
 * polling the slot in DRAM (the holding pen, boot/<arch>/secondary.S),
 * looks: whenever it sees the flag's new value, the payload in DRAM must
 * be the new one. Lines of 16, 32 and 64 bytes; an entry the shape of
 * struct smp_args (smp/smp.h: key first, 72 bytes over two lines or
 * more), republished over an older one.
 *
 * usage: test_publish [ROUNDS]
 */
#include <stdint.h>
#include <stdlib.h>

#include "cache/cache.h"
#include "tests/host/common/check.h"

CHECK_COUNTERS;

struct entry {
	uint64_t key, w[8];
};

/* Whole lines of the largest size, so a write-back never leaves them. */
static _Alignas(64) union {
	struct entry e;
	char lines[128];
} slot_lines, dram_lines;
#define slot (slot_lines.e)
#define dram (dram_lines.e)
static struct entry want; /* what the publication must deliver */
static size_t line;
static unsigned long seen, torn;
static uint64_t rng = 0x9e3779b97f4a7c15ull;

static unsigned rnd(unsigned n)
{
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static void observe(void)
{
	if (dram.key != want.key)
		return;
	seen++;
	if (memcmp(&dram, &want, sizeof(dram)))
		torn++;
}

static void write_back(size_t l) /* line l of the slot reaches DRAM */
{
	memcpy(dram_lines.lines + l * line, slot_lines.lines + l * line, line);
	observe();
}

int dcache_clean_to_mem(uintptr_t start, size_t size)
{
	const size_t nlines = (sizeof(slot) + line - 1) / line;
	size_t first = (start - (uintptr_t)&slot) / line;
	size_t last = (start + size - 1 - (uintptr_t)&slot) / line;
	size_t order[16], n = 0;

	if (rnd(2))
		write_back(rnd((unsigned)nlines)); /* an eviction meanwhile */
	for (size_t l = first; l <= last; l++)
		order[n++] = l;
	for (size_t i = n; i > 1; i--) { /* any order */
		size_t j = rnd((unsigned)i), t = order[i - 1];
		order[i - 1] = order[j], order[j] = t;
	}
	for (size_t i = 0; i < n; i++)
		write_back(order[i]);
	return CACHE_OK;
}

int main(int argc, char **argv)
{
	unsigned long rounds = argc > 1 ? strtoul(argv[1], NULL, 0) : 20000;
	static const size_t lines[] = { 16, 32, 64 };

	_Static_assert(sizeof(struct entry) == 72, "the shape of struct smp_args");
	for (unsigned long r = 0; r < rounds; r++) {
		line = lines[r % 3];
		/* An older publication of the slot, in the cache and in DRAM. */
		for (unsigned i = 0; i < 8; i++)
			slot.w[i] = rng + i;
		slot.key = 0x4000000000000000ull | (r & 0xff);
		dram = slot;
		/* The new one: the payload written, then published. */
		for (unsigned i = 0; i < 8; i++)
			want.w[i] = slot.w[i] = ~(uint64_t)r * 0x100000001b3ull + i;
		want.key = 0x4000000000000000ull | 0x100 | (r & 0xff);
		mem_publish(&slot, sizeof(slot), &slot.key, want.key);
		CHECK(!memcmp(&dram, &want, sizeof(dram)), "round %lu: not all in DRAM", r);
	}
	CHECK(seen > 0, "the observer never saw a publication");
	CHECK(torn == 0, "the observer saw the new key with an old payload %lu times of %lu", torn,
	      seen);
	printf("test_publish: %lu publications, key seen %lu times in DRAM, %lu of them with an "
	       "old payload\n",
	       rounds, seen, torn);
	return check_report("test_publish");
}
