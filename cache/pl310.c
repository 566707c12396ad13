/* SPDX-License-Identifier: BSD-2-Clause */
/* PL310 / L2C-310 outer cache: see cache/pl310.h. */
#include "cache/pl310.h"

#define PART_MASK   0x3c0 /* Cache ID [9:6]: part number */
#define PART_L2C310 0x0c0
#define AUX_ASSOC16 (1u << 16)
#define POLL_LIMIT  10000000u

static uint32_t rd(const struct pl310 *c, unsigned reg)
{
	return pl310_read(c->base + reg);
}

static void wr(const struct pl310 *c, unsigned reg, uint32_t v)
{
	pl310_write(c->base + reg, v);
}

/* Waits until the bits of mask read as zero in reg. */
static int poll(const struct pl310 *c, unsigned reg, uint32_t mask)
{
	for (uint32_t n = 0; n < POLL_LIMIT; n++)
		if (!(rd(c, reg) & mask))
			return PL310_OK;
	return PL310_ERR_TIMEOUT;
}

/* Ways and way size from Auxiliary Control [16] and [19:17]. */
static void geometry(struct pl310 *c)
{
	unsigned size_field = (c->aux >> 17) & 7; /* 1: 16 KiB ... 6: 512 KiB; 0, 7 read as 1, 6 */

	if (size_field == 0)
		size_field = 1;
	if (size_field == 7)
		size_field = 6;
	c->ways = c->aux & AUX_ASSOC16 ? 16 : 8;
	c->way_size = 8192u << size_field;
	c->way_mask = (1u << c->ways) - 1;
}

/* Linux arch/arm/mm/cache-l2x0.c, l2c310_fixup(): which release needs which. */
static unsigned errata_of(unsigned rtl)
{
	unsigned e = 0;

	if (rtl < PL310_RTL_R2P0)
		e |= PL310_ERRATUM_588369;
	if (rtl >= PL310_RTL_R2P0 && rtl < PL310_RTL_R3P1)
		e |= PL310_ERRATUM_727915;
	if (rtl == PL310_RTL_R3P0)
		e |= PL310_ERRATUM_753970;
#ifdef PL310_MUTANT_NO_588369 /* host tests only: the workaround missing (must be caught) */
	e &= ~PL310_ERRATUM_588369;
#endif
#ifdef PL310_MUTANT_NO_727915
	e &= ~PL310_ERRATUM_727915;
#endif
#ifdef PL310_MUTANT_NO_753970
	e &= ~PL310_ERRATUM_753970;
#endif
	return e;
}

int pl310_probe(struct pl310 *c, uintptr_t base)
{
	c->base = base;
	c->cache_id = rd(c, PL310_CACHE_ID);
	if ((c->cache_id & PART_MASK) != PART_L2C310)
		return PL310_ERR_ABSENT;
	c->aux = rd(c, PL310_AUX_CTRL);
	geometry(c);
	c->rtl = c->cache_id & PL310_RTL_MASK;
	c->errata = errata_of(c->rtl);
	c->sync_reg = c->errata & PL310_ERRATUM_753970 ? PL310_DUMMY_SYNC : PL310_CACHE_SYNC;
	return PL310_OK;
}

const char *pl310_rtl_name(unsigned rtl)
{
	switch (rtl) {
	case PL310_RTL_R0P0: return "r0p0";
	case PL310_RTL_R1P0: return "r1p0";
	case PL310_RTL_R2P0: return "r2p0";
	case PL310_RTL_R3P0: return "r3p0";
	case PL310_RTL_R3P1: return "r3p1";
	case 0x07: return "r3p1-50rel0";
	case PL310_RTL_R3P2: return "r3p2";
	case PL310_RTL_R3P3: return "r3p3";
	default: return "r?p?";
	}
}

bool pl310_enabled(const struct pl310 *c)
{
	return rd(c, PL310_CTRL) & 1;
}

int pl310_sync(const struct pl310 *c)
{
	wr(c, c->sync_reg, 0);
	return poll(c, c->sync_reg, 1);
}

