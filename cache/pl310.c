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

int pl310_probe(struct pl310 *c, uintptr_t base)
{
	unsigned size_field;

	c->base = base;
	c->cache_id = rd(c, PL310_CACHE_ID);
	if ((c->cache_id & PART_MASK) != PART_L2C310)
		return PL310_ERR_ABSENT;
	c->aux = rd(c, PL310_AUX_CTRL);
	c->ways = c->aux & AUX_ASSOC16 ? 16 : 8;
	size_field = (c->aux >> 17) & 7; /* 1: 16 KiB ... 6: 512 KiB; 0 and 7 read as 16 and 512 */
	if (size_field == 0)
		size_field = 1;
	if (size_field == 7)
		size_field = 6;
	c->way_size = 8192u << size_field;
	c->way_mask = (1u << c->ways) - 1;
	return PL310_OK;
}

bool pl310_enabled(const struct pl310 *c)
{
	return rd(c, PL310_CTRL) & 1;
}

int pl310_sync(const struct pl310 *c)
{
	wr(c, PL310_CACHE_SYNC, 0);
	return poll(c, PL310_CACHE_SYNC, 1);
}

static int by_way(const struct pl310 *c, unsigned reg)
{
	int err;

	wr(c, reg, c->way_mask);
	err = poll(c, reg, c->way_mask);
	return err ? err : pl310_sync(c);
}

int pl310_inval_all(const struct pl310 *c)
{
	return by_way(c, PL310_INV_WAY);
}

int pl310_clean_all(const struct pl310 *c)
{
	return by_way(c, PL310_CLEAN_WAY);
}

int pl310_clean_inval_all(const struct pl310 *c)
{
	return by_way(c, PL310_CLEAN_INV_WAY);
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

/* One operation per 32-byte line of [pa, pa + size); PA operations are
 * atomic on the L2C-310, but polling bit 0 is harmless and covers r0 parts. */
static int by_pa(const struct pl310 *c, unsigned reg, uintptr_t start, uintptr_t end)
{
	for (uintptr_t a = start & ~(uintptr_t)(PL310_LINE - 1); a < end; a += PL310_LINE) {
		wr(c, reg, (uint32_t)a);
		int err = poll(c, reg, 1);
		if (err)
			return err;
		if (a + PL310_LINE < a)
			break; /* the last line of the address space */
	}
	return PL310_OK;
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
