/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The lazy flush policy over a page-frame table: see mmu/pageframe.h.
 *
 * Plain C: every cache and MMU operation goes through struct pageframe_ops,
 * so this file links unchanged into the image (mmu/pageframe_ops.c) and into
 * the host cache model (tests/host/mmu/test_lazy_flush.c).
 *
 * TEST-ONLY mutants: tests/host/mmu/mmu.mk builds this file with one of the
 * LAZY_MUTANT_* macros to prove the model catches the bug each one plants.
 * The image never defines them.
 */
#include "mmu/pageframe.h"

#include <stddef.h>
#include <stdlib.h>

#include "cache/cache.h"

struct pf_rec {
	uint8_t flags; /* PF_DCACHE_CLEAN | PF_ICACHE_CLEAN */
	uint8_t nmap;  /* counted mappings, <= PF_MAX_MAPS */
	uint8_t nexec; /* of which executable */
	uint8_t unused;
};

struct pf_bank {
	uint64_t base, frames;
	size_t first; /* index of its first record */
};

static struct {
	struct pf_rec *rec;
	struct pf_bank bank[MEM_MAX_BANKS];
	unsigned nbank;
	const struct pageframe_ops *ops;
	struct pageframe_cpu cpu;
	enum pageframe_policy policy;
	struct pageframe_stats stats;
} pf;

/* What pageframe_defer_init() registered, for set-up on first use. */
static struct {
	const struct mem_bank *ram;
	unsigned nram;
	const struct pageframe_ops *ops;
	struct pageframe_cpu cpu;
} deferred;

void pageframe_defer_init(const struct mem_bank *ram, unsigned nram,
			  const struct pageframe_ops *ops, const struct pageframe_cpu *cpu)
{
	deferred.ram = ram;
	deferred.nram = nram;
	deferred.ops = ops;
	deferred.cpu = cpu ? *cpu : (struct pageframe_cpu){ 0 };
}

static int auto_init(void)
{
	if (!deferred.ops)
		return PF_ENOMEM;
	return pageframe_init(deferred.ram, deferred.nram, deferred.ops, &deferred.cpu);
}

void pageframe_reset(void)
{
	free(pf.rec);
	pf.rec = NULL;
	pf.nbank = 0;
}

int pageframe_init(const struct mem_bank *ram, unsigned nram, const struct pageframe_ops *ops,
		   const struct pageframe_cpu *cpu)
{
	size_t total = 0;

	pageframe_reset();
	if (nram > MEM_MAX_BANKS)
		nram = MEM_MAX_BANKS;
	for (unsigned i = 0; i < nram; i++) {
		if (!ram[i].size || ((ram[i].base | ram[i].size) & (PAGE_SIZE - 1)))
			return PF_ERANGE;
		pf.bank[i] = (struct pf_bank){ ram[i].base, ram[i].size >> PAGE_SHIFT, total };
		total += (size_t)pf.bank[i].frames;
	}
	pf.rec = calloc(total ? total : 1, sizeof(*pf.rec)); /* flags 0: not clean */
	if (!pf.rec)
		return PF_ENOMEM;
	pf.nbank = nram;
	pf.ops = ops;
	pf.cpu = *cpu;
	return 0;
}

void pageframe_cpu_from_cache(const struct cache_info *ci, bool aarch64, struct pageframe_cpu *out)
{
	unsigned l1ip = (unsigned)(ci->regs.ctr >> 14) & 3;
	const struct cache_desc *i = &ci->level[0].i;

	out->idc = ci->idc;
	out->dic = ci->dic;
	if (l1ip == 3 || (l1ip == 0 && aarch64)) /* PIPT; VPIPT */
		out->icache_aliases = false;
	else if (l1ip == 2 && ci->level[0].type == CT_SEPARATE && i->sets && i->line_bytes)
		out->icache_aliases = (uint64_t)i->sets * i->line_bytes > PAGE_SIZE; /* VIPT */
	else
		out->icache_aliases = true; /* AIVIVT, reserved, or no geometry */
}

const struct pageframe_cpu *pageframe_cpu(void)
{
	return pf.rec ? &pf.cpu : NULL;
}

/* The frame's record, setting the table up on first use; NULL and *err. */
static struct pf_rec *frame_rec(uint64_t frame, int *err)
{
	if (frame & (PAGE_SIZE - 1)) {
		*err = PF_EALIGN;
		return NULL;
	}
	if (!pf.rec) {
		int e = auto_init();
		if (e || !pf.rec) {
			*err = e ? e : PF_ENOMEM;
			return NULL;
		}
	}
	for (unsigned i = 0; i < pf.nbank; i++) {
		const struct pf_bank *b = &pf.bank[i];
		if (frame >= b->base && (frame - b->base) >> PAGE_SHIFT < b->frames)
			return &pf.rec[b->first + (size_t)((frame - b->base) >> PAGE_SHIFT)];
	}
	*err = PF_ERANGE;
	return NULL;
}

/*
 * Make `frame` coherent for mappings of the given kinds. Each half is done
 * only if its flag says it is needed, and only if this CPU needs it at all
 * (IDC, DIC). D before I: the I-cache refills from PoU, so PoU must hold the
 * new bytes before the stale lines go.
 */
