/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Cache geometry and maintenance.
 *
 * Geometry is read once at boot (cache_probe) from CTR, CLIDR, CCSIDR per
 * level (FEAT_CCIDX layout when the CPU has it) and, on AArch64, DCZID, into
 * the one struct cache_info the whole image uses. Nothing in bringup assumes
 * a line size, set count, way count or ZVA block size: read them from here.
 * cache_decode() is pure (host-testable); cache_probe() reads the registers.
 *
 * Set/way maintenance (cache/<arch>/setway.S): every data or unified level up
 * to LoC (or LoUIS), way-outer set-inner. For boot and power-down only: not
 * broadcast, not a coherency mechanism.
 */
#ifndef CACHE_CACHE_H
#define CACHE_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CACHE_MAX_LEVELS 7

enum cache_type { CT_NONE = 0, CT_INSN = 1, CT_DATA = 2, CT_SEPARATE = 3, CT_UNIFIED = 4 };

/* Whether a level of CLIDR type `type` has a cache of kind `ind` (0 data or
 * unified, 1 instruction), i.e. whether its CCSIDR is defined. */
static inline bool cache_level_has(unsigned type, unsigned ind)
{
	return ind ? type == CT_INSN || type == CT_SEPARATE : type >= CT_DATA;
}

struct cache_desc {
	unsigned line_bytes, ways, sets; /* 0 when the level has no such cache */
	uint64_t size;                   /* line_bytes * ways * sets */
};

struct cache_level {
	enum cache_type type;
	struct cache_desc d; /* data or unified */
	struct cache_desc i; /* instruction */
};

/* The raw ID register values cache_decode() works from. */
struct cache_regs {
	uint64_t ctr, clidr, dczid;
	bool ccidx;                           /* FEAT_CCIDX: 64-bit CCSIDR layout */
	bool has_dczid;                       /* AArch64 only */
	uint64_t ccsidr[CACHE_MAX_LEVELS][2]; /* [level][0 data/unified, 1 instruction] */
};

struct cache_info {
	struct cache_regs regs;
	unsigned dline, iline;     /* CTR DminLine / IminLine in bytes: by-address stride */
	unsigned loc, louis, louu; /* CLIDR levels (count of levels, 0 = none) */
	unsigned nlevels;          /* levels with a cache, from L1 up */
	bool idc, dic;             /* CTR_EL0: D-clean / I-invalidate to PoU not needed */
	unsigned zva_bytes;        /* DC ZVA block (0 if none or prohibited) */
	bool zva_prohibited;       /* DCZID.DZP */
	bool clean_as_civac;       /* cleans by address issued as DC CIVAC (cache_use_cpu) */
	struct cache_level level[CACHE_MAX_LEVELS];
};

/* Filled by cache_probe(); read-only afterwards. */
extern struct cache_info cache_info;

void cache_decode(struct cache_info *ci, const struct cache_regs *raw);
void cache_read_regs(struct cache_regs *raw); /* per architecture */
void cache_probe(void);
/* Cortex-A9 (ARMv7) only: ACTLR's Write full line of zeros (bit 3) and
 * the L1/L2 prefetch bits (2, 1) cleared on this CPU, as Linux's
 * l2c310_disable does before an outer cache with Full Line of Zero goes
 * off (Cortex-A9 TRM, ACTLR). False if FLZ still reads set (ACTLR not
 * writable from Non-secure: NSACR); true on other cores (nothing to do). */
bool cache_cpu_flz_off(void);
/* Lowers the by-address stride (cache_info.dline / iline) to these lines if
 * they are smaller: once every CPU's CTR is known, the system's stride is the
 * smallest line any CPU reports (big.LITTLE parts differ; Linux arm64 keeps
 * the system-wide safe CTR_EL0 the same way, arch/arm64/kernel/cpufeature.c).
 * Call before another CPU may be doing by-address maintenance. */
void cache_use_lines(unsigned dline, unsigned iline);
/* Takes this CPU's MIDR into the by-address routines' choice: on AArch64 a
 * core that needs its cleans issued as clean+invalidate (the early
 * Cortex-A53 revisions, arch/aarch64/cpu.h cpu_clean_as_civac) sets
 * cache_info.clean_as_civac, for every CPU (cache/range.c); other cores and
 * ARMv7 change nothing. cache_probe() calls it for the boot CPU; call it
 * for every other CPU before that CPU does by-address maintenance. */
void cache_use_cpu(uint64_t midr);

/*
 * Set/way, cache/<arch>/setway.S. No stack, MMU on or off. With LoC (or
 * LoUIS) 0 there is nothing to do and they return at once.
 */
void dcache_inval_all(void);         /* to LoC; discards dirty lines: boot only */
void dcache_clean_all(void);         /* to LoC */
void dcache_clean_inval_all(void);   /* to LoC */
void dcache_inval_louis(void);       /* to LoUIS */
void dcache_clean_louis(void);       /* to LoUIS */
void dcache_clean_inval_louis(void); /* to LoUIS */

/*
 * By address range [start, start + size), cache/range.c. "PoC" is the
 * architecture's Point of Coherency of the inner caches: on a Cortex-A9 with
 * a PL310 it is L1, and DRAM is only reached through the outer cache too
 * (use the *_to_mem calls below for memory). Stride: the CTR
 * line sizes read at boot (cache_info.dline / iline). Any start and size:
 * size 0 does nothing; the invalidate clean+invalidates partial edge lines
 * so neighbouring data is never lost; a range that wraps past the top of the
 * address space is refused with CACHE_ERR_WRAP and nothing is done.
 * Returns CACHE_OK or a CACHE_ERR_* (cache_strerror says it in words).
 * Each completes (DSB) before returning; icache_inval_pou also ISBs.
 */
