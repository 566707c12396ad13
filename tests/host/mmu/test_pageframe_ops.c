/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host test of mmu/pageframe_ops.c, the lazy flush policy's binding to the
 * image's maintenance and mappings (host-lazy-flush gives the policy ops of
 * its own, so nothing else runs these): built for AArch64 and ARMv7 and run
 * under qemu-user (the file's DSBs are real instructions), with cache/ and
 * mmu/ stubbed here to record each call. For frames low and high in RAM:
 *   - the D-clean to PoU covers the whole frame: [frame, frame + PAGE_SIZE);
 *   - the I-invalidate by address covers the whole frame, the I-invalidate of
 *     everything calls icache_inval_all, once each;
 *   - map: Normal, read-only, executable only for PF_MAP_EXEC; unmap: the VA;
 *   - lookup: only a valid read-only Normal page is the policy's, its frame
 *     the page of the PA, its kind by the X permission;
 *   - pageframe_image_setup registers these ops, with the architecture's
 *     AArch64 flag.
 * Exit 0 iff every check holds. A copy of the file that cleans 8 bytes of
 * the frame must fail (tests/host/mmu/mmu.mk).
 */
#include <stdio.h>
#include <string.h>

#include "cache/cache.h"
#include "mmu/mmu.h"
#include "mmu/pageframe.h"
#include "tests/host/common/check.h"

CHECK_COUNTERS;

#ifdef __aarch64__
#define NAME "host-pageframe-ops (aarch64)"
#else
#define NAME "host-pageframe-ops (armv7)"
#endif

#ifndef PAGE_SIZE
#define PAGE_SIZE 4096u
#endif

struct cache_info cache_info;

/* The last call of each stub. */
static struct {
	unsigned clean, inval, inval_all, map, unmap;
	uintptr_t start;
	size_t size;
	uintptr_t va;
	uint64_t pa;
	enum mem_type type;
	unsigned perm;
} got;
static struct mmu_attrs lookup_answer;
static const struct pageframe_ops *registered;
static int registered_aarch64 = -1;

int dcache_clean_pou(uintptr_t start, size_t size)
{
	got.clean++, got.start = start, got.size = size;
	return 0;
}

int icache_inval_pou(uintptr_t start, size_t size)
{
	got.inval++, got.start = start, got.size = size;
	return 0;
}

void icache_inval_all(void)
{
	got.inval_all++;
}

int mmu_map_page(uintptr_t va, uint64_t pa, enum mem_type type, unsigned perm)
{
	got.map++, got.va = va, got.pa = pa, got.type = type, got.perm = perm;
	return 0;
}

int mmu_unmap_page(uintptr_t va)
{
	got.unmap++, got.va = va;
	return 0;
}

bool mmu_lookup(uintptr_t va, struct mmu_attrs *out)
{
	(void)va;
	*out = lookup_answer;
	return lookup_answer.valid;
}

void pageframe_cpu_from_cache(const struct cache_info *ci, bool aarch64, struct pageframe_cpu *out)
{
	(void)ci;
	memset(out, 0, sizeof(*out));
	registered_aarch64 = aarch64;
}

void pageframe_defer_init(const struct mem_bank *ram, unsigned nram,
			  const struct pageframe_ops *ops, const struct pageframe_cpu *cpu)
{
	(void)ram, (void)nram, (void)cpu;
	registered = ops;
}

static void check_frame(const struct pageframe_ops *ops, uint64_t frame)
{
	memset(&got, 0, sizeof(got));
	ops->dcache_clean_pou(frame);
	CHECK(got.clean == 1 && got.start == (uintptr_t)frame && got.size == PAGE_SIZE,
	      "clean of frame 0x%llx: %u calls, [0x%llx, +%zu), want the whole frame",
	      (unsigned long long)frame, got.clean, (unsigned long long)got.start, got.size);
	memset(&got, 0, sizeof(got));
	ops->icache_inval_pou(frame);
	CHECK(got.inval == 1 && got.start == (uintptr_t)frame && got.size == PAGE_SIZE,
	      "I-invalidate of frame 0x%llx: %u calls, [0x%llx, +%zu), want the whole frame",
	      (unsigned long long)frame, got.inval, (unsigned long long)got.start, got.size);
	CHECK(got.clean == 0, "the I-invalidate cleaned");
	memset(&got, 0, sizeof(got));
	ops->icache_inval_all();
	CHECK(got.inval_all == 1 && got.inval == 0 && got.clean == 0, "invalidate all: %u calls",
	      got.inval_all);
}

int main(void)
{
	static const struct mem_bank ram[1];
	const struct pageframe_ops *ops;
	uint64_t frame;
	unsigned kind;

	pageframe_image_setup(ram, 1);
	ops = registered;
	if (!CHECK(ops != NULL, "pageframe_image_setup registered no ops"))
		return check_report(NAME);
#ifdef __aarch64__
	CHECK_EQ(registered_aarch64, 1);
#else
	CHECK_EQ(registered_aarch64, 0);
#endif
	check_frame(ops, 0x40000000);
	check_frame(ops, 0x48101000);
	check_frame(ops, (uintptr_t)-PAGE_SIZE);

	memset(&got, 0, sizeof(got));
	CHECK_EQ(ops->map(0x10003000, 0x48105000, PF_MAP_EXEC), 0);
	CHECK(got.map == 1 && got.va == 0x10003000 && got.pa == 0x48105000 &&
		      got.type == MT_NORMAL && got.perm == (MAP_RO | MAP_X),
	      "exec map: va 0x%llx pa 0x%llx type %d perm %u", (unsigned long long)got.va,
	      (unsigned long long)got.pa, got.type, got.perm);
	memset(&got, 0, sizeof(got));
	CHECK_EQ(ops->map(0x10004000, 0x48106000, PF_MAP_ALIAS), 0);
	CHECK(got.map == 1 && got.type == MT_NORMAL && got.perm == MAP_RO,
	      "alias map: type %d perm %u", got.type, got.perm);
	memset(&got, 0, sizeof(got));
	CHECK_EQ(ops->unmap(0x10004000), 0);
	CHECK(got.unmap == 1 && got.va == 0x10004000, "unmap of 0x%llx",
	      (unsigned long long)got.va);

	lookup_answer = (struct mmu_attrs){ true, MT_NORMAL, MAP_RO | MAP_X, 3, 0x48105123 };
	CHECK(ops->lookup(0x10003123, &frame, &kind) && frame == 0x48105000 && kind == PF_MAP_EXEC,
	      "lookup of an exec page: frame 0x%llx kind %u", (unsigned long long)frame, kind);
	lookup_answer.perm = MAP_RO;
	CHECK(ops->lookup(0x10003123, &frame, &kind) && kind == PF_MAP_ALIAS, "alias: kind %u",
	      kind);
	lookup_answer.perm = 0;
	CHECK(!ops->lookup(0x10003123, &frame, &kind), "a writable page taken as the policy's");
	lookup_answer.perm = MAP_RO, lookup_answer.type = MT_DEVICE;
	CHECK(!ops->lookup(0x10003123, &frame, &kind), "a Device page taken as the policy's");
	lookup_answer.type = MT_NORMAL, lookup_answer.valid = false;
	CHECK(!ops->lookup(0x10003123, &frame, &kind), "an invalid entry taken as the policy's");
	return check_report(NAME);
}
