/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * host-memtest-plan: which RAM the DRAM test may write (front/
 * memtest_plan.c), on made-up boards: never the image, the DTB, the heap in
 * use or reserved memory; a bank listed twice once; a refused
 * memtest_range says what it overlaps; and once an address bit is found not
 * decoded, no range keeps an address whose alias is memory in use (a write
 * there would land on the image); a memtest option that does not parse
 * refuses the plan, named as given. The command line is the real registry
 * (front/options*.c); the heap is a stub; the image's addresses come from
 * the link (--defsym).
 */
#include <stdlib.h>

#include "arch/image.h"
#include "boot/boot.h"
#include "front/options.h"
#include "lib/libc/heap.h"
#include "memtest/plan.h"
#include "tests/host/common/check.h"

CHECK_COUNTERS;

struct boot_state boot;
static uintptr_t heap_lo, heap_hi, heap_brk;

/* The run's command line for the next plan. */
static void set_args(const char *args)
{
	options_init(args, strlen(args) + 1, "host");
}

void heap_bounds(uintptr_t *base, uintptr_t *end)
{
	*base = heap_lo;
	*end = heap_hi;
}

uintptr_t heap_break(void)
{
	return heap_brk;
}

uintptr_t heap_set_end(uintptr_t end)
{
	uintptr_t old = heap_hi;

	heap_hi = end;
	return old;
}

/* One board: a bank (twice if dup), the DTB, the heap, a reserved region. */
static void board(uint64_t bank_size, bool dup)
{
	struct board_info *b = &boot.hw.board;

	memset(&boot, 0, sizeof(boot));
	b->ram[0] = (struct mem_bank){ 0x40000000, bank_size };
	b->nram = 1;
	if (dup)
		b->ram[b->nram++] = b->ram[0];
	boot.hw.dtb = 0x48000000;
	boot.hw.dtb_size = 0x100000;
	boot.heap_base = heap_lo = heap_brk = 0x48100000;
	heap_hi = 0x4e000000;
	heap_brk += 0x30000;
	b->reserved[0] = (struct fdt_region){ .base = 0x4f000000, .size = 0x200000 };
	b->nreserved = 1;
}

static bool overlaps(const struct memtest_range *r, unsigned n, uint64_t lo, uint64_t size)
{
	for (unsigned i = 0; i < n; i++)
		if (r[i].va < lo + size && lo < r[i].va + r[i].size)
			return true;
	return false;
}

/* What the run uses, on the board above. */
static const struct mem_bank in_use[] = {
	{ 0x40200000, 0 }, /* the image: size set from the link */
	{ 0x48000000, 0x100000 },
	{ 0x48100000, 0x30000 + (256u << 10) }, /* heap to its break, plus the margin */
	{ 0x4f000000, 0x200000 },
};

static void check_used_kept_out(const struct memtest_plan *p, uint64_t shift, const char *what)
{
	for (unsigned i = 0; i < sizeof(in_use) / sizeof(in_use[0]); i++) {
		uint64_t base = in_use[i].base + shift, size = in_use[i].size;
		if (!i)
			size = (uintptr_t)__image_end - (uintptr_t)__image_start;
		CHECK(!overlaps(p->all, p->nall, base, size), "%s: a range overlaps 0x%llx+0x%llx",
		      what, (unsigned long long)base, (unsigned long long)size);
		CHECK(!overlaps(p->march, p->nmarch, base, size),
		      "%s: a March range overlaps 0x%llx+0x%llx", what, (unsigned long long)base,
		      (unsigned long long)size);
	}
}

