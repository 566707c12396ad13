/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Internal to tests/host/cache/system_model*.c: the model's state, shared by
 * system_model.c (the L1s, memory, accesses), system_model_outer.c (the
 * outer cache's lines) and system_model_seams.c (the image's link seams and
 * the PL310 register file). Not for the tests.
 */
#ifndef TESTS_HOST_CACHE_SYSTEM_MODEL_PRIV_H
#define TESTS_HOST_CACHE_SYSTEM_MODEL_PRIV_H

#include "cache/pl310.h"
#include "tests/host/cache/system_model.h"

#define L2_SETS (SM_L2_WAY / PL310_LINE)
enum { OP_CLEAN, OP_INV, OP_CINV };

struct l1line {
	uintptr_t tag;
	bool valid, dirty;
	uint32_t lru;
	uint8_t d[64];
};

struct l2line {
	uintptr_t tag;
	bool valid, dirty;
	uint8_t d[PL310_LINE];
};

/* The PL310's registers and protocol state. */
struct sm_regs {
	uint32_t ctrl, aux, debug;
	unsigned busy_reg, busy_reads; /* a background operation (or sync) in progress */
	uint32_t busy_val;             /* what polling its register reads meanwhile */
	bool sync_pending;             /* maintenance since the last Cache Sync */
	bool invalidated;              /* all ways invalidated since reset */
	uint32_t lockdown[16];         /* 0x900 + 4 * i: D, I lockdown of masters 0-7 */
	uint32_t tag_latency, data_latency;
	bool actlr_flz; /* the Cortex-A9's ACTLR.FLZ (core 0) */
};

extern struct sm_config sm_cfg;
extern struct sm_regs sm_r;
extern struct l1line sm_l1[SM_CORES][SM_L1_SETS][SM_L1_WAYS];
extern struct l2line sm_l2[L2_SETS][SM_L2_WAYS];

void sm_tick(void); /* background activity, once per step */
struct l1line *sm_l1_find(unsigned core, uintptr_t pa);
void sm_l1_op(struct l1line *l, int op); /* OP_*: write back (if dirty), invalidate */
struct l2line *sm_l2_find(uintptr_t pa);
void sm_l2_op(struct l2line *l, int op);
/* The level below the L1s (system_model_outer.c), whole lines. */
void sm_lower_read(uintptr_t pa, uint8_t *buf, unsigned n);
void sm_lower_write(uintptr_t pa, const uint8_t *buf, unsigned n);
/* DRAM (system_model.c): a write-back reaching it, and a byte's cell. */
void sm_dram_write(uintptr_t pa, const uint8_t *src, unsigned n);
uint8_t *sm_dram_at(uintptr_t pa);

#endif
