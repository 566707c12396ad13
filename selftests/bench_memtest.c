/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bench: the DRAM test's fill and verify loops (lib/memtest/<arch>/fill.S)
 * against a plain C loop over 64-bit words doing the same pass, written as
 * U-Boot's mtest writes its loops (cmd/mem.c: volatile word pointers, one
 * load or store and a compare per word). Runs with bench=1 (make bench) or
 * bench=memtest (the matrix row). The buffer is four times the largest cache
 * the CPU reports (at least 1 MiB, at most 32 MiB), so that on a board the
 * passes stream through DRAM. Per routine: retired instructions for one pass
 * over its first MiB (PMU, exact under -icount) and per byte; MB/s from the
 * generic timer over repeated passes of the whole buffer (meaningful on a
 * board only: DRAM bandwidth).
 *
 * Checked on every CPU: each loop's result (a pass over a filled buffer finds
 * nothing; a planted word is found in its KiB). Checked on cortex-a53, where
 * the targets are set: fill <= 0.05 insn/B, verify <= 0.16 insn/B, each at
 * least 3x fewer instructions than the C loop.
 */
#include <malloc.h>
#include <stdio.h>

#include "arch/arch.h"
#include "cache/cache.h"
#include "lib/memtest/memtest.h"
#include "lib/page/page.h"
#include "lib/selftest/selftest.h"
#include "selftests/bench.h"

#define REPS       4u
#define INSN_BYTES (1u << 20) /* instructions are counted over the first MiB */
#define PATTERN    0x5555aaaa3333ccccull

__attribute__((noinline)) static void c_fill(void *p, size_t bytes, uint64_t v)
{
	volatile uint64_t *w = p;

	for (size_t i = 0; i < bytes / sizeof(*w); i++)
		w[i] = v;
}

__attribute__((noinline)) static size_t c_verify(const void *p, size_t bytes, uint64_t v)
{
	const volatile uint64_t *w = p;

	for (size_t i = 0; i < bytes / sizeof(*w); i++)
		if (w[i] != v)
			return (i * sizeof(*w)) & ~(size_t)1023;
	return bytes;
}

enum which { FILL, FILL_ZERO, VERIFY, C_FILL, C_VERIFY };

static size_t buf_bytes; /* the buffer: see above */

static size_t buffer_bytes(void)
{
	uint64_t llc = 0, b;

	for (unsigned n = 0; n < cache_info.nlevels; n++)
		if (cache_info.level[n].d.size > llc)
			llc = cache_info.level[n].d.size;
	b = 4 * llc;
	b = b < (1u << 20) ? (1u << 20) : b > (32u << 20) ? (32u << 20) : b;
	return (size_t)b & ~(size_t)1023;
}

static size_t run(enum which w, void *buf, size_t n)
{
	switch (w) {
	case FILL: memtest_fill(buf, n, PATTERN, 0); return 0;
	case FILL_ZERO: memtest_fill(buf, n, 0, cache_info.zva_bytes); return 0;
	case VERIFY: return memtest_verify(buf, n, PATTERN);
	case C_FILL: c_fill(buf, n, PATTERN); return 0;
	case C_VERIFY: return c_verify(buf, n, PATTERN);
	}
	return 0;
}

/* Instructions of one warm pass; MB/s over REPS passes (< 0: no timer). */
static uint64_t measure(enum which w, void *buf, double *mbps)
{
	uint64_t a, b, t0, t1;
	uint32_t hz = arch_counter_hz();

	run(w, buf, INSN_BYTES);
	arch_inst_retired(&a);
	run(w, buf, INSN_BYTES);
	arch_inst_retired(&b);
	t0 = arch_counter();
	for (unsigned i = 0; i < REPS; i++)
		run(w, buf, buf_bytes);
	t1 = arch_counter();
	*mbps = hz && t1 > t0 ? (double)buf_bytes * REPS / ((double)(t1 - t0) / hz) / 1e6 : -1;
	return b - a - bench_overhead;
}

static double row(const char *cpu, const char *routine, const char *impl, enum which w, void *buf)
{
	double mbps;
	uint64_t insns = measure(w, buf, &mbps);
	double per_byte = (double)insns / INSN_BYTES;

	diag("%-18s %-8s %7u B %8llu instructions %6.3f insn/B; %8.0f MB/s over %zu B", routine,
	     impl, INSN_BYTES, (unsigned long long)insns, per_byte, mbps, buf_bytes);
	if (w != FILL_ZERO) /* the table's zero-fill line is not a CSV routine */
		diag("csv: %s,%s,%s,%u,%llu,%.0f", cpu, routine, impl, INSN_BYTES,
		     (unsigned long long)insns, mbps < 0 ? 0 : mbps);
	return per_byte;
}

SELFTEST(bench, memtest)
{
	const char *cpu = bench_cpu_name(), *why;
	double fill, verify, c_fill_b, c_verify_b;
	uint64_t *buf;

	if (!bench_enabled_for("memtest", &why)) {
		skip("%s", why);
		return;
	}
	buf_bytes = buffer_bytes();
	memtest_simd = page_arch_simd();
	buf = memalign(4096, buf_bytes);
	if (!expect(buf != NULL, "no %zu B buffer", buf_bytes))
		return;
	/* The results first: a filled buffer passes, a planted word is found. */
	memtest_fill(buf, buf_bytes, PATTERN, 0);
	expect(memtest_verify(buf, buf_bytes, PATTERN) == buf_bytes,
	       "verify fails a filled buffer");
	buf[buf_bytes / 16 + 5] ^= 1u << 7;
	expect(memtest_verify(buf, buf_bytes, PATTERN) == (buf_bytes / 2 & ~(size_t)1023),
	       "verify did not name the KiB of the planted word");
	expect(c_verify(buf, buf_bytes, PATTERN) == (buf_bytes / 2 & ~(size_t)1023),
	       "the C loop missed it");
	memtest_fill(buf, buf_bytes, PATTERN, 0);
	fill = row(cpu, "memtest_fill", "bringup", FILL, buf);
	c_fill_b = row(cpu, "memtest_fill", "c_loop", C_FILL, buf);
	verify = row(cpu, "memtest_verify", "bringup", VERIFY, buf);
	c_verify_b = row(cpu, "memtest_verify", "c_loop", C_VERIFY, buf);
	if (cache_info.zva_bytes && cache_info.zva_bytes <= 1024)
		row(cpu, "memtest_fill zeros", "DC ZVA", FILL_ZERO, buf);
	diag("fill %.1fx, verify %.1fx fewer instructions than the C loop", c_fill_b / fill,
	     c_verify_b / verify);
	if (arch_cpu_id() >> 24 == 0x41 && (arch_cpu_id() >> 4 & 0xfff) == 0xd03) { /* Cortex-A53 */
		expect(fill <= 0.05, "fill %.3f insn/B, target <= 0.05", fill);
		expect(verify <= 0.16, "verify %.3f insn/B, target <= 0.16", verify);
		expect(c_fill_b >= 3 * fill && c_verify_b >= 3 * verify,
		       "less than 3x fewer than the C loop: fill %.1fx, verify %.1fx",
		       c_fill_b / fill, c_verify_b / verify);
	}
	free(buf);
}
