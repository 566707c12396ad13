/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Page frames: lazy D-cache/I-cache maintenance for RAM pages (after
 * Linux's flush_dcache_page / PG_dcache_clean, arch/arm64/mm/flush.c).
 *
 * The problem. Code or data written into a RAM frame through the identity
 * (linear) map sits in the D-cache. Another mapping of the frame may not see
 * it: an executable mapping fetches through the I-cache, which never snoops
 * the D-cache, and a second data alias may read below the D-cache. Cleaning
 * the D-cache to PoU and invalidating the I-cache fixes that, but doing it on
 * every write is wasted when nobody maps the frame. So maintenance is done
 * only when a frame is, or becomes, mapped a second time.
 *
 * The record. One per 4 KiB frame of every RAM bank: two flags and a count.
 *   PF_DCACHE_CLEAN  the frame's D-cache lines are clean to PoU since it
 *                    was last written (flush_dcache_page)
 *   PF_ICACHE_CLEAN  no I-cache holds an older copy of the frame
 *   nmap             mappings that need coherency: every pageframe_map()
 *                    (executable ones, and data aliases: the identity map
 *                    is the first mapping, so any other is a second alias)
 * The D and I halves are tracked apart because CTR.IDC may waive the
 * D-clean for instruction fetch but never for a data alias (below).
 *
 * The contract (the caller's part)
 *   - After writing to a frame through the identity map (stores, copy_page,
 *     DMA into it) and before anything runs or reads it through another
 *     mapping, call flush_dcache_page(frame). Writes through other mappings
 *     are not supported: pageframe mappings are read-only.
 *   - Map and unmap frames that need coherency only with pageframe_map() /
 *     pageframe_unmap(), so the count stays true.
 *   - One CPU, no concurrent callers (bringup runs on one core; the
 *     maintenance is not broadcast to other cores' I-caches by design here).
 *
 * The policy (ours, lazy)
 *   flush_dcache_page(f): marks f not clean (both flags). If f has no
 *     counted mapping, that is all: the maintenance is deferred. Otherwise
 *     (someone can see the frame now) the maintenance is done at once.
 *   pageframe_map(va, f, kind): first the deferred maintenance the new
 *     mapping needs if f is not clean for it, then the mapping, then
 *     nmap++. The mapping is never visible before the frame is coherent.
 *   pageframe_unmap(va): removes the mapping, nmap--. No maintenance: a
 *     frame with no mapping can only go stale by being written, and the
 *     writer calls flush_dcache_page, which clears the flags.
 *   PF_POLICY_EAGER (for comparison, Linux before it deferred): flush_dcache_page
 *     always does the maintenance at once.
 *
 * The maintenance for a frame, what each kind of mapping needs:
 *   executable   D-clean to PoU unless CTR.IDC, then I-invalidate to PoU
 *                unless CTR.DIC. The I-invalidate is by address (the
 *                identity-map VA) when the I-cache cannot alias; on an
 *                aliasing I-cache (VIPT with more than 4 KiB per way, or
 *                AIVIVT) a by-address invalidate would miss copies indexed
 *                by the other mapping's VA, so the whole I-cache is
 *                invalidated (IC IALLU / ICIALLU).
 *   data alias   D-clean to PoU, whatever IDC says (IDC is about instruction
 *                fetch only). The alias is read at PoU, as a non-snooping
 *                reader would; a non-cacheable alias on a system with a
 *                cache between PoU and PoC needs cache/dma.c instead.
 *   A "page flush" (the counted unit, pageframe_stats.page_flushes) is one
 *   frame's maintenance that issued at least one cache operation.
 *
 * Errors (negative; pageframe_strerror says them in words)
 *   PF_EALIGN     the frame or VA is not 4 KiB aligned
 *   PF_ERANGE     the frame is not in a RAM bank of the memory map
 *   PF_EKIND      kind is not PF_MAP_EXEC or PF_MAP_ALIAS
 *   PF_EBUSY      the frame already has PF_MAX_MAPS counted mappings
 *   PF_ENOTMAPPED pageframe_unmap: nothing (or no RAM frame) is mapped there
 *   PF_EMAP       the MMU refused the mapping (ops->map / ops->unmap failed)
 *   PF_ENOMEM     no memory for the table (or the table cannot be set up)
 * On an error nothing is mapped or counted (a PF_EMAP map may already have
 * done the frame's maintenance: harmless).
 *
 * The table. Records come from the heap (calloc), sized from the RAM banks
 * actually discovered: a static pool would have to be sized for the largest
 * memory map any board could have and would be zeroed with the BSS on every
 * boot, whoever uses it. 4 bytes per frame (0.1% of RAM). Set up by
 * pageframe_init(), or on first use by pageframe_auto_init() (a link-time
 * function: mmu/pageframe_ops.c in the image, the test in the host model).
 * Every frame starts not clean and unmapped.
 *
 * Implementation: mmu/pageframe.c (the policy: plain C, no system
 * registers, the same source in the image and in the host cache model);
 * mmu/pageframe_ops.c (the image's ops: cache/ and mmu/ routines).
 */
#ifndef MMU_PAGEFRAME_H
#define MMU_PAGEFRAME_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/image.h"
#include "lib/memmap.h"

#define PF_MAX_MAPS 255

#define PF_EALIGN     (-1)
#define PF_ERANGE     (-2)
#define PF_EKIND      (-3)
#define PF_EBUSY      (-4)
#define PF_ENOTMAPPED (-5)
#define PF_EMAP       (-6)
#define PF_ENOMEM     (-7)

/* Record flags. */
#define PF_DCACHE_CLEAN (1u << 0)
#define PF_ICACHE_CLEAN (1u << 1)

/* Mapping kinds. */
#define PF_MAP_EXEC  1u /* read-only, executable, Normal write-back */
#define PF_MAP_ALIAS 2u /* read-only data alias, Normal write-back, XN */

enum pageframe_policy { PF_POLICY_LAZY = 0, PF_POLICY_EAGER };

/*
 * What the policy calls: the cache and MMU operations, one frame at a time.
 * `frame` is the frame's physical address; the ops reach it through the
 * identity map. Each completes (DSB; ISB after an I-invalidate) on return.
 */
struct pageframe_ops {
	void (*dcache_clean_pou)(uint64_t frame); /* the frame's lines, by VA */
	void (*icache_inval_pou)(uint64_t frame); /* the frame's lines, by VA */
	void (*icache_inval_all)(void);           /* this CPU's whole I-cache */
	/* Map one page va -> frame, read-only, executable or not per kind;
	 * 0 or the MMU's error. */
	int (*map)(uintptr_t va, uint64_t frame, unsigned kind);
	int (*unmap)(uintptr_t va);
	/* What is mapped at va: false if nothing; else the frame and the kind
	 * (PF_MAP_EXEC if executable, else PF_MAP_ALIAS). */
	bool (*lookup)(uintptr_t va, uint64_t *frame, unsigned *kind);
};

/* What the CPU needs (from CTR; see pageframe_cpu_from_ctr in the ops). */
struct pageframe_cpu {
	bool idc;            /* CTR.IDC: no D-clean to PoU needed for fetch */
	bool dic;            /* CTR.DIC: no I-invalidate to PoU needed */
	bool icache_aliases; /* a by-address I-invalidate may miss a copy */
};

struct pageframe_stats {
	unsigned long flush_calls;    /* flush_dcache_page calls that succeeded */
	unsigned long deferred;       /* ... that only marked the frame not clean */
	unsigned long page_flushes;   /* frames maintained (>= 1 cache op issued) */
	unsigned long map_flushes;    /* ... of which when mapping (deferred work) */
	unsigned long dcache_cleans;  /* ops->dcache_clean_pou calls */
	unsigned long icache_invals;  /* ops->icache_inval_pou calls */
	unsigned long icache_inv_all; /* ops->icache_inval_all calls */
	unsigned long dclean_skipped; /* D-cleans not needed: IDC */
	unsigned long iinval_skipped; /* I-invalidates not needed: DIC */
};

struct pageframe_info {
	unsigned flags; /* PF_DCACHE_CLEAN | PF_ICACHE_CLEAN */
	unsigned nmap;  /* counted mappings */
	unsigned nexec; /* of which executable */
};

/* Sets up the table for the banks (records from calloc, every frame not
 * clean, unmapped), replacing any earlier one. ops and cpu are kept by
 * pointer / copied. 0, PF_ENOMEM, or PF_ERANGE if a bank is empty or not
 * page aligned. */
int pageframe_init(const struct mem_bank *ram, unsigned nram, const struct pageframe_ops *ops,
		   const struct pageframe_cpu *cpu);
/* Registers the arguments of a pageframe_init() that the first call needing
 * the table makes (which fails with its error, or PF_ENOMEM when nothing is
 * registered). ram and ops must outlive the table; *cpu is copied. */
void pageframe_defer_init(const struct mem_bank *ram, unsigned nram,
			  const struct pageframe_ops *ops, const struct pageframe_cpu *cpu);
/* Frees the table (the next call sets it up again from what
 * pageframe_defer_init() registered). */
void pageframe_reset(void);
/* The image's ops (mmu/pageframe_ops.c: cache/ by address through the
 * identity map, mmu/ page map and unmap) and this CPU's needs, registered
 * with pageframe_defer_init(). Call after cache_probe() and mmu_init(). */
void pageframe_image_setup(const struct mem_bank *ram, unsigned nram);

/* 0 or PF_EALIGN / PF_ERANGE / PF_ENOMEM. */
int flush_dcache_page(uint64_t frame);
/* 0 or PF_EALIGN / PF_ERANGE / PF_EKIND / PF_EBUSY / PF_EMAP / PF_ENOMEM. */
int pageframe_map(uintptr_t va, uint64_t frame, unsigned kind);
/* 0 or PF_EALIGN / PF_ENOTMAPPED / PF_EMAP / PF_ENOMEM. */
int pageframe_unmap(uintptr_t va);

/* The frame's record: 0 or PF_EALIGN / PF_ERANGE / PF_ENOMEM. */
int pageframe_query(uint64_t frame, struct pageframe_info *out);
void pageframe_set_policy(enum pageframe_policy p); /* default: lazy */
const struct pageframe_stats *pageframe_stats(void);
void pageframe_stats_reset(void);
/*
 * Fills *out from the decoded CTR and L1 geometry (pure). The I-cache can
 * alias unless CTR.L1Ip says PIPT (or, on AArch64, VPIPT: physical for
 * stage 1), or it says VIPT and one way of the L1 I-cache is no larger than
 * a page (then every VA bit of the index is a page-offset bit). AIVIVT and
 * reserved encodings count as aliasing.
 */
struct cache_info;
void pageframe_cpu_from_cache(const struct cache_info *ci, bool aarch64, struct pageframe_cpu *out);
/* What the table was set up with (NULL before it is). */
const struct pageframe_cpu *pageframe_cpu(void);
const char *pageframe_strerror(int err);

#endif
