/*
 * The DRAM test engine (contract: lib/memtest/memtest.h). The algorithms
 * follow the published descriptions: the data and address bus tests of
 * Michael Barr, "Software-Based Memory Testing" (Embedded Systems
 * Programming, July 2000), with the complement write between write and read
 * that U-Boot's alternative mtest (cmd/mem.c) uses against a floating bus;
 * March C- of van de Goor, "Testing Semiconductor Memories" (1991).
 */
#include <stdio.h>
#include <string.h>

#include "cache/cache.h"
#include "lib/memtest/memtest.h"

#define MAX_ERRORS   65536u /* per test: past this a test stops (a board full of errors) */
#define MAX_PAIRS    64u    /* size_alias: one pair per address bit */
#define ADDR_PATTERN 0xaaaaaaaaaaaaaaaaull
#define TAG_KEY      0xa5a5a5a5a5a5a5a5ull

bool (*memtest_insn_counter)(uint64_t *out);
bool memtest_simd;

static const char *const test_names[MT_NTESTS] = { "data_bus", "address_bus", "size_alias",
						   "march_c", "random" };

const char *memtest_name(enum memtest_test test)
{
	return test < MT_NTESTS ? test_names[test] : "?";
}

static const struct memtest_range *range_of(const struct memtest *t, uintptr_t va)
{
	for (unsigned i = 0; i < t->nranges; i++)
		if (va >= t->ranges[i].va && va - t->ranges[i].va < t->ranges[i].size)
			return &t->ranges[i];
	return NULL;
}

static uint64_t pa_of(const struct memtest *t, uintptr_t va)
{
	return t->pa_of ? t->pa_of(va) : (uint64_t)va;
}

/* True once a test has seen so many errors that it stops. */
static bool saturated(const struct memtest *t, enum memtest_test test)
{
	return t->errors[test] >= MAX_ERRORS;
}

static void report(struct memtest *t, enum memtest_test test, uintptr_t va, uint64_t expected,
		   uint64_t actual, uintptr_t other)
{
	const struct memtest_range *r = range_of(t, va);
	struct memtest_error e = {
		.test = test,
		.va = va,
		.pa = pa_of(t, va),
		.expected = expected,
		.actual = actual,
		.addr_bit = -1,
	};
	char buf[192];

	if (r) {
		e.bank = r->bank;
		e.bank_off = e.pa - r->bank_base;
	}
	if (other) {
		uintptr_t x = va ^ other;
		e.other_pa = pa_of(t, other);
		e.addr_bit = (int)__builtin_ctzll((uint64_t)x);
	}
	t->errors[test]++;
	if (t->errors[test] <= t->max_print) {
		memtest_format_error(buf, sizeof(buf), &e);
		printf("# memtest: %s\n", buf);
	} else if (t->errors[test] == t->max_print + 1) {
		printf("# memtest: %s: further errors are counted, not printed\n",
		       test_names[test]);
	}
	if (t->errors[test] == MAX_ERRORS)
		printf("# memtest: %s: %u errors, the test stops here\n", test_names[test],
		       MAX_ERRORS);
	if (t->on_error)
		t->on_error(&e, t->ctx);
}

/* The set bits of x in words: "<kind> bit 8", "<kind> bits 3 17", or
 * "33 <kind> bits" past eight. */
static void bit_list(char *buf, size_t size, const char *kind, uint64_t x)
{
	unsigned n = (unsigned)__builtin_popcountll(x);
	int len;

	if (n > 8) {
		snprintf(buf, size, "%u %s bits", n, kind);
		return;
	}
	len = snprintf(buf, size, "%s bit%s", kind, n == 1 ? "" : "s");
	for (unsigned b = 0; b < 64 && len > 0 && (size_t)len < size; b++)
		if (x >> b & 1)
			len += snprintf(buf + len, size - (size_t)len, " %u", b);
}

