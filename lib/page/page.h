/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Page copy and clear: the contract.
 *
 *   copy_page(dst, src)       4 KiB (PAGE_SIZE)
 *   clear_page(dst)           4 KiB
 *   clear_pages(dst, n)       n * 4 KiB, n may be 0
 *   copy_huge_page(dst, src)  one MMU block (HUGE_PAGE_SIZE: 2 MiB on AArch64,
 *   clear_huge_page(dst)      a 1 MiB section on ARMv7 short descriptors),
 *                             in one pass: no per-4 KiB call, map or barrier
 *
 * Preconditions
 *   - dst and src are aligned to the size they name: PAGE_SIZE for the page
 *     and clear_pages routines, HUGE_PAGE_SIZE for the huge ones (a block
 *     mapping is naturally aligned).
 *   - dst and src do not overlap (dst == src is allowed and leaves the data).
 *   - The memory is mapped writable (dst) and readable (src). With the MMU
 *     on, dst is Normal memory (DC ZVA faults on Device memory: clear a
 *     device buffer with memset). With the MMU off all data accesses are
 *     Device (AArch64) / Strongly-ordered (ARMv7); that is fine as long as
 *     page_init() was told so (see below).
 *   - AArch64: FP/SIMD enabled (CPACR_EL1.FPEN), as boot does for newlib.
 *
 * Errors
 *   A misaligned pointer is a caller bug, never silently "handled". In a debug
 *   build (PAGE_DEBUG, on unless NDEBUG) the wrappers check alignment (and that
 *   n * PAGE_SIZE neither overflows nor wraps the address space), print
 *       Bail out! <routine>: <dst|src> 0x... is not <N>-byte aligned (rule: ...)
 *   and end the run through platform_exit(EXIT_PAGE_MISALIGNED), before any
 *   byte is written. The *_checked variants make the same checks but return
 *   PAGE_EALIGN / PAGE_ERANGE instead (memory untouched), 0 on success.
 *
 * Choosing the implementation (once, at boot: not per call)
 *   page_init(&cache_info, mmu_on) fills page_cfg, which the assembly reads:
 *   - clear, AArch64: DC ZVA in blocks of the size DCZID_EL0 reports (4 B ..
 *     2 KiB), unrolled; store pairs of Q registers instead when DCZID.DZP is
 *     set, when the block is larger than a page, or when the MMU is off (DC
 *     ZVA faults on Device memory on real CPUs; QEMU does not check).
 *     ARMv7: STM of zeroed registers, or NEON VST1 when NEON is present, the
 *     MMU is on and the benchmark says it wins.
 *   - copy, AArch64: LDP/STP of Q registers, 64 B per line step; ARMv7:
 *     LDM/STM of eight registers. Both prefetch (PRFM PLDL1STRM / PLD) every
 *     line at a distance computed from the CTR line size (never a constant).
 *   Before page_init() runs, page_cfg holds the store-pair clear and a copy
 *   that prefetches every 32 B: correct anywhere, MMU on or off.
 *   Call page_init() again whenever the MMU is turned on or off.
 *
 * Implementation: lib/page/page.c (wrappers, choice), lib/page/<arch>/page.S (loops).
 */
#ifndef LIB_PAGE_H
#define LIB_PAGE_H

#include "arch/image.h"

#ifdef __aarch64__
#define HUGE_PAGE_SHIFT 21 /* level-2 block, 4 KiB granule */
#define PAGE_PTR_BYTES  8
#else
#define HUGE_PAGE_SHIFT 20 /* short-descriptor section */
#define PAGE_PTR_BYTES  4
#endif
#define HUGE_PAGE_SIZE (1 << HUGE_PAGE_SHIFT)

/* struct page_cfg layout, for the assembly (checked by page.c). */
#define PAGE_CFG_COPY      (0 * PAGE_PTR_BYTES) /* copy loop entry */
#define PAGE_CFG_PF_DIST   (1 * PAGE_PTR_BYTES) /* prefetch distance, bytes */
#define PAGE_CFG_ZVA_BYTES (2 * PAGE_PTR_BYTES) /* DC ZVA block (AArch64 ZVA clear) */
#define PAGE_CFG_CLEAR     (3 * PAGE_PTR_BYTES) /* clear loop entry */
#define PAGE_CFG_CLEAR_ONE (4 * PAGE_PTR_BYTES) /* clear of exactly one page */

/* The DC ZVA clear is a 64-block unrolled body of {DC ZVA; ADD} pairs, entered
 * part-way in when a page holds fewer blocks (lib/page/aarch64/page.S). */
#define PAGE_ZVA_UNROLL 64
#define PAGE_ZVA_STEP_CODE_BYTES                                                                   \
	8 /* bytes of code per unrolled step (DC ZVA; ADD), not a cache size */

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifndef PAGE_DEBUG
#ifdef NDEBUG
#define PAGE_DEBUG 0
#else
#define PAGE_DEBUG 1
#endif
#endif

/* Errors are negative, 0 is success (as in every module). */
#define PAGE_EALIGN (-1) /* a pointer is not aligned to the routine's size */
#define PAGE_ERANGE (-2) /* clear_pages: n * PAGE_SIZE overflows or wraps */

/* What the choice depends on. */
struct page_env {
	unsigned dline;      /* CTR DminLine, bytes */
	unsigned zva_bytes;  /* DC ZVA block, bytes (0: none) */
	bool zva_prohibited; /* DCZID.DZP */
	bool mmu_on;         /* data accesses are Normal memory */
	bool simd;           /* ARMv7: NEON usable (AArch64: always) */
};

