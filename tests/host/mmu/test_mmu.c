/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host tests for mmu/ (region layout and overlay, page-table builder and
 * walker) and cache/geometry.c. Built twice: natively with sanitizers against
 * mmu/aarch64/pgtable.c, and for ARMv7 (arm-none-eabi + semihosting newlib,
 * run under qemu-arm) against mmu/armv7/pgtable.c. The image symbols the
 * layout reads are absolute addresses given to the linker (tests/host/mmu/mmu.mk).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "cache/cache.h"
#include "mmu/mmu.h"
#include "tests/host/common/check.h"

static struct map_region R(uint64_t base, uint64_t size, enum mem_type t, const char *name) {
	return (struct map_region){ base, size, t, 0, name };
}

CHECK_COUNTERS;

static void test_overlay(void)
{
	struct map_region l[MMU_MAX_REGIONS];
	unsigned n = 0;

	CHECK(region_overlay(l, &n, 8, R(0x1000, 0x9000, MT_DEVICE, "a")) == 0 && n == 1, "first");
	CHECK(region_overlay(l, &n, 8, R(0x3000, 0x2000, MT_NORMAL, "b")) == 0 && n == 3,
	      "split: n=%u", n);
	CHECK(l[0].base == 0x1000 && l[0].size == 0x2000 && l[1].base == 0x3000 &&
		      l[1].type == MT_NORMAL && l[2].base == 0x5000 && l[2].size == 0x5000,
	      "split layout");
	CHECK(region_overlay(l, &n, 8, R(0x0, 0xa000, MT_NONE, "all")) == 0 && n == 1 &&
		      l[0].size == 0xa000,
	      "cover all: n=%u", n);
	CHECK(region_overlay(l, &n, 8, R(0xa000, 0x1000, MT_DEVICE, "after")) == 0 && n == 2 &&
		      l[1].base == 0xa000,
	      "append");
	n = 0;
	for (unsigned i = 0; i < 4; i++)
		region_overlay(l, &n, 4, R(0x10000 * (i + 1), 0x1000, MT_DEVICE, "x"));
	CHECK(region_overlay(l, &n, 4, R(0x100000, 0x1000, MT_DEVICE, "y")) == MMU_ERR_REGIONS,
	      "overflow must be reported");
}

static const struct mem_bank ram[] = { { 0x40000000, 256 << 20 }, { 0x100000000ull, 1ull << 30 } };
/* A no-map reservation, not page aligned: whole pages around it unmapped. */
static const struct mem_bank nomap[] = { { 0x4a000800, 0x2000 } };

/* What the region list says about va: the oracle for the tables. */
static const struct map_region *region_of(const struct map_region *l, unsigned n, uint64_t va)
{
	for (unsigned i = 0; i < n; i++)
		if (va >= l[i].base && va - l[i].base < l[i].size)
			return &l[i];
	return NULL;
}

