/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host test of the page routines (lib/page/page.h, lib/page/page.c, lib/page/<arch>/page.S)
 * under qemu-user, against a byte-loop C reference.
 *
 *   test_page [cases] [seed]   randomized cases (default 40000); exit 0 iff
 *                              every case matched; one summary line
 *   test_page --bad-call       clear_page on a misaligned pointer: must print
 *                              the Bail out! line and exit EXIT_PAGE_MISALIGNED
 *
 * A case: a random configuration (copy loop and prefetch stride/distance,
 * clear loop, MMU on/off, DCZID.DZP forced on, DC ZVA block sizes at or below
 * the CPU's), a random routine (copy_page, clear_page, clear_pages(n),
 * rarely the huge ones, or a *_checked call with a bad pointer), random
 * source data and random destination garbage, random guard bytes before and
 * after the destination; afterwards the destination must equal the
 * reference, the guards and the source must be unchanged. The DC ZVA block
 * comes from the CPU (DCZID_EL0 at EL0, which Linux and qemu-user allow): the
 * block a CPU zeroes cannot be faked larger, but a smaller configured step is
 * still correct (each block is zeroed more than once), which reaches the
 * loops for small blocks. A configured step twice the real block must fail:
 * the run checks that it does, so the checker is known to catch a bad clear.
 */
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/exit.h"
#include "lib/page/page.h"

#define ARENA_PAGES 40 /* dst arena: guards + up to MAX_PAGES, random placement */
#define MAX_PAGES   12
#define GUARD_MAX   PAGE_SIZE

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static unsigned long mismatches, ncases, nhuge, nchecked, ncopy, nclear;

static uint64_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static unsigned rnd_below(unsigned n)
{
	return (unsigned)(rnd() % n);
}

static void fill_random(void *p, size_t bytes)
{
	uint64_t *w = p;

	for (size_t i = 0; i < bytes / 8; i++)
		w[i] = rnd();
}

/* platform_exit() for the host: what the image prints, then exit(). */
void platform_exit(int status)
{
	printf("EXIT: STATUS=%d\n", status);
	fflush(stdout);
	exit(status);
}

#ifndef __aarch64__
/* lib/page/armv7/page_cpu.c reads CPACR, which PL0 cannot: qemu-arm's cortex-a9
 * and cortex-a15 both have NEON, and Linux user mode enables it. */
bool page_arch_simd(void)
{
	return true;
}
#endif

static void report(const char *what, const struct page_cfg *c, const void *at, size_t off)
{
	if (mismatches++ < 10)
		printf("# MISMATCH %s (copy %s stride %u dist %lu, clear %s zva %lu) at %p + %lu\n",
		       what, page_copy_name(c), c->pf_stride, (unsigned long)c->pf_dist,
		       page_clear_name(c), (unsigned long)c->zva_bytes, at, (unsigned long)off);
}

/* First differing byte offset, or (size_t)-1. */
static size_t differs(const unsigned char *a, const unsigned char *b, size_t n)
{
	if (!memcmp(a, b, n))
		return (size_t)-1;
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return i;
	return (size_t)-1;
}

static size_t nonzero(const unsigned char *a, size_t n)
{
	const uint64_t *w = (const void *)a;
	size_t i = 0;

	while (i < n / 8 && !w[i]) /* the regions are whole pages */
		i++;
	for (i *= 8; i < n; i++)
		if (a[i])
			return i;
	return (size_t)-1;
}

static unsigned char *dst_arena, *src_arena, *guard_copy, *src_copy, *dst_copy;
static unsigned char *huge_dst_arena, *huge_src;

static void *xaligned(size_t align, size_t size)
{
	void *p = memalign(align, size);

	if (!p) {
		printf("# cannot allocate %lu bytes\n", (unsigned long)size);
		exit(2);
	}
	return p;
}

static unsigned real_zva_bytes(bool *dzp)
{
#ifdef __aarch64__
	uint64_t v;

	__asm__ volatile("mrs %0, dczid_el0" : "=r"(v));
	*dzp = (v >> 4) & 1;
	return 4u << (v & 0xf);
#else
	*dzp = true;
	return 0;
#endif
}

static unsigned real_dline(void)
{
#ifdef __aarch64__
	uint64_t v;

	__asm__ volatile("mrs %0, ctr_el0" : "=r"(v));
	return 4u << ((v >> 16) & 0xf);
#else
	return 32; /* CTR is not readable at PL0 on ARMv7: lines are randomized anyway */
#endif
}

static struct page_env real_env;

