/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The system model (system_model.h): DRAM, the L1s, background activity
 * and the program's accesses; and cache_info, the geometry the image's
 * cache/range.c reads. The outer cache's lines: system_model_outer.c. The
 * link seams and the PL310 register file: system_model_seams.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache/cache.h"
#include "cache/pl310.h"
#include "tests/host/cache/system_model_priv.h"

enum { BY_CPU, BY_DEV }; /* owner[]: who wrote a byte last */

struct cache_info cache_info; /* the image's geometry, as cache_probe would set it */
struct sm_stats sm_stats;

struct sm_config sm_cfg;
static unsigned line;
struct l1line sm_l1[SM_CORES][SM_L1_SETS][SM_L1_WAYS];
struct l2line sm_l2[L2_SETS][SM_L2_WAYS];
static uint8_t dram[SM_DRAM_BYTES], truth[SM_DRAM_BYTES], owner[SM_DRAM_BYTES];
struct sm_regs sm_r;
static uint64_t rng;
static uint32_t lru_clock;
static unsigned p_spec, p_ev1, p_ev2, p_mw;
static uintptr_t spec_lo, spec_hi, mw_lo, mw_hi;
static bool in_tick;
static uintptr_t stuck_pa; /* a DRAM cell with stuck bits (0: none) */
static uint8_t stuck_mask, stuck_val;
static void (*observer)(void);

uint64_t sm_rand(void)
{
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	return rng;
}

void sm_note(enum sm_kind k, const char *fmt, ...)
{
	va_list ap;

	sm_stats.violations[k]++;
	if (sm_stats.nfirst < 4) {
		va_start(ap, fmt);
		vsnprintf(sm_stats.first[sm_stats.nfirst++], sizeof(sm_stats.first[0]), fmt, ap);
		va_end(ap);
	}
}

unsigned long sm_total_violations(void)
{
	unsigned long n = 0;
	for (int k = 0; k < SM_KINDS; k++)
		n += sm_stats.violations[k];
	return n;
}

static size_t off(uintptr_t pa)
{
	if (pa < SM_DRAM_BASE || pa - SM_DRAM_BASE >= SM_DRAM_BYTES) {
		fprintf(stderr, "system model: address 0x%lx outside DRAM (test bug)\n",
			(unsigned long)pa);
		abort();
	}
	return pa - SM_DRAM_BASE;
}

uint8_t sm_truth(uintptr_t pa)
{
	return truth[off(pa)];
}

bool sm_l2_enabled(void)
{
	return sm_r.ctrl & 1;
}

static bool nc_looks_up_l2(void)
{
	return sm_l2_enabled() && !(sm_r.aux & PL310_AUX_SHARED_OVERRIDE);
}

/* A write-back reaching DRAM: it must not change what the device wrote last. */
void sm_dram_write(uintptr_t pa, const uint8_t *src, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		size_t o = off(pa + i);
		if (owner[o] == BY_DEV && src[i] != truth[o])
			sm_note(SM_DEV_OVERWRITTEN,
				"write-back of 0x%lx put 0x%02x over the device's 0x%02x",
				(unsigned long)(pa + i), src[i], truth[o]);
		dram[o] = src[i];
	}
	sm_dram_apply_fault();
}

void sm_dram_stuck(uintptr_t pa, uint8_t mask, uint8_t value)
{
	stuck_pa = pa, stuck_mask = mask, stuck_val = value & mask;
	sm_dram_apply_fault();
}

void sm_dram_apply_fault(void)
{
	if (stuck_pa) {
		uint8_t *d = &dram[off(stuck_pa)];
		*d = (uint8_t)((*d & ~stuck_mask) | stuck_val);
	}
}

uint8_t sm_dram_peek(uintptr_t pa)
{
	return dram[off(pa)];
}

uint8_t *sm_dram_at(uintptr_t pa)
{
	return &dram[off(pa)];
}

/* --- the L1s ------------------------------------------------------------- */
struct l1line *sm_l1_find(unsigned core, uintptr_t pa)
{
	struct l1line *s = sm_l1[core][(pa / line) % SM_L1_SETS];
	pa &= ~(uintptr_t)(line - 1);
	for (int w = 0; w < SM_L1_WAYS; w++)
		if (s[w].valid && s[w].tag == pa)
			return &s[w];
	return NULL;
}