static void test_layout_and_tables(void)
{
	struct map_region l[MMU_MAX_REGIONS];
	int n = mmu_layout(ram, 2, nomap, 1, NULL, 0, l, MMU_MAX_REGIONS);
	uint64_t top = 0x100000000ull;
	struct mmu_attrs a;

	CHECK(n > 0, "layout failed: %d", n);
	if (n <= 0)
		return;
	for (int i = 1; i < n; i++)
		CHECK(l[i].base == l[i - 1].base + l[i - 1].size, "regions %d/%d not contiguous",
		      i - 1, i);
	CHECK(l[0].base == 0, "does not start at 0");
	const struct map_region *t = region_of(l, n, (uintptr_t)__image_start);
	CHECK(t && t->perm == (MAP_RO | MAP_X) && t->type == MT_NORMAL, "text not RO+X Normal");
	t = region_of(l, n, (uintptr_t)__guard0);
	CHECK(t && t->type == MT_NONE, "stack guard not unmapped");
	t = region_of(l, n, (uintptr_t)__guard1);
	CHECK(t && t->type == MT_NONE, "exception stack guard not unmapped");
	for (uint64_t a = 0x4a000000; a < 0x4a003000; a += 0x800) {
		t = region_of(l, n, a);
		CHECK(t && t->type == MT_NONE, "no-map reservation: 0x%llx mapped",
		      (unsigned long long)a);
	}
	t = region_of(l, n, 0x4a003000);
	CHECK(t && t->type == MT_NORMAL, "the page after the no-map reservation is not RAM");
	t = region_of(l, n, 0x49fff000);
	CHECK(t && t->type == MT_NORMAL, "the page before the no-map reservation is not RAM");
	t = region_of(l, n, 0x09000000);
	CHECK(t && t->type == MT_DEVICE && !(t->perm & MAP_X), "console not Device XN");

	pgt_reset();
	for (int i = 0; i < n; i++)
		CHECK(pgt_map(&l[i]) == 0, "map %s failed", l[i].name);
#ifdef __arm__
	top = 0x100000000ull; /* no LPAE: the 32-bit space only */
#else
	top = 0x100000000ull + (1ull << 30);
#endif
	/* Every page boundary near a region edge, plus a pseudo-random sample. */
	uint64_t seed = 12345;
	for (unsigned k = 0; k < 200000; k++) {
		uint64_t va;
		if (k < (unsigned)n * 6) {
			const struct map_region *r = &l[k / 6];
			uint64_t off[6] = { 0,       4096,        r->size - 4096,
					    r->size, r->size / 2, (uint64_t)-4096 };
			va = r->base + off[k % 6];
		} else {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			va = (seed >> 16) % top;
		}
		if (va >= top)
			continue;
		va &= ~0xfffull;
		const struct map_region *r = region_of(l, n, va);
		bool mapped = mmu_lookup((uintptr_t)va, &a);
		if (!r || r->type == MT_NONE) {
			CHECK(!mapped, "0x%llx should be unmapped", (unsigned long long)va);
			continue;
		}
		CHECK(mapped, "0x%llx (%s) not mapped", (unsigned long long)va, r->name);
		if (!mapped)
			continue;
		CHECK(a.type == r->type, "0x%llx type %d, want %d", (unsigned long long)va, a.type,
		      r->type);
		CHECK(a.perm == (r->type == MT_DEVICE ? r->perm & ~MAP_X : r->perm),
		      "0x%llx perm %u, want %u", (unsigned long long)va, a.perm, r->perm);
		CHECK(a.pa == va, "0x%llx not identity", (unsigned long long)va);
		if (failures > 20)
			return;
	}
	/* Blocks where alignment allows. */
#ifdef __arm__
	CHECK(mmu_lookup(0x0, &a) && a.level == 1, "device space not in sections");
	CHECK(mmu_lookup((uintptr_t)__image_start, &a) && a.level == 2, "image not in pages");
#else
	CHECK(mmu_lookup(0x0, &a) && a.level == 1, "first GiB of device space not a 1 GiB block");
	CHECK(mmu_lookup(0x48000000, &a) && a.level == 2, "RAM not in 2 MiB blocks");
	CHECK(mmu_lookup((uintptr_t)__image_start, &a) && a.level == 3, "image not in pages");
#endif
	printf("  %d regions, %u table pages\n", n, pgt_pages_used());
}

