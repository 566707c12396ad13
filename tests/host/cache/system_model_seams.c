/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The system model's side of the image's link seams (system_model.h): the
 * by-VA line loops and set/way routines that cache/<arch>/range.S and
 * setway.S provide in the image, and the PL310 register file behind
 * pl310_read / pl310_write (cache/pl310_mmio.c in the image).
 */
#include <stdio.h>
#include <stdlib.h>

#include "arch/arch.h"
#include "cache/cache.h"
#include "tests/host/cache/system_model_priv.h"

/* --- the model's MMU (arch/arch.h arch_va_to_pa) ----------------------- */
uintptr_t sm_va_to_pa(uintptr_t va)
{
	if (va >= SM_ALIAS_VA && va - SM_ALIAS_VA < SM_ALIAS_BYTES)
		return va - SM_ALIAS_VA + SM_ALIAS_PA;
	return va;
}

bool arch_va_to_pa(uintptr_t va, uint64_t *pa)
{
	*pa = sm_va_to_pa(va);
	return true;
}

/* --- the image's inner-cache seams (cache/<arch>/range.S, setway.S) ------- */
static void va_lines(int op, uintptr_t start, uintptr_t end, size_t step)
{
	for (uintptr_t a = start & ~(uintptr_t)(step - 1); a < end; a += step) {
		sm_tick();
		for (unsigned c = 0; c < SM_CORES; c++) {
			struct l1line *l = sm_l1_find(c, sm_va_to_pa(a));
			if (l)
				sm_l1_op(l, op);
		}
	}
}

void dcache_clean_poc_lines(uintptr_t s, uintptr_t e, size_t n)
{
	va_lines(OP_CLEAN, s, e, n);
}
void dcache_clean_pou_lines(uintptr_t s, uintptr_t e, size_t n)
{
	va_lines(OP_CLEAN, s, e, n);
}
void dcache_inval_poc_lines(uintptr_t s, uintptr_t e, size_t n)
{
	va_lines(OP_INV, s, e, n);
}
void dcache_clean_inval_poc_lines(uintptr_t s, uintptr_t e, size_t n)
{
	va_lines(OP_CINV, s, e, n);
}
void dcache_clean_inval_poc_lines_down(uintptr_t s, uintptr_t e, size_t n)
{
	uintptr_t first = s & ~(uintptr_t)(n - 1);

	for (uintptr_t a = (e - 1) & ~(uintptr_t)(n - 1);; a -= n) {
		va_lines(OP_CINV, a, a + 1, n);
		if (a == first)
			break;
	}
}
void icache_inval_pou_lines(uintptr_t s, uintptr_t e, size_t n)
{
	(void)s, (void)e, (void)n;
}

static void setway(unsigned core, int op)
{
	for (int s = 0; s < SM_L1_SETS; s++)
		for (int w = 0; w < SM_L1_WAYS; w++) {
			if (core == 0)
				sm_tick();
			sm_l1_op(&sm_l1[core][s][w], op);
		}
}

/* The Cortex-A9's ACTLR (cache/cache.h): bringup's core 0 is one. */
bool cache_cpu_flz_off(void)
{
	sm_r.actlr_flz = false;
	return true;
}

void dcache_clean_all(void)
{
	setway(0, OP_CLEAN);
}
void dcache_clean_inval_all(void)
{
	setway(0, OP_CINV);
}
void sm_core_flush(unsigned core)
{
	setway(core, OP_CINV);
}

/* --- the PL310 register file (cache/pl310_mmio.c's seam) ------------------ */
static unsigned reg_of(uintptr_t addr)
{
	if (addr < SM_L2_REGS || addr - SM_L2_REGS >= 0x1000) {
		fprintf(stderr, "system model: register 0x%lx outside the PL310\n",
			(unsigned long)addr);
		abort();
	}
	return (unsigned)(addr - SM_L2_REGS);
}

uint32_t pl310_read(uintptr_t addr)
{
	unsigned reg = reg_of(addr);

	sm_tick();
	if (reg == PL310_CACHE_ID)
		return 0x410000c0u | sm_cfg.rtl;
	if (reg == PL310_CTRL)
		return sm_r.ctrl;
	if (reg == PL310_AUX_CTRL)
		return sm_r.aux;
	if (reg >= PL310_LOCKDOWN && reg < PL310_LOCKDOWN + 0x40)
		return sm_r.lockdown[(reg - PL310_LOCKDOWN) / 4];
	if (reg == PL310_TAG_LATENCY)
		return sm_r.tag_latency;
	if (reg == PL310_DATA_LATENCY)
		return sm_r.data_latency;
	if (sm_r.busy_reads && reg == sm_r.busy_reg) {
		sm_r.busy_reads--;
		return sm_r.busy_val;
	}
	return 0;
}

static void by_way(int op, uint32_t mask)
{
	for (unsigned s = 0; s < L2_SETS; s++)
		for (unsigned w = 0; w < SM_L2_WAYS; w++)
			if (mask & (1u << w))
				sm_l2_op(&sm_l2[s][w], op);
}

