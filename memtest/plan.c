/* SPDX-License-Identifier: BSD-2-Clause */
/* The DRAM test's ranges and options: see memtest_plan.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/image.h"
#include "front/options.h"
#include "lib/libc/heap.h"
#include "lib/memmap.h"
#include "memtest/plan.h"

#define HEAP_MARGIN (256u << 10) /* heap growth left while the test runs (stdio) */
#define QUICK_SLICE (1u << 20)   /* quick: this much at each end of a free range */

static uintptr_t heap_end_saved;
static const struct discovery *hw; /* the board, as memtest_plan_make was given it */
static uintptr_t heap_base;

/* The heap's end while the test runs: the break plus a margin, never past
 * the heap's own end. */
static uintptr_t heap_cap(void)
{
	uintptr_t lo, hi, cap = heap_break() + HEAP_MARGIN;

	heap_bounds(&lo, &hi);
	return cap < hi ? cap : hi;
}

static void add(struct memtest_range *list, unsigned *n, unsigned max, uint64_t base, uint64_t size,
		unsigned bank)
{
	if (*n < max && size)
		list[(*n)++] = (struct memtest_range){ (uintptr_t)base, (size_t)size, bank,
						       hw->board.ram[bank].base };
}

/* Everything in RAM the run uses: image, DTB, heap in use, reserved memory;
 * what each is, for a refusal. */
static const char *used_what[MEMMAP_MAX_HOLES];

static unsigned used(struct mem_bank *h)
{
	const struct board_info *b = &hw->board;
	unsigned n = 0;

	used_what[n] = "the image (code, data, page tables, stacks)";
	h[n++] = (struct mem_bank){ (uintptr_t)__image_start,
				    (uintptr_t)__image_end - (uintptr_t)__image_start };
	if (hw->dtb) {
		used_what[n] = "the DTB";
		h[n++] = (struct mem_bank){ hw->dtb, hw->dtb_size };
	}
	used_what[n] = "the heap in use";
	h[n++] = (struct mem_bank){ heap_base, heap_cap() - heap_base };
	for (unsigned i = 0; i < b->nreserved && i < BOARD_MAX_RESERVED && n < MEMMAP_MAX_HOLES;
	     i++) {
		used_what[n] = "reserved memory";
		h[n++] = (struct mem_bank){ b->reserved[i].base, b->reserved[i].size };
	}
	return n;
}

/* memtest_range=BASE+SIZE (arg, as given): inside one free range, else the reason. */
static const char *pick_range(struct memtest_plan *p, const char *arg, uint64_t base, uint64_t size,
			      const struct mem_bank *h, unsigned nh)
{
	static char why[160];
	int n;

	if ((base | size) % PAGE_SIZE) {
		snprintf(why, sizeof(why), "memtest_range=%s: want BASE+SIZE, page aligned", arg);
		return why;
	}
	for (unsigned i = 0; i < p->nall; i++) {
		const struct memtest_range *r = &p->all[i];
		if (base >= r->va && base + size <= r->va + r->size) {
			p->all[0] = (struct memtest_range){ (uintptr_t)base, (size_t)size, r->bank,
							    r->bank_base };
			p->nall = 1;
			return NULL;
		}
	}
	n = snprintf(why, sizeof(why), "memtest_range=%s refused: ", arg);
	for (unsigned i = 0; i < nh; i++)
		if (base < h[i].base + h[i].size && h[i].base < base + size) {
			snprintf(why + n, sizeof(why) - (size_t)n,
				 "it overlaps %s at 0x%llx..0x%llx", used_what[i],
				 (unsigned long long)h[i].base,
				 (unsigned long long)(h[i].base + h[i].size));
			return why;
		}
	snprintf(why + n, sizeof(why) - (size_t)n,
		 "not inside one free range of RAM (listed above)");
	return why;
}

/* Every one of the DRAM test's options (memtest, memtest_*: the table,
 * front/options_table.c) that was refused: a value that does not parse or
 * is out of range, named as given; NULL if none. */
static const char *refused_options(void)
{
	static char why[400];
	char one[160];
	size_t n = 0;

	for (unsigned i = 0; i < options_count; i++) {
		const char *k = options_table[i].key;
		if ((!strcmp(k, "memtest") || !strncmp(k, "memtest_", 8)) &&
		    option_refusal(k, one, sizeof(one)) && n < sizeof(why))
			n += (size_t)snprintf(why + n, sizeof(why) - n, "%s%s", n ? "; " : "", one);
	}
	return n ? why : NULL;
}

