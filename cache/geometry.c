/*
 * Decoding cache ID registers (ARM ARM DDI 0487: CTR_EL0, CLIDR_EL1,
 * CCSIDR_EL1 with and without FEAT_CCIDX, DCZID_EL0; the AArch32 CTR, CLIDR
 * and CCSIDR of ARMv7 share the non-CCIDX layout).
 */
#include <string.h>

#include "cache/cache.h"

struct cache_info cache_info;

static struct cache_desc decode_ccsidr(uint64_t ccsidr, bool ccidx)
{
	struct cache_desc d;

	d.line_bytes = 16u << (ccsidr & 7);
	if (ccidx) {
		d.ways = (unsigned)((ccsidr >> 3) & 0x1fffff) + 1;
		d.sets = (unsigned)((ccsidr >> 32) & 0xffffff) + 1;
	} else {
		d.ways = (unsigned)((ccsidr >> 3) & 0x3ff) + 1;
		d.sets = (unsigned)((ccsidr >> 13) & 0x7fff) + 1;
	}
	d.size = (uint64_t)d.line_bytes * d.ways * d.sets;
	return d;
}

void cache_decode(struct cache_info *ci, const struct cache_regs *raw)
{
	memset(ci, 0, sizeof(*ci));
	ci->regs = *raw;
	ci->dline = 4u << ((raw->ctr >> 16) & 0xf);
	ci->iline = 4u << (raw->ctr & 0xf);
	ci->idc = (raw->ctr >> 28) & 1;
	ci->dic = (raw->ctr >> 29) & 1;
	ci->louis = (raw->clidr >> 21) & 7;
	ci->loc = (raw->clidr >> 24) & 7;
	ci->louu = (raw->clidr >> 27) & 7;
	for (unsigned n = 0; n < CACHE_MAX_LEVELS; n++) {
		struct cache_level *l = &ci->level[n];

		l->type = (enum cache_type)((raw->clidr >> (3 * n)) & 7);
		if (l->type == CT_NONE)
			break; /* no caches at this level or above */
		ci->nlevels = n + 1;
		if (l->type != CT_INSN)
			l->d = decode_ccsidr(raw->ccsidr[n][0], raw->ccidx);
		if (l->type == CT_INSN || l->type == CT_SEPARATE)
			l->i = decode_ccsidr(raw->ccsidr[n][1], raw->ccidx);
	}
	if (raw->has_dczid) {
		ci->zva_prohibited = (raw->dczid >> 4) & 1;
		ci->zva_bytes = ci->zva_prohibited ? 0 : 4u << (raw->dczid & 0xf);
	}
}
