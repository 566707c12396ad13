/* SPDX-License-Identifier: BSD-2-Clause */
/* cache: the geometry read at boot is self-consistent. */
#include "cache/cache.h"
#include "lib/selftest/selftest.h"

/* The name of a level's data-side line, by CLIDR Ctype (ARM ARM DDI 0487,
 * CLIDR_EL1): separate I and D caches print it as "D", their I-cache on a
 * line of its own; a unified cache serves both. */
static const char *const d_names[] = { "none", "I", "D", "D", "unified" };

SELFTEST(cache, geometry)
{
	const struct cache_info *ci = &cache_info;
	unsigned min_d = 0, min_i = 0;

	diag("CTR 0x%08llx CLIDR 0x%08llx: DminLine %u B, IminLine %u B, LoUIS %u, LoC %u, LoUU "
	     "%u%s",
	     (unsigned long long)ci->regs.ctr, (unsigned long long)ci->regs.clidr, ci->dline,
	     ci->iline, ci->louis, ci->loc, ci->louu, ci->regs.ccidx ? ", FEAT_CCIDX" : "");
	for (unsigned n = 0; n < ci->nlevels; n++) {
		const struct cache_level *l = &ci->level[n];
		if (l->d.line_bytes)
			diag("L%u %s: %llu KiB, %u-way, %u sets, %u B lines", n + 1,
			     d_names[l->type], (unsigned long long)(l->d.size >> 10), l->d.ways,
			     l->d.sets, l->d.line_bytes);
		if (l->i.line_bytes)
			diag("L%u I: %llu KiB, %u-way, %u sets, %u B lines", n + 1,
			     (unsigned long long)(l->i.size >> 10), l->i.ways, l->i.sets,
			     l->i.line_bytes);
		expect(!l->d.line_bytes || (l->d.ways && l->d.sets), "L%u: zero ways or sets",
		       n + 1);
		expect(!l->i.line_bytes || (l->i.ways && l->i.sets), "L%u I: zero ways or sets",
		       n + 1);
		if (l->d.line_bytes && (!min_d || l->d.line_bytes < min_d) && n == 0)
			min_d = l->d.line_bytes;
		if (l->i.line_bytes && (!min_i || l->i.line_bytes < min_i) && n == 0)
			min_i = l->i.line_bytes;
	}
	if (ci->regs.has_dczid)
		diag("DC ZVA: %s, block %u B", ci->zva_prohibited ? "prohibited" : "allowed",
		     4u << (ci->regs.dczid & 0xf));
	if (ci->loc == 0)
		diag("LoC is 0: no cache needs set/way maintenance to reach coherence");
	expect(ci->louis <= ci->loc || ci->loc == 0, "LoUIS %u above LoC %u", ci->louis, ci->loc);
	expect(ci->loc <= ci->nlevels, "LoC %u beyond the %u cache levels", ci->loc, ci->nlevels);
	for (unsigned n = 0; n < ci->loc; n++)
		expect(ci->level[n].type != CT_NONE, "level %u below LoC has no cache", n + 1);
	if (ci->nlevels) {
		/* CTR holds the minimum line over all levels the by-address ops act on;
		 * L1 is where the minimum sits on every CPU QEMU models. */
		expect(!min_d || ci->dline == min_d, "CTR DminLine %u != L1 D line %u", ci->dline,
		       min_d);
		/* The raw L1 I CCSIDR in the message: a model's known mismatch is
		 * matched by its own value, not by any I-side change alike. */
		expect(!min_i || ci->iline == min_i,
		       "CTR IminLine %u != L1 I line %u (CCSIDR 0x%08llx)", ci->iline, min_i,
		       (unsigned long long)ci->regs.ccsidr[0][1]);
	}
	expect(ci->dline >= 16 && ci->dline <= 2048, "DminLine %u out of range", ci->dline);
}