static void maintenance(unsigned reg, uint32_t v)
{
	struct l2line *l;
	int op = reg == PL310_CLEAN_PA || reg == PL310_CLEAN_INDEX || reg == PL310_CLEAN_WAY
			 ? OP_CLEAN
		 : reg == PL310_INV_PA || reg == PL310_INV_WAY ? OP_INV
							       : OP_CINV;

	sm_r.sync_pending = true;
	/* Erratum 588369 (r0p0, r1p0): Clean & Invalidate by PA cleans, and
	 * leaves the line valid. */
	if (reg == PL310_CLEAN_INV_PA && sm_cfg.rtl < PL310_RTL_R2P0)
		op = OP_CLEAN;
	if (reg == PL310_INV_PA || reg == PL310_CLEAN_PA || reg == PL310_CLEAN_INV_PA) {
		if ((l = sm_l2_find(v)))
			sm_l2_op(l, op);
	} else if (reg == PL310_CLEAN_INDEX || reg == PL310_CLEAN_INV_INDEX) {
		unsigned w = v >> PL310_INDEX_WAY_SHIFT,
			 s = (v >> PL310_INDEX_SET_SHIFT) & 0x7fffff;
		if (w >= SM_L2_WAYS || s >= L2_SETS || (v & 0x1f))
			sm_note(SM_PROTOCOL, "index operand 0x%08x out of range", v);
		else
			sm_l2_op(&sm_l2[s][w], op);
	} else {
		if (op != OP_INV && sm_cfg.rtl >= PL310_RTL_R2P0 && sm_cfg.rtl < PL310_RTL_R3P1)
			sm_note(SM_PROTOCOL, "background clean by way on %s: erratum 727915",
				pl310_rtl_name(sm_cfg.rtl));
		by_way(op, v);
		if (op == OP_INV && (v & 0xff) == 0xff)
			sm_r.invalidated = true;
		sm_r.busy_reg = reg, sm_r.busy_reads = 3, sm_r.busy_val = v;
	}
}

void pl310_write(uintptr_t addr, uint32_t v)
{
	unsigned reg = reg_of(addr);

	sm_tick();
	if (sm_r.busy_reads)
		sm_note(SM_PROTOCOL, "register 0x%x written during a background operation", reg);
	switch (reg) {
	case PL310_CTRL:
		if (sm_cfg.secure && (v & 1) && !(sm_r.ctrl & 1) && !sm_r.invalidated)
			sm_note(SM_PROTOCOL, "enabled without an invalidate: reset garbage in use");
		if (sm_cfg.secure && !(v & 1) && (sm_r.ctrl & 1) &&
		    (sm_r.aux & PL310_AUX_FULL_LINE_ZERO) && sm_r.actlr_flz)
			sm_note(SM_PROTOCOL, "disabled with Full Line of Zero and the Cortex-A9's "
					     "ACTLR.FLZ still on");
		if (sm_cfg.secure)
			sm_r.ctrl = v & 1;
		break;
	case PL310_AUX_CTRL:
		if (sm_r.ctrl & 1)
			sm_note(SM_PROTOCOL, "Aux Control written while enabled");
		else if (sm_cfg.secure)
			sm_r.aux = v;
		break;
	case PL310_TAG_LATENCY:
	case PL310_DATA_LATENCY:
		/* TRM DDI 0246 3.3.4: written only while the controller is disabled. */
		if (sm_r.ctrl & 1)
			sm_note(SM_PROTOCOL, "RAM latency register 0x%x written while enabled",
				reg);
		else if (sm_cfg.secure)
			*(reg == PL310_TAG_LATENCY ? &sm_r.tag_latency : &sm_r.data_latency) = v;
		break;
	case PL310_DEBUG_CTRL:
		if (sm_cfg.secure)
			sm_r.debug = v & (PL310_DEBUG_DWB | PL310_DEBUG_DCL);
		break;
	case PL310_CACHE_SYNC:
	case PL310_DUMMY_SYNC:
		if (reg == PL310_CACHE_SYNC && sm_cfg.rtl == PL310_RTL_R3P0)
			sm_note(SM_PROTOCOL, "Cache Sync through 0x730 on r3p0: erratum 753970");
		if (reg == PL310_CACHE_SYNC || sm_cfg.rtl == PL310_RTL_R3P0)
			sm_r.sync_pending = false; /* elsewhere 0x740 is only a dummy */
		sm_r.busy_reg = reg, sm_r.busy_reads = 1, sm_r.busy_val = 1;
		break;
	case PL310_INV_PA:
	case PL310_CLEAN_PA:
	case PL310_CLEAN_INV_PA:
	case PL310_INV_WAY:
	case PL310_CLEAN_WAY:
	case PL310_CLEAN_INV_WAY:
	case PL310_CLEAN_INDEX:
	case PL310_CLEAN_INV_INDEX: maintenance(reg, v); break;
	default:
		if (reg >= PL310_LOCKDOWN && reg < PL310_LOCKDOWN + 0x40 && !(reg & 3)) {
			if (sm_cfg.secure)
				sm_r.lockdown[(reg - PL310_LOCKDOWN) / 4] = v & 0xffff;
		} else
			sm_note(SM_PROTOCOL, "write to register 0x%x", reg);
	}
}
