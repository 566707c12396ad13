/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cache: the maintenance routines run on this CPU's real geometry, keep data
 * they must keep, and make a second mapping of the same memory see it.
 *
 * QEMU has no caches, so on QEMU these pass as long as nothing faults and no
 * byte is lost. They are written to be right on a board: each check would
 * fail there if the clean, invalidate or I-cache sync it relies on were
 * missing. An invalidate may also clean (the ARM ARM lets an implementation
 * perform DC IVAC as a clean and invalidate): no check relies on an
 * invalidate throwing data away.
 */
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include "arch/exception.h"
#include "arch/image.h"
#include "cache/cache.h"
#include "cache/outer.h"
#include "front/options.h"
#include "lib/selftest/selftest.h"
#include "mmu/mmu.h"

static void run_setway(void *fn)
{
	((void (*)(void))fn)();
}

SELFTEST(cache, setway_routines)
{
	static const struct {
		void (*fn)(void);
		const char *name;
	} r[] = {
		{ dcache_clean_all, "clean to LoC" },
		{ dcache_clean_inval_all, "clean+invalidate to LoC" },
		{ dcache_clean_louis, "clean to LoUIS" },
		{ dcache_clean_inval_louis, "clean+invalidate to LoUIS" },
	};
	static volatile uint32_t canary = 0x600dcafe;
	struct fault_info fi;

	if (cache_info.loc == 0)
		diag("LoC is 0: set/way to LoC has nothing to do on this CPU");
	/* dcache_inval_all is not run here: with the caches on it would throw
	 * away dirty stack and data. entry.S runs it at every boot. */
	for (unsigned i = 0; i < sizeof(r) / sizeof(r[0]); i++)
		expect(!fault_probe(run_setway, (void *)r[i].fn, &fi), "%s faulted: %s", r[i].name,
		       fi.text);
	expect(canary == 0x600dcafe, "data changed across clean+invalidate: 0x%lx",
	       (unsigned long)canary);
}

static void fill(uint8_t *p, size_t n, uint8_t seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(seed + i * 7);
}

static size_t first_diff(const uint8_t *p, size_t n, uint8_t seed)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != (uint8_t)(seed + i * 7))
			return i;
	return n;
}

SELFTEST(cache, range_routines)
{
	const size_t line = cache_info.dline, n = 8 * line;
	uint8_t *buf = memalign(line, n);
	static const struct {
		int (*fn)(uintptr_t, size_t);
		const char *name;
	} keep[] = {
		{ dcache_clean_poc, "clean to PoC" },
		{ dcache_clean_pou, "clean to PoU" },
		{ dcache_clean_inval_poc, "clean+invalidate to PoC" },
	};

	if (!expect(buf != NULL, "no buffer"))
		return;
	/* Routines that must keep data: any start, any length. */
	for (unsigned i = 0; i < sizeof(keep) / sizeof(keep[0]); i++) {
		fill(buf, n, (uint8_t)i);
		expect(keep[i].fn((uintptr_t)buf + 3, n - 5) == CACHE_OK, "%s", keep[i].name);
		expect(first_diff(buf, n, (uint8_t)i) == n, "%s lost data", keep[i].name);
	}
	/*
	 * Invalidate a range with partial lines at both ends: the bytes outside
	 * the range share those lines and are dirty. Cleaning+invalidating the
	 * edges keeps them; a plain invalidate would lose them on a board.
	 */
	fill(buf, n, 0x40);
	size_t lo = line / 2, hi = 5 * line + line / 2;
	expect(dcache_inval_poc((uintptr_t)buf + lo, hi - lo) == CACHE_OK, "invalidate");
	expect(first_diff(buf, lo, 0x40) == lo, "bytes before the range lost");
	expect(first_diff(buf + 6 * line, 2 * line, (uint8_t)(0x40 + 6 * line * 7)) == 2 * line,
	       "bytes after the range lost");
	expect(first_diff(buf + hi, 6 * line - hi, (uint8_t)(0x40 + hi * 7)) == 6 * line - hi,
	       "bytes after the range in its last line lost");
	/* Within one line. */
	fill(buf, n, 0x11);
	expect(dcache_inval_poc((uintptr_t)buf + 1, line - 2) == CACHE_OK, "invalidate in a line");
	expect(first_diff(buf, n, 0x11) == n, "a partial-line invalidate lost data");
	/* Size 0, and ranges past the top of the address space. */
	expect(dcache_clean_poc((uintptr_t)buf, 0) == CACHE_OK, "size 0");
	expect(dcache_inval_poc(UINTPTR_MAX - 15, 64) == CACHE_ERR_WRAP, "wrapping range accepted");
	expect(icache_inval_pou(UINTPTR_MAX, 2) == CACHE_ERR_WRAP, "wrapping range accepted");
	expect(dma_sync_for_device((uintptr_t)buf, n, (enum dma_dir)7) == CACHE_ERR_DIR,
	       "bad DMA direction accepted");
	diag("by address: D stride %u B, I stride %u B", cache_info.dline, cache_info.iline);
	free(buf);
}

