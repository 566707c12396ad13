/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host test of the PL310 driver's register protocol (cache/pl310.c) against
 * a model of the controller: background by-way operations stay busy for a
 * few reads and a write to another maintenance register meanwhile is a
 * protocol violation; every sequence must end with a polled Cache Sync;
 * enable must follow a completed invalidate; ranges must touch exactly their
 * 32-byte lines, partial edges of an invalidate by clean+invalidate. Also a
 * controller that never finishes (timeout), one whose Control register
 * ignores writes (Non-secure), and a wrong part number (absent).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache/pl310.h"
#include "tests/host/common/check.h"

#define BASE 0x1000u

CHECK_COUNTERS;

static struct {
	uint32_t id, aux, ctrl;
	unsigned busy_reg, busy_reads; /* a background operation in progress */
	bool never_done, ctrl_locked;
	bool violation;
	bool sync_pending; /* maintenance since the last completed sync */
	bool invalidated;  /* a complete invalidate-by-way since reset */
	unsigned nops;
	struct {
		unsigned reg;
		uint32_t v;
	} ops[4096];
} m;

static void reset(uint32_t aux)
{
	memset(&m, 0, sizeof(m));
	m.id = 0x410000c8;
	m.aux = aux;
}

uint32_t pl310_read(uintptr_t addr)
{
	unsigned reg = (unsigned)(addr - BASE);

	if (reg == PL310_CACHE_ID)
		return m.id;
	if (reg == PL310_AUX_CTRL)
		return m.aux;
	if (reg == PL310_CTRL)
		return m.ctrl;
	if (m.busy_reads && reg == m.busy_reg) {
		if (!m.never_done && --m.busy_reads == 0) {
			if (reg == PL310_INV_WAY)
				m.invalidated = true;
			if (reg == PL310_CACHE_SYNC)
				m.sync_pending = false;
		}
		return reg == PL310_CACHE_SYNC ? 1 : 0xffff;
	}
	return 0;
}

void pl310_write(uintptr_t addr, uint32_t v)
{
	unsigned reg = (unsigned)(addr - BASE);

	if (m.busy_reads)
		m.violation = true; /* wrote while a background operation runs */
	if (m.nops < sizeof(m.ops) / sizeof(m.ops[0]))
		m.ops[m.nops].reg = reg, m.ops[m.nops++].v = v;
	switch (reg) {
	case PL310_CTRL:
		if (!m.ctrl_locked) {
			if ((v & 1) && !m.invalidated)
				m.violation = true; /* enabled with garbage in the RAMs */
			m.ctrl = v & 1;
		}
		break;
	case PL310_INV_WAY:
	case PL310_CLEAN_WAY:
	case PL310_CLEAN_INV_WAY: m.busy_reg = reg, m.busy_reads = 3, m.sync_pending = true; break;
	case PL310_CACHE_SYNC: m.busy_reg = reg, m.busy_reads = 2; break;
	default: m.sync_pending = true; break; /* by PA: atomic in the model */
	}
}

static void test_probe(void)
{
	struct pl310 c;

	reset(1u << 16 | 3u << 17);
	CHECK(pl310_probe(&c, BASE) == PL310_OK, "probe");
	CHECK(c.ways == 16 && c.way_size == 65536 && c.way_mask == 0xffff, "16 x 64K: %u %lu",
	      c.ways, (unsigned long)c.way_size);
	reset(0u << 16 | 1u << 17);
	pl310_probe(&c, BASE);
	CHECK(c.ways == 8 && c.way_size == 16384 && c.way_mask == 0xff, "8 x 16K");
	reset(0);
	m.id = 0x410000c0 & ~0x3c0u;
	CHECK(pl310_probe(&c, BASE) == PL310_ERR_ABSENT, "wrong part accepted");
}