static void test_errors(void)
{
	struct map_region bad = R(0x40000800, 0x1000, MT_NORMAL, "misaligned");
	int err = 0;

	pgt_reset();
	CHECK(pgt_map(&bad) == MMU_ERR_ALIGN, "misaligned region accepted");
	/* One page in every 1 MiB / 2 MiB: each needs its own last-level table. */
	for (unsigned i = 0; i < 4096 && !err; i++) {
		struct map_region p =
			R(0x40000000ull + (uint64_t)i * (2u << 20), 0x1000, MT_NORMAL, "p");
		err = pgt_map(&p);
	}
	CHECK(err == MMU_ERR_NOMEM, "pool exhaustion not reported (err %d)", err);
	pgt_reset();
	struct map_region big = R(0x80000000, 0x40000000, MT_NORMAL, "block");
	struct map_region page = R(0x80001000, 0x1000, MT_DEVICE, "inside");
	CHECK(pgt_map(&big) == 0, "block");
	CHECK(pgt_map(&page) == MMU_ERR_OVERLAP, "a page inside a block must be refused");
}

/* Break-before-make: a valid entry is never overwritten by another valid one
 * (ARM ARM DDI 0487 D8.16.1, DDI 0406C B3.10.1): a page over a page, a block
 * or section over a block; after an unmap the same map succeeds. */
static void test_break_before_make(void)
{
#ifdef __arm__
	CHECK(pgt_reset() == 0 && !(pgt_root() & 0x3fff), "L1 table at 0x%lx, not 16 KiB aligned",
	      (unsigned long)pgt_root());
#endif
	const uintptr_t va = 0x70000000;
	struct mmu_attrs a;

	pgt_reset();
	CHECK(pgt_map_page(va, 0x40000000, MT_NORMAL, MAP_RO) == 0, "first map");
	CHECK(pgt_map_page(va, 0x40001000, MT_NORMAL, MAP_RO) == MMU_ERR_VALID,
	      "a page mapped over a valid page");
	CHECK(mmu_lookup(va, &a) && a.pa == 0x40000000, "the refused map changed the entry");
	CHECK(pgt_map_page(va, 0x40000000, MT_NORMAL_NC, 0) == MMU_ERR_VALID,
	      "same frame, other attributes, over a valid page");
	CHECK(pgt_unmap_page(va) == 0, "unmap");
	CHECK(!mmu_lookup(va, &a), "still mapped after the unmap");
	CHECK(pgt_map_page(va, 0x40001000, MT_NORMAL, MAP_RO) == 0, "map after unmap");
	CHECK(mmu_lookup(va, &a) && a.pa == 0x40001000, "remap did not take");
	pgt_reset();
	struct map_region block = R(0x80000000, 0x40000000, MT_NORMAL, "block");
	CHECK(pgt_map(&block) == 0, "block");
	CHECK(pgt_map(&block) == MMU_ERR_VALID, "a block mapped over a valid block");
}

/* The heap's range: the largest part of [lo, hi) no hole (DTB, reserved
 * memory) touches, holes rounded out to pages. */
static void test_largest_free(void)
{
	const struct mem_bank holes[] = {
		{ 0x48000000, 0x100000 },  /* the DTB */
		{ 0x4c000800, 0x1000 },    /* not page aligned: rounds out */
		{ 0x30000000, 0x1000 },    /* outside the range */
		{ 0x4f000000, 0x2000000 }, /* over the end */
	};
	uint64_t a, b;
	unsigned cuts = memmap_largest_free(0x40100000, 0x50000000, holes, 4, 0x1000, &a, &b);

	CHECK(cuts == 3, "cuts %u", cuts);
	CHECK(a == 0x40100000 && b == 0x48000000, "largest free 0x%llx..0x%llx",
	      (unsigned long long)a, (unsigned long long)b);
	memmap_largest_free(0x48000000, 0x4f000000, holes, 4, 0x1000, &a, &b);
	CHECK(a == 0x48100000 && b == 0x4c000000, "second 0x%llx..0x%llx", (unsigned long long)a,
	      (unsigned long long)b);
	memmap_largest_free(0x48000000, 0x48100000, holes, 1, 0x1000, &a, &b);
	CHECK(a == b, "all taken: 0x%llx..0x%llx", (unsigned long long)a, (unsigned long long)b);
	memmap_largest_free(0x40000000, 0x41000000, NULL, 0, 0x1000, &a, &b);
	CHECK(a == 0x40000000 && b == 0x41000000, "no holes");
	/* Every free segment, ascending (the DRAM test's ranges). */
	struct mem_bank seg[MEMMAP_MAX_HOLES + 1];
	unsigned n = memmap_free(0x40100000, 0x50000000, holes, 4, 0x1000, seg, NULL);
	CHECK(n == 3 && seg[0].base == 0x40100000 && seg[0].size == 0x7f00000 &&
		      seg[1].base == 0x48100000 && seg[1].size == 0x3f00000 &&
		      seg[2].base == 0x4c002000 && seg[2].size == 0x2ffe000,
	      "free segments: %u, 0x%llx+0x%llx ...", n, (unsigned long long)seg[0].base,
	      (unsigned long long)seg[0].size);
	CHECK(memmap_free(0x48000000, 0x48100000, holes, 1, 0x1000, seg, NULL) == 0, "all taken");
}

