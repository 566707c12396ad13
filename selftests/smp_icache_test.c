/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * smp: I-cache coherency across cores. One core writes a function into a
 * page (through its read-write, execute-never identity map), cleans it to
 * PoU and invalidates the I-cache for it by VA -- maintenance that reaches
 * every core of the Inner Shareable domain (ARM ARM DDI 0487 D7.5.9 "Cache
 * maintenance instructions"; DDI 0406C B2.2.6 with the Multiprocessing
 * Extensions) -- then every other core, after an ISB, calls it through an
 * executable alias of the page and must get the new value (Linux
 * arch/arm64/mm/flush.c __flush_icache_range for the same sequence).
 * Each core writes once, with a value of its own, so a stale line left by
 * the previous writer would be seen -- on a board. QEMU is coherent by
 * construction (it drops a translation when its page is written), so on
 * QEMU this passes without the maintenance: the matrix rows with icsync
 * prove it from QEMU's trace (a clean to PoU, then an I-cache invalidate,
 * before each new translation of the alias), and icache_sync=skip (command
 * line) leaves the maintenance out, which the *-icsync-skip rows must catch.
 */
#include <inttypes.h>
#include <malloc.h>
#include <string.h>

#include "arch/sysreg.h"
#include "cache/cache.h"
#include "front/options.h"
#include "lib/selftest/selftest.h"
#include "mmu/mmu.h"
#include "smp/smp.h"

#ifdef __aarch64__
#define INSN_RET_IMM(v) (0x52800000u | (uint32_t)(v) << 5) /* movz w0, #v */
#define INSN_RETURN     0xd65f03c0u                        /* ret */
#else
#define INSN_RET_IMM(v) (0xe3000000u | ((uint32_t)(v) >> 12) << 16 | ((uint32_t)(v)&0xfff))
#define INSN_RETURN     0xe12fff1eu /* bx lr */
#endif

struct ic_run {
	bool maint;     /* false: icache_sync=skip */
	uint32_t *code; /* the page, as written (identity map) */
	uintptr_t exec; /* its executable alias */
	uint32_t value; /* what the function returns this round */
	int err;
	uint32_t got[SMP_MAX_CPUS];
};

static void ic_write(struct smp_cpu *self, void *arg)
{
	struct ic_run *r = arg;

	(void)self;
	r->code[0] = INSN_RET_IMM(r->value);
	r->code[1] = INSN_RETURN;
	if (!r->maint)
		return;
	r->err = dcache_clean_pou((uintptr_t)r->code, 8);
	if (!r->err)
		r->err = icache_inval_pou(r->exec, 8);
}

static void ic_call(struct smp_cpu *self, void *arg)
{
	struct ic_run *r = arg;

	isb(); /* no instruction fetched before the maintenance completed */
	r->got[self->index] = ((uint32_t(*)(void))r->exec)();
}

SELFTEST(smp, icache_coherency)
{
	const struct smp_info *s = smp_init();
	struct smp_mask mask = smp_online_mask();
	struct ic_run r = { 0 };
	unsigned rounds = 0;
	bool ok = true;
	int err;

	if (smp_mask_count(mask) < 2) {
		skip("one CPU online");
		return;
	}
	if (!mmu_alias_window()) {
		skip("no alias window");
		return;
	}
	r.maint = !option_is("icache_sync", "skip");
	if (!r.maint)
		diag("icache_sync=skip: no clean to PoU, no I-cache invalidate");
	r.code = memalign(PAGE_SIZE, PAGE_SIZE);
	r.exec = mmu_alias_window() + (1u << 20) - 2 * PAGE_SIZE;
	err = mmu_map_page(r.exec, (uintptr_t)r.code, MT_NORMAL, MAP_X | MAP_RO);
	if (!expect(err == 0, "executable alias: error %d", err)) {
		free(r.code);
		return;
	}
	for (unsigned w = 0; w < s->ncpu; w++) {
		if (!smp_mask_has(mask, w))
			continue;
		r.value = 0x1c00 + w;
		ok &= expect(smp_run(smp_mask_of(w), ic_write, &r) == 0 && r.err == 0,
			     "cpu%u: writing the code failed (%d)", w, r.err);
		ok &= expect(smp_run(smp_mask_without(mask, w), ic_call, &r) == 0,
			     "a CPU did not call the code");
		for (unsigned i = 0; i < s->ncpu; i++)
			if (i != w && smp_mask_has(mask, i))
				ok &= expect(r.got[i] == r.value,
					     "cpu%u ran 0x%04" PRIx32
					     " after cpu%u wrote 0x%04" PRIx32,
					     i, r.got[i], w, r.value);
		rounds++;
	}
	if (ok) /* the success line only on success */
		diag("I-cache: %u writers, each cleaned to PoU and invalidated by VA; every other "
		     "CPU "
		     "ran the new code",
		     rounds);
	mmu_unmap_page(r.exec);
	free(r.code);
}
