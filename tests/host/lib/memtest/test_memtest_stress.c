/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host test of the DRAM stress (lib/memtest/memtest_stress.h): its patterns and
 * loops, then whole runs (fill, phases, read-back, counter) of two CPUs with
 * private write-back data caches over one DRAM, as
 * tests/host/lib/memtest/test_memtest_cpus.c models them: CPU c sees memory
 * through view[c] (its cache, every line valid: a line it did not drop is
 * what DRAM held when it last fetched it), shadow[c] is what it fetched
 * (a line differing is dirty). dcache_clean_inval_to_mem on CPU c (the
 * seam of cache/cache.h) writes c's dirty lines of the range to DRAM and
 * refetches them. The CPUs run one phase each in turn, in an order that
 * changes from set to set.
 *
 *   test_memtest_stress [sets] [seed]
 *
 * Each set is one of:
 *   clean   no fault: no error, no dirty line left after a phase, the
 *           shared counter equal to the blocks moved;
 *   drop    the DRAM drops every write-back in a window of maintenance
 *           calls ("the DIMM did not receive the write"): if a dropped line
 *           held data DRAM did not, there are errors, each at a dropped
 *           line, a checksum (or inversion) error among them;
 *   alias   address bit ALIAS_BIT not decoded (a line with it set is the
 *           line without it): a tag error in phase 0, the first copy
 *           that reads a line its alias overwrote, naming that alias.
 * tests/host/lib/memtest/memtest.mk also builds it with
 * -DMEMTEST_MUTANT_STRESS_NO_CLEAN (a copy left in its writer's cache),
 * which must fail the clean sets with errors that have no fault.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache/cache.h"
#include "lib/memtest/memtest_stress.h"
#include "tests/host/common/check.h"

#define CPUS      2u
#define BYTES     (128u << 10)
#define WORDS     (BYTES / 8)
#define LINE      64u
#define LW        (LINE / 8)
#define PA        0x80000000ull
#define BLOCK     4096u
#define PHASES    9u
#define ALIAS_BIT 13u

CHECK_COUNTERS;
bool (*memtest_insn_counter)(uint64_t *out);

static uint64_t view[CPUS][WORDS] __attribute__((aligned(LINE)));
static uint64_t shadow[CPUS][WORDS];
static uint64_t dram[WORDS];
static bool dropped[WORDS / LW], visible;
static unsigned cur, calls, drop_from, drop_to; /* drop: calls in [from, to) */
static bool alias;
static uint64_t rnd_state;

static uint64_t rnd(void)
{
	return check_xorshift(&rnd_state);
}

static size_t mem_line(size_t l) /* the DRAM line a line index reaches */
{
	return alias ? l & ~(size_t)(1u << (ALIAS_BIT - 6)) : l;
}

int dcache_clean_inval_to_mem(uintptr_t start, size_t size)
{
	uintptr_t base = (uintptr_t)view[cur];
	size_t off = start - base, l0 = off / LINE, l1 = (off + size + LINE - 1) / LINE;
	bool drop = calls >= drop_from && calls < drop_to;

	calls++;
	CHECK(start >= base && off + size <= BYTES, "cpu%u maintained 0x%lx: not its own view", cur,
	      (unsigned long)start);
	for (size_t l = l0; l < l1; l++) {
		uint64_t *v = &view[cur][l * LW], *m = &dram[mem_line(l) * LW];
		if (memcmp(v, &shadow[cur][l * LW], LINE)) {
			if (!drop)
				memcpy(m, v, LINE);
			else if (memcmp(m, v, LINE))
				dropped[l] = visible = true;
		}
		memcpy(v, m, LINE);
		memcpy(&shadow[cur][l * LW], m, LINE);
	}
	return 0;
}

static struct stress_error seen[4096];
static unsigned nseen;

static void on_error(const struct stress_error *e, void *ctx)
{
	(void)ctx;
	if (nseen < sizeof(seen) / sizeof(seen[0]))
		seen[nseen++] = *e;
}

static void check_patterns(void)
{
	for (unsigned p = SP_WALK1_64; p <= SP_5A_16; p++) {
		unsigned w = 64u >> (p - SP_WALK1_64) % 3, kind = (p - SP_WALK1_64) / 3;
		uint64_t mask = w == 64 ? ~0ull : (1ull << w) - 1;
		for (size_t i = 0; i < 200; i++) {
			uint64_t v = stress_pattern_word(p, 7, i);
			for (unsigned b = 0; b < 64 / w; b++) {
				uint64_t beat = v >> (b * w) & mask;
				unsigned ones = (unsigned)__builtin_popcountll(beat);
				CHECK(kind == 0   ? ones == 1
				      : kind == 1 ? ones == w - 1
						  : beat == (0x5555555555555555ull & mask) ||
							    beat == (0xaaaaaaaaaaaaaaaaull & mask),
				      "%s word %zu beat %u: 0x%llx", stress_pattern_name(p), i, b,
				      (unsigned long long)beat);
			}
		}
	}
	unsigned run = 0, ones = 0, longest = 0, prev = 2;
	for (size_t i = 0; i < 5; i++) /* 320 bits: 16 commas */
		for (unsigned b = 0; b < 64; b++) {
			unsigned bit = stress_pattern_word(SP_8B10B, 3, i) >> b & 1;
			ones += bit;
			run = bit == prev ? run + 1 : 1;
			prev = bit;
			longest = run > longest ? run : longest;
		}
	CHECK(ones == 160 && longest == 5, "8b10b: %u ones of 320, longest run %u", ones, longest);
	/* an inversion turns the checksum by the formula stress.c uses */
	static uint64_t blk[BLOCK / 8];
	struct stress_sum a = { 0, 0 }, b = { 0, 0 };
	uint64_t m = BLOCK / LINE * 7;
	for (size_t i = 0; i < BLOCK / 8; i++)
		blk[i] = i % LW ? rnd() : PA + i * 8;
	CHECK(stress_invert(blk, BLOCK, PA, 0, &a) == BLOCK, "invert stopped");
	CHECK(stress_read(blk, BLOCK, PA, ~0ull, &b) == BLOCK, "read stopped");
	CHECK(b.a == -m - a.a && b.b == -(m * (m + 1) / 2) - a.b, "inverted checksum");
	blk[5 * LW] ^= 1;
	CHECK(stress_read(blk, BLOCK, PA, ~0ull, &b) == 5 * LINE, "a bad tag not found");
}

/* The first CPU with a line dirty after a phase, or CPUS. */
static unsigned dirty_left(void)
{
	for (unsigned c = 0; c < CPUS; c++)
		if (memcmp(view[c], shadow[c], BYTES))
			return c;
	return CPUS;
}

enum { CLEAN, DROP, ALIAS };
static unsigned caught[3], sets_of[3];

static void one_set(unsigned set)
{
	static struct stress_slot slots[CPUS * 2 * (BYTES / BLOCK / CPUS / 2)];
	struct stress s = { .n = CPUS,
			    .nb = BYTES / BLOCK / CPUS / 2,
			    .block = BLOCK,
			    .slot = slots,
			    .seed = rnd(),
			    .on_error = on_error };
	struct stress_cpu cpu[CPUS], *cp[CPUS];
	unsigned kind = set % 5 == 4 ? ALIAS : set % 5 >= 2 ? DROP : CLEAN;

	for (unsigned c = 0; c < CPUS; c++) {
		cpu[c] = (struct stress_cpu){ .k = c, .base = (uintptr_t)view[c] - (uintptr_t)PA };
		cp[c] = &cpu[c];
		for (unsigned h = 0; h < 2; h++)
			for (unsigned j = 0; j < s.nb; j++) /* slice c: 2 * nb blocks in a row */
				stress_slot(&s, c, h, j)->addr =
					PA + ((c * 2 + h) * s.nb + j) * (uint64_t)BLOCK;
	}
	for (unsigned w = 0; w < WORDS; w++)
		dram[w] = rnd();
	memset(dropped, 0, sizeof(dropped));
	visible = false;
	alias = kind == ALIAS;
	for (unsigned c = 0; c < CPUS; c++)
		for (unsigned l = 0; l < WORDS / LW; l++) {
			memcpy(&view[c][l * LW], &dram[mem_line(l) * LW], LINE);
			memcpy(&shadow[c][l * LW], &dram[mem_line(l) * LW], LINE);
		}
	calls = 0;
	drop_from = drop_to = ~0u;
	if (kind == DROP) { /* about (PHASES + 2) * 16 calls in a run */
		drop_from = (unsigned)(rnd() % ((PHASES + 1) * 16));
		drop_to = drop_from + 1 + (unsigned)(rnd() % 6);
	}
	nseen = 0;
	unsigned dirty = CPUS, dirty_p = 0;
	for (unsigned p = 0; p <= PHASES + 1; p++) {
		for (unsigned i = 0; i < CPUS; i++) {
			unsigned c = (i + set + p) % CPUS;
			cur = c;
			if (p == 0)
				stress_fill(&s, &cpu[c]);
			else if (p <= PHASES)
				stress_phase(&s, &cpu[c], p - 1);
			else
				stress_verify(&s, &cpu[c], PHASES);
		}
		if (dirty == CPUS && (dirty = dirty_left()) < CPUS)
			dirty_p = p;
	}
	bool counter_ok = stress_counter_check(&s, cp);
	sets_of[kind]++;
	if (kind == CLEAN) {
		const struct stress_error *e = &seen[0];
		CHECK(nseen == 0,
		      "set %u: %u errors with no fault, the first: cpu%u %s at 0x%llx in phase %u, "
		      "written by cpu%u: expected 0x%llx, read 0x%llx",
		      set, nseen, e->reader, stress_kind_name(e->kind), (unsigned long long)e->addr,
		      e->phase, e->writer, (unsigned long long)e->expected,
		      (unsigned long long)e->actual);
		CHECK(dirty == CPUS, "set %u: cpu%u left dirty lines after phase %u", set, dirty,
		      dirty_p);
		CHECK(counter_ok && s.counter == PHASES * CPUS * s.nb,
		      "set %u: counter %llu, the CPUs moved %llu blocks", set,
		      (unsigned long long)s.counter,
		      (unsigned long long)(cpu[0].blocks + cpu[1].blocks));
		return;
	}
	unsigned data = 0, tag0 = 0;
	for (unsigned i = 0; i < nseen; i++) {
		const struct stress_error *e = &seen[i];
		size_t line = (e->addr - PA) / LINE;
		if (kind == DROP) {
			if (!CHECK(e->addr >= PA && line < WORDS / LW && dropped[line],
				   "set %u: %s error at 0x%llx, no write dropped there", set,
				   stress_kind_name(e->kind), (unsigned long long)e->addr))
				return;
			data += e->kind == SK_CHECKSUM || e->kind == SK_INVERSION;
		} else if (e->kind == SK_TAG) {
			if (!CHECK(e->other == (e->addr ^ (1u << ALIAS_BIT)),
				   "set %u: tag at 0x%llx names 0x%llx, not its alias", set,
				   (unsigned long long)e->addr, (unsigned long long)e->other))
				return;
			tag0 += e->phase == 0;
		}
	}
	if (kind == DROP) {
		CHECK(!visible || data, "set %u: writes dropped in calls %u..%u not caught", set,
		      drop_from, drop_to - 1);
		caught[kind] += visible && data;
	} else {
		CHECK(seen[0].kind == SK_TAG && tag0,
		      "set %u: the alias not caught by the tag check of the first copy", set);
		caught[kind] += seen[0].kind == SK_TAG && tag0;
	}
}

int main(int argc, char **argv)
{
	unsigned sets = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 200;

	rnd_state = argc > 2 ? strtoull(argv[2], NULL, 0) | 1 : 1;
	check_patterns();
	for (unsigned s = 0; s < sets && failures < 20; s++)
		one_set(s);
	printf("# stress: %u clean sets, %u drop sets (%u caught, the rest dropped nothing "
	       "DRAM lacked), %u alias sets (%u caught by the tag check in phase 0)\n",
	       sets_of[CLEAN], sets_of[DROP], caught[DROP], sets_of[ALIAS], caught[ALIAS]);
	return check_report("host-memtest-stress") ? 1 : 0;
}