int main(void)
{
	struct memtest_plan p;
	uint64_t total = 0;

	/* Free RAM: the bank minus what the run uses, listed once. */
	board(0x10000000, false);
	memtest_plan_make(&p, &boot.hw, boot.heap_base);
	memtest_plan_end();
	CHECK(!p.refused && p.mode == PLAN_QUICK && p.passes == 1, "defaults");
	check_used_kept_out(&p, 0, "plain");
	for (unsigned i = 0; i < p.nall; i++)
		total += p.all[i].size;
	CHECK_EQ(total, p.all_bytes);
	CHECK_EQ(total, 0x10000000 - ((uintptr_t)__image_end - (uintptr_t)__image_start) -
				0x100000 - 0x30000 - (256u << 10) - 0x200000);
	CHECK(p.march_bytes <= 2 * (1u << 20) * p.nall, "quick: %llu March bytes",
	      (unsigned long long)p.march_bytes);
	CHECK(heap_hi == 0x4e000000, "the heap's end given back");

	/* A bank listed twice is tested once. */
	board(0x10000000, true);
	memtest_plan_make(&p, &boot.hw, boot.heap_base);
	memtest_plan_end();
	CHECK_EQ(p.all_bytes, total);

	/* memtest_range: inside free RAM taken; over the image refused, named. */
	board(0x10000000, false);
	set_args("memtest=full memtest_range=0x44000000+0x100000 memtest_passes=3");
	memtest_plan_make(&p, &boot.hw, boot.heap_base);
	CHECK(!p.refused && p.nall == 1 && p.all[0].va == 0x44000000 && p.mode == PLAN_FULL &&
		      p.passes == 3,
	      "range taken: %s", p.refused ? p.refused : "");
	set_args("memtest_range=0x401ff000+0x2000");
	memtest_plan_make(&p, &boot.hw, boot.heap_base);
	CHECK(p.refused && strstr(p.refused, "overlaps the image"), "refusal: %s",
	      p.refused ? p.refused : "(none)");
	set_args("memtest_range=0x48000000+0x1000");
	memtest_plan_make(&p, &boot.hw, boot.heap_base);
	CHECK(p.refused && strstr(p.refused, "overlaps the DTB"), "refusal: %s",
	      p.refused ? p.refused : "(none)");
	set_args("memtest_passes=0");
	memtest_plan_make(&p, &boot.hw, boot.heap_base);
	CHECK(!p.refused && p.soak && p.passes == 1,
	      "memtest_passes=0: refused %s, soak %d, passes %u (want a soak after one pass)",
	      p.refused ? p.refused : "(none)", p.soak, p.passes);
	/* Values that do not parse: every one named as given, no guess. */
	set_args("memtest=fulll memtest_cache=of memtest_passes=2x memtest_fault=alias:20");
	memtest_plan_make(&p, &boot.hw, boot.heap_base);
	CHECK(p.refused && strstr(p.refused, "memtest=fulll") &&
		      strstr(p.refused, "memtest_cache=of") &&
		      strstr(p.refused, "memtest_passes=2x") &&
		      strstr(p.refused, "memtest_fault=alias:20"),
	      "refusal: %s", p.refused ? p.refused : "(none)");
	set_args("memtest_range=0x44000000+0x800");
	memtest_plan_make(&p, &boot.hw, boot.heap_base);
	CHECK(p.refused && strstr(p.refused, "page aligned"), "refusal: %s",
	      p.refused ? p.refused : "(none)");
	set_args("");

	/* A tree that says 512 MiB where 256 MiB are decoded: bit 28 aliases.
	 * Before: a range covers the image's alias at +256 MiB; after, none. */
	board(0x20000000, false);
	memtest_plan_make(&p, &boot.hw, boot.heap_base);
	memtest_plan_end();
	CHECK(overlaps(p.all, p.nall, 0x50200000, 0x1000), "the image's alias is free RAM");
	memtest_plan_avoid_alias(&p, 28);
	check_used_kept_out(&p, 0, "after avoid");
	check_used_kept_out(&p, 1u << 28, "aliases at +256 MiB");
	CHECK(p.all_bytes > 0x10000000, "the rest is still tested");
	memtest_plan_avoid_alias(&p, 13);
	check_used_kept_out(&p, 1u << 13, "aliases at +8 KiB");
	check_used_kept_out(&p, -(uint64_t)(1u << 13), "aliases at -8 KiB");
	return check_report("host-memtest-plan");
}