/* A random configuration; what page_choose would do is checked on the way. */
static struct page_cfg random_cfg(void)
{
	static const unsigned dlines[] = { 16, 32, 64, 128, 256, 2048 };
	struct page_env env = real_env;
	struct page_cfg c = page_cfg;
	enum page_copy_impl ci = (enum page_copy_impl)rnd_below(PAGE_COPY_NIMPL);
	enum page_clear_impl cl = (enum page_clear_impl)rnd_below(PAGE_CLEAR_NIMPL);
	unsigned dist = rnd_below(4) ? 0 : rnd_below(4096);

	env.dline = dlines[rnd_below(6)];
	env.mmu_on = rnd_below(4) != 0;
	env.zva_prohibited = real_env.zva_prohibited || rnd_below(4) == 0; /* DZP forced */
	if (env.zva_bytes && rnd_below(3) == 0) /* a smaller step: still correct */
		env.zva_bytes >>= 1 + rnd_below(5);
	if (rnd_below(4) == 0) {
		page_choose(&c, &env); /* the boot-time choice itself */
#ifdef __aarch64__
		bool want_zva = env.mmu_on && !env.zva_prohibited && env.zva_bytes >= 4;
		if ((c.clear_impl == PAGE_CLEAR_ZVA) != want_zva)
			report("page_choose: wrong clear", &c, NULL, 0);
#else
		if ((c.clear_impl == PAGE_CLEAR_SIMD) != (env.mmu_on && env.simd))
			report("page_choose: wrong clear", &c, NULL, 0);
#endif
		return c;
	}
	if (!page_cfg_copy(&c, ci, &env, dist))
		page_cfg_copy(&c, PAGE_COPY_PAIRS, &env, dist);
	if (!page_cfg_clear(&c, cl, &env)) {
		if (cl == PAGE_CLEAR_ZVA && env.mmu_on && !env.zva_prohibited && env.zva_bytes >= 4)
			report("ZVA refused where it is legal", &c, NULL, 0);
		page_cfg_clear(&c, PAGE_CLEAR_STORES, &env);
	}
	return c;
}

/* One routine call on dst (npages in the arena) with guards around it. */
static void check_region(const char *what, const struct page_cfg *c, unsigned char *dst,
			 size_t bytes, const unsigned char *want_src, size_t guard)
{
	size_t off;

	if ((off = want_src ? differs(dst, want_src, bytes) : nonzero(dst, bytes)) != (size_t)-1)
		report(what, c, dst, off);
	if ((off = differs(dst - guard, guard_copy, guard)) != (size_t)-1)
		report("guard before", c, dst - guard, off);
	if ((off = differs(dst + bytes, guard_copy + guard, guard)) != (size_t)-1)
		report("guard after", c, dst + bytes, off);
}

static void one_case(void)
{
	struct page_cfg saved = page_cfg, c = random_cfg();
	unsigned op = rnd_below(100), n = 1 + rnd_below(MAX_PAGES);
	size_t guard = 1 + rnd_below(GUARD_MAX);
	unsigned page = 1 + rnd_below(ARENA_PAGES - MAX_PAGES - 2);
	unsigned char *dst = dst_arena + (size_t)page * PAGE_SIZE, *src;
	size_t bytes;

	if (op < 2 && rnd_below(8)) /* huge: one case in four hundred */
		op = 2 + rnd_below(38);
	if (op < 2) {
		dst = huge_dst_arena + HUGE_PAGE_SIZE;
		src = huge_src;
		bytes = HUGE_PAGE_SIZE;
		nhuge++;
	} else {
		src = src_arena + (size_t)rnd_below(ARENA_PAGES - MAX_PAGES) * PAGE_SIZE;
		bytes = (op < 60 || op >= 90) ? PAGE_SIZE : (size_t)n * PAGE_SIZE;
		if (op >= 80 && op < 83)
			bytes = 0; /* clear_pages(dst, 0) */
	}
	fill_random(guard_copy, 2 * GUARD_MAX);
	memcpy(dst - guard, guard_copy, guard);
	fill_random(dst, bytes);
	memcpy(dst_copy, dst, bytes);
	memcpy(dst + bytes, guard_copy + guard, guard);
	fill_random(src, bytes);
	memcpy(src_copy, src, bytes);

	page_cfg = c;
	if (op < 1) {
		copy_huge_page(dst, src);
		ncopy++;
	} else if (op < 2) {
		clear_huge_page(dst);
		nclear++;
	} else if (op < 40) {
		copy_page(dst, src);
		ncopy++;
	} else if (op < 60) {
		clear_page(dst);
		nclear++;
	} else if (op < 90) {
		clear_pages(dst, bytes / PAGE_SIZE);
		nclear++;
	} else { /* a bad pointer: refused, nothing written */
		unsigned char *bad = dst + 1 + rnd_below(PAGE_SIZE - 1);
		unsigned char *not_huge =
			huge_dst_arena + HUGE_PAGE_SIZE + PAGE_SIZE * rnd_below(256);
		int err;

		if (not_huge == huge_dst_arena + HUGE_PAGE_SIZE)
			not_huge += 8; /* aligned to a page but never to a huge page */
		switch (op % 6) {
		case 0: err = copy_page_checked(bad, src); break;
		case 1: err = copy_page_checked(dst, src + 8 * (1 + rnd_below(511))); break;
		case 2: err = clear_page_checked(bad); break;
		case 3: err = clear_huge_page_checked(not_huge); break;
		case 4:
			err = copy_huge_page_checked(huge_dst_arena + HUGE_PAGE_SIZE, not_huge);
			break;
		default: err = clear_pages_checked(bad, 1 + rnd_below(4)); break;
		}
		if (err != PAGE_EALIGN)
			report("checked call accepted a bad pointer", &c, bad, (size_t)err);
		page_cfg = saved;
		check_region("refused call wrote", &c, dst, bytes, dst_copy, guard);
		nchecked++;
		ncases++;
		return;
	}
	page_cfg = saved;
	check_region(op < 1 || (op >= 2 && op < 40) ? "copy" : "clear", &c, dst, bytes,
		     op < 1 || (op >= 2 && op < 40) ? src_copy : NULL, guard);
	if (differs(src, src_copy, bytes) != (size_t)-1)
		report("source changed", &c, src, 0);
	ncases++;
}

