/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lazy: the page-frame policy (mmu/pageframe.h) in the image.
 *
 * code_loader: a small loader copies LOAD_PAGES pages of generated machine
 * code (512 functions per page, each returning its own 16-bit value) into
 * fresh heap frames with copy_page, calls flush_dcache_page on each, maps
 * every EXEC_EVERY-th frame executable in the alias window (the frame stays
 * writable at its identity address: the second-mapping case) and calls every
 * function on those pages. Once with the eager policy, once lazy, with
 * different values so that a stale I-cache line from the first pass would be
 * caught on a board. Lazy must do at least 85% fewer page flushes. QEMU is
 * coherent whatever we do: the host model (tests/host/mmu/test_lazy_flush.c)
 * is what proves the maintenance; here every call must still be right on
 * every CPU, and the counts are exact.
 *
 * api: errors (outside RAM, misaligned, unmapped), the record through a
 * deferred flush, an executable and a data alias mapping, a flush while
 * mapped (at once), unmap; and the IDC/DIC report.
 *
 * With bench=1: retired instructions of the load (copies, flushes, maps)
 * per policy, as "# csv:" rows (routine load_pages, impl eager / lazy).
 */
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "boot/boot.h"
#include "cache/cache.h"
#include "lib/page/page.h"
#include "lib/selftest/selftest.h"
#include "mmu/mmu.h"
#include "mmu/pageframe.h"
#include "selftests/bench.h"

#define LOAD_PAGES  100
#define EXEC_EVERY  10 /* 10% of the loaded pages are executed */
#define NEXEC       (LOAD_PAGES / EXEC_EVERY)
#define FN_BYTES    8 /* two instructions per function */
#define FN_PER_PAGE (PAGE_SIZE / FN_BYTES)

#ifdef __aarch64__
#define INSN_RET_IMM(v) (0x52800000u | (uint32_t)(v) << 5) /* movz w0, #v */
#define INSN_RETURN     0xd65f03c0u                        /* ret */
#else
/* movw r0, #v (not mov: 16-bit values keep every function distinct) */
#define INSN_RET_IMM(v) (0xe3000000u | ((uint32_t)(v) >> 12) << 16 | ((uint32_t)(v)&0xfff))
#define INSN_RETURN     0xe12fff1eu /* bx lr */
#endif

/* Page p, function k, pass `salt`: unique within a pass, different between. */
static uint32_t fn_value(unsigned p, unsigned k, unsigned salt)
{
	return (((uint32_t)p << 9 | k) ^ salt) & 0xffff;
}

static void generate(uint32_t *src, unsigned salt)
{
	for (unsigned p = 0; p < LOAD_PAGES; p++)
		for (unsigned k = 0; k < FN_PER_PAGE; k++) {
			uint32_t *w = src + (p * PAGE_SIZE + k * FN_BYTES) / 4;
			w[0] = INSN_RET_IMM(fn_value(p, k, salt));
			w[1] = INSN_RETURN;
		}
}

struct load {
	uint8_t *src, *frames; /* LOAD_PAGES pages each */
	uintptr_t window;
	int err;
};

/* The loader: copy, flush, map the executed subset. First error kept. */
static void load(struct load *l)
{
	for (unsigned p = 0; p < LOAD_PAGES; p++) {
		copy_page(l->frames + p * PAGE_SIZE, l->src + p * PAGE_SIZE);
		int e = flush_dcache_page((uintptr_t)(l->frames + p * PAGE_SIZE));
		if (e && !l->err)
			l->err = e;
	}
	for (unsigned i = 0; i < NEXEC; i++) {
		uintptr_t f = (uintptr_t)(l->frames + i * EXEC_EVERY * PAGE_SIZE);
		int e = pageframe_map(l->window + i * PAGE_SIZE, f, PF_MAP_EXEC);
		if (e && !l->err)
			l->err = e;
	}
}

static void unload(struct load *l)
{
	for (unsigned i = 0; i < NEXEC; i++)
		expect(pageframe_unmap(l->window + i * PAGE_SIZE) == 0, "unmap of page %u", i);
}

/* Calls every function of every executed page; the number of wrong ones. */
static unsigned call_all(const struct load *l, unsigned salt)
{
	unsigned bad = 0;

	for (unsigned i = 0; i < NEXEC; i++)
		for (unsigned k = 0; k < FN_PER_PAGE; k++) {
			uintptr_t fn = l->window + i * PAGE_SIZE + k * FN_BYTES;
			uint32_t got = (uint32_t)((int (*)(void))fn)();
			uint32_t want = fn_value(i * EXEC_EVERY, k, salt);
			if (got != want && bad++ < 3)
				expect(false, "page %u fn %u returned 0x%x, want 0x%x",
				       i * EXEC_EVERY, k, (unsigned)got, (unsigned)want);
		}
	return bad;
}