void sm_l1_op(struct l1line *l, int op)
{
	if (!l->valid)
		return;
	/* An invalidate by VA may write a dirty line back (cache/dma.c): at random. */
	if (l->dirty && (op != OP_INV || (sm_rand() & 1)))
		sm_lower_write(l->tag, l->d, line);
	l->dirty = false;
	if (op != OP_CLEAN)
		l->valid = false;
}

/* The line holding pa in core's L1: a hit, a line migrated from the other
 * core, or a fill from below (the LRU victim written back first). */
static struct l1line *l1_get(unsigned core, uintptr_t pa)
{
	struct l1line *l = sm_l1_find(core, pa), *s, *o = NULL;

	if (!l) {
		s = sm_l1[core][(pa / line) % SM_L1_SETS];
		l = &s[0];
		for (int w = 1; w < SM_L1_WAYS && l->valid; w++)
			if (!s[w].valid || s[w].lru < l->lru)
				l = &s[w];
		sm_l1_op(l, OP_CINV);
		for (unsigned c = 0; c < SM_CORES && !o; c++)
			o = c == core ? NULL : sm_l1_find(c, pa);
		if (o) {
			*l = *o;
			o->valid = o->dirty = false;
		} else {
			*l = (struct l1line){ .tag = pa & ~(uintptr_t)(line - 1), .valid = true };
			sm_lower_read(l->tag, l->d, line);
		}
	}
	l->lru = ++lru_clock;
	return l;
}

/* --- background activity ------------------------------------------------- */
void sm_tick(void)
{
	uint64_t x;

	if (in_tick)
		return;
	in_tick = true;
	sm_stats.ticks++;
	x = sm_rand();
	if ((x & 0xffff) < p_spec && spec_hi > spec_lo) {
		l1_get((x >> 16) & 1, spec_lo + sm_rand() % (spec_hi - spec_lo));
		sm_stats.spec_fills++;
	}
	if (((x >> 20) & 0xffff) < p_ev1) {
		struct l1line *l =
			&sm_l1[(x >> 36) & 1][(x >> 37) % SM_L1_SETS][(x >> 41) % SM_L1_WAYS];
		sm_stats.l1_evictions += l->valid;
		sm_l1_op(l, OP_CINV);
	}
	if (((x >> 44) & 0xffff) < p_ev2 && sm_l2_enabled()) {
		struct l2line *l = &sm_l2[sm_rand() % L2_SETS][sm_rand() % SM_L2_WAYS];
		sm_stats.l2_evictions += l->valid;
		sm_l2_op(l, OP_CINV);
		l->valid = false;
	}
	if (p_mw && (sm_rand() & 0xffff) < p_mw) {
		uintptr_t a = mw_lo + sm_rand() % (mw_hi - mw_lo);
		struct l1line *l = l1_get(0, a);
		l->d[a & (line - 1)] = truth[off(a)] = (uint8_t)sm_rand();
		owner[off(a)] = BY_CPU;
		l->dirty = true;
		if (sm_rand() & 1)
			sm_l1_op(l, OP_CINV); /* an eviction right away */
	}
	if (observer)
		observer();
	in_tick = false;
}

void sm_observe(void (*fn)(void))
{
	observer = fn;
}

/* --- the program's accesses ---------------------------------------------- */
static void check_read(enum sm_kind k, const char *who, uintptr_t pa, uint8_t v)
{
	if (v != truth[off(pa)])
		sm_note(k, "%s read 0x%02x at 0x%lx, last written 0x%02x", who, v,
			(unsigned long)pa, truth[off(pa)]);
}

uint8_t sm_cpu_read(unsigned core, uintptr_t pa)
{
	sm_tick();
	uint8_t v = l1_get(core, pa)->d[pa & (line - 1)];
	check_read(SM_CPU_STALE, core ? "CPU1" : "CPU0", pa, v);
	return v;
}

uint8_t sm_cpu_read_raw(unsigned core, uintptr_t pa)
{
	sm_tick();
	return l1_get(core, pa)->d[pa & (line - 1)];
}

void sm_cpu_write(unsigned core, uintptr_t pa, uint8_t v)
{
	sm_tick();
	struct l1line *l = l1_get(core, pa);
	l->d[pa & (line - 1)] = truth[off(pa)] = v;
	owner[off(pa)] = BY_CPU;
	l->dirty = true;
}

