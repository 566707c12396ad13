/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The latency sweep's pointer chase (lib/figures/figures.h): each load's
 * address is the value the previous load returned, so the loads cannot
 * overlap and the time per load is the memory's latency at that working
 * set, as in lmbench's lat_mem_rd. The order is random at two levels, the
 * pages and the lines within each page, so that a stride prefetcher finds
 * no pattern while each page costs one TLB miss, not one per load (the
 * figure is the cache's or the DRAM's, not the page walk's).
 */
#include "lib/figures/figures.h"

static uint64_t xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* idx[0 .. n): a random permutation (Fisher-Yates). */
static void shuffle(uint32_t *idx, uint32_t n, uint64_t *seed)
{
	for (uint32_t i = 0; i < n; i++)
		idx[i] = i;
	for (uint32_t i = n; i > 1; i--) {
		uint32_t j = (uint32_t)(xorshift(seed) % i), t = idx[i - 1];

		idx[i - 1] = idx[j];
		idx[j] = t;
	}
}

void *fig_chain(void *buf, size_t bytes, size_t line, size_t page, uint64_t seed, uint32_t *order)
{
	char *b = buf;
	uint32_t npages = (uint32_t)(bytes / page), per = (uint32_t)(page / line);
	uint32_t lines[FIG_CHAIN_MAX_LINES];
	void **prev = NULL, *first = NULL;
	uint64_t s = seed ? seed : 1;

	if (per > FIG_CHAIN_MAX_LINES)
		per = FIG_CHAIN_MAX_LINES;
	shuffle(order, npages, &s);
	for (uint32_t i = 0; i < npages; i++) {
		uint32_t pg = order[i];

		shuffle(lines, per, &s);
		for (uint32_t j = 0; j < per; j++) {
			void **slot = (void **)(b + (size_t)pg * page + (size_t)lines[j] * line);

			if (prev)
				*prev = slot;
			else
				first = slot;
			prev = slot;
		}
	}
	*prev = first;
	return first;
}

void *fig_chase(void *p, uint64_t loads)
{
	void **q = p;

	while (loads >= 8) {
		q = *q, q = *q, q = *q, q = *q, q = *q, q = *q, q = *q, q = *q;
		loads -= 8;
	}
	while (loads--)
		q = *q;
	return q;
}