/* A clear configured with twice the CPU's ZVA block leaves half the page:
 * the checker must see it. */
static bool checker_catches_bad_zva(void)
{
	struct page_env env = real_env;
	struct page_cfg c = page_cfg, saved = page_cfg;
	unsigned char *dst = dst_arena + PAGE_SIZE;
	bool caught;

	env.zva_bytes *= 2;
	if (!env.zva_bytes || env.zva_bytes > PAGE_SIZE ||
	    !page_cfg_clear(&c, PAGE_CLEAR_ZVA, &env))
		return true; /* nothing to prove on this CPU */
	memset(dst, 0xa5, PAGE_SIZE);
	page_cfg = c;
	clear_page(dst);
	page_cfg = saved;
	caught = nonzero(dst, PAGE_SIZE) != (size_t)-1;
	printf("# mutation: a ZVA step of %u B on a %u B block leaves data: %s\n", env.zva_bytes,
	       real_env.zva_bytes, caught ? "caught" : "NOT caught");
	return caught;
}

int main(int argc, char **argv)
{
	unsigned long want = 40000;
	bool dzp;

	if (argc > 1 && !strcmp(argv[1], "--bad-call")) {
		static unsigned char buf[2 * PAGE_SIZE] __attribute__((aligned(PAGE_SIZE)));
		clear_page(buf + 64);
		printf("clear_page accepted a misaligned pointer\n");
		return 1;
	}
	if (argc > 1)
		want = strtoul(argv[1], NULL, 0);
	if (argc > 2)
		rng_state ^= strtoull(argv[2], NULL, 0) * 0x100000001b3ull;

	real_env.zva_bytes = real_zva_bytes(&dzp);
	real_env.zva_prohibited = dzp;
	real_env.dline = real_dline();
	real_env.mmu_on = true;
	real_env.simd = page_arch_simd();
	page_choose(&page_cfg, &real_env);

	dst_arena = xaligned(PAGE_SIZE, ARENA_PAGES * PAGE_SIZE);
	src_arena = xaligned(PAGE_SIZE, ARENA_PAGES * PAGE_SIZE);
	guard_copy = malloc(2 * GUARD_MAX);
	src_copy = malloc(HUGE_PAGE_SIZE);
	dst_copy = malloc(HUGE_PAGE_SIZE);
	huge_dst_arena = xaligned(HUGE_PAGE_SIZE, 3 * (size_t)HUGE_PAGE_SIZE);
	huge_src = xaligned(HUGE_PAGE_SIZE, HUGE_PAGE_SIZE);
	if (!guard_copy || !src_copy || !dst_copy)
		return 2;

	if (!checker_catches_bad_zva())
		mismatches++;
	while (ncases < want)
		one_case();
	printf("%s: %lu cases (%lu copy, %lu clear, %lu huge, %lu refused bad pointers); ",
	       mismatches ? "FAIL" : "PASS", ncases, ncopy, nclear, nhuge, nchecked);
#ifdef __aarch64__
	printf("line %u B, DC ZVA %u B%s; ", real_env.dline, real_env.zva_bytes,
	       dzp ? " (DZP set)" : "");
#endif
	printf("boot choice: copy %s/%u, clear %s: %lu mismatches\n", page_copy_name(&page_cfg),
	       page_cfg.pf_stride, page_clear_name(&page_cfg), mismatches);
	return mismatches ? 1 : 0;
}