void memtest_format_error(char *buf, size_t size, const struct memtest_error *e)
{
	char bits[64];
	uint64_t x = e->expected ^ e->actual;
	int n = snprintf(buf, size,
			 "%s: 0x%llx (bank %u +0x%llx): expected 0x%016llx, read 0x%016llx",
			 test_names[e->test], (unsigned long long)e->pa, e->bank,
			 (unsigned long long)e->bank_off, (unsigned long long)e->expected,
			 (unsigned long long)e->actual);

	if (n < 0 || (size_t)n >= size)
		return;
	if (e->addr_bit >= 0) {
		bit_list(bits, sizeof(bits), "address", e->pa ^ e->other_pa);
		snprintf(buf + n, size - (size_t)n,
			 ", the value written at 0x%llx: the same memory, %s stuck or shorted",
			 (unsigned long long)e->other_pa, bits);
		return;
	}
	bit_list(bits, sizeof(bits), "data", x);
	snprintf(buf + n, size - (size_t)n, ", xor 0x%016llx: %s", (unsigned long long)x, bits);
}

/* Memory holds what the cache held for [va, va + size), and the lines are
 * gone, so the next read comes from memory. Nothing to do uncached. */
static void sync(const struct memtest *t, uintptr_t va, size_t size)
{
#ifdef MEMTEST_MUTANT_NO_SYNC /* host tests only: verify whatever the cache holds (must be caught) \
			       */
	return;
#endif
	if (t->cached)
		dcache_clean_inval_to_mem(va, size);
}

static size_t line_bytes(const struct memtest *t)
{
	return t->line < sizeof(uint64_t) ? sizeof(uint64_t) : t->line;
}

/* One word to memory; one word read from memory (the line dropped before,
 * in case it was fetched since, and after, so a later read fetches again). */
static void put(const struct memtest *t, uintptr_t va, uint64_t v)
{
	*(volatile uint64_t *)va = v;
	sync(t, va, sizeof(v));
}

static uint64_t get(const struct memtest *t, uintptr_t va)
{
	uint64_t v;

	sync(t, va, sizeof(v));
	v = *(volatile uint64_t *)va;
	sync(t, va, sizeof(v));
	return v;
}

/* The whole line holding va written with v, then to memory: the last value
 * the data bus carries is v, whichever word of the burst goes last. */
static void put_line(const struct memtest *t, uintptr_t va, uint64_t v)
{
	size_t line = line_bytes(t);
	uintptr_t a = va & ~(uintptr_t)(line - 1);

	for (size_t i = 0; i < line; i += sizeof(v))
		*(volatile uint64_t *)(a + i) = v;
	sync(t, a, line);
}

void memtest_data_bus(struct memtest *t)
{
	size_t line = line_bytes(t);
	unsigned r = 0;
	uintptr_t a, b;

	while (r < t->nranges && t->ranges[r].size < 4 * line)
		r++;
	if (r == t->nranges)
		return;
	a = t->ranges[r].va;
	b = a + 2 * line; /* another line: the complement goes there */
	for (unsigned k = 0; k < 128; k++) {
		uint64_t pat = (uint64_t)1 << (k & 63), v;

		if (k >= 64)
			pat = ~pat; /* walking zeros */
		put_line(t, a, pat);
#ifndef MEMTEST_MUTANT_NO_COMPLEMENT /* host tests only: a floating bus passes (must be caught) */
		put_line(t, b, ~pat);
#endif
		v = get(t, a);
		if (v != pat)
			report(t, MT_DATA_BUS, a, pat, v, 0);
	}
}

/* The largest naturally aligned power-of-two block inside one range:
 * its base and log2 of its size (0 if there is no range). */
static unsigned aligned_block(const struct memtest *t, uintptr_t *base)
{
	unsigned best = 0;

	for (unsigned i = 0; i < t->nranges; i++) {
		const struct memtest_range *r = &t->ranges[i];
		for (unsigned k = 63; k > best; k--) {
			uint64_t sz = (uint64_t)1 << k;
			uint64_t b = ((uint64_t)r->va + sz - 1) & ~(sz - 1);
			if (sz <= r->size && b >= r->va && b - r->va <= r->size - sz) {
				best = k;
				*base = (uintptr_t)b;
				break;
			}
		}
	}
	return best;
}