/* A RAM page mapped twice: cacheable at its own address, and at `alias`. */
struct alias {
	uint8_t *page;
	uint8_t *alias;
};

static bool alias_map(struct alias *a, enum mem_type type, unsigned perm)
{
	uintptr_t w = mmu_alias_window();
	int err;

	if (!w) {
		skip("no VA window for an alias on this memory map");
		return false;
	}
	a->page = memalign(PAGE_SIZE, PAGE_SIZE);
	if (!expect(a->page != NULL, "no page"))
		return false;
	a->alias = (uint8_t *)w;
	err = mmu_map_page(w, (uintptr_t)a->page, type, perm);
	return expect(err == 0, "mmu_map_page: error %d", err);
}

static void alias_unmap(struct alias *a)
{
	if (a->alias)
		expect(mmu_unmap_page((uintptr_t)a->alias) == 0, "unmap");
	free(a->page);
}

/*
 * One pass of the alias checks, "to memory": with an outer cache (PL310)
 * the PoC of the CPU is L1, so a clean or invalidate to PoC alone leaves
 * the data (or the stale copy) in L2, and a non-cacheable read that bypasses
 * L2 (shared override on) sees memory. The to-memory calls include the
 * outer cache.
 */
static void alias_checks(struct alias *a, const char *how)
{
	size_t k;

	/* Written through the cache, cleaned: memory (the NC view) has it. */
	fill(a->page, PAGE_SIZE, 0x21);
	expect(dcache_clean_to_mem((uintptr_t)a->page, PAGE_SIZE) == CACHE_OK, "clean to memory");
	k = first_diff(a->alias, PAGE_SIZE, 0x21);
	expect(k == PAGE_SIZE, "%s: non-cacheable view differs at +%u after a clean", how,
	       (unsigned)k);
	/* Written to memory (NC view), invalidated: the cached view has it. */
	fill(a->alias, PAGE_SIZE, 0x77);
	expect(dcache_inval_to_mem((uintptr_t)a->page, PAGE_SIZE) == CACHE_OK,
	       "invalidate to memory");
	k = first_diff(a->page, PAGE_SIZE, 0x77);
	expect(k == PAGE_SIZE, "%s: cached view differs at +%u after an invalidate", how,
	       (unsigned)k);
	/* The same through the DMA API: the NC view plays the device. */
	fill(a->page, PAGE_SIZE, 0x35);
	dma_sync_for_device((uintptr_t)a->page, PAGE_SIZE, DMA_TO_DEVICE);
	expect(first_diff(a->alias, PAGE_SIZE, 0x35) == PAGE_SIZE,
	       "%s: device did not see DMA_TO_DEVICE data", how);
	dma_sync_for_device((uintptr_t)a->page, PAGE_SIZE, DMA_FROM_DEVICE);
	fill(a->alias, PAGE_SIZE, 0x5a);
	dma_sync_for_cpu((uintptr_t)a->page, PAGE_SIZE, DMA_FROM_DEVICE);
	expect(first_diff(a->page, PAGE_SIZE, 0x5a) == PAGE_SIZE,
	       "%s: CPU did not see DMA_FROM_DEVICE data", how);
}

