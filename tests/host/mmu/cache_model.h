/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A host model of one CPU's L1 caches, to prove the page-frame policy
 * (mmu/pageframe.c) keeps instruction fetch and aliases coherent. QEMU
 * models no caches, so a missing clean or invalidate passes there; here it
 * shows as a stale byte.
 *
 * The machine
 *   - Physical memory: bytes; PoU = PoC = memory (one level of cache).
 *   - D-cache: write-back, write-allocate, read-allocate, physically indexed
 *     and tagged (ARMv7/ARMv8 data caches behave so), dirty bits; an
 *     eviction writes a dirty line back. LRU, or random with a seeded RNG.
 *   - I-cache: filled from PoU, never snoops the D-cache or memory writes.
 *     PIPT, or VIPT: indexed by VA bits (those above the page offset too,
 *     when a way is larger than a page), tagged by PA, so two VAs of one
 *     frame can hold different copies and IC IVAU by one VA misses the other.
 *   - CTR.IDC = 1: the I-cache fills from the D-cache when it holds the line
 *     (PoU for instructions includes the D-cache). CTR.DIC = 1: the I-cache
 *     is coherent (a fetch always sees PoU).
 *   - A page table: RAM identity-mapped read-write (the linear map), plus
 *     CM_SLOTS window pages, each unmapped or a read-only mapping of a frame:
 *     executable (fetched through the I-cache) or a data alias (read at PoU:
 *     the worst reader a second view can be).
 *
 * The checks. `truth` holds the last value the program wrote to each byte.
 *   stale fetch       a fetch returns bytes that differ from truth
 *   stale alias read  a read through a data alias differs from truth
 *   bad data read     a read through the linear map differs (a lost write,
 *                     or a model bug: the D-cache must always be coherent)
 *   lost write        after a final clean, memory differs from truth
 *                     (cm_check_lost: a byte whose last written value is in
 *                     neither a dirty line nor memory)
 * The model never aborts on a violation: it counts it and keeps the first
 * one's description.
 *
 * Errors: a VA that is not mapped (or a write to a read-only mapping) is a
 * bug in the test driver: the model prints it and aborts.
 */
#ifndef TESTS_HOST_MMU_CACHE_MODEL_H
#define TESTS_HOST_MMU_CACHE_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arch/image.h"

#define CM_SLOTS  16u /* window pages: VA colours 0..3 for a 16 KiB way */
#define CM_WINDOW 0x10000000u

struct cm_geom {
	unsigned size, ways, line; /* bytes, ways, bytes */
};

struct cm_profile {
	const char *name;
	struct cm_geom d, i;
	bool i_vipt;      /* I-cache indexed by VA */
	bool random_repl; /* else LRU */
};

struct cm_hw {
	bool idc, dic;
};

struct cm_line {
	uint64_t tag; /* PA / line */
	uint32_t stamp;
	bool valid, dirty;
};

struct cm_cache {
	struct cm_geom g;
	unsigned sets;
	unsigned shift;       /* log2(line); line and sets are powers of two */
	struct cm_line *line; /* sets * ways */
	uint8_t *data;        /* sets * ways * line bytes */
	uint32_t clock;
};

enum cm_kind { CM_NONE = 0, CM_EXEC, CM_ALIAS };

struct cm_pte {
	enum cm_kind kind;
	uint64_t pa;
};

struct cm_stats {
	unsigned long fetches, alias_reads, data_reads, writes, evictions, writebacks;
	unsigned long dc_clean_lines, ic_inval_lines, ic_inval_all;
};

struct cm_violations {
	unsigned long stale_fetch, stale_alias, bad_read, lost_write;
	char first[160];
};

struct cm {
	struct cm_profile prof;
	struct cm_hw hw;
	uint64_t base, bytes; /* physical memory [base, base + bytes) */
	uint8_t *mem, *truth;
	struct cm_cache d, i;
	struct cm_pte pt[CM_SLOTS];
	uint64_t rng;
	struct cm_stats st;
	struct cm_violations v;
};

/* Memory (filled with a pattern, truth equal), empty caches. false: no memory. */
bool cm_init(struct cm *m, const struct cm_profile *p, struct cm_hw hw, uint64_t base,
	     uint64_t bytes, uint64_t seed);
void cm_free(struct cm *m);
unsigned long cm_violations(const struct cm *m);

/* The window's VA for slot s. */
static inline uintptr_t cm_slot_va(unsigned s)
{
	return CM_WINDOW + (uintptr_t)s * PAGE_SIZE;
}

/* The program's accesses. va: the linear map (== PA) or a window page. */
void cm_write(struct cm *m, uintptr_t va, const void *src, size_t n); /* linear only */
void cm_read(struct cm *m, uintptr_t va, void *dst, size_t n);        /* linear or alias */
void cm_fetch(struct cm *m, uintptr_t va, size_t n, bool check);      /* executable slot */

/* Maintenance, as the instructions do it, by VA (any mapping). */
void cm_dc_clean(struct cm *m, uintptr_t va, size_t n); /* DC CVAU per line */
void cm_ic_inval(struct cm *m, uintptr_t va, size_t n); /* IC IVAU per line */
void cm_ic_inval_all(struct cm *m);                     /* IC IALLU */

/* Lost writes in [pa, pa + n), without changing the caches: the value a
 * final clean would leave (the D line if cached, else memory) vs truth. */
unsigned long cm_check_lost(struct cm *m, uint64_t pa, size_t n);
/* The final clean: every dirty line written back; then memory vs truth. */
unsigned long cm_final_clean_check(struct cm *m);

#endif
