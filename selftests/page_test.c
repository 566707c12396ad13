/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * page: copy_page, clear_page, clear_pages and the huge variants (lib/page/page.h)
 * on this CPU, with every loop this architecture has, on random data, with
 * guard bytes before and after each destination (no over- or under-run). The
 * MMU-off clear is the loop page_choose() picks for mmu_on = false, run
 * here with the MMU on (turning it off under the running image is not worth
 * the risk; what differs with it off is only whether DC ZVA is legal). A
 * misaligned pointer is refused by the *_checked wrappers with nothing
 * written; the public wrappers end the run instead (host test checks that).
 */
#include <malloc.h>
#include <stdio.h>
#include <string.h>

#include "cache/cache.h"
#include "lib/libc/heap.h"
#include "lib/page/page.h"
#include "lib/selftest/selftest.h"

#define GUARD     PAGE_SIZE /* guard bytes each side of a destination */
#define MAX_PAGES 5
/* The most heap the huge test's area can take: newlib's memalign gets the
 * size plus the alignment and gives back what it does not use, so a
 * destination of a block and its two guard blocks takes up to four blocks,
 * the aligned source two, the reference one, the guard copies 2 * GUARD. */
#define HUGE_HEAP_NEED (7 * HUGE_PAGE_SIZE + 2 * GUARD)

static uint64_t rng = 0x2545f4914f6cdd1dull;

/* A destination with GUARD bytes each side, aligned to align. */
struct area {
	unsigned char *base, *dst, *src, *ref, *guard;
	size_t bytes;
};

static bool area_get(struct area *a, size_t bytes, size_t align)
{
	memset(a, 0, sizeof(*a));
	a->bytes = bytes;
	a->base = memalign(align, bytes + 2 * align); /* [guard..align)[dst][guard] */
	a->src = memalign(align, bytes);
	a->ref = malloc(bytes);
	a->guard = malloc(2 * GUARD);
	if (!a->base || !a->src || !a->ref || !a->guard)
		return false;
	a->dst = a->base + align;
	return true;
}

static void area_put(struct area *a)
{
	free(a->base);
	free(a->src);
	free(a->ref);
	free(a->guard);
}

/* Random source, random garbage in dst and the guards. */
static void area_fill(struct area *a, size_t bytes)
{
	fill_random(a->src, bytes, &rng);
	memcpy(a->ref, a->src, bytes);
	fill_random(a->dst, bytes, &rng);
	fill_random(a->guard, 2 * GUARD, &rng);
	memcpy(a->dst - GUARD, a->guard, GUARD);
	memcpy(a->dst + bytes, a->guard + GUARD, GUARD);
}

/* dst holds the source (copy) or zeros (clear); guards and source intact. */
static bool area_check(const struct area *a, size_t bytes, bool copy, const char *what)
{
	bool ok = true;

	if (copy)
		ok &= expect(!memcmp(a->dst, a->ref, bytes), "%s: destination differs from source",
			     what);
	else {
		size_t at = first_nonzero(a->dst, bytes);
		ok &= expect(at == bytes, "%s: byte %lu of %lu not zero", what, (unsigned long)at,
			     (unsigned long)bytes);
	}
	ok &= expect(!memcmp(a->dst - GUARD, a->guard, GUARD), "%s: guard before dst changed",
		     what);
	ok &= expect(!memcmp(a->dst + bytes, a->guard + GUARD, GUARD),
		     "%s: guard after dst changed", what);
	ok &= expect(!memcmp(a->src, a->ref, bytes), "%s: source changed", what);
	return ok;
}

static struct page_env boot_env(bool mmu_on)
{
	struct page_env env = {
		.dline = cache_info.dline,
		.zva_bytes = cache_info.zva_bytes,
		.zva_prohibited = cache_info.zva_prohibited,
		.mmu_on = mmu_on,
		.simd = page_arch_simd(),
	};
	return env;
}

/* Every page routine under cfg, on fresh random data each time. */
static void run_pages(struct area *a, const struct page_cfg *cfg, const char *name)
{
	struct page_cfg saved = page_cfg;
	char what[64];

	page_cfg = *cfg;
	area_fill(a, PAGE_SIZE);
	copy_page(a->dst, a->src);
	snprintf(what, sizeof(what), "%s copy_page", name);
	area_check(a, PAGE_SIZE, true, what);

	area_fill(a, PAGE_SIZE);
	clear_page(a->dst);
	snprintf(what, sizeof(what), "%s clear_page", name);
	area_check(a, PAGE_SIZE, false, what);

	for (size_t n = 0; n <= MAX_PAGES; n++) {
		area_fill(a, n * PAGE_SIZE);
		clear_pages(a->dst, n);
		snprintf(what, sizeof(what), "%s clear_pages(%lu)", name, (unsigned long)n);
		area_check(a, n * PAGE_SIZE, false, what);
	}
	page_cfg = saved;
}