/* The implementations (tests and the benchmark may pick any). */
enum page_copy_impl {
	PAGE_COPY_PAIRS,   /* AArch64 LDP/STP Q; ARMv7 LDM/STM; prefetch per line */
	PAGE_COPY_NT,      /* AArch64 LDNP/STNP (benchmark only); ARMv7: none */
	PAGE_COPY_FIXED32, /* benchmark baseline: assumes 32 B lines */
	PAGE_COPY_NIMPL
};
enum page_clear_impl {
	PAGE_CLEAR_STORES, /* AArch64 STP Q; ARMv7 STM: any memory type */
	PAGE_CLEAR_ZVA,    /* AArch64 DC ZVA: Normal memory only */
	PAGE_CLEAR_SIMD,   /* ARMv7 NEON VST1: MMU on only */
	PAGE_CLEAR_NIMPL
};

/* Read by the assembly (offsets above). */
struct page_cfg {
	void *copy;
	uintptr_t pf_dist;
	uintptr_t zva_bytes;
	void *clear;
	void *clear_one;
	/* not read by the assembly: what was chosen, for reports */
	enum page_copy_impl copy_impl;
	enum page_clear_impl clear_impl;
	unsigned pf_stride; /* bytes between prefetches */
};
extern struct page_cfg page_cfg;

/* Fills *cfg with the best implementations env allows. Pure. */
void page_choose(struct page_cfg *cfg, const struct page_env *env);
/* Fills one half of *cfg with a given implementation. pf_dist 0: from dline.
 * False (cfg unchanged) if env does not allow it or this arch lacks it. */
bool page_cfg_copy(struct page_cfg *cfg, enum page_copy_impl impl, const struct page_env *env,
		   unsigned pf_dist);
bool page_cfg_clear(struct page_cfg *cfg, enum page_clear_impl impl, const struct page_env *env);
const char *page_copy_name(const struct page_cfg *cfg);
const char *page_clear_name(const struct page_cfg *cfg);

struct cache_info;
/* The boot-time choice: env from cache_info and mmu_on, then page_choose(). */
void page_init(const struct cache_info *ci, bool mmu_on);
/* Per architecture (lib/page/<arch>/page_cpu.c): NEON usable (ARMv7), else true. */
bool page_arch_simd(void);

/* Assembly entries, lib/page/<arch>/page.S: bytes a non-zero multiple of PAGE_SIZE,
 * pointers PAGE_SIZE aligned. No checks. */
void page_copy_bytes(void *dst, const void *src, size_t bytes);
void page_clear_bytes(void *dst, size_t bytes);
void page_clear_one(void *dst);

/* The check every wrapper makes: 0, PAGE_EALIGN or PAGE_ERANGE. */
static inline int page_check(const void *dst, const void *src, size_t bytes, size_t align)
{
	if (((uintptr_t)dst | (uintptr_t)src) & (align - 1))
		return PAGE_EALIGN;
	if (bytes && (uintptr_t)dst + bytes - 1 < (uintptr_t)dst)
		return PAGE_ERANGE;
	return 0;
}

/* Prints what is wrong and the rule, then platform_exit(EXIT_PAGE_MISALIGNED). */
__attribute__((noreturn, cold)) void page_bad_call(const char *routine, const void *dst,
						   const void *src, size_t n, size_t align);

static inline void copy_page(void *dst, const void *src)
{
	if (PAGE_DEBUG && (((uintptr_t)dst | (uintptr_t)src) & (PAGE_SIZE - 1)))
		page_bad_call("copy_page", dst, src, 1, PAGE_SIZE);
	page_copy_bytes(dst, src, PAGE_SIZE);
}

static inline void clear_page(void *dst)
{
	if (PAGE_DEBUG && ((uintptr_t)dst & (PAGE_SIZE - 1)))
		page_bad_call("clear_page", dst, NULL, 1, PAGE_SIZE);
	page_clear_one(dst);
}

static inline void copy_huge_page(void *dst, const void *src)
{
	if (PAGE_DEBUG && (((uintptr_t)dst | (uintptr_t)src) & (HUGE_PAGE_SIZE - 1)))
		page_bad_call("copy_huge_page", dst, src, 1, HUGE_PAGE_SIZE);
	page_copy_bytes(dst, src, HUGE_PAGE_SIZE);
}

static inline void clear_huge_page(void *dst)
{
	if (PAGE_DEBUG && ((uintptr_t)dst & (HUGE_PAGE_SIZE - 1)))
		page_bad_call("clear_huge_page", dst, NULL, 1, HUGE_PAGE_SIZE);
	page_clear_bytes(dst, HUGE_PAGE_SIZE);
}

static inline void clear_pages(void *dst, size_t n)
{
	if (PAGE_DEBUG &&
	    (n > SIZE_MAX / PAGE_SIZE || page_check(dst, NULL, n * PAGE_SIZE, PAGE_SIZE)))
		page_bad_call("clear_pages", dst, NULL, n, PAGE_SIZE);
	if (n)
		page_clear_bytes(dst, n * PAGE_SIZE);
}

/* The same, returning 0 / PAGE_EALIGN / PAGE_ERANGE (nothing written on error). */
int copy_page_checked(void *dst, const void *src);
int clear_page_checked(void *dst);
int copy_huge_page_checked(void *dst, const void *src);
int clear_huge_page_checked(void *dst);
int clear_pages_checked(void *dst, size_t n);

#endif /* __ASSEMBLER__ */
#endif
