/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The DRAM stress (stress=SECONDS, memtest/stress.c runs it on every CPU):
 * blocks moved DRAM to DRAM by every CPU at once, each carrying a checksum
 * the next move verifies, tagged lines, inversion passes. Pure (no CPU
 * start, no printing, no clock): the caller runs one CPU's phase on that
 * CPU and waits for every CPU between phases. Host-tested against two CPUs'
 * private write-back caches (tests/host/lib/memtest/test_memtest_stress.c).
 *
 * Layout: n CPUs, each owning a slice of 2 * nb blocks of `block` bytes:
 * slot (s, h, j) is block j of half h of slice s, at the address
 * slot->addr (the same for every CPU; CPU c reaches it at c->base + addr).
 * One half of every slice holds data, the other is free; which one
 * (stress_full) flips with every copy phase.
 *
 * Every 64-byte line's first word is its tag: the line's own address
 * (inverted while the block is), so a write that lands on the wrong line
 * is named by where it landed and what it holds; the other seven words hold
 * the block's pattern (stress_pattern_word, word i of which depends on i
 * mod STRESS_PERIOD / 8 only: a fill is a copy). A block's checksum is
 * Fletcher's over those seven words of each line in order (a += w; b += a,
 * mod 2^64): a dropped or misplaced write changes it, and it does not
 * depend on where the block is, so a copy keeps it and an inversion turns
 * it by a formula (a' = -m - a, b' = -m(m+1)/2 - b over m words).
 *
 * Phase p (stress_phase): CPU k works on slice s = stress_slice(n, k, p),
 * (k - p) mod n with more than two CPUs (every slice in turn), its own with
 * two. Copy phase (p mod 4 != 3): every full block j of slice s is read
 * (its tags checked, its checksum computed and compared with what the last
 * writer left) and written to block j of the free half of slice s + 1,
 * which in phase p + 1 another CPU reads (the slice a CPU works on moves
 * back by one as the data moves on by one): every block is read by a CPU
 * other than the one that wrote it, its lines crossing the interconnect. Inversion phase (p mod 4
 * == 3): every full block of slice s is inverted in place, checked on the way. Maintenance as the
 * DRAM test does it, by address on the CPU that touches the block
 * (cache/cache.h dcache_clean_inval_to_mem): a block's lines are dropped
 * before it is read (a stale copy from an earlier phase never answers) and
 * cleaned after it is written (the next CPU reads DRAM). Every block moved
 * adds 1 to the shared counter (an atomic add on one line all CPUs hit).
 *
 * Errors (stress_kind): a checksum that differs (checksum, or inversion in
 * an inversion phase; then the block is compared word by word with what it
 * must hold, each differing word reported, and the written copy rewritten
 * from the pattern, so one fault is not reported again at every move), a
 * tag that differs (tag: the line and the address its tag names), and the
 * counter at the end (coherency, stress_counter_check). Each goes to
 * s->on_error with the CPU that last wrote the block and the one that read.
 */
#ifndef LIB_MEMTEST_MEMTEST_STRESS_H
#define LIB_MEMTEST_MEMTEST_STRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/memtest/memtest.h"

#define STRESS_LINE   64u   /* bytes per tag: a 64-bit bus's burst of 8, the largest D-line */
#define STRESS_PERIOD 4096u /* the patterns repeat every 4 KiB; a block is a multiple */

enum stress_kind { SK_CHECKSUM, SK_TAG, SK_INVERSION, SK_COHERENCY, SK_N };
/* The patterns: random, then per bus width W of 64, 32, 16 bits: walking
 * ones, walking zeros, 0x55/0xAA by beat; and the 8b10b comma run. */
enum stress_pattern {
	SP_RANDOM,
	SP_WALK1_64,
	SP_WALK1_32,
	SP_WALK1_16,
	SP_WALK0_64,
	SP_WALK0_32,
	SP_WALK0_16,
	SP_5A_64,
	SP_5A_32,
	SP_5A_16,
	SP_8B10B,
	SP_N
};

