/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit checks of the page-frame API (mmu/pageframe.h) with counting ops: the
 * errors (misaligned, outside RAM, bad kind, unknown VA, a full count, the
 * MMU refusing), the record through deferred and immediate flushes, map and
 * unmap, what IDC / DIC / an aliasing I-cache make it skip or choose, eager
 * vs lazy page-flush counts for the code-loader pattern, and the CTR decode
 * (pageframe_cpu_from_cache) for the CPUs QEMU models.
 */
#include <stdio.h>
#include <string.h>

#include "cache/cache.h"
#include "mmu/pageframe.h"
#include "tests/host/common/check.h"

#define RAM      0x40000000u
#define NVA      512u
#define WIN      0x10000000u
#define FRAME(n) ((uint64_t)RAM + (uint64_t)(n)*PAGE_SIZE)

CHECK_COUNTERS;

static struct {
	unsigned long clean, inval, inval_all;
	bool refuse;
	uint64_t frame[NVA];
	unsigned kind[NVA];
} ops;

static void op_clean(uint64_t f)
{
	(void)f;
	ops.clean++;
}

static void op_inval(uint64_t f)
{
	(void)f;
	ops.inval++;
}

static void op_inval_all(void)
{
	ops.inval_all++;
}

static int slot(uintptr_t va)
{
	return va >= WIN && va < WIN + NVA * PAGE_SIZE ? (int)((va - WIN) / PAGE_SIZE) : -1;
}

static int op_map(uintptr_t va, uint64_t f, unsigned kind)
{
	int s = slot(va);

	if (ops.refuse || s < 0 || ops.kind[s])
		return -1;
	ops.frame[s] = f;
	ops.kind[s] = kind;
	return 0;
}

static int op_unmap(uintptr_t va)
{
	int s = slot(va);

	if (s < 0 || !ops.kind[s])
		return -1;
	ops.kind[s] = 0;
	return 0;
}

static bool op_lookup(uintptr_t va, uint64_t *f, unsigned *kind)
{
	int s = slot(va);

	if (va >= RAM && va < RAM + 0x10000000u) { /* the identity map: RAM, read-only here */
		*f = va & ~(uint64_t)(PAGE_SIZE - 1);
		*kind = PF_MAP_ALIAS;
		return true;
	}
	if (s < 0 || !ops.kind[s])
		return false;
	*f = ops.frame[s];
	*kind = ops.kind[s];
	return true;
}

static const struct pageframe_ops fake = { op_clean, op_inval, op_inval_all,
					   op_map,   op_unmap, op_lookup };
static const struct mem_bank banks[2] = { { RAM, 64 * PAGE_SIZE },
					  { RAM + 128 * PAGE_SIZE, 64 * PAGE_SIZE } };

static void setup(bool idc, bool dic, bool aliases)
{
	struct pageframe_cpu cpu = { idc, dic, aliases };

	memset(&ops, 0, sizeof(ops));
	CHECK(pageframe_init(banks, 2, &fake, &cpu) == 0, "init");
	pageframe_stats_reset();
}

static struct pageframe_info info(uint64_t f)
{
	struct pageframe_info in = { 99, 99, 99 };
	CHECK(pageframe_query(f, &in) == 0, "query 0x%llx", (unsigned long long)f);
	return in;
}

