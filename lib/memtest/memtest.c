/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The DRAM test engine's common part (contract: lib/memtest/memtest.h; the
 * internal calls: memtest_priv.h): error reports and their decoding, how a
 * word or a line reaches memory and comes back from it, and the chunk loops
 * every pass is made of. The tests: memtest_bus.c, memtest_march.c.
 */
#include <stdio.h>
#include <string.h>

#include "cache/cache.h"
#include "lib/memtest/memtest.h"
#include "lib/memtest/memtest_priv.h"

bool (*memtest_insn_counter)(uint64_t *out);

static const char *const test_names[MT_NTESTS] = { "data_bus", "address_bus", "size_alias",
						   "march_c",  "random",      "byte_lanes",
						   "bit_fade", "round_robin", "stress" };

const char *memtest_name(enum memtest_test test)
{
	return test < MT_NTESTS ? test_names[test] : "?";
}

const struct memtest_range *mt_range_of(const struct memtest *t, uintptr_t va)
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
bool mt_saturated(const struct memtest *t, enum memtest_test test)
{
	return t->errors[test] >= MT_MAX_ERRORS;
}

void mt_report(struct memtest *t, enum memtest_test test, uintptr_t va, uint64_t expected,
	       uint64_t actual, uintptr_t other)
{
	const struct memtest_range *r = mt_range_of(t, va);
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
	/* quiet: a secondary CPU, the boot CPU prints what on_error kept */
	if (!t->quiet && t->errors[test] <= t->max_print) {
		memtest_format_error(buf, sizeof(buf), &e);
		printf("# memtest: %s\n", buf);
	} else if (!t->quiet && t->errors[test] == t->max_print + 1) {
		printf("# memtest: %s: further errors are counted, not printed\n",
		       test_names[test]);
	}
	if (t->errors[test] == MT_MAX_ERRORS && !t->quiet)
		printf("# memtest: %s: %u errors, the test stops here\n", test_names[test],
		       MT_MAX_ERRORS);
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
	n += snprintf(buf + n, size - (size_t)n, ", xor 0x%016llx: %s", (unsigned long long)x,
		      bits);
	if (e->test != MT_BYTE_LANES && e->test != MT_STRESS)
		return;
	/* The byte lanes of the xor: 8 data bits of every word each. */
	for (unsigned b = 0, first = 1; b < 8 && n > 0 && (size_t)n < size; b++)
		if (x >> (8 * b) & 0xff) {
			n += snprintf(buf + n, size - (size_t)n, "%s %u",
				      first ? ", byte lane" : "", b);
			first = 0;
		}
}

/* Memory holds what the cache held for [va, va + size), and the lines are
 * gone, so the next read comes from memory. Nothing to do uncached. */
void mt_sync(const struct memtest *t, uintptr_t va, size_t size)
{
#ifdef MEMTEST_MUTANT_NO_SYNC /* host tests only: verify whatever the cache holds (must be caught) \
			       */
	return;
#endif
	if (t->cached)
		dcache_clean_inval_to_mem(va, size);
}

size_t mt_line_bytes(const struct memtest *t)
{
	return t->line < sizeof(uint64_t) ? sizeof(uint64_t) : t->line;
}

/* One word to memory; one word read from memory (the line dropped before,
 * in case it was fetched since, and after, so a later read fetches again). */
void mt_put(struct memtest *t, uintptr_t va, uint64_t v)
{
	*(volatile uint64_t *)va = v;
	mt_sync(t, va, sizeof(v));
	mt_swept(t, sizeof(v));
}

uint64_t mt_get(struct memtest *t, uintptr_t va)
{
	uint64_t v;

	mt_sync(t, va, sizeof(v));
	v = *(volatile uint64_t *)va;
	mt_sync(t, va, sizeof(v));
	mt_swept(t, sizeof(v));
	return v;
}

/* The whole line holding va written with v, then to memory: the last value
 * the data bus carries is v, whichever word of the burst goes last. */
void mt_put_line(struct memtest *t, uintptr_t va, uint64_t v)
{
	size_t line = mt_line_bytes(t);
	uintptr_t a = va & ~(uintptr_t)(line - 1);

	for (size_t i = 0; i < line; i += sizeof(v))
		*(volatile uint64_t *)(a + i) = v;
	mt_sync(t, a, line);
	mt_swept(t, line);
}

/* Whether this chunk call is one whose loop is counted: one in
 * MT_COUNT_EVERY, so that reading the PMU stays off the other calls. */
static bool mt_count_this(struct memtest *t)
{
	return memtest_insn_counter && t->calls++ % MT_COUNT_EVERY == 0;
}

/* Check [p, p + bytes) against pattern: the loop finds the first failing
 * KiB, the words of that KiB are reported, and the loop goes on after it. */
void mt_check_chunk(struct memtest *t, enum memtest_test test, uintptr_t p, size_t bytes,
		    uint64_t pattern)
{
	uint64_t i0 = 0, i1;
	bool counted = mt_count_this(t) && memtest_insn_counter(&i0);
	size_t off = memtest_verify((const void *)p, bytes, pattern);

	if (counted && memtest_insn_counter(&i1)) {
		t->verify_insns += i1 - i0;
		t->verify_bytes += bytes;
		t->counted = true;
	}
	mt_swept(t, bytes);
	while (off < bytes && !mt_saturated(t, test)) {
		const volatile uint64_t *w = (const volatile uint64_t *)(p + off);
		for (unsigned i = 0; i < 1024 / sizeof(*w); i++)
			if (w[i] != pattern)
				mt_report(t, test, (uintptr_t)&w[i], pattern, w[i], 0);
		off += 1024;
		if (off < bytes)
			off += memtest_verify((const void *)(p + off), bytes - off, pattern);
	}
}

void mt_fill_chunk(struct memtest *t, uintptr_t p, size_t bytes, uint64_t pattern, bool down)
{
	uint64_t i0 = 0, i1;
	bool counted = mt_count_this(t) && memtest_insn_counter(&i0);

	memtest_fill((void *)p, bytes, pattern, pattern ? 0 : t->zva);
	if (counted && memtest_insn_counter(&i1)) {
		t->fill_insns += i1 - i0;
		t->fill_bytes += bytes;
	}
	mt_swept(t, bytes);
	if (!down) {
		mt_sync(t, p, bytes);
		return;
	}
	/* Descending: memory is written from the top line down. */
#if defined(MEMTEST_MUTANT_DOWN_ASCENDING) /* host tests only: lines written up (caught) */
	mt_sync(t, p, bytes);
#elif !defined(MEMTEST_MUTANT_NO_SYNC) /* host tests only: as mt_sync */
	if (t->cached)
		dcache_clean_inval_to_mem_down(p, bytes);
#endif
}