SELFTEST(page, boot_choice)
{
	struct page_env env = boot_env(true);
	struct page_cfg c = page_cfg;

	diag("copy: %s, prefetch every %u B, %lu B ahead (line %u B); clear: %s",
	     page_copy_name(&c), c.pf_stride, (unsigned long)c.pf_dist, cache_info.dline,
	     page_clear_name(&c));
	if (c.clear_impl == PAGE_CLEAR_ZVA)
		diag("DC ZVA block %lu B", (unsigned long)c.zva_bytes);
	expect(c.copy_impl == PAGE_COPY_PAIRS, "copy is %s, not the pairs loop",
	       page_copy_name(&c));
	expect(c.pf_stride <= cache_info.dline || c.pf_stride == 32,
	       "prefetch stride %u above line %u", c.pf_stride, cache_info.dline);
	expect(c.pf_dist >= cache_info.dline, "prefetch distance %lu below a line",
	       (unsigned long)c.pf_dist);
#ifdef __aarch64__
	bool zva = !env.zva_prohibited && env.zva_bytes >= 4 && env.zva_bytes <= PAGE_SIZE;
	expect((c.clear_impl == PAGE_CLEAR_ZVA) == zva, "clear %s with DC ZVA %s",
	       page_clear_name(&c), zva ? "usable" : "unusable");
	expect(c.clear_impl != PAGE_CLEAR_ZVA || c.zva_bytes == env.zva_bytes,
	       "ZVA step %lu != DCZID block %u", (unsigned long)c.zva_bytes, env.zva_bytes);
#else
	expect((c.clear_impl == PAGE_CLEAR_SIMD) == env.simd, "clear %s, NEON %s",
	       page_clear_name(&c), env.simd ? "present" : "absent");
#endif
}

/* Every copy loop (each prefetch stride, as if CTR said that line size) with
 * every clear loop this CPU may run. */
SELFTEST(page, every_loop)
{
#ifdef __aarch64__
	static const unsigned lines[] = { 32, 64, 128, 256 };
#else
	static const unsigned lines[] = { 32, 64 };
#endif
	struct page_env env = boot_env(true);
	struct area a;
	unsigned n = 0;

	if (!expect(area_get(&a, MAX_PAGES * PAGE_SIZE, PAGE_SIZE), "out of memory"))
		goto out;
	for (unsigned l = 0; l < sizeof(lines) / sizeof(lines[0]); l++) {
		env.dline = lines[l];
		for (unsigned ci = 0; ci < PAGE_COPY_NIMPL; ci++) {
			for (unsigned cl = 0; cl < PAGE_CLEAR_NIMPL; cl++) {
				struct page_cfg c = page_cfg;
				char name[48];

				if (!page_cfg_copy(&c, (enum page_copy_impl)ci, &env, 0) ||
				    !page_cfg_clear(&c, (enum page_clear_impl)cl, &env))
					continue;
				snprintf(name, sizeof(name), "[%s/%u, %s]", page_copy_name(&c),
					 c.pf_stride, page_clear_name(&c));
				run_pages(&a, &c, name);
				n++;
			}
		}
	}
	diag("%u configurations (copy loop x prefetch stride x clear loop): copy_page, "
	     "clear_page, clear_pages(0..%u)",
	     n, MAX_PAGES);
out:
	area_put(&a);
}

/* What page_init() picks with the MMU off, and with DCZID.DZP forced on:
 * the store loop, correct on Device memory. */
SELFTEST(page, mmu_off_and_dzp_clear)
{
	struct page_env off = boot_env(false), dzp = boot_env(true);
	struct page_cfg c_off = page_cfg, c_dzp = page_cfg;
	struct area a;

	dzp.zva_prohibited = true;
	page_choose(&c_off, &off);
	page_choose(&c_dzp, &dzp);
	expect(c_off.clear_impl == PAGE_CLEAR_STORES, "MMU off: clear is %s, not stores",
	       page_clear_name(&c_off));
#ifdef __aarch64__
	expect(c_dzp.clear_impl == PAGE_CLEAR_STORES, "DZP set: clear is %s, not stores",
	       page_clear_name(&c_dzp));
#endif
	if (!expect(area_get(&a, MAX_PAGES * PAGE_SIZE, PAGE_SIZE), "out of memory"))
		goto out;
	run_pages(&a, &c_off, "[MMU off]");
	run_pages(&a, &c_dzp, "[DZP]");
out:
	area_put(&a);
}