/* The system's by-address stride: the smallest line any CPU reports. */
static void test_system_lines(void)
{
	cache_info.dline = cache_info.iline = 64;
	cache_use_lines(32, 128); /* a LITTLE core with 32 B D lines */
	CHECK(cache_info.dline == 32 && cache_info.iline == 64, "stride D %u I %u",
	      cache_info.dline, cache_info.iline);
	cache_use_lines(0, 16);
	CHECK(cache_info.dline == 32 && cache_info.iline == 16, "stride D %u I %u",
	      cache_info.dline, cache_info.iline);
}

static void test_geometry(void)
{
	struct cache_info ci;
	struct cache_regs raw = { 0 };

	/* QEMU cortex-a53 (its CTR/CCSIDR values): 64 B lines, L1D 32K 4-way, L1I 32K 2-way, L2 1M
	 * 16-way. */
	raw.ctr = 0x84448004;
	raw.clidr = 0x0a200023;
	raw.ccsidr[0][0] = 0x700fe01a;
	raw.ccsidr[0][1] = 0x201fe00a;
	raw.ccsidr[1][0] = 0x707fe07a;
	raw.dczid = 4;
	raw.has_dczid = true;
	cache_decode(&ci, &raw);
	CHECK(ci.dline == 64 && ci.iline == 64, "a53 lines %u/%u", ci.dline, ci.iline);
	CHECK(ci.loc == 2 && ci.louis == 1 && ci.nlevels == 2, "a53 levels");
	CHECK(ci.level[0].type == CT_SEPARATE && ci.level[1].type == CT_UNIFIED, "a53 types");
	CHECK(ci.level[0].d.size == 32768 && ci.level[0].d.ways == 4 && ci.level[0].d.sets == 128,
	      "a53 L1D %llu %u %u", (unsigned long long)ci.level[0].d.size, ci.level[0].d.ways,
	      ci.level[0].d.sets);
	CHECK(ci.level[0].i.ways == 2 && ci.level[0].i.sets == 256, "a53 L1I");
	CHECK(ci.level[1].d.size == 1 << 20 && ci.level[1].d.ways == 16, "a53 L2");
	CHECK(ci.zva_bytes == 64 && !ci.zva_prohibited, "a53 ZVA");
	/* FEAT_CCIDX: 64-bit layout, 2304 sets, 3 ways, 256 B lines; DZP set. */
	memset(&raw, 0, sizeof(raw));
	raw.ctr = 0x84448004;
	raw.clidr = 0x4; /* L1 unified only, LoC 0 */
	raw.ccidx = true;
	raw.ccsidr[0][0] = (2303ull << 32) | (2 << 3) | 4;
	raw.dczid = 0x16;
	raw.has_dczid = true;
	cache_decode(&ci, &raw);
	CHECK(ci.level[0].d.sets == 2304 && ci.level[0].d.ways == 3 &&
		      ci.level[0].d.line_bytes == 256,
	      "ccidx decode: %u sets %u ways %u B", ci.level[0].d.sets, ci.level[0].d.ways,
	      ci.level[0].d.line_bytes);
	CHECK(ci.loc == 0 && ci.nlevels == 1, "LoC 0");
	CHECK(ci.zva_prohibited && ci.zva_bytes == 0, "DZP");
}

