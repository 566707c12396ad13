/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The DRAM test engine: bus, address, size and March C- tests over ranges of
 * RAM the caller owns, written with the caches on and verified from memory.
 *
 * Memory is reached as the caller set it up: `cached` ranges (Normal
 * write-back) are written at full speed through the cache and then cleaned
 * and invalidated to memory (cache/cache.h dcache_clean_inval_to_mem: with an
 * outer cache, inner clean, outer clean+invalidate, inner clean+invalidate),
 * so that every verify misses the cache
 * and reads DRAM; a verify that skipped this would be answered by the cache,
 * which is why U-Boot's mtest (cmd/mem.c) runs with the D-cache off.
 * Non-cacheable ranges are used as they are, no maintenance.
 *
 * Tests (each counts its errors in t->errors[test]):
 *   data_bus     one word, walking ones then walking zeros over 64 bits; between
 *                the write and the read a whole line elsewhere is written with
 *                the complement, so a floating data line (which returns the
 *                last value driven) cannot pass. Errors name the data bits.
 *   address_bus  Barr's power-of-two offsets inside the largest naturally
 *                aligned block of any range: an offset written with the
 *                complement shows at offset 0 (stuck high) or at another
 *                offset (stuck low, shorted). Errors name the address bit.
 *                Cached, from the line's bit up: below it two addresses are
 *                words of one line, one DRAM burst (an uncached run drives
 *                bits from 3, the 64-bit word, up).
 *   size_alias   for every address bit n up to the top of each bank, a pair of
 *                free addresses differing only in bit n gets two distinct tags;
 *                one that reads the other's tag is the same memory (a tree
 *                that claims more RAM than is fitted, a wrapped line).
 *   march_c      March C-: up(w0) up(r0,w1) up(r1,w0) down(r0,w1) down(r1,w0)
 *                any(r0) at full width, 0 = the pass's background pattern and
 *                1 its complement. DRAM is written in the element's direction
 *                (the down elements clean line by line from the top), so a
 *                coupling fault between cells of different cache lines
 *                shows in one direction or the other. Within one line DRAM
 *                sees a burst in ascending order: a victim after its
 *                aggressor in the burst is rewritten by its own write-back,
 *                so that coupling needs an uncached run.
 *   random       the seeded random sequence (below: two ADDs per 32 B, no
 *                word repeating), written, then verified.
 *   byte_lanes   uncached only (a cached run does nothing: a narrow store
 *                merges into a cache line, and DRAM sees the whole line
 *                written): every word all zeros (then all ones) by full
 *                stores, then one byte (8-bit stores) or halfword (16-bit)
 *                of every word the complement, each of the 8 + 4 places in
 *                turn, verified. A data-mask line that does not mask (the
 *                memory writes a lane the store did not drive) or masks
 *                always shows in its byte lane; errors name the byte lanes.
 *   bit_fade     every range all zeros, then all ones: written, cleaned to
 *                memory, left for the caller's wait (DRAM must hold it on
 *                refresh alone), verified.
 *
 * Preconditions: ranges page aligned (PAGE_SIZE), each a multiple of
 * MEMTEST_CHUNK bytes, owned by the caller (nothing else uses them while a
 * test runs); line a power of two (the smallest D-cache line of the system).
 * A range that cannot be read or written (nothing answers there) takes an
 * abort inside these functions: the caller runs them under a fault probe
 * (arch/exception.h) and reports "no memory at". Errors: none returned, the
 * counts and the report hook say what was found.
 */
#ifndef LIB_MEMTEST_H
#define LIB_MEMTEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MEMTEST_CHUNK 4096u /* fill/verify unit; ranges are multiples of it */

enum memtest_test {
	MT_DATA_BUS,
	MT_ADDRESS_BUS,
	MT_SIZE_ALIAS,
	MT_MARCH_C,
	MT_RANDOM,
	MT_BYTE_LANES,
	MT_BIT_FADE,
	MT_ROUND_ROBIN, /* lib/memtest/memtest_cpus.h: CPU k verifies what CPU k-1 wrote */
	MT_STRESS,      /* lib/memtest/memtest_stress.h: blocks moved DRAM to DRAM by every CPU */
	MT_NTESTS
};

/* A range under test: the address the CPU uses and the bank it is in (for
 * reports: bank index and offset). Its physical address is va unless t->pa_of
 * says otherwise (a range seen through another mapping). */
struct memtest_range {
	uintptr_t va;
	size_t size;
	unsigned bank;
	uint64_t bank_base; /* physical address of the bank's first byte */
};

/* One error, decoded. For address tests `other` is the address whose write
 * showed here and `addr_bit` the suspected address bit; else addr_bit < 0. */
struct memtest_error {
	enum memtest_test test;
	uintptr_t va;
	uint64_t pa;
	unsigned bank;
	uint64_t bank_off;
	uint64_t expected, actual;
	int addr_bit;
	uint64_t other_pa;
};