/* One pass under `policy`; the stats it produced. insns: retired, or 0. */
static bool pass(struct load *l, enum pageframe_policy policy, unsigned salt,
		 struct pageframe_stats *st, uint64_t *insns)
{
	uint64_t a = 0, b = 0;
	bool counted;

	generate((uint32_t *)l->src, salt);
	pageframe_set_policy(policy);
	pageframe_stats_reset();
	l->err = 0;
	counted = insns && arch_inst_retired(&a);
	load(l);
	if (counted && arch_inst_retired(&b))
		*insns = b - a - bench_overhead;
	*st = *pageframe_stats();
	pageframe_set_policy(PF_POLICY_LAZY);
	if (!expect(l->err == 0, "load: %s", pageframe_strerror(l->err)))
		return false;
	expect(call_all(l, salt) == 0, "wrong results after the %s load",
	       policy == PF_POLICY_EAGER ? "eager" : "lazy");
	unload(l);
	return true;
}

static bool setup(struct load *l)
{
	l->window = mmu_alias_window();
	if (!l->window) {
		skip("no VA window for executable mappings on this memory map");
		return false;
	}
	l->src = memalign(PAGE_SIZE, LOAD_PAGES * PAGE_SIZE);
	l->frames = memalign(PAGE_SIZE, LOAD_PAGES * PAGE_SIZE);
	return expect(l->src && l->frames, "no memory for %u pages", 2 * LOAD_PAGES);
}

static void teardown(struct load *l)
{
	free(l->src);
	free(l->frames);
}

SELFTEST(lazy, code_loader)
{
	struct pageframe_stats eager, lazy;
	struct load l = { 0 };

	if (!setup(&l))
		return;
	if (pass(&l, PF_POLICY_EAGER, 0x0000, &eager, NULL) &&
	    pass(&l, PF_POLICY_LAZY, 0xa5a5, &lazy, NULL)) {
		diag("%u pages loaded, %u executed (%u functions called per pass)", LOAD_PAGES,
		     NEXEC, (unsigned)(NEXEC * FN_PER_PAGE));
		diag("page flushes: eager %lu, lazy %lu (%lu deferred, %lu at map time): %lu%% "
		     "fewer",
		     eager.page_flushes, lazy.page_flushes, lazy.deferred, lazy.map_flushes,
		     eager.page_flushes ? 100 - lazy.page_flushes * 100 / eager.page_flushes : 0);
		diag("cache ops: eager %lu D-clean, %lu I-inval, %lu I-inval-all; lazy %lu, %lu, "
		     "%lu",
		     eager.dcache_cleans, eager.icache_invals, eager.icache_inv_all,
		     lazy.dcache_cleans, lazy.icache_invals, lazy.icache_inv_all);
		expect(eager.page_flushes == LOAD_PAGES, "eager flushed %lu pages, want %u",
		       eager.page_flushes, LOAD_PAGES);
		expect(lazy.page_flushes == NEXEC && lazy.map_flushes == NEXEC,
		       "lazy flushed %lu pages (%lu at map time), want %u", lazy.page_flushes,
		       lazy.map_flushes, NEXEC);
		expect(lazy.page_flushes * 100 <= eager.page_flushes * 15,
		       "lazy did not save 85%% of the page flushes");
	}
	teardown(&l);
}

static bool in_ram(uint64_t a)
{
	for (unsigned i = 0; i < boot.hw.board.nram; i++)
		if (a >= boot.hw.board.ram[i].base &&
		    a - boot.hw.board.ram[i].base < boot.hw.board.ram[i].size)
			return true;
	return false;
}