static int by_way(const struct pl310 *c, unsigned reg)
{
	int err;

	wr(c, reg, c->way_mask);
	err = poll(c, reg, c->way_mask);
	return err ? err : pl310_sync(c);
}

/* Every line of every way through a by-index register (727915), a sync
 * after each way (as Linux 3.x l2x0_for_each_set_way did). Index ops, like
 * PA ops, complete before the next is accepted; polling bit 0 costs nothing. */
static int by_index(const struct pl310 *c, unsigned reg)
{
	uint32_t sets = c->way_size / PL310_LINE;
	int err;

	for (uint32_t w = 0; w < c->ways; w++) {
		for (uint32_t s = 0; s < sets; s++) {
			wr(c, reg, w << PL310_INDEX_WAY_SHIFT | s << PL310_INDEX_SET_SHIFT);
			if ((err = poll(c, reg, 1)))
				return err;
		}
		if ((err = pl310_sync(c)))
			return err;
	}
	return PL310_OK;
}

int pl310_inval_all(const struct pl310 *c)
{
	return by_way(c, PL310_INV_WAY);
}

int pl310_clean_all(const struct pl310 *c)
{
	if (c->errata & PL310_ERRATUM_727915)
		return by_index(c, PL310_CLEAN_INDEX);
	return by_way(c, PL310_CLEAN_WAY);
}

int pl310_clean_inval_all(const struct pl310 *c)
{
	if (c->errata & PL310_ERRATUM_727915)
		return by_index(c, PL310_CLEAN_INV_INDEX);
	return by_way(c, PL310_CLEAN_INV_WAY);
}

int pl310_set_aux(struct pl310 *c, uint32_t aux)
{
	uint32_t before = c->aux;

	if (pl310_enabled(c))
		return PL310_ERR_ENABLED; /* only while disabled, as Linux l2c_enable */
	wr(c, PL310_AUX_CTRL, aux);
	c->aux = rd(c, PL310_AUX_CTRL);
	geometry(c);
	/* Only the bits asked to change count: some may be read-only. */
	return (c->aux ^ aux) & (before ^ aux) ? PL310_ERR_SECURE : PL310_OK;
}

void pl310_set_debug(const struct pl310 *c, uint32_t v)
{
	wr(c, PL310_DEBUG_CTRL, v);
}

/* Lockdown by way: every master's data and instruction registers (TRM DDI
 * 0246 3.3.10, "Cache lockdown"), as Linux's l2c_unlock clears them before
 * enabling: a boot ROM that used ways as SRAM may leave them locked, and a
 * locked way takes no new lines. Secure-only like Control. */
void pl310_unlock_all(const struct pl310 *c)
{
	for (unsigned m = 0; m < PL310_LOCKDOWN_MASTERS; m++) {
		wr(c, PL310_LOCKDOWN + 8 * m, 0);
		wr(c, PL310_LOCKDOWN + 8 * m + 4, 0);
	}
}

int pl310_set_latency(const struct pl310 *c, unsigned reg, const uint8_t cycles[3])
{
	uint32_t v = 0;

	for (unsigned i = 0; i < 3; i++)
		if (cycles[i] < 1 || cycles[i] > 8)
			return PL310_ERR_VALUE;
	if (pl310_enabled(c))
		return PL310_ERR_ENABLED;
	v = (uint32_t)(cycles[0] - 1) << PL310_LATENCY_RD_SHIFT |
	    (uint32_t)(cycles[1] - 1) << PL310_LATENCY_WR_SHIFT |
	    (uint32_t)(cycles[2] - 1) << PL310_LATENCY_SETUP_SHIFT;
	wr(c, reg, v);
	return (rd(c, reg) & PL310_LATENCY_MASK) == v ? PL310_OK : PL310_ERR_SECURE;
}

int pl310_enable(struct pl310 *c)
{
	int err;

	if (pl310_enabled(c))
		return PL310_OK;
	if ((err = pl310_inval_all(c)))
		return err;
	wr(c, PL310_CTRL, 1);
	return pl310_enabled(c) ? PL310_OK : PL310_ERR_SECURE;
}

