/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Publishing to an observer that reads memory with its caches off (a CPU
 * in a holding pen, a spin table's release): contract in cache/cache.h.
 *
 * The observer may read at any moment, and the writer's cache may write
 * any dirty line back at any moment (an eviction), in any order of lines.
 * So the payload reaches memory first, completed (dcache_clean_to_mem
 * ends with a DSB: ARM ARM DDI 0487 D7.5.9 / DDI 0406C B2.2.7, a cache
 * maintenance operation is complete only after a DSB), and only then is
 * the flag written and cleaned: whenever the observer sees the flag, the
 * payload is there. The flag is cleared and cleaned first, so an observer
 * of an earlier publication of the same slot cannot take the new payload
 * while it is half written. Linux arch/arm64/kernel/smp_spin_table.c and
 * Documentation/arch/arm64/booting.rst describe the same release.
 */
#include "cache/cache.h"

void mem_publish(void *payload, size_t size, volatile uint64_t *flag, uint64_t value)
{
#ifndef PUBLISH_MUTANT_FLAG_FIRST /* host tests: the flag with the payload (caught) */
	*flag = 0;
	dcache_clean_to_mem((uintptr_t)flag, sizeof(*flag));
	dcache_clean_to_mem((uintptr_t)payload, size);
#endif
	*flag = value;
	dcache_clean_to_mem((uintptr_t)flag, sizeof(*flag));
#ifdef PUBLISH_MUTANT_FLAG_FIRST
	dcache_clean_to_mem((uintptr_t)payload, size);
#endif
}
