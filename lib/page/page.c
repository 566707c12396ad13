/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Page copy/clear: the once-at-boot choice of loops (page_cfg) and the
 * checked wrappers. Contract: lib/page/page.h. Loops: lib/page/<arch>/page.S.
 *
 * Pure C apart from printing on a bad call: the host tests link this file
 * as it is (tests/host/lib/page/page.mk).
 */
#include "lib/page/page.h"

#include <stddef.h>
#include <stdio.h>

#include "arch/exit.h"
#include "cache/cache.h"

_Static_assert(offsetof(struct page_cfg, copy) == PAGE_CFG_COPY, "page_cfg layout");
_Static_assert(offsetof(struct page_cfg, pf_dist) == PAGE_CFG_PF_DIST, "page_cfg layout");
_Static_assert(offsetof(struct page_cfg, zva_bytes) == PAGE_CFG_ZVA_BYTES, "page_cfg layout");
_Static_assert(offsetof(struct page_cfg, clear) == PAGE_CFG_CLEAR, "page_cfg layout");
_Static_assert(offsetof(struct page_cfg, clear_one) == PAGE_CFG_CLEAR_ONE, "page_cfg layout");

/* Loops and entry points in lib/page/<arch>/page.S (register conventions there:
 * not C functions, so declared as code labels). */
extern char page_copy_pf32[], page_copy_pf64[];
extern char page_clear_stores[];
#ifdef __aarch64__
extern char page_copy_pf128[], page_copy_pf256[];
extern char page_copy_nt32[], page_copy_nt64[], page_copy_nt128[], page_copy_nt256[];
extern char page_clear_stores_one[];
extern char page_zva_loop[], page_zva_one[], page_zva_one_long[];
#else
extern char page_clear_vst1[];
#endif

/* Prefetch strides there are loops for, and the loops (pairs, then NT). */
#ifdef __aarch64__
static const unsigned strides[] = { 32, 64, 128, 256 };
static char *const pairs_loops[] = { page_copy_pf32, page_copy_pf64, page_copy_pf128,
				     page_copy_pf256 };
static char *const nt_loops[] = { page_copy_nt32, page_copy_nt64, page_copy_nt128,
				  page_copy_nt256 };
#define PF_LINES_AHEAD 4 /* PRFM this many lines ahead of the line being copied */
#else
static const unsigned strides[] = { 32, 64 };
static char *const pairs_loops[] = { page_copy_pf32, page_copy_pf64 };
#define PF_LINES_AHEAD 3 /* PLD two to three lines ahead of the copy */
#endif
#define NSTRIDES     (sizeof(strides) / sizeof(strides[0]))
#define FIXED32_LINE 32 /* the line size a copy_page that does not read CTR assumes */

/* Correct before page_init(), MMU on or off: stores clear; the 32 B stride
 * prefetches every line of any size. */
struct page_cfg page_cfg = {
	.copy = page_copy_pf32,
	.pf_dist = PF_LINES_AHEAD * 64,
	.clear = page_clear_stores,
#ifdef __aarch64__
	.clear_one = page_clear_stores_one,
#else
	.clear_one = page_clear_stores,
#endif
	.copy_impl = PAGE_COPY_PAIRS,
	.clear_impl = PAGE_CLEAR_STORES,
	.pf_stride = 32,
};

/* The largest stride with a loop that is not above the line (every line then
 * gets at least one prefetch); the smallest if the line is below all. */
static unsigned stride_index(unsigned dline)
{
	unsigned i = 0;

	while (i + 1 < NSTRIDES && strides[i + 1] <= dline)
		i++;
	return i;
}

bool page_cfg_copy(struct page_cfg *cfg, enum page_copy_impl impl, const struct page_env *env,
		   unsigned pf_dist)
{
	unsigned i = stride_index(env->dline);
	char *loop;

	switch (impl) {
	case PAGE_COPY_PAIRS: loop = pairs_loops[i]; break;
	case PAGE_COPY_FIXED32:
		i = 0;
		loop = pairs_loops[0];
		break;
#ifdef __aarch64__
	case PAGE_COPY_NT: loop = nt_loops[i]; break;
#endif
	default: return false;
	}
	if (!pf_dist)
		pf_dist = PF_LINES_AHEAD * (impl == PAGE_COPY_FIXED32
						    ? FIXED32_LINE
						    : (env->dline ? env->dline : strides[i]));
	cfg->copy = loop;
	cfg->pf_dist = pf_dist;
	cfg->pf_stride = strides[i];
	cfg->copy_impl = impl;
	return true;
}

#ifdef __aarch64__
/* DC ZVA is usable: Normal memory, not prohibited, and a block (a power of
 * two, 4 B .. 2 KiB architecturally) that a page holds a whole number of. */
static bool zva_usable(const struct page_env *env)
{
	unsigned b = env->zva_bytes;

	return env->mmu_on && !env->zva_prohibited && b >= 4 && b <= PAGE_SIZE && !(b & (b - 1));
}
#endif

