/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cache: icache_part: every online CPU's L1 instruction-cache CCSIDR (read on
 * itself, CSSELR.InD set: smp/smp_work.c smp_read_ids) is what its part's
 * Technical Reference Manual gives for the L1 I-cache, not the D-cache's.
 * Where a part's two L1 caches differ in ways or line (Cortex-A53: I 2-way,
 * D 4-way; Cortex-A57/A72: I 3-way 48 KiB, D 2-way), an I geometry read with
 * the D selector shows in the ways. Where they do not (Cortex-A9, A15),
 * ARMv7's CCSIDR still tells them apart: bits [31:28] say whether the cache
 * supports write-through, write-back, read- and write-allocation (ARM ARM
 * DDI 0406C B4.1.19), and an instruction cache is never written, so its
 * CCSIDR has WT, WB and WA clear. (ARMv8's CCSIDR_EL1 leaves those bits
 * UNKNOWN: DDI 0487, CCSIDR_EL1; not read on AArch64.)
 *
 * The geometry feeds the lazy flush policy's VIPT aliasing decision
 * (mmu/pageframe.c): a D-side value there can decide wrongly. A part not in
 * the table below is named and not checked. Each failure prints the raw
 * CCSIDR, so that a known defect of a model (QEMU's cortex-a7) is matched
 * only by its own value.
 */
#include <inttypes.h>
#include <stdio.h>

#include "arch/midr.h"
#include "cache/cache.h"
#include "lib/selftest/selftest.h"
#include "smp/smp.h"

/* L1 I-cache per part: ways, line bytes, smallest and largest size (KiB,
 * powers of two between; or one size), from each part's TRM, "Level 1
 * memory system" / "About the L1 instruction-side memory system". */
struct l1i_part {
	uint32_t impl_part; /* MIDR_IMPL_PART */
	unsigned ways, line, min_kib, max_kib;
	const char *trm;
};

static const struct l1i_part l1i_parts[] = {
	{ MIDR_IMPL_PART(IMPLEMENTER_ARM, 0xc07), 2, 32, 8, 64, "Cortex-A7 TRM DDI 0464" },
	{ MIDR_IMPL_PART(IMPLEMENTER_ARM, 0xc08), 4, 64, 16, 32, "Cortex-A8 TRM DDI 0344" },
	{ MIDR_IMPL_PART(IMPLEMENTER_ARM, 0xc09), 4, 32, 16, 64, "Cortex-A9 TRM DDI 0388" },
	{ MIDR_IMPL_PART(IMPLEMENTER_ARM, 0xc0f), 2, 64, 32, 32, "Cortex-A15 TRM DDI 0438" },
	{ MIDR_IMPL_PART(IMPLEMENTER_ARM, 0xd03), 2, 64, 8, 64, "Cortex-A53 TRM DDI 0500" },
	{ MIDR_IMPL_PART(IMPLEMENTER_ARM, 0xd07), 3, 64, 48, 48, "Cortex-A57 TRM DDI 0488" },
	{ MIDR_IMPL_PART(IMPLEMENTER_ARM, 0xd08), 3, 64, 48, 48, "Cortex-A72 TRM DDI 0515" },
	{ MIDR_IMPL_PART(IMPLEMENTER_FUJITSU, 0x001), 4, 256, 64, 64,
	  "A64FX Microarchitecture Manual" },
};

#define CCSIDR_WT (1u << 31)
#define CCSIDR_WB (1u << 30)
#define CCSIDR_WA (1u << 28)

static const struct l1i_part *l1i_part_of(uint32_t midr)
{
	for (unsigned k = 0; k < sizeof(l1i_parts) / sizeof(l1i_parts[0]); k++)
		if ((midr & MIDR_IMPL_PART_MASK) == l1i_parts[k].impl_part)
			return &l1i_parts[k];
	return 0;
}

static bool size_ok(const struct l1i_part *p, uint64_t kib)
{
	if (p->min_kib == p->max_kib)
		return kib == p->min_kib;
	return kib >= p->min_kib && kib <= p->max_kib && !(kib & (kib - 1));
}

SELFTEST(cache, icache_part)
{
	const struct smp_info *s = smp_init();
	unsigned checked = 0;

	for (unsigned i = 0; i < s->ncpu; i++) {
		const struct smp_cpu *c = &s->cpu[i];
		const struct l1i_part *p = l1i_part_of(c->midr);
		const struct cache_desc *d;
		struct cache_info ci;
		uint64_t raw = c->cregs.ccsidr[0][1];
		char name[48], sizes[24];

		if (c->state != SMP_ONLINE)
			continue;
		cpu_midr_text(c->midr, name, sizeof(name));
		cache_decode(&ci, &c->cregs);
		d = &ci.level[0].i;
		if (!p || !ci.nlevels || ci.level[0].type != CT_SEPARATE || !d->line_bytes) {
			diag("cpu%u %s: %s", i, name,
			     !p ? "not in the L1 I-cache part table, not checked"
				: "no separate L1 I-cache described");
			continue;
		}
		checked++;
		if (p->min_kib == p->max_kib)
			snprintf(sizes, sizeof(sizes), "%u KiB", p->min_kib);
		else
			snprintf(sizes, sizeof(sizes), "%u-%u KiB", p->min_kib, p->max_kib);
		expect(d->ways == p->ways && d->line_bytes == p->line && size_ok(p, d->size >> 10),
		       "cpu%u %s L1 I CCSIDR 0x%08" PRIx64 ": %" PRIu64
		       " KiB %u-way %u B lines; the %s: %u-way %u B lines, %s",
		       i, name, raw, d->size >> 10, d->ways, d->line_bytes, p->trm, p->ways,
		       p->line, sizes);
		if (!cpu_part_has(c->midr, PARTF_AARCH64) && !c->cregs.ccidx)
			expect(!(raw & (CCSIDR_WT | CCSIDR_WB | CCSIDR_WA)),
			       "cpu%u %s L1 I CCSIDR 0x%08" PRIx64
			       ": write-through, write-back or write-allocate set, as a D-cache's",
			       i, name, raw);
	}
	if (!checked)
		skip("no CPU of a part in the L1 I-cache table");
}