uint8_t sm_nc_read(uintptr_t pa)
{
	sm_tick();
	struct l2line *l = nc_looks_up_l2() ? sm_l2_find(pa) : NULL;
	uint8_t v = l ? l->d[pa % PL310_LINE] : dram[off(pa)];
	check_read(SM_CPU_STALE, "non-cacheable", pa, v);
	return v;
}

void sm_nc_write(uintptr_t pa, uint8_t v)
{
	sm_tick();
	struct l2line *l = nc_looks_up_l2() ? sm_l2_find(pa) : NULL;
	if (l)
		l->d[pa % PL310_LINE] = v; /* write-through to a hit, no allocate */
	dram[off(pa)] = truth[off(pa)] = v;
	owner[off(pa)] = BY_CPU;
	sm_dram_apply_fault();
}

static void dma_check_synced(void)
{
	if (sm_r.sync_pending)
		sm_note(SM_PROTOCOL, "DMA access while outer maintenance awaits a Cache Sync");
	sm_r.sync_pending = false; /* one note per occurrence */
}

uint8_t sm_dma_read(uintptr_t pa)
{
	sm_tick();
	dma_check_synced();
	check_read(SM_DEV_STALE, "device", pa, dram[off(pa)]);
	return dram[off(pa)];
}

void sm_dma_write(uintptr_t pa, uint8_t v)
{
	sm_tick();
	dma_check_synced();
	dram[off(pa)] = truth[off(pa)] = v;
	owner[off(pa)] = BY_DEV;
}

/* --- set-up and checks ---------------------------------------------------- */
void sm_reset(const struct sm_config *c, uint64_t seed)
{
	sm_cfg = *c;
	line = c->l1_line;
	rng = seed * 0x9e3779b97f4a7c15ull | 1;
	memset(&sm_stats, 0, sizeof(sm_stats));
	memset(sm_l1, 0, sizeof(sm_l1));
	memset(&sm_r, 0, sizeof(sm_r));
	for (size_t i = 0; i < SM_DRAM_BYTES; i++)
		truth[i] = dram[i] = (uint8_t)sm_rand(), owner[i] = BY_CPU;
	/* Reset garbage: every line valid, half dirty, random data; firmware
	 * that enabled the cache invalidated it first. */
	for (unsigned s = 0; s < L2_SETS; s++)
		for (unsigned w = 0; w < SM_L2_WAYS; w++) {
			struct l2line *l = &sm_l2[s][w];
			l->tag = SM_DRAM_BASE + ((uintptr_t)w * L2_SETS + s) * PL310_LINE;
			l->valid = !c->fw_enabled, l->dirty = sm_rand() & 1;
			for (unsigned i = 0; i < PL310_LINE; i++)
				l->d[i] = (uint8_t)sm_rand();
		}
	sm_r.aux = 1u << 17 | (c->aux_override ? PL310_AUX_SHARED_OVERRIDE : 0); /* 8 x 16 KiB */
	sm_r.ctrl = sm_r.invalidated = c->fw_enabled;
	if (c->fw_flz)
		sm_r.aux |= PL310_AUX_FULL_LINE_ZERO, sm_r.actlr_flz = true;
	memset(&cache_info, 0, sizeof(cache_info));
	cache_info.dline = cache_info.iline = line;
	p_spec = p_ev1 = p_ev2 = p_mw = 0;
	spec_lo = spec_hi = 0;
	stuck_pa = 0;
	observer = NULL;
	for (unsigned i = 0; i < 16; i++) /* firmware's lockdown, or none */
		sm_r.lockdown[i] = c->fw_lockdown;
}

void sm_activity(unsigned spec, unsigned evict1, unsigned evict2)
{
	p_spec = spec, p_ev1 = evict1, p_ev2 = evict2;
}

void sm_spec_window(uintptr_t lo, uintptr_t hi)
{
	spec_lo = lo, spec_hi = hi;
}

void sm_meanwhile(unsigned prob, uintptr_t lo, uintptr_t hi)
{
	p_mw = prob, mw_lo = lo, mw_hi = hi;
}

void sm_check_memory(void)
{
	for (size_t i = 0; i < SM_DRAM_BYTES; i++)
		if (dram[i] != truth[i])
			sm_note(SM_MEMORY, "memory at 0x%lx holds 0x%02x, last written 0x%02x",
				(unsigned long)(SM_DRAM_BASE + i), dram[i], truth[i]);
}