static void errors(void)
{
	const struct mem_bank odd = { RAM + 1, PAGE_SIZE }, empty = { RAM, 0 };
	const struct pageframe_cpu cpu = { 0 };
	struct pageframe_info in;

	pageframe_reset();
	CHECK(flush_dcache_page(FRAME(0)) == PF_ENOMEM, "no table and no deferred set-up");
	pageframe_defer_init(&odd, 1, &fake, &cpu);
	CHECK(flush_dcache_page(FRAME(0)) == PF_ERANGE, "deferred set-up's error returned");
	pageframe_defer_init(banks, 2, &fake, &cpu);
	CHECK(flush_dcache_page(FRAME(0)) == 0, "set up on first use");
	CHECK(pageframe_cpu() != NULL, "the deferred set-up made the table");
	pageframe_reset();
	pageframe_defer_init(NULL, 0, NULL, NULL);
	CHECK(pageframe_init(&odd, 1, &fake, &cpu) == PF_ERANGE, "misaligned bank");
	CHECK(pageframe_init(&empty, 1, &fake, &cpu) == PF_ERANGE, "empty bank");
	setup(false, false, false);
	CHECK(flush_dcache_page(FRAME(0) + 64) == PF_EALIGN, "misaligned frame");
	CHECK(flush_dcache_page(FRAME(64)) == PF_ERANGE, "the hole between banks");
	CHECK(flush_dcache_page(FRAME(-1)) == PF_ERANGE, "below RAM");
	CHECK(flush_dcache_page(FRAME(192)) == PF_ERANGE, "past the last bank");
	CHECK(flush_dcache_page(FRAME(191)) == 0, "last frame of the last bank");
	CHECK(pageframe_query(FRAME(100), &in) == PF_ERANGE, "query in the hole");
	CHECK(pageframe_map(WIN + 1, FRAME(0), PF_MAP_EXEC) == PF_EALIGN, "misaligned VA");
	CHECK(pageframe_map(WIN, FRAME(0), 0) == PF_EKIND, "kind 0");
	CHECK(pageframe_map(WIN, FRAME(0), PF_MAP_EXEC | PF_MAP_ALIAS) == PF_EKIND, "two kinds");
	CHECK(pageframe_map(WIN, FRAME(70), PF_MAP_EXEC) == PF_ERANGE, "map outside RAM");
	CHECK(pageframe_unmap(WIN) == PF_ENOTMAPPED, "unmap of nothing");
	CHECK(pageframe_unmap(WIN + 3) == PF_EALIGN, "unmap misaligned");
	CHECK(pageframe_unmap(FRAME(3)) == PF_ENOTMAPPED, "unmap of the identity map");
	ops.refuse = true;
	CHECK(pageframe_map(WIN, FRAME(0), PF_MAP_EXEC) == PF_EMAP, "MMU refuses");
	ops.refuse = false;
	CHECK(info(FRAME(0)).nmap == 0, "a refused map is not counted");
	/* Full count: PF_MAX_MAPS mappings of one frame, then PF_EBUSY. */
	for (unsigned s = 0; s < PF_MAX_MAPS; s++)
		CHECK(pageframe_map(WIN + s * PAGE_SIZE, FRAME(5), PF_MAP_EXEC) == 0, "map %u", s);
	CHECK(pageframe_map(WIN + PF_MAX_MAPS * PAGE_SIZE, FRAME(5), PF_MAP_EXEC) == PF_EBUSY,
	      "full");
	CHECK(info(FRAME(5)).nmap == PF_MAX_MAPS, "count at the limit");
	for (unsigned s = 0; s < PF_MAX_MAPS; s++)
		CHECK(pageframe_unmap(WIN + s * PAGE_SIZE) == 0, "unmap %u", s);
	CHECK(info(FRAME(5)).nmap == 0 && info(FRAME(5)).nexec == 0, "count back to 0");
	CHECK(pageframe_unmap(WIN) == PF_ENOTMAPPED, "unmap twice");
	CHECK(!strcmp(pageframe_strerror(PF_ERANGE), "frame outside every RAM bank"), "strerror");
}

static void record(void)
{
	const struct pageframe_stats *st = pageframe_stats();
	uint64_t f = FRAME(130);

	setup(false, false, false);
	CHECK(info(f).flags == 0, "a frame starts not clean");
	CHECK(flush_dcache_page(f) == 0 && st->deferred == 1 && st->page_flushes == 0 &&
		      ops.clean == 0,
	      "an unmapped frame's flush is deferred");
	CHECK(pageframe_map(WIN, f, PF_MAP_EXEC) == 0, "map exec");
	CHECK(st->page_flushes == 1 && st->map_flushes == 1 && ops.clean == 1 && ops.inval == 1,
	      "the deferred maintenance at map time: %lu %lu %lu", st->page_flushes, ops.clean,
	      ops.inval);
	CHECK(info(f).flags == (PF_DCACHE_CLEAN | PF_ICACHE_CLEAN) && info(f).nmap == 1 &&
		      info(f).nexec == 1,
	      "clean and counted after the map");
	CHECK(pageframe_map(WIN + PAGE_SIZE, f, PF_MAP_ALIAS) == 0 && st->page_flushes == 1,
	      "a clean frame maps without maintenance");
	CHECK(flush_dcache_page(f) == 0 && st->page_flushes == 2 && st->deferred == 1 &&
		      ops.clean == 2 && ops.inval == 2,
	      "a mapped frame's flush is done at once");
	CHECK(pageframe_unmap(WIN) == 0 && info(f).nmap == 1 && info(f).nexec == 0, "unmap exec");
	CHECK(flush_dcache_page(f) == 0 && st->page_flushes == 3 && ops.clean == 3 &&
		      ops.inval == 2,
	      "alias only: D-clean, no I-invalidate");
	CHECK(pageframe_map(WIN, f, PF_MAP_EXEC) == 0 && ops.inval == 3 && ops.clean == 3,
	      "exec map after an alias-only flush: the I half only");
	CHECK(pageframe_unmap(WIN) == 0 && pageframe_unmap(WIN + PAGE_SIZE) == 0, "unmap both");
	CHECK(info(f).flags == (PF_DCACHE_CLEAN | PF_ICACHE_CLEAN), "unmap keeps the flags");
	CHECK(pageframe_map(WIN, f, PF_MAP_EXEC) == 0 && st->page_flushes == 4,
	      "remapping an unwritten frame needs nothing");
	CHECK(pageframe_unmap(WIN) == 0, "unmap");
}

