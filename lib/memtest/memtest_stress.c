/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The DRAM stress's phases (contract: lib/memtest/memtest_stress.h; the loops:
 * memtest_stress_loops.c): the patterns, the fill, the copy and inversion phases,
 * the read-back, the decode of a block whose checksum differs.
 */
#include "lib/memtest/memtest_stress.h"

#include "cache/cache.h"

#define LW (STRESS_LINE / 8)

static const char *const kind_names[SK_N] = { "checksum", "tag", "inversion", "coherency" };
static const char *const pattern_names[SP_N] = {
	"random",   "walk1/64", "walk1/32", "walk1/16", "walk0/64", "walk0/32",
	"walk0/16", "55aa/64",  "55aa/32",  "55aa/16",  "8b10b",
};
/* Blocks take their pattern from this table in turn: random and the
 * 8b10b run weigh more, each bus width's walks and 0x55/0xAA the same (the
 * width of the board's DRAM bus is in no devicetree). */
static const uint8_t weighted[] = { SP_RANDOM, SP_WALK1_64, SP_WALK0_64, SP_5A_64, SP_8B10B,
				    SP_RANDOM, SP_WALK1_32, SP_WALK0_32, SP_5A_32, SP_8B10B,
				    SP_RANDOM, SP_WALK1_16, SP_WALK0_16, SP_5A_16 };
/* The K28.5 comma of 8b10b in both running disparities, 0011111010 then
 * 1100000101 (IEEE 802.3 clause 36), bit 0 first: five equal bits then
 * alternation, the run length a serial link is built for. */
#define COMMA      0xA0D7Cu /* bits 0..19 of "00111110101100000101" read left to right */
#define COMMA_BITS 20u

const char *stress_kind_name(enum stress_kind k)
{
	return k < SK_N ? kind_names[k] : "?";
}

const char *stress_pattern_name(unsigned pattern)
{
	return pattern < SP_N ? pattern_names[pattern] : "?";
}

/* splitmix64 (Steele, Lea, Flood, OOPSLA 2014): word i of a random block
 * from its seed alone, so any word can be recomputed to decode an error. */