void memtest_address_bus(struct memtest *t)
{
	uintptr_t base = 0;
	unsigned k = aligned_block(t, &base);
	const uint64_t pat = ADDR_PATTERN, anti = ~ADDR_PATTERN;

	if (k < 4)
		return;
	/* Every power-of-two offset and offset 0 hold the pattern. */
	put(t, base, pat);
	for (unsigned n = 3; n < k; n++)
		put(t, base + ((uintptr_t)1 << n), pat);
	/* Stuck high: writing offset 0 must change no other offset. */
	put(t, base, anti);
	for (unsigned n = 3; n < k; n++) {
		uintptr_t a = base + ((uintptr_t)1 << n);
		uint64_t v = get(t, a);
		if (v != pat)
			report(t, MT_ADDRESS_BUS, a, pat, v, base);
	}
	put(t, base, pat);
	/* Stuck low or shorted: writing offset 2^n must change no other. */
	for (unsigned n = 3; n < k && !saturated(t, MT_ADDRESS_BUS); n++) {
		uintptr_t an = base + ((uintptr_t)1 << n);
		put(t, an, anti);
		uint64_t v = get(t, base);
		if (v != pat)
			report(t, MT_ADDRESS_BUS, base, pat, v, an);
		for (unsigned m = 3; m < k; m++) {
			uintptr_t am = base + ((uintptr_t)1 << m);
			if (m != n && (v = get(t, am)) != pat)
				report(t, MT_ADDRESS_BUS, am, pat, v, an);
		}
		put(t, an, pat);
	}
}

/* An 8-byte word at va lies in one of the ranges. */
static bool in_ranges(const struct memtest *t, uintptr_t va)
{
	return (va & 7) == 0 && range_of(t, va) != NULL;
}

static uint64_t tag_of(uintptr_t va)
{
	return (uint64_t)va ^ TAG_KEY;
}

void memtest_size_alias(struct memtest *t)
{
	uintptr_t addr[2 * MAX_PAIRS];
	unsigned n = 0;

	/* One pair per address bit: x with bit b clear, x | bit, both free. */
	for (unsigned b = 3; b < 8 * sizeof(uintptr_t) && n + 2 <= 2 * MAX_PAIRS; b++) {
		uintptr_t bit = (uintptr_t)1 << b;
		for (unsigned i = 0; i < t->nranges; i++) {
			uintptr_t x = t->ranges[i].va;
			if (x & bit)
				x = (x + bit) & ~(bit - 1); /* the next address with bit b clear */
			if (x < t->ranges[i].va || !in_ranges(t, x) || !in_ranges(t, x | bit))
				continue;
			addr[n++] = x;
			addr[n++] = x | bit;
			break;
		}
	}
	/* Tags in ascending order of address bit: a higher address that is the
	 * same memory as a lower one overwrites it. */
	for (unsigned i = 0; i < n; i++)
		put(t, addr[i], tag_of(addr[i]));
	for (unsigned i = 0; i < n && !saturated(t, MT_SIZE_ALIAS); i++) {
		uint64_t v = get(t, addr[i]);
		uintptr_t other = (uintptr_t)(v ^ TAG_KEY);
		bool known = false;

		if (v == tag_of(addr[i]))
			continue;
		for (unsigned j = 0; j < n; j++)
			known |= addr[j] == other && other != addr[i];
		report(t, MT_SIZE_ALIAS, addr[i], tag_of(addr[i]), v, known ? other : 0);
	}
}

/* Check [p, p + bytes) against pattern: the loop finds the first failing
 * KiB, the words of that KiB are reported, and the loop goes on after it. */
static void check_chunk(struct memtest *t, enum memtest_test test, uintptr_t p, size_t bytes,
			uint64_t pattern)
{
	uint64_t i0 = 0, i1;
	bool counted = memtest_insn_counter && memtest_insn_counter(&i0);
	size_t off = memtest_verify((const void *)p, bytes, pattern);

	if (counted && memtest_insn_counter(&i1)) {
		t->verify_insns += i1 - i0;
		t->verify_bytes += bytes;
		t->counted = true;
	}
	while (off < bytes && !saturated(t, test)) {
		const volatile uint64_t *w = (const volatile uint64_t *)(p + off);
		for (unsigned i = 0; i < 1024 / sizeof(*w); i++)
			if (w[i] != pattern)
				report(t, test, (uintptr_t)&w[i], pattern, w[i], 0);
		off += 1024;
		if (off < bytes)
			off += memtest_verify((const void *)(p + off), bytes - off, pattern);
	}
}