SELFTEST(page, huge)
{
	struct page_env env = boot_env(true);
	struct page_cfg saved = page_cfg, stores = page_cfg;
	struct area a;
	uintptr_t lo, hi, room;

	heap_bounds(&lo, &hi);
	room = hi - heap_break();
	if (!area_get(&a, HUGE_PAGE_SIZE, HUGE_PAGE_SIZE)) {
		/* A small RAM (MEM=16M) is no fault: the test needs more than there is. */
		if (room < HUGE_HEAP_NEED)
			skip("heap: %lu KiB free, a %u KiB block needs up to %lu KiB (more RAM)",
			     (unsigned long)(room >> 10), HUGE_PAGE_SIZE >> 10,
			     (unsigned long)HUGE_HEAP_NEED >> 10);
		else
			expect(false, "out of memory for %u B with %lu KiB of heap free",
			       HUGE_PAGE_SIZE, (unsigned long)(room >> 10));
		goto out;
	}
	area_fill(&a, HUGE_PAGE_SIZE);
	copy_huge_page(a.dst, a.src);
	area_check(&a, HUGE_PAGE_SIZE, true, "copy_huge_page");
	area_fill(&a, HUGE_PAGE_SIZE);
	clear_huge_page(a.dst);
	area_check(&a, HUGE_PAGE_SIZE, false, "clear_huge_page");

	page_cfg_clear(&stores, PAGE_CLEAR_STORES, &env);
	page_cfg = stores;
	area_fill(&a, HUGE_PAGE_SIZE);
	clear_huge_page(a.dst);
	page_cfg = saved;
	area_check(&a, HUGE_PAGE_SIZE, false, "clear_huge_page [stores]");
	diag("%u KiB: copy (%s), clear (%s and stores)", HUGE_PAGE_SIZE >> 10,
	     page_copy_name(&saved), page_clear_name(&saved));
out:
	area_put(&a);
}

SELFTEST(page, misaligned_refused)
{
	struct area a;
	unsigned char *d;

	if (!expect(area_get(&a, 2 * PAGE_SIZE, PAGE_SIZE), "out of memory"))
		goto out;
	d = a.dst;
	area_fill(&a, 2 * PAGE_SIZE);
	memcpy(a.ref, d, 2 * PAGE_SIZE); /* ref: dst as it must stay */
	expect(copy_page_checked(d + 8, a.src) == PAGE_EALIGN, "copy_page: dst + 8 accepted");
	expect(copy_page_checked(d, a.src + 16) == PAGE_EALIGN, "copy_page: src + 16 accepted");
	expect(clear_page_checked(d + 1) == PAGE_EALIGN, "clear_page: dst + 1 accepted");
	expect(clear_pages_checked(d + 2048, 1) == PAGE_EALIGN, "clear_pages: dst + 2048 accepted");
	expect(clear_pages_checked(d, SIZE_MAX / PAGE_SIZE + 1) == PAGE_ERANGE,
	       "clear_pages: n * PAGE_SIZE overflow accepted");
	expect(clear_pages_checked((void *)(uintptr_t)-PAGE_SIZE, 2) == PAGE_ERANGE,
	       "clear_pages: a range that wraps accepted");
	/* a page-aligned pointer that is not huge-page aligned */
	unsigned char *p = ((uintptr_t)d & (HUGE_PAGE_SIZE - 1)) ? d : d + PAGE_SIZE;
	expect(clear_huge_page_checked(p) == PAGE_EALIGN, "clear_huge_page: %p accepted", p);
	expect(copy_huge_page_checked(p, a.src) == PAGE_EALIGN, "copy_huge_page: %p accepted", p);
	expect(!memcmp(d, a.ref, 2 * PAGE_SIZE), "a refused call wrote to dst");
	expect(clear_page_checked(d) == 0 && first_nonzero(d, PAGE_SIZE) == PAGE_SIZE,
	       "clear_page_checked on an aligned page");
out:
	area_put(&a);
}