/*
 * With an active PL310 the checks run twice: with Aux Control's shared
 * override as bringup set it, and flipped (TRM DDI 0246 2.3.2: off, a
 * Non-cacheable shareable read looks up L2; on, it goes to memory). Both
 * must pass. A flip that did not take (Control / Aux Control are
 * Secure-only on most boards) makes the test SKIP after the first pass.
 */
SELFTEST(cache, alias_wb_and_nc)
{
	struct alias a = { 0 };
	struct mmu_attrs at;
	bool was;
	int err;

	if (!alias_map(&a, MT_NORMAL_NC, 0))
		return;
	expect(mmu_lookup((uintptr_t)a.alias, &at) && at.type == MT_NORMAL_NC &&
		       at.pa == (uintptr_t)a.page,
	       "alias not mapped non-cacheable to the page");
	if (!outer.active) {
		alias_checks(&a, "no outer cache");
		alias_unmap(&a);
		return;
	}
	was = outer_shared_override();
	alias_checks(&a, was ? "shared override on" : "shared override off");
	err = outer_set_shared_override(!was);
	if (err == PL310_ERR_SECURE) {
		skip("shared override %s passed; flipping it did not take (Aux Control / Control "
		     "are Secure-only)",
		     was ? "on" : "off");
	} else if (expect(err == PL310_OK && outer.active, "flipping the shared override: %d",
			  err)) {
		alias_checks(&a, was ? "shared override off" : "shared override on");
		expect(outer_set_shared_override(was) == PL310_OK && outer.active,
		       "restoring the shared override");
		diag("alias checks passed with the PL310 shared override on and off");
	}
	alias_unmap(&a);
}

#ifdef __aarch64__
#define INSN_RET_IMM(v) (0x52800000u | (uint32_t)(v) << 5) /* movz w0, #v */
#define INSN_RETURN     0xd65f03c0u                        /* ret */
#else
#define INSN_RET_IMM(v) (0xe3a00000u | (uint32_t)(v)) /* mov r0, #v */
#define INSN_RETURN     0xe12fff1eu                   /* bx lr */
#endif

/*
 * New code written as data, run through an executable alias: correct only
 * with the D-side cleaned to PoU and the I-side invalidated in between (ARM
 * ARM DDI 0487, "Concurrent modification and execution of instructions";
 * Linux arch/arm64/mm/flush.c sync_icache_aliases). QEMU is coherent by
 * construction (it drops a translation when its page is written), so on
 * QEMU this passes without the maintenance: the matrix rows with icsync
 * prove it from QEMU's trace (a clean to PoU, then an I-cache invalidate,
 * before each new translation of the alias), and icache_sync=skip (command
 * line) leaves the maintenance out, which the *-icsync-skip rows must catch.
 */
SELFTEST(cache, icache_sync)
{
	struct alias a = { 0 };
	bool maint = !option_is("icache_sync", "skip");

	if (!alias_map(&a, MT_NORMAL, MAP_RO | MAP_X))
		return;
	if (!maint)
		diag("icache_sync=skip: no clean to PoU, no I-cache invalidate");
	for (uint32_t v = 42; v < 45; v++) {
		uint32_t *code = (uint32_t *)a.page;
		code[0] = INSN_RET_IMM(v);
		code[1] = INSN_RETURN;
		if (maint) {
			dcache_clean_pou((uintptr_t)code, 8);
			icache_inval_pou((uintptr_t)a.alias, 8);
		}
		int got = ((int (*)(void))(uintptr_t)a.alias)();
		expect(got == (int)v, "new code returned %d, wrote %u", got, (unsigned)v);
	}
	alias_unmap(&a);
}