struct memtest {
	/* set by the caller */
	const struct memtest_range *ranges;
	unsigned nranges;
	bool cached;         /* clean+invalidate to memory between write and read */
	size_t line;         /* smallest D-cache line, bytes (any power of two if !cached) */
	size_t zva;          /* DC ZVA block bytes for zero fills, 0: stores */
	uint64_t seed;       /* random test; advanced */
	uint64_t background; /* march_c's 0 pattern (1 = its complement) */
	unsigned max_print;  /* errors printed per test (as "# " lines) */
	bool quiet;          /* print nothing (a secondary CPU): errors only counted, on_error */
	uint64_t (*pa_of)(uintptr_t va);                            /* NULL: identity */
	void (*on_error)(const struct memtest_error *e, void *ctx); /* each error, or NULL */
	void *ctx;
	/* results, accumulated over calls */
	uint64_t errors[MT_NTESTS];
	uint64_t bytes_tested;
	uint64_t fill_bytes, fill_insns, verify_bytes, verify_insns; /* whole-chunk calls */
	bool counted;   /* fill/verify instructions were counted (a PMU) */
	uint32_t calls; /* chunk fill/verify calls (one in 16 counted: the figures sample) */
	/* Bytes swept, every test: written, or read and compared, once each (a
	 * March C- element over N bytes sweeps N or 2N; a word of a bus test 8).
	 * With `progress` set, it is called each time swept passes progress_at,
	 * which it moves on (the caller's clock; NULL: no calls). */
	uint64_t swept, progress_at;
	void (*progress)(struct memtest *t);
};

void memtest_data_bus(struct memtest *t);
void memtest_address_bus(struct memtest *t);
void memtest_size_alias(struct memtest *t);
void memtest_march_c(struct memtest *t);
void memtest_random(struct memtest *t);
void memtest_byte_lanes(struct memtest *t);
void memtest_bit_fade(struct memtest *t, void (*wait)(void *ctx), void *ctx);
const char *memtest_name(enum memtest_test test);

/* Decoded error line, as printed ("# memtest: ..." without the prefix). */
void memtest_format_error(char *buf, size_t size, const struct memtest_error *e);

/*
 * The engine: memtest.c (reports, memory access, chunks), memtest_bus.c,
 * memtest_march.c. The loops (lib/memtest/<arch>/fill.S). p 16-byte aligned; bytes a non-zero
 * multiple of 1 KiB. Ordinary loads and stores, no barrier, no maintenance.
 * memtest_fill: every 64-bit word of [p, p + bytes) = pattern; if zva is
 * non-zero (a power of two dividing 1 KiB) and pattern is 0, by DC ZVA
 * (AArch64; the caller gates it on the MMU being on, DCZID.DZP clear and the
 * memory Normal), else by stores.
 * memtest_verify: the offset of the first 1 KiB block holding a word other
 * than pattern, or bytes if none.
 */
void memtest_fill(void *p, size_t bytes, uint64_t pattern, size_t zva);
size_t memtest_verify(const void *p, size_t bytes, uint64_t pattern);
/* The byte-lane test's narrow stores (lib/memtest/memtest_lanes.c): in every
 * 64-bit word of [p, p + bytes), the `width` bytes (1 or 2) at place `slot`
 * (byte offset slot * width, little-endian) get the same bytes of v, by
 * 8- or 16-bit stores; nothing else is written. p 8-byte aligned. */
void memtest_store_lanes(void *p, size_t bytes, uint64_t v, unsigned width, unsigned slot);

/*
 * The random test's sequence: an additive lagged Fibonacci generator (Knuth,
 * TAOCP vol. 2, 3.2.2: x[n] = x[n-4] + x[n-3] mod 2^64, x^4 + x^3 + 1 being
 * primitive, so the period is (2^4 - 1) * 2^63 and no word repeats in any
 * RAM) run in two interleaved lanes: the state is four pairs of words
 * v0..v3 (w[2j], w[2j + 1] = v_j), and each 64 B of output is v0 += v1,
 * v1 += v2, v2 += v3, v3 += v0 (lane by lane), written out v0..v3. One add
 * per 16 B: as cheap per byte as a fill (xorshift64 per word costs ~7
 * instructions per 8 B). The state is seeded from xorshift64 of the seed
 * (Marsaglia, J. Stat. Softw. 8(14), 2003), each lane's first word odd.
 * memtest_rng_block is the definition (C, inline for the ARMv7 loops); the loops:
 * memtest_random_fill: [p, p + bytes) = the next bytes / 8 words, s advanced.
 * memtest_random_verify: the offset of the first 1 KiB block that differs
 * from the sequence, s left at that block's start; else bytes, s advanced.
 * p 16-byte aligned, bytes a non-zero multiple of 1 KiB; ordinary loads
 * and stores, no barrier, no maintenance (lib/memtest/<arch>/random.*).
 */
struct memtest_rng {
	uint64_t w[8];
} __attribute__((aligned(16)));
void memtest_rng_seed(struct memtest_rng *s, uint64_t seed);
static inline void memtest_rng_block(struct memtest_rng *s, uint64_t out[8])
{
	uint64_t *w = s->w;

	for (unsigned j = 0; j < 4; j++) {
		unsigned k = (j + 1) & 3;
		w[2 * j] += w[2 * k];
		w[2 * j + 1] += w[2 * k + 1];
		out[2 * j] = w[2 * j];
		out[2 * j + 1] = w[2 * j + 1];
	}
}
void memtest_random_fill(void *p, size_t bytes, struct memtest_rng *s);
size_t memtest_random_verify(const void *p, size_t bytes, struct memtest_rng *s);

/* ARMv7: memtest_verify may use NEON (the caller sets it when the CPU has
 * NEON and it is enabled, lib/page/page.h page_arch_simd). AArch64: unused. */
extern bool memtest_simd;

/* Counting the instructions of the fill and verify loops: the image points
 * this at the PMU (arch_inst_retired); NULL: not counted. */
extern bool (*memtest_insn_counter)(uint64_t *out);

#endif