struct stress_sum {
	uint64_t a, b;
};

struct stress_slot {
	uint64_t addr; /* where the block is: its first line's tag */
	struct stress_sum want;
	uint64_t seed;
	uint8_t pattern, inv, writer; /* inv: inverted now; writer: the CPU that wrote it last */
};

struct stress_error {
	enum stress_kind kind;
	uint64_t addr;             /* the word (its address as the CPUs use it) */
	uint64_t expected, actual; /* the word, or for a checksum that no word explains: a, a */
	uint64_t other;            /* tag errors: the address the tag names, else 0 */
	unsigned writer, reader, phase;
};

struct stress {
	unsigned n, nb;           /* CPUs, full blocks per slice */
	size_t block;             /* bytes, a multiple of STRESS_LINE */
	struct stress_slot *slot; /* n * 2 * nb */
	uint64_t seed;
	uint64_t counter __attribute__((aligned(128))); /* the shared line */
	void (*on_error)(const struct stress_error *e, void *ctx);
	void *ctx;
};

struct stress_cpu {
	unsigned k;     /* this CPU's index, 0..n-1 */
	uintptr_t base; /* where it sees address 0 (0: as addressed) */
	uint64_t blocks, bytes, errors[SK_N];
	uint64_t insns, insn_bytes; /* counted copies: instructions, bytes */
	/* after every block: the caller's clock (spikes, status), or NULL */
	void (*poll)(struct stress_cpu *c);
	void *ctx;
} __attribute__((aligned(128)));

static inline struct stress_slot *stress_slot(const struct stress *s, unsigned sl, unsigned h,
					      unsigned j)
{
	return &s->slot[(sl * 2 + h) * s->nb + j];
}
static inline unsigned stress_slice(unsigned n, unsigned k, unsigned p)
{
	return n > 2 ? (k + n - p % n) % n : k;
}
/* The half that holds data in phase p: flips after every copy phase. */
static inline unsigned stress_full(unsigned p)
{
	return (p - p / 4) & 1;
}
static inline bool stress_is_copy(unsigned p)
{
	return p % 4 != 3;
}

uint64_t stress_pattern_word(unsigned pattern, uint64_t seed, size_t i);
const char *stress_kind_name(enum stress_kind k);
const char *stress_pattern_name(unsigned pattern);

/* CPU c fills the full half of its own slice (phase 0's), each block a
 * pattern in turn, and cleans it to memory. */
void stress_fill(struct stress *s, struct stress_cpu *c);
/* CPU c's part of phase p. */
void stress_phase(struct stress *s, struct stress_cpu *c, unsigned p);
/* After the last phase p - 1: CPU c reads back the full half of slice
 * stress_slice(n, k, p) (tags and checksums), writing nothing. */
void stress_verify(struct stress *s, struct stress_cpu *c, unsigned p);
/* The counter against the blocks each CPU moved (cpus[0..n)); a coherency
 * error to on_error if they differ. True if equal. */
bool stress_counter_check(struct stress *s, struct stress_cpu *const *cpus);

/* The loops (lib/memtest/memtest_stress_loops.c). Lines of [0, bytes): each line's
 * tag must be (tag + offset) ^ inv. stress_copy writes the line to dst with
 * the tag (dtag + offset) ^ inv, stress_invert writes ~ of every word in
 * place, stress_read writes nothing; each adds the seven data words of each
 * line read to *sum. They stop before the first line whose tag differs and
 * return its offset, else bytes. */
size_t stress_copy(uint64_t *dst, const uint64_t *src, size_t bytes, uint64_t tag, uint64_t dtag,
		   uint64_t inv, struct stress_sum *sum);
size_t stress_invert(uint64_t *p, size_t bytes, uint64_t tag, uint64_t inv, struct stress_sum *sum);
size_t stress_read(const uint64_t *p, size_t bytes, uint64_t tag, uint64_t inv,
		   struct stress_sum *sum);

#endif