static void make_coherent(struct pf_rec *r, uint64_t frame, unsigned kinds, bool mapping)
{
	bool alias = kinds & PF_MAP_ALIAS, exec = kinds & PF_MAP_EXEC;
	bool want_d = !(r->flags & PF_DCACHE_CLEAN), want_i = exec && !(r->flags & PF_ICACHE_CLEAN);
	bool did = false;

	if (want_d && pf.cpu.idc && !alias) {
		/* Fetch sees the D-cache (IDC) and no alias reads below it. The
		 * flag stays clear: a later alias still needs the clean. */
		pf.stats.dclean_skipped++;
	} else if (want_d) {
		pf.ops->dcache_clean_pou(frame);
		pf.stats.dcache_cleans++;
		r->flags |= PF_DCACHE_CLEAN;
		did = true;
	}
#ifdef LAZY_MUTANT_NO_IINVAL /* TEST-ONLY: the I-cache is never invalidated */
	want_i = false;
#endif
	if (want_i && pf.cpu.dic) {
		pf.stats.iinval_skipped++; /* the I-cache is coherent (DIC) */
	} else if (want_i) {
#ifndef LAZY_MUTANT_IINVAL_BY_VA /* TEST-ONLY: by address even if it aliases */
		if (pf.cpu.icache_aliases) {
			pf.ops->icache_inval_all();
			pf.stats.icache_inv_all++;
		} else
#endif
		{
			pf.ops->icache_inval_pou(frame);
			pf.stats.icache_invals++;
		}
		did = true;
	}
	if (want_i)
		r->flags |= PF_ICACHE_CLEAN;
	if (did) {
		pf.stats.page_flushes++;
		if (mapping)
			pf.stats.map_flushes++;
	}
}

int flush_dcache_page(uint64_t frame)
{
	int err = 0;
	struct pf_rec *r = frame_rec(frame, &err);
	bool mapped;

	if (!r)
		return err;
	pf.stats.flush_calls++;
	r->flags &= (uint8_t) ~(PF_DCACHE_CLEAN | PF_ICACHE_CLEAN);
	mapped = r->nmap != 0;
#ifdef LAZY_MUTANT_NO_MAPCOUNT /* TEST-ONLY: defers even when mapped */
	mapped = false;
#endif
	if (pf.policy == PF_POLICY_EAGER) /* nobody is known: assume every kind */
		make_coherent(r, frame, PF_MAP_EXEC | PF_MAP_ALIAS, false);
	else if (mapped)
		make_coherent(r, frame,
			      (r->nexec ? PF_MAP_EXEC : 0) |
				      (r->nmap > r->nexec ? PF_MAP_ALIAS : 0),
			      false);
	else
		pf.stats.deferred++;
	return 0;
}

int pageframe_map(uintptr_t va, uint64_t frame, unsigned kind)
{
	int err = 0;
	struct pf_rec *r;

	if (va & (PAGE_SIZE - 1))
		return PF_EALIGN;
	if (kind != PF_MAP_EXEC && kind != PF_MAP_ALIAS)
		return PF_EKIND;
	r = frame_rec(frame, &err);
	if (!r)
		return err;
	if (r->nmap >= PF_MAX_MAPS)
		return PF_EBUSY;
#ifndef LAZY_MUTANT_NO_DEFERRED_FLUSH /* TEST-ONLY: maps without the maintenance */
	make_coherent(r, frame, kind, true);
#endif
	if (pf.ops->map(va, frame, kind))
		return PF_EMAP;
	r->nmap++;
	if (kind == PF_MAP_EXEC)
		r->nexec++;
	return 0;
}

int pageframe_unmap(uintptr_t va)
{
	int err = 0;
	uint64_t frame;
	unsigned kind;
	struct pf_rec *r;

	if (va & (PAGE_SIZE - 1))
		return PF_EALIGN;
	if (!pf.rec && (err = auto_init()) != 0)
		return err;
	/* The identity mapping (va == frame) is never a counted one. */
	if (!pf.ops->lookup(va, &frame, &kind) || frame == va)
		return PF_ENOTMAPPED;
	r = frame_rec(frame, &err);
	if (!r || (kind == PF_MAP_EXEC ? !r->nexec : r->nmap == r->nexec))
		return PF_ENOTMAPPED; /* not a RAM frame, or not mapped through us */
	if (pf.ops->unmap(va))
		return PF_EMAP;
	r->nmap--;
	if (kind == PF_MAP_EXEC)
		r->nexec--;
	return 0;
}

int pageframe_query(uint64_t frame, struct pageframe_info *out)
{
	int err = 0;
	const struct pf_rec *r = frame_rec(frame, &err);

	if (!r)
		return err;
	*out = (struct pageframe_info){ r->flags, r->nmap, r->nexec };
	return 0;
}

void pageframe_set_policy(enum pageframe_policy p)
{
	pf.policy = p;
}

const struct pageframe_stats *pageframe_stats(void)
{
	return &pf.stats;
}

void pageframe_stats_reset(void)
{
	pf.stats = (struct pageframe_stats){ 0 };
}

const char *pageframe_strerror(int err)
{
	switch (err) {
	case 0: return "success";
	case PF_EALIGN: return "frame or VA not 4 KiB aligned";
	case PF_ERANGE: return "frame outside every RAM bank";
	case PF_EKIND: return "unknown mapping kind";
	case PF_EBUSY: return "frame has too many mappings";
	case PF_ENOTMAPPED: return "no frame mapped through pageframe_map there";
	case PF_EMAP: return "the MMU refused the mapping";
	case PF_ENOMEM: return "no page-frame table (no memory, or set up failed)";
	default: return "unknown error";
	}
}
