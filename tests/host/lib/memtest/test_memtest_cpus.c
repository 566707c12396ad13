/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host test of the DRAM test on every CPU at once (lib/memtest/memtest_cpus.h
 * and the engine it drives, with the real lib/memtest/<arch>/ loops) under
 * qemu-user, against two CPUs with private write-back data caches in front
 * of one DRAM with stuck cells.
 *
 *   test_memtest_cpus [sets] [seed]
 *
 * The model: CPU c sees memory through its own view (view[c], the contents
 * of its cache: every line valid, so a line it did not drop shows what DRAM
 * held when it last fetched it: stale data); the shadow is what the model
 * last put there, a line that differs from it is dirty. The caches are not
 * coherent: a CPU sees another's data only once that one cleaned it to DRAM
 * and it dropped its own copy, which is what the DRAM test must do anyway
 * to read DRAM and not a cache. dcache_clean_inval_to_mem (the link seam of
 * cache/cache.h) on CPU c writes c's dirty lines of the range back to DRAM
 * (stuck bits apply on the way out) and refetches them; it must name lines
 * of c's own view inside the slices c owns in that phase (by-address
 * maintenance of its own slice), and the set/way call must never come.
 *
 * Each set: random free ranges in 128 KiB, up to 3 stuck cells; CPU 0 then
 * CPU 1 run March C- and the random test over their slices
 * (memtest_slice), then the round robin's n + 1 rounds (memtest_rr_round),
 * each CPU over the slice memtest_rr_slice gives it. Checked: the slices
 * (contiguous, in CPU order, chunk multiples, totals within one chunk, for
 * 1 to 256 CPUs); no dirty line left after a phase; every stuck cell found
 * by March C- on the CPU that owns it; the round robin's errors exactly the
 * words of the rounds' sequences that disagree with a stuck bit, each
 * reported by the CPU after the writer; none anywhere without a fault.
 * tests/host/lib/memtest/memtest.mk also builds it with -DMEMTEST_MUTANT_SLICE_NO_CLEAN
 * (the round robin's write not cleaned: the next CPU reads stale DRAM) and
 * -DMEMTEST_MUTANT_RR_NO_INVAL (the verify not dropping its own stale
 * copies), each of which must fail.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache/cache.h"
#include "lib/memtest/memtest_cpus.h"
#include "tests/host/common/check.h"

#define CPUS     2u
#define BYTES    (128u << 10)
#define WORDS    (BYTES / 8)
#define LINE     64u
#define LW       (LINE / 8)
#define PA       0x80000000ull
#define MAXCELLS 3u
#define MAXR     4u

CHECK_COUNTERS;

static uint64_t view[CPUS][WORDS] __attribute__((aligned(LINE)));
static uint64_t shadow[CPUS][WORDS];
static uint64_t dram[WORDS];
static struct {
	uint32_t word;
	unsigned bit, value;
} cell[MAXCELLS];
static unsigned ncells, cur, nallowed;
static struct memtest_range allowed[MAXR]; /* cur's slices, offsets */
static unsigned long bad_maint, setway;
static uint64_t rnd_state;

static uint64_t rnd(void)
{
	return check_xorshift(&rnd_state);
}

static uint64_t rd(uint32_t w)
{
	uint64_t v = dram[w];

	for (unsigned i = 0; i < ncells; i++)
		if (cell[i].word == w)
			v = (v & ~(1ull << cell[i].bit)) | (uint64_t)cell[i].value << cell[i].bit;
	return v;
}

static uint64_t pa_of(uintptr_t va)
{
	for (unsigned c = 0; c < CPUS; c++)
		if (va - (uintptr_t)view[c] < BYTES)
			return PA + (va - (uintptr_t)view[c]);
	return 0;
}

static int sync_lines(uintptr_t start, size_t size, bool down)
{
	uintptr_t base = (uintptr_t)view[cur];
	size_t off = start - base, l0 = off / LINE, l1 = (off + size + LINE - 1) / LINE;
	bool inside = false;

	if (start < base || off + size > BYTES) {
		if (bad_maint++ < 4)
			printf("FAIL cpu%u maintained 0x%lx+%lu: not a line of its own view\n", cur,
			       (unsigned long)start, (unsigned long)size);
		return 0;
	}
	for (unsigned i = 0; i < nallowed; i++)
		inside |= off >= allowed[i].va && off + size <= allowed[i].va + allowed[i].size;
	if (!inside && bad_maint++ < 4)
		printf("FAIL cpu%u maintained offset 0x%lx+%lu, outside the slices it owns\n", cur,
		       (unsigned long)off, (unsigned long)size);
	for (size_t k = 0; k < l1 - l0; k++) {
		size_t l = down ? l1 - 1 - k : l0 + k;
		if (memcmp(&view[cur][l * LW], &shadow[cur][l * LW], LINE))
			memcpy(&dram[l * LW], &view[cur][l * LW], LINE);
	}
	for (size_t w = l0 * LW; w < l1 * LW; w++)
		view[cur][w] = shadow[cur][w] = rd((uint32_t)w);
	return 0;
}

int dcache_clean_inval_to_mem(uintptr_t start, size_t size)
{
	return sync_lines(start, size, false);
}

int dcache_clean_inval_to_mem_down(uintptr_t start, size_t size)
{
	return sync_lines(start, size, true);
}

void dcache_clean_inval_all_to_mem(void)
{
	setway++;
}

/* Each error as the CPU that saw it reported it. */
struct seen {
	unsigned cpu, round;
	enum memtest_test test;
	uint64_t pa;
};
static struct seen seen[4096];
static unsigned nseen, round_now;

static void on_error(const struct memtest_error *e, void *ctx)
{
	if (nseen < sizeof(seen) / sizeof(seen[0]))
		seen[nseen++] =
			(struct seen){ (unsigned)(uintptr_t)ctx, round_now, e->test, e->pa };
}

/* The slices' contract, for n CPUs over random lists. */
static void check_slices(unsigned lists)
{
	struct memtest_range in[8], out[8];

	for (unsigned s = 0; s < lists; s++) {
		unsigned nin = 1 + (unsigned)(rnd() % 8), n = 1 + (unsigned)(rnd() % 9);
		uint64_t at = 0, lo = UINT64_MAX, hi = 0;
		if (s % 16 == 0)
			n = 256;
		for (unsigned i = 0; i < nin; i++) {
			at += MEMTEST_CHUNK * (rnd() % 3);
			in[i] = (struct memtest_range){ at, MEMTEST_CHUNK * (1 + rnd() % 700), i,
							0 };
			at += in[i].size;
		}
		size_t next[8];
		for (unsigned i = 0; i < nin; i++)
			next[i] = in[i].va;
		for (unsigned k = 0; k < n; k++) {
			unsigned m = memtest_slice(in, nin, n, k, out, 8);
			uint64_t total = 0;
			for (unsigned j = 0; j < m; j++) {
				unsigned i = out[j].bank;
				CHECK(out[j].va == next[i] && out[j].size % MEMTEST_CHUNK == 0 &&
					      out[j].size,
				      "list %u: cpu%u's slice of range %u at 0x%lx+0x%lx, want "
				      "0x%lx",
				      s, k, i, (unsigned long)out[j].va, (unsigned long)out[j].size,
				      (unsigned long)next[i]);
				next[i] = out[j].va + out[j].size;
				total += out[j].size;
			}
			lo = total < lo ? total : lo;
			hi = total > hi ? total : hi;
		}
		for (unsigned i = 0; i < nin; i++)
			CHECK(next[i] == in[i].va + in[i].size, "list %u: range %u not covered", s,
			      i);
		CHECK(hi - lo <= MEMTEST_CHUNK, "list %u, %u CPUs: totals %lu..%lu", s, n,
		      (unsigned long)lo, (unsigned long)hi);
	}
	for (unsigned n = 1; n <= 9; n++)
		for (unsigned k = 0; k < n; k++) {
			unsigned took = 0;
			for (unsigned r = 0; r < n; r++) {
				took |= 1u << memtest_rr_slice(k, r, n);
				if (r)
					CHECK(memtest_rr_slice(k, r, n) ==
						      memtest_rr_slice((k + n - 1) % n, r - 1, n),
					      "%u CPUs: cpu%u round %u is not what cpu%u wrote", n,
					      k, r, (k + n - 1) % n);
			}
			CHECK(took == (1u << n) - 1, "%u CPUs: cpu%u takes slices 0x%x", n, k,
			      took);
		}
}

/* Which CPU's slice (of n, in phase "own") holds offset off. */
static unsigned owner(const struct memtest_range *in, unsigned nin, uint64_t off)
{
	struct memtest_range out[MAXR];

	for (unsigned k = 0; k < CPUS; k++) {
		unsigned m = memtest_slice(in, nin, CPUS, k, out, MAXR);
		for (unsigned j = 0; j < m; j++)
			if (off - out[j].va < out[j].size)
				return k;
	}
	return CPUS;
}

/* The round robin's errors a stuck cell makes: the words of each round's
 * sequence over the slice holding it that disagree with the stuck bit. */
static uint64_t rr_expect(const struct memtest_range *in, unsigned nin, uint64_t seed)
{
	struct memtest_range out[MAXR];
	uint64_t want = 0, blk[8];

	for (unsigned r = 0; r < CPUS; r++)
		for (unsigned s = 0; s < CPUS; s++) {
			struct memtest_rng g;
			unsigned m = memtest_slice(in, nin, CPUS, s, out, MAXR);
			memtest_rng_seed(&g, memtest_rr_seed(seed, r, s));
			for (unsigned j = 0; j < m; j++)
				for (uint64_t o = out[j].va; o < out[j].va + out[j].size; o += 64) {
					memtest_rng_block(&g, blk);
					for (unsigned i = 0; i < ncells; i++) {
						uint64_t d = cell[i].word * 8ull - o;
						want += d < 64 && (blk[d / 8] >> cell[i].bit & 1) !=
									  cell[i].value;
					}
				}
		}
	return want;
}

static bool dirty_left(const char *phase, unsigned set)
{
	for (unsigned c = 0; c < CPUS; c++)
		for (unsigned l = 0; l < WORDS / LW; l++)
			if (memcmp(&view[c][l * LW], &shadow[c][l * LW], LINE)) {
				CHECK(false,
				      "set %u: cpu%u left dirty lines after %s: its slice not "
				      "cleaned to memory",
				      set, c, phase);
				return true;
			}
	return false;
}

static void one_set(unsigned set)
{
	struct memtest_range in[2];
	struct memtest t[CPUS], base = {
		.cached = true, .line = LINE, .pa_of = pa_of, .on_error = on_error, .quiet = true
	};
	unsigned nin = 1 + (unsigned)(rnd() % 2);
	uint64_t rr = 0, march_at[MAXCELLS] = { 0 };

	/* free ranges: [0, a) and [b, BYTES), or all of it */
	uint64_t a = MEMTEST_CHUNK * (4 + rnd() % 10), b = a + MEMTEST_CHUNK * (rnd() % 4);
	in[0] = (struct memtest_range){ 0, nin == 2 ? a : BYTES, 0, PA };
	in[1] = (struct memtest_range){ b, BYTES - b, 0, PA };
	for (unsigned w = 0; w < WORDS; w++)
		dram[w] = rnd();
	ncells = set % 8 == 0 ? 0 : 1 + (unsigned)(rnd() % MAXCELLS);
	for (unsigned i = 0; i < ncells; i++) {
		uint64_t off;
		do
			off = (rnd() % WORDS) * 8;
		while (owner(in, nin, off) == CPUS || (i && off / 8 == cell[i - 1].word));
		cell[i].word = (uint32_t)(off / 8);
		cell[i].bit = (unsigned)(rnd() % 64);
		cell[i].value = (unsigned)(rnd() & 1);
	}
	for (unsigned c = 0; c < CPUS; c++)
		for (unsigned w = 0; w < WORDS; w++)
			view[c][w] = shadow[c][w] = rd(w);
	base.seed = rnd() | 1;
	nseen = 0;
	round_now = 0;
	for (unsigned c = 0; c < CPUS; c++) { /* each its slices, March C- and random */
		static struct memtest_range sl[CPUS][MAXR];
		cur = c;
		t[c] = base;
		t[c].ctx = (void *)(uintptr_t)c;
		nallowed = memtest_slice(in, nin, CPUS, c, allowed, MAXR);
		memcpy(sl[c], allowed, sizeof(allowed));
		for (unsigned j = 0; j < nallowed; j++)
			sl[c][j].va += (uintptr_t)view[c];
		t[c].ranges = sl[c];
		t[c].nranges = nallowed;
		memtest_march_c(&t[c]);
		memtest_random(&t[c]);
	}
	dirty_left("March C- and random", set);
	for (unsigned r = 0; r <= CPUS; r++) { /* the round robin */
		round_now = r;
		for (unsigned c = 0; c < CPUS; c++) {
			struct memtest_range sl[MAXR];
			unsigned s = memtest_rr_slice(c, r, CPUS);
			cur = c;
			nallowed = memtest_slice(in, nin, CPUS, s, allowed, MAXR);
			memcpy(sl, allowed, sizeof(sl));
			for (unsigned j = 0; j < nallowed; j++)
				sl[j].va += (uintptr_t)view[c];
			t[c].ranges = sl;
			t[c].nranges = nallowed;
			t[c].seed = base.seed;
			memtest_rr_round(&t[c], r, CPUS, s);
		}
		if (dirty_left("a round of the round robin", set))
			break;
	}
	for (unsigned c = 0; c < CPUS; c++)
		rr += t[c].errors[MT_ROUND_ROBIN];
	uint64_t want = rr_expect(in, nin, base.seed);
	CHECK(rr == want,
	      "set %u (%u stuck cells): round_robin reported %llu errors, the faults make %llu",
	      set, ncells, (unsigned long long)rr, (unsigned long long)want);
	for (unsigned i = 0; i < nseen; i++) {
		const struct seen *e = &seen[i];
		unsigned k = 0;
		while (k < ncells && e->pa != PA + cell[k].word * 8ull)
			k++;
		if (!CHECK(k < ncells, "set %u: cpu%u: %s error at 0x%llx, no fault there", set,
			   e->cpu, memtest_name(e->test), (unsigned long long)e->pa))
			break;
		if (e->test == MT_MARCH_C && e->cpu == owner(in, nin, cell[k].word * 8ull))
			march_at[k]++;
		if (e->test == MT_ROUND_ROBIN)
			CHECK(memtest_rr_slice(e->cpu, e->round, CPUS) ==
					      owner(in, nin, cell[k].word * 8ull) &&
				      e->round > 0,
			      "set %u: cpu%u's round %u error at 0x%llx: not the slice it verifies",
			      set, e->cpu, e->round, (unsigned long long)e->pa);
	}
	for (unsigned k = 0; k < ncells; k++)
		CHECK(march_at[k],
		      "set %u: stuck cell 0x%llx bit %u not found by its CPU's March C-", set,
		      PA + cell[k].word * 8ull, cell[k].bit);
}

int main(int argc, char **argv)
{
	unsigned sets = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 400;

	rnd_state = argc > 2 ? strtoull(argv[2], NULL, 0) | 1 : 1;
	check_slices(2000);
	for (unsigned s = 0; s < sets && failures < 20; s++)
		one_set(s);
	CHECK(setway == 0, "%lu set/way calls: a CPU's own cache only", setway);
	CHECK(bad_maint == 0, "%lu maintenance calls outside the calling CPU's slices", bad_maint);
	return check_report("host-memtest-cpus") ? 1 : 0;
}