#ifdef __arm__
#include "arch/armv7/sysreg.h"
#include "mmu/armv7/walk.h"

/* TTBR0 walk attributes per layout: with the MP Extensions (Cortex-A9, MPIDR
 * bit 31 set) IRGN is split over bits 6 and 0; without (Cortex-A8) bit 0 is
 * C and bit 6 must stay clear. The decode reads them back in the same
 * layout. ID_MMFR3.CohWalk decides whether table writes need a clean. */
static void test_ttbr(void)
{
	char d[160];

	CHECK(pgt_ttbr_attrs(0x80000000) == 0x4a, "MP: 0x%x", (unsigned)pgt_ttbr_attrs(0x80000000));
	CHECK(pgt_ttbr_attrs(0xc0000000) == 0x4a, "MP, uniprocessor (U set): MP layout");
	CHECK(pgt_ttbr_attrs(0x00000000) == 0x09, "UP: 0x%x", (unsigned)pgt_ttbr_attrs(0));
	CHECK(!(pgt_ttbr_attrs(0) & TTBR_IRGN0), "UP: bit 6 set");
	pgt_ttbr_describe(pgt_ttbr_attrs(0), 0, d, sizeof(d));
	CHECK(strstr(d, "inner cacheable, outer write-back write-allocate") != NULL, "UP: %s", d);
	pgt_ttbr_describe(pgt_ttbr_attrs(0x80000000), 0x80000000, d, sizeof(d));
	CHECK(strstr(d, "inner write-back write-allocate, outer write-back write-allocate, "
			"shareable") != NULL,
	      "MP: %s", d);
	pgt_ttbr_describe(0x4a, 0, d, sizeof(d)); /* the MP value on an A8 */
	CHECK(strstr(d, "inner non-cacheable") != NULL, "MP value in the UP layout: %s", d);
	pgt_ttbr_describe(0x59, 0x80000000, d, sizeof(d));
	CHECK(strstr(d, "inner write-back no write-allocate, outer write-back no") != NULL, "%s",
	      d);
	CHECK(!pgt_walk_coherent(0x00000000) && pgt_walk_coherent(0x00100000) &&
		      !pgt_walk_coherent(0x00200000),
	      "ID_MMFR3.CohWalk");
}
#endif

void test_coalesce(void);       /* tests/host/mmu/test_mmu_window.c */
void test_window(void);         /* tests/host/mmu/test_mmu_window.c */
void test_split(void);          /* tests/host/mmu/test_mmu_split.c */
void test_tcr_el1(void);        /* tests/host/arch/test_cpu_aarch64.c */
void test_cpu_aarch64(void);    /* tests/host/arch/test_cpu_aarch64.c */
void test_actlr_smp(void);      /* tests/host/arch/test_cpu_armv7.c */
void test_errata(void);         /* tests/host/arch/test_cpu_armv7.c */
void test_actlr_readback(void); /* tests/host/arch/test_cpu_armv7.c */

int main(void)
{
#ifdef __arm__
	test_actlr_smp();
	test_actlr_readback();
	test_errata();
	test_ttbr();
#else
	test_tcr_el1();
	test_cpu_aarch64();
#endif
	test_overlay();
	test_layout_and_tables();
	test_coalesce();
	test_window();
	test_errors();
	test_break_before_make();
	test_split();
	test_largest_free();
	test_geometry();
	test_system_lines();
	printf("host-mmu (%s tables): %u checks, %u failures\n",
#ifdef __arm__
	       "armv7",
#else
	       "aarch64",
#endif
	       checks, failures);
	return failures ? 1 : 0;
}