#define CACHE_OK       0
#define CACHE_ERR_WRAP (-1)
int dcache_clean_poc(uintptr_t start, size_t size);
int dcache_clean_pou(uintptr_t start, size_t size);
int dcache_inval_poc(uintptr_t start, size_t size);
int dcache_clean_inval_poc(uintptr_t start, size_t size);
int icache_inval_pou(uintptr_t start, size_t size);
const char *cache_strerror(int err);

/* The per-line loops behind them (cache/<arch>/range.S): start < end, line a
 * power of two; no checks. */
void dcache_clean_poc_lines(uintptr_t start, uintptr_t end, size_t line);
void dcache_clean_pou_lines(uintptr_t start, uintptr_t end, size_t line);
void dcache_inval_poc_lines(uintptr_t start, uintptr_t end, size_t line);
void dcache_clean_inval_poc_lines(uintptr_t start, uintptr_t end, size_t line);
/* The same from the last line down, each complete (DSB) before the next. */
void dcache_clean_inval_poc_lines_down(uintptr_t start, uintptr_t end, size_t line);
void icache_inval_pou_lines(uintptr_t start, uintptr_t end, size_t line);
void icache_inval_all(void); /* to PoU, this CPU */

/*
 * To memory (cache/memory.c): by VA to PoC and then through the outer
 * cache when one is active (cache/outer.h), so that memory itself, as a
 * non-cacheable observer or a DMA master sees it, holds the data. Same
 * ranges, edge lines and errors as the PoC calls, plus CACHE_ERR_OUTER.
 *   clean: inner, then outer (the inner clean writes into the outer cache,
 *     which then writes to memory).
 *   clean+invalidate: with an active outer cache, inner clean, outer
 *     clean+invalidate, inner clean+invalidate, so no inner line refilled
 *     from the outer copy before the outer operation survives (the next
 *     read comes from memory); else one inner clean+invalidate.
 *   invalidate (memory was written by someone else): outer, then inner, so
 *     nothing the inner cache refetches in between comes from the stale
 *     outer copy. Partial edge lines are cleaned+invalidated at both levels.
 * dcache_clean_inval_all_to_mem: set/way clean+invalidate to LoC, then the
 * whole outer cache; for the exit path (boot/main.c registers it).
 */
int dcache_clean_to_mem(uintptr_t start, size_t size);
int dcache_clean_inval_to_mem(uintptr_t start, size_t size);
int dcache_inval_to_mem(uintptr_t start, size_t size);
void dcache_clean_inval_all_to_mem(void);
/* dcache_clean_inval_to_mem line by line from the last line of the range
 * down to the first, each line in memory before the next is started (the
 * DRAM test's descending elements: memory written in that order). */
int dcache_clean_inval_to_mem_down(uintptr_t start, size_t size);

/*
 * mem_publish (cache/publish.c): hands [payload, payload + size) to an
 * observer that reads memory with its caches off and waits for *flag to
 * read value (a holding pen, a mailbox). The flag is cleared to 0 and
 * cleaned, the payload (it may contain the flag) is cleaned to memory,
 * then the flag is written and cleaned: memory never holds the new flag
 * with an old payload, whatever lines the cache writes back meanwhile.
 * The caller has written the payload; nothing else may write the slot.
 */
void mem_publish(void *payload, size_t size, volatile uint64_t *flag, uint64_t value);

/*
 * Streaming DMA ownership (cache/dma.c), for a device that does not snoop the
 * CPU caches. Hand a buffer to the device with dma_sync_for_device(), take it
 * back with dma_sync_for_cpu(), with the direction of the transfer:
 *   DMA_TO_DEVICE      device reads:  clean to memory before; nothing after
 *   DMA_FROM_DEVICE    device writes: invalidate before (no dirty line may be
 *                      evicted over the device's data), invalidate after
 *                      (drop lines speculatively fetched during the transfer)
 *   DMA_BIDIRECTIONAL  clean+invalidate before; invalidate after
 * Partial lines at the edges are cleaned+invalidated, never just invalidated
 * (their other bytes belong to someone else). An active outer cache is
 * included, ordered by where the data goes (Linux arch/arm/mm/dma-mapping.c):
 * for_device, every direction, inner then outer; for_cpu outer then inner.
 * While the device owns a DMA_FROM_DEVICE or DMA_BIDIRECTIONAL buffer the
 * CPU may read, but not write, bytes that share a cache line with it (the
 * larger of the inner line and the outer cache's 32 B): such a line would be
 * written back whole over the device's data. Returns CACHE_OK, or
 * CACHE_ERR_WRAP / CACHE_ERR_DIR (nothing done) / CACHE_ERR_OUTER.
 */
enum dma_dir { DMA_TO_DEVICE = 1, DMA_FROM_DEVICE = 2, DMA_BIDIRECTIONAL = 3 };
#define CACHE_ERR_DIR   (-2)
#define CACHE_ERR_OUTER (-3) /* the outer cache (cache/outer.h) reported an error */
int dma_sync_for_device(uintptr_t addr, size_t size, enum dma_dir dir);
int dma_sync_for_cpu(uintptr_t addr, size_t size, enum dma_dir dir);

#endif
