/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Proof by trace for cache/<arch>/setway.S and range.S (QEMU models no
 * caches, so running the loops in the image cannot show a missed line).
 *
 * The assembly is built with CACHE_TRACE: every maintenance instruction
 * becomes a call to trace_op() with its operand, and CLIDR/CCSIDR/MMFR2 reads
 * come from the made-up geometry below. This program (run under qemu-aarch64
 * or qemu-arm user mode) generates geometries -- 1..7 levels, each none / I /
 * D / separate / unified, 1..32 ways, 1..32768 sets, 16..2048-byte lines,
 * LoC and LoUIS 0..7, FEAT_CCIDX on and off (AArch64) -- runs every set/way
 * routine, and compares the recorded operations with an independent model:
 * every (level, set, way) of each data or unified level below the limit
 * exactly once, nothing else, way-outer set-inner order, operands encoded as
 * the ARM ARM says. Then random address ranges through cache/range.c: every
 * line exactly once, nothing outside, partial edges cleaned+invalidated,
 * size 0 and wrapping ranges doing nothing; and the descending clean+invalidate
 * (the DRAM test's) the same, each line after the one above it. Then the cleans by address
 * again for a list of MIDRs (cache_use_cpu): on AArch64 a Cortex-A53 r0p0-r0p2
 * must record DC CIVAC for every line where the others record DC CVAC / DC
 * CVAU (errata 819472, 824069, 826319, 827319); ARMv7 never changes them.
 *
 * usage: cache_trace GEOMETRIES RANGES [SEED] [MAX_OPS_PER_GEOMETRY]
 * Prints "N geometries, M mismatches" and exits non-zero on any mismatch.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache/cache.h"
#include "cache/trace_codes.h"
#include "tests/host/cache/cache_trace.h"

enum {
	OP_ISW = 1,
	OP_CSW,
	OP_CISW,
	OP_IVAC,
	OP_CVAC,
	OP_CVAU,
	OP_CIVAC,
	OP_IVAU,
	OP_IALLU,
	RD_CLIDR,
	RD_MMFR2,
	RD_CCSIDR
};

uint32_t trace_result; /* ARMv7 trace macros read results from here */

#define LOG_CAP (1u << 22)
static uint8_t *log_op;
static uintptr_t *log_arg;
static size_t nlog;
static bool log_overflow, bad_read;

uint64_t trace_op(unsigned code, uintptr_t arg)
{
	uint64_t r = 0;

	switch (code) {
	case RD_CLIDR: r = g.clidr; break;
	case RD_MMFR2: r = (uint64_t)g.ccidx << 20; break;
	case RD_CCSIDR:
		/* Reading an instruction cache or a level past 7 would be a bug here. */
		if ((arg & 1) || (arg >> 1) >= CACHE_MAX_LEVELS)
			bad_read = true;
		else
			r = g.ccsidr[arg >> 1];
		break;
	default:
		if (nlog == LOG_CAP)
			log_overflow = true;
		else
			log_op[nlog] = (uint8_t)code, log_arg[nlog++] = arg;
	}
	trace_result = (uint32_t)r;
	return r;
}

/* The model: what a set/way walk to `limit` levels with `op` must do, in order. */
static size_t check_setway(unsigned op, unsigned limit, const char *name, unsigned gi)
{
	size_t k = 0, mismatches = 0;

	for (unsigned n = 0; n < limit && n < CACHE_MAX_LEVELS; n++) {
		unsigned type = (g.clidr >> (3 * n)) & 7;
		if (type != CT_DATA && type != CT_SEPARATE && type != CT_UNIFIED)
			continue;
		unsigned a = ceil_log2(g.ways[n]), l = ceil_log2(g.line[n]);
		for (unsigned w = g.ways[n]; w-- > 0;) {
			for (unsigned s = g.sets[n]; s-- > 0;) {
				uintptr_t want = (a ? (uintptr_t)w << (32 - a) : 0) |
						 (uintptr_t)s << l | n << 1;
				if (k >= nlog || log_op[k] != op || log_arg[k] != want) {
					if (mismatches++ == 0)
						printf("  geometry %u %s: op %lu is %s0x%lx (op "
						       "%u), want 0x%lx "
						       "(level %u way %u set %u)\n",
						       gi, name, (unsigned long)k,
						       k >= nlog ? "missing " : "",
						       k < nlog ? (unsigned long)log_arg[k] : 0ul,
						       k < nlog ? log_op[k] : 0,
						       (unsigned long)want, n + 1, w, s);
				}
				k++;
			}
		}
	}
	if (nlog != k) {
		if (mismatches++ == 0)
			printf("  geometry %u %s: %lu operations, want %lu\n", gi, name,
			       (unsigned long)nlog, (unsigned long)k);
	}
	return mismatches;
}

struct sw_routine {
	void (*fn)(void);
	unsigned op, lsb;
	const char *name;
	unsigned max; /* at most this many levels (0: as the CLIDR field says) */
};
#ifdef __arm__
void dcache_inval_l1(void); /* cache/armv7/setway.S: the cold entry's, L1 only */
#endif
static const struct sw_routine sw[] = {
	{ dcache_inval_all, OP_ISW, 24, "inval_all", 0 },
	{ dcache_clean_all, OP_CSW, 24, "clean_all", 0 },
	{ dcache_clean_inval_all, OP_CISW, 24, "clean_inval_all", 0 },
	{ dcache_inval_louis, OP_ISW, 21, "inval_louis", 0 },
	{ dcache_clean_louis, OP_CSW, 21, "clean_louis", 0 },
	{ dcache_clean_inval_louis, OP_CISW, 21, "clean_inval_louis", 0 },
#ifdef __arm__
	{ dcache_inval_l1, OP_ISW, 24, "inval_l1", 1 },
#endif
};

/* ---- address ranges ---------------------------------------------------- */

struct va_routine {
	int (*fn)(uintptr_t, size_t);
	unsigned op; /* the op for whole lines */
	const char *name;
	bool down; /* the lines in descending order */
};

/* The DRAM test's descending loop (range.S dcache_clean_inval_poc_lines_down;
 * cache/memory.c checks the range in front of it as here). */
static int clean_inval_poc_down(uintptr_t start, size_t size)
{
	if (size > UINTPTR_MAX - start)
		return CACHE_ERR_WRAP;
	if (size)
		dcache_clean_inval_poc_lines_down(start, start + size, cache_info.dline);
	return CACHE_OK;
}

static const struct va_routine va[] = {
	{ dcache_clean_poc, OP_CVAC, "clean_poc", false },
	{ dcache_clean_pou, OP_CVAU, "clean_pou", false },
	{ dcache_inval_poc, OP_IVAC, "inval_poc", false },
	{ dcache_clean_inval_poc, OP_CIVAC, "clean_inval_poc", false },
	{ icache_inval_pou, OP_IVAU, "icache_inval_pou", false },
	{ clean_inval_poc_down, OP_CIVAC, "clean_inval_poc_down", true },
};

static int by_addr(const void *a, const void *b)
{
	uintptr_t x = log_arg[*(const size_t *)a], y = log_arg[*(const size_t *)b];
	return x < y ? -1 : x > y;
}

static size_t check_range(const struct va_routine *r, uintptr_t start, size_t size, unsigned line,
			  int err, unsigned whole_op)
{
	static size_t idx[1 << 16];
	uintptr_t m = line - 1;
	bool wraps = size > UINTPTR_MAX - start;

	if (wraps || size == 0) {
		bool ok = nlog == 0 && err == (wraps ? CACHE_ERR_WRAP : CACHE_OK);
		if (!ok)
			printf("  %s(0x%lx, %lu): %lu ops, error %d\n", r->name,
			       (unsigned long)start, (unsigned long)size, (unsigned long)nlog, err);
		return !ok;
	}
	uintptr_t first = start & ~m, last = (start + size - 1) & ~m;
	size_t want = (last - first) / line + 1;
	if (err != CACHE_OK || nlog != want || nlog > sizeof(idx) / sizeof(idx[0])) {
		printf("  %s(0x%lx, %lu) line %u: %lu ops, want %lu (error %d)\n", r->name,
		       (unsigned long)start, (unsigned long)size, line, (unsigned long)nlog,
		       (unsigned long)want, err);
		return 1;
	}
	for (size_t i = 0; i < nlog; i++) {
		idx[i] = i;
		if (r->down && i && log_arg[i] >= log_arg[i - 1]) {
			printf("  %s(0x%lx, %lu) line %u: op %lu at 0x%lx after 0x%lx: not "
			       "descending\n",
			       r->name, (unsigned long)start, (unsigned long)size, line,
			       (unsigned long)i, (unsigned long)log_arg[i],
			       (unsigned long)log_arg[i - 1]);
			return 1;
		}
	}
	qsort(idx, nlog, sizeof(idx[0]), by_addr);
	for (size_t i = 0; i < nlog; i++) {
		uintptr_t a = first + i * line;
		unsigned op = whole_op;
		/* Partial edge lines of an invalidate are cleaned+invalidated. */
		if (r->op == OP_IVAC &&
		    ((a == first && (start & m)) || (a == last && ((start + size) & m))))
			op = OP_CIVAC;
		if (log_arg[idx[i]] != a || log_op[idx[i]] != op) {
			printf("  %s(0x%lx, %lu) line %u: line 0x%lx got op %u at 0x%lx, want op "
			       "%u\n",
			       r->name, (unsigned long)start, (unsigned long)size, line,
			       (unsigned long)a, log_op[idx[i]], (unsigned long)log_arg[idx[i]],
			       op);
			return 1;
		}
	}
	return 0;
}

/* The cleans by address, for these CPUs: whole lines as DC CIVAC where
 * the CPU needs it (AArch64 only), else as their own operation. */
static size_t check_cpus(unsigned nranges)
{
	static const struct {
		uint64_t midr;
		bool civac;
	} cpus[] = {
		{ 0x410fd030, true },  /* Cortex-A53 r0p0 */
		{ 0x410fd031, true },  /* r0p1 */
		{ 0x410fd032, true },  /* r0p2 */
		{ 0x410fd033, false }, /* r0p3: ENDCCASCI, set by firmware, does it in hardware */
		{ 0x410fd034, false }, /* r0p4 (QEMU, the Pi 3) */
		{ 0x411fd030, false }, /* r1p0 */
		{ 0x410fd070, false }, /* Cortex-A57 r0p0 */
		{ 0x420fd030, false }, /* part 0xd03 of another implementer */
	};
	size_t bad = 0;

	for (unsigned c = 0; c < sizeof(cpus) / sizeof(cpus[0]); c++) {
		size_t bad_cpu = 0;
		cache_info.clean_as_civac = false;
		cache_use_cpu(cpus[c].midr);
		for (unsigned i = 0; i < nranges && bad_cpu < 5; i++) {
			const struct va_routine *r = &va[below(2)]; /* clean_poc, clean_pou */
			unsigned line = 16u << below(8);
			uintptr_t start = (uintptr_t)rnd() >> 1;
			size_t size = 1 + below(64 * line);
			bool civac = cpus[c].civac && HAS_CCIDX; /* HAS_CCIDX: the AArch64 build */

			cache_info.dline = cache_info.iline = line;
			nlog = 0;
			int err = r->fn(start, size);
			bad_cpu += check_range(r, start, size, line, err, civac ? OP_CIVAC : r->op);
		}
		if (bad_cpu)
			printf("  MIDR 0x%08llx: cleans by address not as required (%s)\n",
			       (unsigned long long)cpus[c].midr,
			       cpus[c].civac && HAS_CCIDX ? "DC CIVAC" : "DC CVAC / CVAU");
		bad += bad_cpu;
	}
	cache_info.clean_as_civac = false;
	return bad;
}

int main(int argc, char **argv)
{
	unsigned ngeom = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 10000;
	unsigned nranges = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 0) : 20000;
	unsigned long budget = argc > 4 ? strtoul(argv[4], NULL, 0) : 4000;
	size_t bad_geom = 0, bad_ranges = 0, ops = 0;

	if (argc > 3)
		rng = strtoull(argv[3], NULL, 0) | 1;
	log_op = malloc(LOG_CAP);
	log_arg = malloc(LOG_CAP * sizeof(*log_arg));
	if (!log_op || !log_arg)
		return 2;
	for (unsigned i = 0; i < ngeom; i++) {
		size_t bad = 0;
		/* One in 50 gets a 50x budget: the big set counts (up to 32768). */
		make_geometry(i, below(50) ? budget : budget * 50);
		for (unsigned k = 0; k < sizeof(sw) / sizeof(sw[0]); k++) {
			nlog = 0, log_overflow = bad_read = false;
			sw[k].fn();
			ops += nlog;
			unsigned lim = (g.clidr >> sw[k].lsb) & 7;
			if (sw[k].max && lim > sw[k].max)
				lim = sw[k].max;
			bad += check_setway(sw[k].op, lim, sw[k].name, i);
			if (log_overflow || bad_read) {
				printf("  geometry %u %s: %s\n", i, sw[k].name,
				       log_overflow ? "log overflow" : "read a CCSIDR it must not");
				bad++;
			}
		}
		bad_geom += bad != 0;
	}
	for (unsigned i = 0; i < nranges; i++) {
		const struct va_routine *r = &va[below(sizeof(va) / sizeof(va[0]))];
		unsigned line = 16u << below(8);
		uintptr_t start;
		size_t size;

		switch (below(8)) {
		case 0: /* near the top of the address space: some wrap, some just fit */
			start = UINTPTR_MAX - below(4 * line);
			size = below(8 * line);
			break;
		case 1: size = 0, start = (uintptr_t)rnd(); break;
		case 2: /* whole lines */
			start = ((uintptr_t)rnd() & ~(uintptr_t)(line - 1)) >> 1;
			size = (1 + below(64)) * line;
			break;
		default:
			start = (uintptr_t)rnd() >> 1;
			size = 1 + below(below(4) ? 3 * line : 256 * line);
		}
		cache_info.dline = cache_info.iline = line;
		nlog = 0;
		int err = r->fn(start, size);
		ops += nlog;
		bad_ranges += check_range(r, start, size, line, err, r->op);
		if (bad_ranges > 20)
			break;
	}
	bad_ranges += check_cpus(nranges / 20 + 1);
	printf("cache trace (%s): %u geometries, %lu mismatches; %u ranges, %lu mismatches; %lu "
	       "operations checked\n",
	       HAS_CCIDX ? "aarch64" : "armv7", ngeom, (unsigned long)bad_geom, nranges,
	       (unsigned long)bad_ranges, (unsigned long)ops);
	return bad_geom || bad_ranges ? 1 : 0;
}