bool page_cfg_clear(struct page_cfg *cfg, enum page_clear_impl impl, const struct page_env *env)
{
	switch (impl) {
	case PAGE_CLEAR_STORES: cfg->clear = page_clear_stores;
#ifdef __aarch64__
		cfg->clear_one = page_clear_stores_one;
#else
		cfg->clear_one = page_clear_stores;
#endif
		cfg->zva_bytes = 0;
		break;
#ifdef __aarch64__
	case PAGE_CLEAR_ZVA: {
		unsigned per_page, per_pass;

		if (!zva_usable(env))
			return false;
		per_page = PAGE_SIZE / env->zva_bytes;
		per_pass = per_page < PAGE_ZVA_UNROLL ? per_page : PAGE_ZVA_UNROLL;
		cfg->clear =
			page_zva_loop + (PAGE_ZVA_UNROLL - per_pass) * PAGE_ZVA_STEP_CODE_BYTES;
		cfg->clear_one = per_page <= PAGE_ZVA_UNROLL
					 ? page_zva_one + (PAGE_ZVA_UNROLL - per_page) *
								  PAGE_ZVA_STEP_CODE_BYTES
					 : page_zva_one_long;
		cfg->zva_bytes = env->zva_bytes;
		break;
	}
#else
	case PAGE_CLEAR_SIMD:
		if (!env->simd || !env->mmu_on)
			return false;
		cfg->clear = cfg->clear_one = page_clear_vst1;
		cfg->zva_bytes = 0;
		break;
#endif
	default: return false;
	}
	cfg->clear_impl = impl;
	return true;
}

void page_choose(struct page_cfg *cfg, const struct page_env *env)
{
	page_cfg_copy(cfg, PAGE_COPY_PAIRS, env, 0);
	/* AArch64: DC ZVA where legal. ARMv7: VST1 and STM retire the same
	 * number of stores per 32 B; VST1 needs no registers saved or zeroed,
	 * so it wins by the fixed cost (make bench) where NEON is usable. */
	if (!page_cfg_clear(cfg, PAGE_CLEAR_ZVA, env) && !page_cfg_clear(cfg, PAGE_CLEAR_SIMD, env))
		page_cfg_clear(cfg, PAGE_CLEAR_STORES, env);
}

void page_init(const struct cache_info *ci, bool mmu_on)
{
	struct page_env env = {
		.dline = ci->dline,
		.zva_bytes = ci->zva_bytes,
		.zva_prohibited = ci->zva_prohibited,
		.mmu_on = mmu_on,
		.simd = page_arch_simd(),
	};

	page_choose(&page_cfg, &env);
}

#ifdef __aarch64__
static const char *const copy_names[] = { "ldp/stp q", "ldnp/stnp q", "fixed32 ldp/stp q" };
static const char *const clear_names[] = { "stp q", "dc zva", "-" };
#else
static const char *const copy_names[] = { "ldm/stm", "-", "fixed32 ldm/stm" };
static const char *const clear_names[] = { "stm", "-", "neon vst1" };
#endif

const char *page_copy_name(const struct page_cfg *cfg)
{
	return cfg->copy_impl < PAGE_COPY_NIMPL ? copy_names[cfg->copy_impl] : "?";
}

const char *page_clear_name(const struct page_cfg *cfg)
{
	return cfg->clear_impl < PAGE_CLEAR_NIMPL ? clear_names[cfg->clear_impl] : "?";
}

void page_bad_call(const char *routine, const void *dst, const void *src, size_t n, size_t align)
{
	if ((uintptr_t)dst & (align - 1))
		printf("Bail out! %s: dst %p is not %lu-byte aligned (rule: page routines take "
		       "pointers aligned to the size they name, see lib/page/page.h)\n",
		       routine, dst, (unsigned long)align);
	else if ((uintptr_t)src & (align - 1))
		printf("Bail out! %s: src %p is not %lu-byte aligned (rule: page routines take "
		       "pointers aligned to the size they name, see lib/page/page.h)\n",
		       routine, src, (unsigned long)align);
	else
		printf("Bail out! %s: dst %p + %lu pages overflows or wraps the address space\n",
		       routine, dst, (unsigned long)n);
	platform_exit(EXIT_PAGE_MISALIGNED);
}

int copy_page_checked(void *dst, const void *src)
{
	int err = page_check(dst, src, PAGE_SIZE, PAGE_SIZE);

	if (!err)
		page_copy_bytes(dst, src, PAGE_SIZE);
	return err;
}

int clear_page_checked(void *dst)
{
	int err = page_check(dst, NULL, PAGE_SIZE, PAGE_SIZE);

	if (!err)
		page_clear_one(dst);
	return err;
}

int copy_huge_page_checked(void *dst, const void *src)
{
	int err = page_check(dst, src, HUGE_PAGE_SIZE, HUGE_PAGE_SIZE);

	if (!err)
		page_copy_bytes(dst, src, HUGE_PAGE_SIZE);
	return err;
}

int clear_huge_page_checked(void *dst)
{
	int err = page_check(dst, NULL, HUGE_PAGE_SIZE, HUGE_PAGE_SIZE);

	if (!err)
		page_clear_bytes(dst, HUGE_PAGE_SIZE);
	return err;
}

int clear_pages_checked(void *dst, size_t n)
{
	int err;

	if (n > SIZE_MAX / PAGE_SIZE)
		return PAGE_ERANGE;
	err = page_check(dst, NULL, n * PAGE_SIZE, PAGE_SIZE);
	if (!err && n)
		page_clear_bytes(dst, n * PAGE_SIZE);
	return err;
}