static void test_protocol(void)
{
	struct pl310 c;

	reset(3u << 17);
	pl310_probe(&c, BASE);
	CHECK(pl310_enable(&c) == PL310_OK && m.ctrl == 1, "enable");
	CHECK(!m.violation, "enable broke the protocol");
	CHECK(m.ops[0].reg == PL310_INV_WAY && m.ops[0].v == 0xff,
	      "enable did not invalidate all ways first");
	CHECK(!m.sync_pending, "no completed sync after the invalidate");
	m.nops = 0;
	CHECK(pl310_clean_inval_all(&c) == PL310_OK && !m.violation && !m.sync_pending,
	      "clean+inv all");
	CHECK(pl310_disable(&c) == PL310_OK && m.ctrl == 0 && !m.violation, "disable");
	CHECK(m.ops[m.nops - 1].reg == PL310_CTRL, "disable wrote something after Control");
	bool cleaned = false;
	for (unsigned i = 0; i < m.nops; i++)
		cleaned |= m.ops[i].reg == PL310_CLEAN_INV_WAY && m.ops[i].v == 0xff;
	CHECK(cleaned, "disable did not clean+invalidate all ways");

	/* Ranges: exact lines; partial edges of an invalidate are clean+invalidated. */
	for (unsigned k = 0; k < 2000; k++) {
		uintptr_t pa = 0x80000000u + (uintptr_t)(rand() % 4096);
		size_t size = (size_t)(rand() % 300);
		unsigned which = (unsigned)rand() % 3;
		m.nops = 0;
		int e = which == 0   ? pl310_clean_range(&c, pa, size)
			: which == 1 ? pl310_inval_range(&c, pa, size)
				     : pl310_clean_inval_range(&c, pa, size);
		CHECK(e == PL310_OK && !m.violation && !m.sync_pending, "range op %u", which);
		if (size == 0) {
			CHECK(m.nops == 0, "size 0 did something");
			continue;
		}
		uintptr_t first = pa & ~31u, last = (pa + size - 1) & ~31u;
		unsigned lines = (unsigned)((last - first) / 32 + 1), seen = 0;
		for (unsigned i = 0; i < m.nops; i++) {
			unsigned r = m.ops[i].reg;
			uintptr_t a = m.ops[i].v;
			if (r == PL310_CACHE_SYNC)
				continue;
			seen++;
			CHECK(a >= first && a <= last && !(a & 31),
			      "line 0x%lx outside 0x%lx..0x%lx", (unsigned long)a,
			      (unsigned long)first, (unsigned long)last);
			unsigned want =
				which == 0   ? PL310_CLEAN_PA
				: which == 2 ? PL310_CLEAN_INV_PA
				: ((a == first && (pa & 31)) || (a == last && ((pa + size) & 31)))
					? PL310_CLEAN_INV_PA
					: PL310_INV_PA;
			CHECK(r == want, "line 0x%lx: register 0x%x, want 0x%x", (unsigned long)a,
			      r, want);
		}
		CHECK(seen == lines, "%u line operations for %u lines", seen, lines);
		CHECK(m.ops[m.nops - 1].reg == PL310_CACHE_SYNC, "range not ended by a sync");
		if (failures > 10)
			return;
	}
	CHECK(pl310_clean_range(&c, UINTPTR_MAX - 7, 64) == PL310_ERR_WRAP, "wrap accepted");
}

static void test_faults(void)
{
	struct pl310 c;

	reset(3u << 17);
	pl310_probe(&c, BASE);
	m.never_done = true;
	CHECK(pl310_clean_all(&c) == PL310_ERR_TIMEOUT, "a stuck controller was not reported");
	reset(3u << 17);
	pl310_probe(&c, BASE);
	m.ctrl_locked = true;
	CHECK(pl310_enable(&c) == PL310_ERR_SECURE, "an ignored enable was not reported");
	/* The model itself bites: a write during a background operation. */
	reset(3u << 17);
	pl310_write(BASE + PL310_CLEAN_WAY, 0xff);
	pl310_write(BASE + PL310_CACHE_SYNC, 0);
	CHECK(m.violation, "the model missed an unpolled background operation");
}

int main(void)
{
	test_probe();
	test_protocol();
	test_faults();
	printf("host-pl310: %u checks, %u failures\n", checks, failures);
	return failures != 0;
}