SELFTEST(lazy, api)
{
	const struct mem_bank *last = &boot.hw.board.ram[boot.hw.board.nram - 1];
	uint64_t outside = last->base + last->size;
	const struct pageframe_cpu *cpu;
	struct pageframe_info in;
	uintptr_t w = mmu_alias_window();
	uint8_t *f = memalign(PAGE_SIZE, PAGE_SIZE);
	unsigned long before;

	if (!expect(f != NULL, "no frame"))
		return;
	expect(flush_dcache_page((uintptr_t)f + 8) == PF_EALIGN, "misaligned frame accepted");
	if (!in_ram(outside))
		expect(flush_dcache_page(outside) == PF_ERANGE &&
			       pageframe_map(w, outside, PF_MAP_EXEC) == PF_ERANGE,
		       "frame 0x%llx past the end of RAM accepted", (unsigned long long)outside);
	expect(pageframe_map(w, (uintptr_t)f, 7) == PF_EKIND, "bad kind accepted");
	expect(pageframe_unmap(w) == PF_ENOTMAPPED, "unmap of an empty VA");
	expect(pageframe_unmap((uintptr_t)f) == PF_ENOTMAPPED, "unmap of the identity map");

	memset(f, 0x5a, PAGE_SIZE);
	expect(flush_dcache_page((uintptr_t)f) == 0, "flush");
	expect(pageframe_query((uintptr_t)f, &in) == 0 && in.flags == 0 && in.nmap == 0,
	       "after a deferred flush: flags %u nmap %u", in.flags, in.nmap);
	if (w) {
		expect(pageframe_map(w, (uintptr_t)f, PF_MAP_ALIAS) == 0, "alias map");
		expect(((volatile uint8_t *)w)[100] == 0x5a, "alias does not show the frame");
		expect(pageframe_query((uintptr_t)f, &in) == 0 && in.nmap == 1 && in.nexec == 0 &&
			       (in.flags & PF_DCACHE_CLEAN),
		       "after an alias map: flags %u nmap %u", in.flags, in.nmap);
		before = pageframe_stats()->page_flushes;
		f[100] = 0xa5;
		expect(flush_dcache_page((uintptr_t)f) == 0, "flush while mapped");
		expect(pageframe_stats()->page_flushes == before + 1,
		       "flush while mapped deferred");
		expect(((volatile uint8_t *)w)[100] == 0xa5, "alias does not show the write");
		expect(pageframe_unmap(w) == 0, "alias unmap");
		expect(pageframe_query((uintptr_t)f, &in) == 0 && in.nmap == 0,
		       "count after unmap");
	}

	cpu = pageframe_cpu();
	if (expect(cpu != NULL, "no table"))
		diag("CTR 0x%llx: IDC %d, DIC %d: %s; %s; I-cache %s",
		     (unsigned long long)cache_info.regs.ctr, cpu->idc, cpu->dic,
		     cpu->idc ? "D-clean to PoU not needed for fetch (skipped)"
			      : "D-clean to PoU needed",
		     cpu->dic ? "I-invalidate not needed (skipped)" : "I-invalidate needed",
		     cpu->icache_aliases ? "may alias: invalidated whole"
					 : "does not alias: invalidated by address");
	free(f);
}

SELFTEST(bench, load_pages)
{
	const char *why, *cpu = bench_cpu_name();
	struct pageframe_stats st[2];
	uint64_t insns[2] = { 0, 0 };
	struct load l = { 0 };

	if (!bench_enabled(&why)) {
		skip("%s", why);
		return;
	}
	if (!setup(&l))
		return;
	/* A warm-up pass (page tables for the window, heap), then one each.
	 * Each pass's results are checked (pass), and so are the counts the
	 * comparison stands on: eager flushed every page, lazy only the
	 * executed ones, and lazy retired fewer instructions. */
	bool ran = pass(&l, PF_POLICY_EAGER, 0x1234, &st[0], NULL) &&
		   pass(&l, PF_POLICY_EAGER, 0x4321, &st[0], &insns[0]) &&
		   pass(&l, PF_POLICY_LAZY, 0x4322, &st[1], &insns[1]);
	if (!expect(ran, "a load pass failed")) {
		teardown(&l);
		return;
	}
	expect(st[0].page_flushes == LOAD_PAGES, "eager flushed %lu pages, want %u",
	       st[0].page_flushes, LOAD_PAGES);
	expect(st[1].page_flushes == NEXEC, "lazy flushed %lu pages, want %u", st[1].page_flushes,
	       NEXEC);
	if (!insns[0] || !insns[1])
		diag("load_pages: no instruction counts (no PMU)");
	else
		expect(insns[1] < insns[0], "lazy retired %llu instructions, eager %llu: no saving",
		       (unsigned long long)insns[1], (unsigned long long)insns[0]);
	for (unsigned i = 0; i < 2 && insns[1]; i++) {
		diag("load_pages %-5s %u pages, %u executed: %llu instructions, %lu page flushes",
		     i ? "lazy" : "eager", LOAD_PAGES, NEXEC, (unsigned long long)insns[i],
		     st[i].page_flushes);
		diag("csv: %s,load_pages,%s,%u,%llu,", cpu, i ? "lazy" : "eager",
		     (unsigned)(LOAD_PAGES * PAGE_SIZE), (unsigned long long)insns[i]);
	}
	if (insns[1] && insns[1] < insns[0])
		diag("lazy saves %llu instructions (%llu%%)",
		     (unsigned long long)(insns[0] - insns[1]),
		     (unsigned long long)((insns[0] - insns[1]) * 100 / insns[0]));
	teardown(&l);
}