static uint64_t mix(uint64_t x)
{
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

uint64_t stress_pattern_word(unsigned pattern, uint64_t seed, size_t i)
{
	unsigned w = 64, beats, kind = pattern;
	uint64_t v = 0, mask;

	i %= STRESS_PERIOD / 8;
	if (pattern == SP_RANDOM)
		return mix(seed + 0x9e3779b97f4a7c15ull * (i + 1));
	if (pattern == SP_8B10B) {
		uint64_t bit = (uint64_t)i * 64 + seed % COMMA_BITS;
		for (unsigned b = 0; b < 64; b++)
			v |= (uint64_t)(COMMA >> ((bit + b) % COMMA_BITS) & 1) << b;
		return v;
	}
	w = 64u >> (pattern - SP_WALK1_64) % 3; /* 64, 32, 16 */
	kind = (pattern - SP_WALK1_64) / 3;     /* 0 walk1, 1 walk0, 2 55aa */
	beats = 64 / w;
	mask = w == 64 ? ~0ull : (1ull << w) - 1;
	for (unsigned b = 0; b < beats; b++) {
		uint64_t t = (uint64_t)i * beats + b + seed % w, beat;
		if (kind == 2)
			beat = t & 1 ? 0xaaaaaaaaaaaaaaaaull : 0x5555555555555555ull;
		else
			beat = 1ull << (t % w);
		v |= (beat & mask) << (b * w);
	}
	return kind == 1 ? ~v : v;
}

static uint64_t *at(const struct stress_cpu *c, const struct stress_slot *sl, size_t off)
{
	return (uint64_t *)(c->base + (uintptr_t)sl->addr + off);
}

/* What word i of the block in slot sl must hold. */
static uint64_t expect_word(const struct stress_slot *sl, size_t i)
{
	uint64_t v = i % LW ? stress_pattern_word(sl->pattern, sl->seed, i) : sl->addr + i * 8;
	return sl->inv ? ~v : v;
}

/* Writes the block sl must hold at p, its checksum into sl->want: the
 * first STRESS_PERIOD bytes word by word, the rest copied from them by the
 * copy loop (the patterns repeat every STRESS_PERIOD bytes), so a fill costs
 * what a copy does. */
static void write_block(const struct stress *s, struct stress_slot *sl, uint64_t *p)
{
	struct stress_sum m = { 0, 0 };
	uint64_t inv = sl->inv ? ~0ull : 0;

	for (size_t i = 0; i < STRESS_PERIOD / 8; i++)
		p[i] = expect_word(sl, i);
	stress_read(p, STRESS_PERIOD, sl->addr, inv, &m);
	for (size_t off = STRESS_PERIOD; off < s->block; off += STRESS_PERIOD)
		stress_copy(p + off / 8, p, STRESS_PERIOD, sl->addr, sl->addr + off, inv, &m);
	sl->want = m;
}

static void report(struct stress *s, struct stress_cpu *c, const struct stress_error *e)
{
	c->errors[e->kind]++;
	if (s->on_error)
		s->on_error(e, s->ctx);
}

/* The block in sl (at p, in this CPU's view) failed its checksum: read it
 * again from DRAM and report each word that differs from what it must
 * hold, or the checksums when none does (the first read was wrong). */
static void decode(struct stress *s, struct stress_cpu *c, const struct stress_slot *sl,
		   const struct stress_sum *got, enum stress_kind kind, unsigned phase)
{
	const uint64_t *p = at(c, sl, 0);
	unsigned found = 0;

	dcache_clean_inval_to_mem((uintptr_t)p, s->block);
	for (size_t i = 0; i < s->block / 8; i++) {
		uint64_t want = expect_word(sl, i);
		if (p[i] == want || i % LW == 0) /* a wrong tag was reported as one */
			continue;
		found++;
		report(s, c,
		       &(struct stress_error){ kind, sl->addr + i * 8, want, p[i], 0, sl->writer,
					       c->k, phase });
	}
	if (!found)
		report(s, c,
		       &(struct stress_error){ kind, sl->addr, sl->want.a, got->a, 0, sl->writer,
					       c->k, phase });
}

/* A tag that differs at offset off of the block in sl (its words at p). */
static void bad_tag(struct stress *s, struct stress_cpu *c, const struct stress_slot *sl,
		    const uint64_t *p, size_t off, unsigned phase)
{
	uint64_t want = (sl->addr + off) ^ (sl->inv ? ~0ull : 0), got = p[off / 8];

	report(s, c,
	       &(struct stress_error){ SK_TAG, sl->addr + off, want, got,
				       got ^ (sl->inv ? ~0ull : 0), sl->writer, c->k, phase });
}

static void moved(struct stress *s, struct stress_cpu *c)
{
	__atomic_fetch_add(&s->counter, 1, __ATOMIC_RELAXED);
	c->blocks++;
	c->bytes += s->block;
	if (c->poll)
		c->poll(c);
}

void stress_fill(struct stress *s, struct stress_cpu *c)
{
	for (unsigned j = 0; j < s->nb; j++) {
		struct stress_slot *sl = stress_slot(s, c->k, stress_full(0), j);
		unsigned idx = c->k * s->nb + j;
		sl->pattern = weighted[idx % sizeof(weighted)];
		sl->seed = mix(s->seed + idx);
		sl->inv = 0;
		sl->writer = (uint8_t)c->k;
		write_block(s, sl, at(c, sl, 0));
		dcache_clean_inval_to_mem((uintptr_t)at(c, sl, 0), s->block);
	}
}

static bool differs(const struct stress_sum *got, const struct stress_sum *want)
{
#ifdef MEMTEST_MUTANT_STRESS_NO_SUM /* host tests only: no checksum compared (caught) */
	return false;
#endif
	return got->a != want->a || got->b != want->b;
}

static bool counted(uint64_t *n)
{
	return memtest_insn_counter && memtest_insn_counter(n);
}

static void copy_block(struct stress *s, struct stress_cpu *c, struct stress_slot *from,
		       struct stress_slot *to, unsigned phase)
{
	uint64_t *src = at(c, from, 0), *dst = at(c, to, 0), inv = from->inv ? ~0ull : 0, i0, i1;
	struct stress_sum m = { 0, 0 };
	bool count;

	dcache_clean_inval_to_mem((uintptr_t)src, s->block); /* no stale copy answers */
	count = c->blocks % 16 == 0 && counted(&i0);         /* the loop alone, one block in 16 */
	for (size_t off = 0; off < s->block;) {
		off += stress_copy(dst + off / 8, src + off / 8, s->block - off, from->addr + off,
				   to->addr + off, inv, &m);
		if (off == s->block)
			break;
		bad_tag(s, c, from, src, off, phase);
		stress_copy(dst + off / 8, src + off / 8, STRESS_LINE, src[off / 8] ^ inv,
			    to->addr + off, inv, &m);
		off += STRESS_LINE;
	}
	if (count && counted(&i1) && i1 > i0) {
		c->insns += i1 - i0;
		c->insn_bytes += s->block;
	}
	to->pattern = from->pattern;
	to->seed = from->seed;
	to->inv = from->inv;
	to->want = from->want;
	if (differs(&m, &from->want)) {
		decode(s, c, from, &m, SK_CHECKSUM, phase);
		write_block(s, to, dst); /* one fault, reported once */
	}
	to->writer = (uint8_t)c->k;
#ifndef MEMTEST_MUTANT_STRESS_NO_CLEAN /* host tests only: the copy left in its cache (caught) */
	dcache_clean_inval_to_mem((uintptr_t)dst, s->block);
#endif
	moved(s, c);
}

/* A block's lines in place from DRAM (cleaned and invalidated first),
 * inverted or only read, their sum; a line whose tag is not its address is
 * reported (bad_tag) and summed as it stands. */
static struct stress_sum walk(struct stress *s, struct stress_cpu *c, struct stress_slot *sl,
			      uint64_t *p, unsigned phase, bool invert)
{
	uint64_t inv = sl->inv ? ~0ull : 0;
	struct stress_sum m = { 0, 0 };

	dcache_clean_inval_to_mem((uintptr_t)p, s->block);
	for (size_t off = 0; off < s->block;) {
		uint64_t *q = p + off / 8, tag = sl->addr + off;
		size_t left = s->block - off;
		off += invert ? stress_invert(q, left, tag, inv, &m)
			      : stress_read(q, left, tag, inv, &m);
		if (off == s->block)
			break;
		bad_tag(s, c, sl, p, off, phase);
		q = p + off / 8;
		if (invert)
			stress_invert(q, STRESS_LINE, *q ^ inv, inv, &m);
		else
			stress_read(q, STRESS_LINE, *q ^ inv, inv, &m);
		off += STRESS_LINE;
	}
	return m;
}

static void invert_block(struct stress *s, struct stress_cpu *c, struct stress_slot *sl,
			 unsigned phase)
{
	uint64_t *p = at(c, sl, 0), m7 = s->block / STRESS_LINE * 7;
	struct stress_sum m = walk(s, c, sl, p, phase, true);

	if (differs(&m, &sl->want)) {
		sl->inv ^= 1; /* what it must hold now */
		decode(s, c, sl, &m, SK_INVERSION, phase);
		write_block(s, sl, p);
	} else {
		/* sum of ~w = -m - sum of w; Fletcher's b likewise, weights m..1 */
		sl->inv ^= 1;
		sl->want.a = -m7 - sl->want.a;
		sl->want.b = -(m7 * (m7 + 1) / 2) - sl->want.b;
	}
	sl->writer = (uint8_t)c->k;
	dcache_clean_inval_to_mem((uintptr_t)p, s->block);
	moved(s, c);
}

void stress_phase(struct stress *s, struct stress_cpu *c, unsigned p)
{
	unsigned sl = stress_slice(s->n, c->k, p), h = stress_full(p);

	for (unsigned j = 0; j < s->nb; j++) {
		if (stress_is_copy(p))
			copy_block(s, c, stress_slot(s, sl, h, j),
				   stress_slot(s, (sl + 1) % s->n, h ^ 1, j), p);
		else
			invert_block(s, c, stress_slot(s, sl, h, j), p);
	}
}

void stress_verify(struct stress *s, struct stress_cpu *c, unsigned p)
{
	unsigned sl = stress_slice(s->n, c->k, p), h = stress_full(p);

	for (unsigned j = 0; j < s->nb; j++) {
		struct stress_slot *b = stress_slot(s, sl, h, j);
		struct stress_sum m = walk(s, c, b, at(c, b, 0), p, false);

		if (differs(&m, &b->want))
			decode(s, c, b, &m, SK_CHECKSUM, p);
	}
}

bool stress_counter_check(struct stress *s, struct stress_cpu *const *cpus)
{
	uint64_t sum = 0, got = __atomic_load_n(&s->counter, __ATOMIC_ACQUIRE);

	for (unsigned k = 0; k < s->n; k++)
		sum += cpus[k]->blocks;
	if (got == sum)
		return true;
	report(s, cpus[0], &(struct stress_error){ SK_COHERENCY, 0, sum, got, 0, 0, 0, 0 });
	return false;
}