void memtest_plan_make(struct memtest_plan *p, const struct discovery *d, uintptr_t heap)
{
	const struct board_info *b = &d->board;
	struct mem_bank holes[MEMMAP_MAX_HOLES], seg[MEMMAP_MAX_HOLES + 1];
	uint64_t v, base, size;
	const char *range;

	hw = d;
	heap_base = heap;
	unsigned nholes = used(holes);
	memset(p, 0, sizeof(*p));
	/* Nothing on a guess: a refused option stops the plan, by name. */
	p->refused = refused_options();
	p->mode = option_is("memtest", "off")    ? PLAN_OFF
		  : option_is("memtest", "full") ? PLAN_FULL
						 : PLAN_QUICK;
	option_number("memtest_passes", 1, &v);
	p->soak = v == 0; /* 0: one pass each, then passes until reset */
	p->passes = v ? (unsigned)v : 1;
	option_number("memtest_seed", 1, &p->seed);
	option_number("memtest_fade", 0, &v);
	p->fade_seconds = (unsigned)v;
	p->uncached = option_is("memtest_cache", "off");
	option_number("memtest_fault", (uint64_t)-1, &v);
	p->fault_bit = (int)v;
	for (unsigned k = 0; k < b->nram && k < MEM_MAX_BANKS; k++) {
		uint64_t lo = (b->ram[k].base + PAGE_SIZE - 1) & -(uint64_t)PAGE_SIZE,
			 hi = (b->ram[k].base + b->ram[k].size) & -(uint64_t)PAGE_SIZE;
		if (sizeof(uintptr_t) == 4 && hi > UINT32_MAX)
			hi = (uint64_t)UINT32_MAX + 1 - PAGE_SIZE; /* short descriptors: 4 GiB */
		/* A bank a tree lists twice (or overlapping another) is tested once. */
		unsigned nh = nholes;
		for (unsigned j = 0; j < k && nh < MEMMAP_MAX_HOLES; j++)
			holes[nh++] = b->ram[j];
		unsigned n = memmap_free(lo, hi > lo ? hi : lo, holes, nh, PAGE_SIZE, seg, NULL);
		for (unsigned i = 0; i < n; i++)
			add(p->all, &p->nall, PLAN_MAX_RANGES, seg[i].base, seg[i].size, k);
	}
	if (option_range("memtest_range", &base, &size) == OPT_GIVEN && !p->refused) {
		option_get("memtest_range", &range);
		p->refused = pick_range(p, range, base, size, holes, nholes);
	}
	for (unsigned i = 0; i < p->nall; i++) {
		const struct memtest_range *r = &p->all[i];
		p->all_bytes += r->size;
		if (p->mode == PLAN_FULL || r->size <= 2 * QUICK_SLICE) {
			add(p->march, &p->nmarch, 2 * PLAN_MAX_RANGES, r->va, r->size, r->bank);
			continue;
		}
		add(p->march, &p->nmarch, 2 * PLAN_MAX_RANGES, r->va, QUICK_SLICE, r->bank);
		add(p->march, &p->nmarch, 2 * PLAN_MAX_RANGES, r->va + r->size - QUICK_SLICE,
		    QUICK_SLICE, r->bank);
	}
	for (unsigned i = 0; i < p->nmarch; i++)
		p->march_bytes += p->march[i].size;
	heap_end_saved = heap_set_end(heap_cap());
}

/* Every range of list minus the holes, in place. */
static void subtract(struct memtest_range *list, unsigned *n, unsigned max,
		     const struct mem_bank *holes, unsigned nholes)
{
	struct memtest_range in[2 * PLAN_MAX_RANGES];
	struct mem_bank seg[MEMMAP_MAX_HOLES + 1];
	unsigned nin = *n;

	memcpy(in, list, nin * sizeof(*in));
	*n = 0;
	for (unsigned i = 0; i < nin; i++) {
		unsigned k = memmap_free(in[i].va, in[i].va + in[i].size, holes, nholes, PAGE_SIZE,
					 seg, NULL);
		for (unsigned j = 0; j < k; j++)
			add(list, n, max, seg[j].base, seg[j].size, in[i].bank);
	}
}

void memtest_plan_avoid_alias(struct memtest_plan *p, unsigned bit)
{
	struct mem_bank used_by[MEMMAP_MAX_HOLES], shadow[MEMMAP_MAX_HOLES];
	unsigned n = used(used_by), k = 0;
	uint64_t d = (uint64_t)1 << bit;

	for (unsigned i = 0; i < n && k + 2 <= MEMMAP_MAX_HOLES; i++) {
		shadow[k++] = (struct mem_bank){ used_by[i].base + d, used_by[i].size };
		if (used_by[i].base >= d)
			shadow[k++] = (struct mem_bank){ used_by[i].base - d, used_by[i].size };
	}
	subtract(p->all, &p->nall, PLAN_MAX_RANGES, shadow, k);
	subtract(p->march, &p->nmarch, 2 * PLAN_MAX_RANGES, shadow, k);
	p->all_bytes = p->march_bytes = 0;
	for (unsigned i = 0; i < p->nall; i++)
		p->all_bytes += p->all[i].size;
	for (unsigned i = 0; i < p->nmarch; i++)
		p->march_bytes += p->march[i].size;
}

void memtest_plan_end(void)
{
	if (heap_end_saved)
		heap_set_end(heap_end_saved);
	heap_end_saved = 0;
}