int pl310_disable(struct pl310 *c)
{
	int err;

	if (!pl310_enabled(c))
		return PL310_OK;
	if ((err = pl310_clean_inval_all(c)))
		return err;
	wr(c, PL310_CTRL, 0);
	return pl310_enabled(c) ? PL310_ERR_SECURE : PL310_OK;
}

/* One operation on the line at a, polled. Clean+invalidate is a clean, then
 * an invalidate, where 588369 applies (Linux l2c310_flush_range_erratum). */
static int line_op(const struct pl310 *c, unsigned reg, uintptr_t a)
{
	int err;

	if (reg == PL310_CLEAN_INV_PA && (c->errata & PL310_ERRATUM_588369)) {
		if ((err = line_op(c, PL310_CLEAN_PA, a)))
			return err;
		reg = PL310_INV_PA;
	}
	wr(c, reg, (uint32_t)a);
	return poll(c, reg, 1);
}

/* One operation per 32-byte line of [pa, pa + size); PA operations are
 * atomic on the L2C-310, but polling bit 0 is harmless and covers r0 parts.
 * Where 588369 splits a clean+invalidate in two, a line written back into
 * the cache between the clean and the invalidate (an inner eviction) would
 * be dropped dirty: Debug Control DWB | DCL (write-through, no linefills)
 * for the duration, as Linux's l2c310_flush_range_erratum and
 * l2c310_inv_range_erratum set it, so such a write goes to memory. */
static int by_pa(const struct pl310 *c, unsigned reg, uintptr_t start, uintptr_t end)
{
	bool wrap = reg == PL310_CLEAN_INV_PA && (c->errata & PL310_ERRATUM_588369);
	int err = PL310_OK;

#ifdef PL310_MUTANT_588369_NO_WRAP /* host tests: the split without the wrap (caught) */
	wrap = false;
#endif
	if (wrap)
		pl310_set_debug(c, PL310_DEBUG_DWB | PL310_DEBUG_DCL);
	for (uintptr_t a = start & ~(uintptr_t)(PL310_LINE - 1); a < end && !err; a += PL310_LINE) {
		err = line_op(c, reg, a);
		if (a + PL310_LINE < a)
			break; /* the last line of the address space */
	}
	if (wrap)
		pl310_set_debug(c, 0);
	return err;
}

static int range(const struct pl310 *c, unsigned reg, uintptr_t pa, size_t size)
{
	int err;

	if (size > UINTPTR_MAX - pa)
		return PL310_ERR_WRAP;
	if (size == 0)
		return PL310_OK;
	err = by_pa(c, reg, pa, pa + size);
	return err ? err : pl310_sync(c);
}

int pl310_clean_range(const struct pl310 *c, uintptr_t pa, size_t size)
{
	return range(c, PL310_CLEAN_PA, pa, size);
}

int pl310_clean_inval_range(const struct pl310 *c, uintptr_t pa, size_t size)
{
	return range(c, PL310_CLEAN_INV_PA, pa, size);
}

int pl310_inval_range(const struct pl310 *c, uintptr_t pa, size_t size)
{
	const uintptr_t m = PL310_LINE - 1;
	uintptr_t end;
	int err = PL310_OK;

	if (size > UINTPTR_MAX - pa)
		return PL310_ERR_WRAP;
	if (size == 0)
		return PL310_OK;
	end = pa + size;
	if (pa & m) { /* partial first line */
		err = by_pa(c, PL310_CLEAN_INV_PA, pa, pa + 1);
		pa = (pa | m) + 1;
	}
	if (!err && pa && pa < end && (end & m)) { /* partial last line */
		err = by_pa(c, PL310_CLEAN_INV_PA, end - 1, end);
		end &= ~m;
	}
	if (!err && pa && pa < end)
		err = by_pa(c, PL310_INV_PA, pa, end);
	return err ? err : pl310_sync(c);
}
