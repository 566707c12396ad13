/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The system model's outer cache (system_model.h): the PL310's lines, their
 * maintenance, allocation (lockdown honoured) and the level below the L1s,
 * through the outer cache when it is enabled, else straight to DRAM. Its
 * registers: system_model_seams.c.
 */
#include <string.h>

#include "tests/host/cache/system_model_priv.h"

struct l2line *sm_l2_find(uintptr_t pa)
{
	struct l2line *s = sm_l2[(pa / PL310_LINE) % L2_SETS];
	pa &= ~(uintptr_t)(PL310_LINE - 1);
	for (int w = 0; w < SM_L2_WAYS; w++)
		if (s[w].valid && s[w].tag == pa)
			return &s[w];
	return NULL;
}

void sm_l2_op(struct l2line *l, int op)
{
	if (!l->valid)
		return;
	if (op != OP_INV && l->dirty) {
		sm_dram_write(l->tag, l->d, PL310_LINE);
		l->dirty = false;
	}
	if (op != OP_CLEAN)
		l->valid = false;
}

/* A way for a new line: never a way the lockdown registers lock (TRM DDI
 * 0246 "Cache lockdown": locked ways still hit, but nothing is allocated
 * there; the model's L1s are master 0's data side). NULL if all are. */
static struct l2line *l2_alloc(uintptr_t pa)
{
	struct l2line *s = sm_l2[(pa / PL310_LINE) % L2_SETS], *v = NULL;
	uint32_t locked = sm_r.lockdown[0];
	unsigned w0 = (unsigned)(sm_rand() % SM_L2_WAYS);

	for (unsigned k = 0; k < SM_L2_WAYS && !v; k++) {
		unsigned w = (w0 + k) % SM_L2_WAYS;
		if (!(locked & (1u << w)))
			v = &s[w];
	}
	for (int w = 0; v && w < SM_L2_WAYS; w++)
		if (!s[w].valid && !(locked & (1u << w)))
			v = &s[w];
	if (!v)
		return NULL;
	sm_l2_op(v, OP_CINV);
	*v = (struct l2line){ .tag = pa & ~(uintptr_t)(PL310_LINE - 1), .valid = true };
	return v;
}

/* The level below L1: the outer cache when enabled, else DRAM. Debug
 * Control DCL: a read miss allocates nothing; DWB: writes go through to
 * DRAM, a hit is updated and left clean, a miss allocates nothing. */
void sm_lower_read(uintptr_t pa, uint8_t *buf, unsigned n)
{
	for (unsigned i = 0; i < n; i += PL310_LINE) {
		struct l2line *l = sm_l2_enabled() ? sm_l2_find(pa + i) : NULL;
		if (sm_l2_enabled() && !l && !(sm_r.debug & PL310_DEBUG_DCL) &&
		    (l = l2_alloc(pa + i))) {
			memcpy(l->d, sm_dram_at(pa + i), PL310_LINE);
			sm_stats.l2_misses++;
		} else if (l) {
			sm_stats.l2_hits++;
		}
		memcpy(buf + i, l ? l->d : sm_dram_at(pa + i), PL310_LINE);
	}
}

void sm_lower_write(uintptr_t pa, const uint8_t *buf, unsigned n)
{
	for (unsigned i = 0; i < n; i += PL310_LINE) {
		bool wt = sm_r.debug & PL310_DEBUG_DWB;
		struct l2line *l = sm_l2_enabled() ? sm_l2_find(pa + i) : NULL;
		if (sm_l2_enabled() && !l && !wt)
			l = l2_alloc(pa + i);
		if (l) {
			memcpy(l->d, buf + i, PL310_LINE);
			l->dirty = !wt;
		}
		if (!l || wt)
			sm_dram_write(pa + i, buf + i, PL310_LINE);
	}
}
