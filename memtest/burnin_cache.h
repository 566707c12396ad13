/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The burn-in's cache kind (memtest/burnin.c), on its own so that the host
 * runs it against private write-back caches (tests/host/lib/memtest/
 * test_burnin_cache.c): QEMU has no cache that could lose the pattern.
 */
#ifndef MEMTEST_BURNIN_CACHE_H
#define MEMTEST_BURNIN_CACHE_H

#include <stdint.h>

/* A pattern from v into the page at p (PAGE_SIZE bytes, this CPU's own),
 * cleaned to memory, invalidated (cache/cache.h dcache_clean_to_mem,
 * dcache_inval_to_mem) and read back: the words that are not the pattern. */
uint64_t burnin_cache_round(uint64_t *p, uint64_t v);

#endif