static void cpu_bits(void)
{
	const struct pageframe_stats *st = pageframe_stats();
	uint64_t f = FRAME(7);

	setup(true, false, false); /* IDC: fetch needs no D-clean; an alias does */
	flush_dcache_page(f);
	CHECK(pageframe_map(WIN, f, PF_MAP_EXEC) == 0 && ops.clean == 0 && ops.inval == 1 &&
		      st->dclean_skipped == 1,
	      "IDC: I-invalidate only");
	CHECK(pageframe_map(WIN + PAGE_SIZE, f, PF_MAP_ALIAS) == 0 && ops.clean == 1,
	      "IDC: an alias still gets the D-clean");
	setup(false, true, false); /* DIC */
	flush_dcache_page(f);
	CHECK(pageframe_map(WIN, f, PF_MAP_EXEC) == 0 && ops.clean == 1 && ops.inval == 0 &&
		      st->iinval_skipped == 1 && info(f).flags == 3,
	      "DIC: D-clean only, frame clean");
	setup(true, true, false);
	flush_dcache_page(f);
	CHECK(pageframe_map(WIN, f, PF_MAP_EXEC) == 0 && ops.clean + ops.inval == 0 &&
		      st->page_flushes == 0,
	      "IDC+DIC: no maintenance, no page flush counted");
	setup(false, false, true); /* an aliasing I-cache: invalidated whole */
	flush_dcache_page(f);
	CHECK(pageframe_map(WIN, f, PF_MAP_EXEC) == 0 && ops.inval == 0 && ops.inval_all == 1,
	      "aliasing I-cache: IC IALLU");
}

static void eager_vs_lazy(void)
{
	unsigned long n[2];

	for (int eager = 0; eager < 2; eager++) {
		setup(false, false, false);
		pageframe_set_policy(eager ? PF_POLICY_EAGER : PF_POLICY_LAZY);
		for (unsigned p = 0; p < 100; p++)
			flush_dcache_page(FRAME(p < 64 ? p : p + 64));
		for (unsigned p = 0; p < 100; p += 10)
			pageframe_map(WIN + p * PAGE_SIZE, FRAME(p < 64 ? p : p + 64), PF_MAP_EXEC);
		n[eager] = pageframe_stats()->page_flushes;
		for (unsigned p = 0; p < 100; p += 10)
			pageframe_unmap(WIN + p * PAGE_SIZE);
	}
	pageframe_set_policy(PF_POLICY_LAZY);
	CHECK(n[1] == 100 && n[0] == 10, "page flushes: eager %lu, lazy %lu", n[1], n[0]);
}

/* CCSIDR (no CCIDX) for a cache of `ways` x `sets` x `line`. */
static uint64_t ccsidr(unsigned ways, unsigned sets, unsigned line)
{
	return (uint64_t)(sets - 1) << 13 | (ways - 1) << 3 | (unsigned)(__builtin_ctz(line) - 4);
}

static bool aliases(uint64_t ctr, unsigned iways, unsigned isets, unsigned iline, bool a64)
{
	struct cache_regs r = { .ctr = ctr, .clidr = 3 }; /* L1 separate */
	struct cache_info ci;
	struct pageframe_cpu c;

	r.ccsidr[0][0] = ccsidr(4, 128, iline);
	r.ccsidr[0][1] = ccsidr(iways, isets, iline);
	cache_decode(&ci, &r);
	pageframe_cpu_from_cache(&ci, a64, &c);
	CHECK(c.idc == (ctr >> 28 & 1) && c.dic == (ctr >> 29 & 1), "IDC/DIC of 0x%llx",
	      (unsigned long long)ctr);
	return c.icache_aliases;
}

static void decode(void)
{
	CHECK(aliases(0x84448004, 2, 256, 64, true), "cortex-a53: VIPT, 16 KiB ways");
	CHECK(!aliases(0x8444c004, 3, 256, 64, true), "cortex-a57/a72/max: PIPT");
	CHECK(aliases(0x86668006, 4, 64, 256, true), "a64fx: VIPT, 16 KiB ways");
	CHECK(!aliases(0x80038003, 4, 128, 32, false), "cortex-a9 in QEMU: VIPT, 4 KiB ways");
	CHECK(aliases(0x80038003, 4, 256, 32, false), "a 32 KiB cortex-a9: VIPT, 8 KiB ways");
	CHECK(!aliases(0x8444c004, 2, 256, 64, false), "cortex-a15: PIPT");
	CHECK(!aliases(0xb4440004, 2, 256, 64, true), "AArch64 VPIPT; IDC and DIC set");
	CHECK(aliases(0x80034003, 2, 64, 32, false), "ARMv7 AIVIVT");
}

int main(void)
{
	errors();
	record();
	cpu_bits();
	eager_vs_lazy();
	decode();
	printf("host-lazy-unit: %s: %u checks, %u failed\n", failures ? "FAIL" : "PASS", checks,
	       failures);
	pageframe_reset();
	return failures ? 1 : 0;
}
