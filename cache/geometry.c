/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Decoding cache ID registers (ARM ARM DDI 0487: CTR_EL0, CLIDR_EL1,
 * CCSIDR_EL1 with and without FEAT_CCIDX, DCZID_EL0; the AArch32 CTR, CLIDR
 * and CCSIDR of ARMv7 share the non-CCIDX layout).
 */
#include <string.h>

#include "cache/cache.h"

#include "arch/cacheid.h"

struct cache_info cache_info;

static unsigned field(uint64_t v, unsigned shift, unsigned bits)
{
	return (unsigned)((v >> shift) & ((1ull << bits) - 1));
}

static struct cache_desc decode_ccsidr(uint64_t ccsidr, bool ccidx)
{
	struct cache_desc d;

	d.line_bytes = 1u << (CCSIDR_LINESIZE_BIAS + field(ccsidr, 0, CCSIDR_LINESIZE_BITS));
	if (ccidx) {
		d.ways = field(ccsidr, CCSIDR_ASSOC_SHIFT, CCSIDR_CCIDX_ASSOC_BITS) + 1;
		d.sets = field(ccsidr, CCSIDR_CCIDX_SETS_SHIFT, CCSIDR_CCIDX_SETS_BITS) + 1;
	} else {
		d.ways = field(ccsidr, CCSIDR_ASSOC_SHIFT, CCSIDR_ASSOC_BITS) + 1;
		d.sets = field(ccsidr, CCSIDR_SETS_SHIFT, CCSIDR_SETS_BITS) + 1;
	}
	d.size = (uint64_t)d.line_bytes * d.ways * d.sets;
	return d;
}

void cache_decode(struct cache_info *ci, const struct cache_regs *raw)
{
	memset(ci, 0, sizeof(*ci));
	ci->regs = *raw;
	ci->dline = 4u << field(raw->ctr, CTR_DMINLINE_SHIFT, CTR_LINE_BITS);
	ci->iline = 4u << field(raw->ctr, CTR_IMINLINE_SHIFT, CTR_LINE_BITS);
	ci->idc = field(raw->ctr, CTR_IDC_SHIFT, 1);
	ci->dic = field(raw->ctr, CTR_DIC_SHIFT, 1);
	ci->louis = field(raw->clidr, CLIDR_LOUIS_SHIFT, CLIDR_LEVEL_BITS);
	ci->loc = field(raw->clidr, CLIDR_LOC_SHIFT, CLIDR_LEVEL_BITS);
	ci->louu = field(raw->clidr, CLIDR_LOUU_SHIFT, CLIDR_LEVEL_BITS);
	for (unsigned n = 0; n < CACHE_MAX_LEVELS; n++) {
		struct cache_level *l = &ci->level[n];

		l->type =
			(enum cache_type)field(raw->clidr, CLIDR_CTYPE_BITS * n, CLIDR_CTYPE_BITS);
		if (l->type == CT_NONE)
			break; /* no caches at this level or above */
		ci->nlevels = n + 1;
		if (cache_level_has(l->type, 0))
			l->d = decode_ccsidr(raw->ccsidr[n][0], raw->ccidx);
		if (cache_level_has(l->type, 1))
			l->i = decode_ccsidr(raw->ccsidr[n][1], raw->ccidx);
	}
	if (raw->has_dczid) {
		ci->zva_prohibited = field(raw->dczid, DCZID_DZP_SHIFT, 1);
		ci->zva_bytes = ci->zva_prohibited ? 0 : 4u << field(raw->dczid, 0, DCZID_BS_BITS);
	}
}

void cache_use_lines(unsigned dline, unsigned iline)
{
	if (dline && dline < cache_info.dline)
		cache_info.dline = dline;
	if (iline && iline < cache_info.iline)
		cache_info.iline = iline;
}