static void fill_chunk(struct memtest *t, uintptr_t p, size_t bytes, uint64_t pattern, bool down)
{
	uint64_t i0 = 0, i1;
	bool counted = memtest_insn_counter && memtest_insn_counter(&i0);

	memtest_fill((void *)p, bytes, pattern, pattern ? 0 : t->zva);
	if (counted && memtest_insn_counter(&i1)) {
		t->fill_insns += i1 - i0;
		t->fill_bytes += bytes;
	}
	if (!down) {
		sync(t, p, bytes);
		return;
	}
	/* Descending: memory is written from the top line down. */
	for (size_t off = bytes; off && t->cached; off -= line_bytes(t))
		sync(t, p + off - line_bytes(t), line_bytes(t));
}

/* One March element over every range: read (expect) then write (value) each
 * chunk, in the element's direction. */
static void element(struct memtest *t, bool read, uint64_t expect, bool write, uint64_t value,
		    bool down)
{
	for (unsigned k = 0; k < t->nranges; k++) {
		const struct memtest_range *r = &t->ranges[down ? t->nranges - 1 - k : k];
		size_t chunks = r->size / MEMTEST_CHUNK;

		for (size_t c = 0; c < chunks && !saturated(t, MT_MARCH_C); c++) {
			uintptr_t p = r->va + (down ? chunks - 1 - c : c) * MEMTEST_CHUNK;
			if (read)
				check_chunk(t, MT_MARCH_C, p, MEMTEST_CHUNK, expect);
			if (write)
				fill_chunk(t, p, MEMTEST_CHUNK, value, down);
		}
	}
}

void memtest_march_c(struct memtest *t)
{
	const uint64_t z = t->background, o = ~t->background;

	element(t, false, 0, true, z, false); /* up(w0) */
	element(t, true, z, true, o, false);  /* up(r0,w1) */
	element(t, true, o, true, z, false);  /* up(r1,w0) */
	element(t, true, z, true, o, true);   /* down(r0,w1) */
	element(t, true, o, true, z, true);   /* down(r1,w0) */
	element(t, true, z, false, 0, false); /* any(r0) */
	for (unsigned k = 0; k < t->nranges; k++)
		t->bytes_tested += t->ranges[k].size;
}

static uint64_t xorshift64(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return *s = x;
}

void memtest_random(struct memtest *t)
{
	uint64_t start = t->seed ? t->seed : 1, s = start;

	for (unsigned k = 0; k < t->nranges; k++) {
		const struct memtest_range *r = &t->ranges[k];
		for (size_t off = 0; off < r->size; off += MEMTEST_CHUNK) {
			uint64_t *w = (uint64_t *)(r->va + off);
			for (unsigned i = 0; i < MEMTEST_CHUNK / sizeof(*w); i++)
				w[i] = xorshift64(&s);
			sync(t, (uintptr_t)w, MEMTEST_CHUNK);
		}
	}
	s = start;
	for (unsigned k = 0; k < t->nranges && !saturated(t, MT_RANDOM); k++) {
		const struct memtest_range *r = &t->ranges[k];
		for (size_t off = 0; off < r->size && !saturated(t, MT_RANDOM);
		     off += MEMTEST_CHUNK) {
			const volatile uint64_t *w = (const volatile uint64_t *)(r->va + off);
			for (unsigned i = 0; i < MEMTEST_CHUNK / sizeof(*w); i++) {
				uint64_t want = xorshift64(&s), v = w[i];
				if (v != want)
					report(t, MT_RANDOM, (uintptr_t)&w[i], want, v, 0);
			}
			sync(t, (uintptr_t)w, MEMTEST_CHUNK); /* the next pass reads memory again */
		}
	}
	t->seed = s;
}
