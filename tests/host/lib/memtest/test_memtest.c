/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host test of the DRAM test engine (lib/memtest/memtest.h: memtest.c and the
 * real lib/memtest/<arch>/fill.S) under qemu-user, against a DRAM with
 * injected faults behind a write-back cache (tests/host/lib/memtest/memtest_model.c).
 *
 *   test_memtest [sets] [seed] [kind]   `sets` sets of 1-3 random faults
 *                                       (default 3000), each on a fresh
 *                                       DRAM; with kind, each set is that
 *                                       one fault
 *
 * Each set runs the tests as the image does (data_bus, address_bus,
 * size_alias, march_c, random) over the whole 64 KiB buffer, cached, with a
 * random line size (32, 64, 128 B), DC ZVA block (AArch64: 0 or the CPU's),
 * verify loop (ARMv7: NEON or LDM), March background and seed, and checks
 * that every fault is found and decoded:
 *   data line stuck or floating  a data_bus error whose xor has the bit (and
 *                                no bit that is not a data fault of the set)
 *   cell bit stuck               found: a march_c or random error at that
 *                                cell; decoded: a march_c error there with
 *                                the bit in the xor (March C- writes and
 *                                reads every cell as 0 and 1, both ways up)
 *   coupling A -> bit b of B     the same at B (A, B in different lines)
 *   address bit stuck or short   address_bus errors whose pa ^ other_pa name
 *                                exactly the faulty bits (bits from the line
 *                                size up: a write-back is a whole line)
 *   smaller size (2^k bytes)     size_alias errors, the lowest bit named k
 * Each test must catch its faults on its own: a fault found by another
 * test does not count, and memtest_random, which March C- would otherwise
 * cover, must find exactly the cell faults it can see (random_sees: the
 * value it writes against a stuck bit, a coupling's direction). Each test's
 * error count is checked against one worked out from the faults alone
 * (expect_errors), not against the report hook's own tally.
 * After every 15 fault sets one has no fault and must give no error; in a
 * set of cell faults only, every error must be one of them (any other is a
 * false error). The cells of cell faults lie outside the lines the bus,
 * address and size tests use, so those tests see the cell faults not at
 * all; address faults are not mixed with data or coupling faults (the
 * address tests' patterns would be read through the faulty data lines, and
 * an alias can mask a coupling). Then the engine's own uncached runs (no
 * maintenance: the buffer is the memory) must give no error and never clean.
 * Then bit fade runs, uncached and cached (the leak in DRAM, seen only
 * through the clean that leaves the line invalid). tests/host/lib/memtest/memtest.mk
 * also runs the broken builds of the engine (-DMEMTEST_MUTANT_*), each of
 * which must fail with the FAIL line its fault gives.
 *
 * Output: FAIL lines, a "# faults:" line (how many of each kind, and of the
 * cell faults how many the random test also found), one summary line; exit
 * 0 iff nothing was missed, misdecoded, false, miscounted or wrong by random.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/memtest/memtest.h"
#include "tests/host/common/check.h"
#include "tests/host/lib/memtest/memtest_model.h"
#include "tests/host/lib/memtest/test_memtest.h"

#ifdef __aarch64__
#define ARCH "aarch64"
#else
#define ARCH "armv7"
#endif

#define UNCACHED_RUNS 4 /* lines of 8 to 64 B */
#define FORMAT_CHECKS 4 /* errors per test and set whose printed decode is checked */

CHECK_COUNTERS;

static const char *const kind_names[F_NKINDS] = { "data-stuck", "data-float", "cell-stuck",
						  "coupling",   "addr-stuck", "addr-short",
						  "size" };

/* What the errors of one set showed, per fault. */
struct seen {
	const struct fault *f;
	unsigned n;
	uint64_t dbits;  /* the data lines with a fault */
	bool only_cells; /* cell faults only (or none): every error is explained */
	bool cells;      /* some cell fault */
	bool found[MODEL_MAX_FAULTS], decoded[MODEL_MAX_FAULTS], by_random[MODEL_MAX_FAULTS];
	uint64_t rseed;   /* the seed memtest_random started from */
	uint64_t named;   /* address_bus: the bits pa ^ other_pa named */
	int lowest_alias; /* size_alias: the lowest addr_bit named, 64 if none */
	unsigned long falses, bad_reports, errors[MT_NTESTS];
};

static unsigned long nkind[F_NKINDS], nrandom[F_NKINDS], missed, misdecoded, falses, nsimd,
	miscounted, random_wrong;

uint64_t pa_of(uintptr_t va)
{
	return MODEL_PA + (va - (uintptr_t)model_buf);
}

static void describe(char *buf, size_t size, const struct fault *f)
{
	switch (f->kind) {
	case F_DATA_STUCK:
	case F_DATA_FLOAT:
		snprintf(buf, size, "%s bit %u (%u)", kind_names[f->kind], f->bit, f->value);
		break;
	case F_CELL_STUCK:
		snprintf(buf, size, "cell 0x%llx bit %u stuck at %u",
			 (unsigned long long)(MODEL_PA + f->cell * 8ull), f->bit, f->value);
		break;
	case F_COUPLING:
		snprintf(buf, size, "write to 0x%llx flips bit %u of 0x%llx",
			 (unsigned long long)(MODEL_PA + f->cell * 8ull), f->bit,
			 (unsigned long long)(MODEL_PA + f->cell2 * 8ull));
		break;
	default:
		snprintf(buf, size, "%s bits %u/%u (%u)", kind_names[f->kind], f->abit, f->abit2,
			 f->value);
		break;
	}
}

/* What memtest_format_error must print for e (the image's "# memtest:"
 * line): the test, pa, bank and offset, the values, and the bits named,
 * address bits (pa ^ other_pa) for an address error, else the xor's data
 * bits, listed up to eight. */
static bool format_right(const struct memtest_error *e)
{
	char got[256], want[256];
	bool addr = e->addr_bit >= 0;
	uint64_t bits = addr ? e->pa ^ e->other_pa : e->expected ^ e->actual;
	const char *kind = addr ? "address" : "data";
	unsigned nb = (unsigned)__builtin_popcountll(bits);
	int n = snprintf(want, sizeof(want),
			 "%s: 0x%llx (bank 0 +0x%llx): expected 0x%016llx, read 0x%016llx",
			 memtest_name(e->test), (unsigned long long)e->pa,
			 (unsigned long long)(e->pa - MODEL_PA), (unsigned long long)e->expected,
			 (unsigned long long)e->actual);

	if (addr)
		n += snprintf(want + n, sizeof(want) - (size_t)n,
			      ", the value written at 0x%llx: the same memory, ",
			      (unsigned long long)e->other_pa);
	else
		n += snprintf(want + n, sizeof(want) - (size_t)n,
			      ", xor 0x%016llx: ", (unsigned long long)bits);
	if (nb > 8) {
		n += snprintf(want + n, sizeof(want) - (size_t)n, "%u %s bits", nb, kind);
	} else {
		n += snprintf(want + n, sizeof(want) - (size_t)n, "%s bit%s", kind,
			      nb == 1 ? "" : "s");
		for (unsigned b = 0; b < 64; b++)
			if (bits >> b & 1)
				n += snprintf(want + n, sizeof(want) - (size_t)n, " %u", b);
	}
	if (addr)
		snprintf(want + n, sizeof(want) - (size_t)n, " stuck or shorted");
	memtest_format_error(got, sizeof(got), e);
	return CHECK(strcmp(got, want) == 0, "format:\n  got  %s\n  want %s", got, want);
}

/* The hook: every error the engine reports, against the faults of the set. */
static void on_error(const struct memtest_error *e, void *ctx)
{
	struct seen *s = ctx;
	uint64_t x = e->expected ^ e->actual, off = e->pa - MODEL_PA;
	uint32_t cell = off < MODEL_BYTES ? model_cell_of(off / 8) : UINT32_MAX;
	bool explained = false;

	s->errors[e->test]++;
	/* The report's own decode: the address in the buffer, bank 0 and its
	 * offset; for an address error, addr_bit the lowest bit of pa ^ other_pa. */
	if (e->pa != pa_of(e->va) || off >= MODEL_BYTES || e->bank != 0 || e->bank_off != off ||
	    (e->va & 7) || !x ||
	    (e->addr_bit >= 0 && (e->other_pa - MODEL_PA >= MODEL_BYTES ||
				  e->addr_bit != __builtin_ctzll(e->pa ^ e->other_pa))))
		s->bad_reports++;
	if (s->errors[e->test] <= FORMAT_CHECKS && !format_right(e))
		s->bad_reports++;
	if ((e->test == MT_MARCH_C || e->test == MT_RANDOM) && !s->cells && !s->only_cells)
		return; /* the many errors of a data line or an alias: nothing to match */
	for (unsigned i = 0; i < s->n; i++) {
		const struct fault *f = &s->f[i];
		bool bit = x >> f->bit & 1;
		switch (f->kind) {
		case F_DATA_STUCK:
		case F_DATA_FLOAT:
			if (e->test == MT_DATA_BUS) {
				s->found[i] = true;
				s->decoded[i] |= bit && !(x & ~s->dbits);
			}
			break;
		case F_CELL_STUCK:
		case F_COUPLING:
			if ((e->test == MT_MARCH_C || e->test == MT_RANDOM) &&
			    cell == (f->kind == F_COUPLING ? f->cell2 : f->cell)) {
				s->found[i] = true;
				s->decoded[i] |= bit && e->test == MT_MARCH_C; /* March C- alone */
				s->by_random[i] |= bit && e->test == MT_RANDOM;
				explained |= x == (uint64_t)1 << f->bit;
			}
			break;
		case F_ADDR_STUCK:
		case F_ADDR_SHORT:
			if (e->test == MT_ADDRESS_BUS && e->addr_bit >= 0) {
				s->found[i] = true;
				s->named |= e->pa ^ e->other_pa;
			}
			break;
		case F_SIZE:
			if (e->test == MT_SIZE_ALIAS && e->addr_bit >= 0) {
				s->found[i] = true;
				if (e->addr_bit < s->lowest_alias)
					s->lowest_alias = e->addr_bit;
			}
			break;
		default: break;
		}
	}
	if (s->only_cells && !explained)
		s->falses++;
}

static struct memtest engine(struct memtest_range *r, size_t line, size_t zva, bool cached,
			     struct seen *s)
{
	static const uint64_t bg[] = { 0, 0x5555555555555555ull, 0x3333333333333333ull,
				       0x0f0f0f0f0f0f0f0full };
	struct memtest t = {
		.ranges = r,
		.nranges = 1,
		.cached = cached,
		.line = line,
		.zva = zva,
		.seed = model_rnd() | 1,
		.background = bg[model_rnd_below(4)],
		.pa_of = pa_of,
		.on_error = on_error,
		.ctx = s,
	};

	memtest_data_bus(&t);
	memtest_address_bus(&t);
	memtest_size_alias(&t);
	memtest_march_c(&t);
	s->rseed = t.seed;
	memtest_random(&t);
	return t;
}

/* The DC ZVA block this CPU zeroes, if EL0 may use it; 0 on ARMv7. */
static size_t cpu_zva(void)
{
#ifdef __aarch64__
	uint64_t dczid;

	__asm__ volatile("mrs %0, dczid_el0" : "=r"(dczid));
	if (!(dczid & 16) && (4u << (dczid & 15)) <= 1024)
		return 4u << (dczid & 15);
#endif
	return 0;
}

static void one_set(unsigned set, bool fault_free, int only, size_t zva_block)
{
	struct memtest_range r = { 0, MODEL_BYTES, 0, MODEL_PA };
	struct fault f[MODEL_MAX_FAULTS];
	unsigned line = 32u << model_rnd_below(3); /* 32, 64, 128 B */
	size_t zva = model_rnd_below(2) ? zva_block : 0;
	unsigned n = fault_free ? 0 : model_draw(f, line, only);
	struct seen s = { .f = f, .n = n, .only_cells = true, .lowest_alias = 64 };
	char what[96];

	for (unsigned i = 0; i < n; i++) {
		nkind[f[i].kind]++;
		if (f[i].kind <= F_DATA_FLOAT)
			s.dbits |= (uint64_t)1 << f[i].bit;
		s.only_cells &= f[i].kind == F_CELL_STUCK || f[i].kind == F_COUPLING;
		s.cells |= f[i].kind == F_CELL_STUCK || f[i].kind == F_COUPLING;
	}
#ifndef __aarch64__
	/* The NEON verify or the LDM one (qemu's ARMv7 CPUs have NEON). */
	memtest_simd = model_rnd_below(2);
	nsimd += memtest_simd;
#endif
	model_reset(f, n, line, model_rnd());
	r.va = (uintptr_t)model_buf;
	struct memtest t = engine(&r, line, zva, true, &s);
	long want[MT_NTESTS];
	bool addr = false;

	tm_expect_errors(f, n, t.background, s.rseed, want);
	for (unsigned k = 0; k < MT_NTESTS; k++)
		if (want[k] >= 0 &&
		    !CHECK(t.errors[k] == (uint64_t)want[k],
			   "set %u (line %u, %u faults): %s reported %llu errors, the faults make "
			   "%ld",
			   set, line, n, memtest_name(k), (unsigned long long)t.errors[k], want[k]))
			miscounted++;
	for (unsigned i = 0; i < n; i++)
		addr |= f[i].kind >= F_ADDR_STUCK;
	CHECK(t.bytes_tested == MODEL_BYTES && model_syncs > 0,
	      "set %u: %llu bytes tested, %lu cleans", set, (unsigned long long)t.bytes_tested,
	      model_syncs);
	CHECK(s.bad_reports == 0, "set %u: %lu errors with a wrong address or printed decode", set,
	      s.bad_reports);
	for (unsigned i = 0; i < n; i++) {
		uint64_t want = (uint64_t)1 << f[i].abit;
		if (f[i].kind == F_ADDR_SHORT)
			want |= (uint64_t)1 << f[i].abit2;
		if (f[i].kind == F_ADDR_STUCK || f[i].kind == F_ADDR_SHORT)
			s.decoded[i] = s.named == want;
		if (f[i].kind == F_SIZE)
			s.decoded[i] = s.lowest_alias == (int)f[i].abit;
		nrandom[f[i].kind] += s.by_random[i];
		describe(what, sizeof(what), &f[i]);
		/* random on its own: each cell fault it must see, and only those */
		if ((f[i].kind == F_CELL_STUCK || f[i].kind == F_COUPLING) && !addr &&
		    !CHECK(s.by_random[i] == tm_random_sees(&f[i], s.rseed),
			   "set %u (line %u): %s %s by the random test", set, line, what,
			   s.by_random[i] ? "found, wrongly," : "not found"))
			random_wrong++;
		if (!CHECK(s.found[i], "set %u (line %u): %s not found", set, line, what))
			missed++;
		else if (!CHECK(s.decoded[i], "set %u (line %u): %s misdecoded (named 0x%llx, %d)",
				set, line, what, (unsigned long long)s.named, s.lowest_alias))
			misdecoded++;
	}
	falses += s.falses;
	CHECK(s.falses == 0, "set %u (line %u, %u faults): %lu errors no fault explains", set, line,
	      n, s.falses);
}

/* The engine uncached: no maintenance, the buffer is the memory (no fault). */
static void uncached_run(size_t line, size_t zva)
{
	struct memtest_range r = { 0, MODEL_BYTES, 0, MODEL_PA };
	struct seen s = { .only_cells = true, .lowest_alias = 64 };
	struct memtest t;
	uint64_t errors = 0;

#ifndef __aarch64__
	memtest_simd = line >= 32;
#endif
	model_reset(NULL, 0, line, model_rnd());
	r.va = (uintptr_t)model_buf;
	t = engine(&r, line, zva, false, &s);
	for (unsigned k = 0; k < MT_NTESTS; k++)
		errors += t.errors[k];
	CHECK(errors == 0 && s.falses == 0, "uncached (line %u): %llu errors", (unsigned)line,
	      (unsigned long long)errors);
	CHECK(model_syncs == 0, "uncached: %lu cleans", model_syncs);
}

int main(int argc, char **argv)
{
	unsigned sets = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 3000, faulty = 0,
		 clean = 0;
	int only = -1;
	size_t zva = cpu_zva();

	if (argc > 2)
		model_seed(strtoull(argv[2], NULL, 0));
	for (int k = 0; argc > 3 && k < F_NKINDS; k++)
		if (strcmp(argv[3], kind_names[k]) == 0)
			only = k;
	if (argc > 3 && only < 0) {
		printf("Bail out! unknown fault kind %s\n", argv[3]);
		return 2;
	}
	for (unsigned i = 0; faulty < sets; i++) {
		bool none = only < 0 && i % 16 == 15;
		one_set(i, none, only, zva);
		faulty += !none;
		clean += none;
	}
	for (unsigned i = 0; i < UNCACHED_RUNS; i++)
		uncached_run((size_t)8 << i, i & 1 ? zva : 0);
	tm_fade_runs(FADE_RUNS, false);
	tm_fade_runs(FADE_RUNS, true);
	unsigned lanes = tm_lanes_runs();
	check_report("test_memtest");
	printf("# faults:");
	for (int k = 0; k < F_NKINDS; k++)
		printf("%s %s %lu", k ? "," : "", kind_names[k], nkind[k]);
	printf("; also by random: cell-stuck %lu, coupling %lu; NEON verify in %lu sets",
	       nrandom[F_CELL_STUCK], nrandom[F_COUPLING], nsimd);
	printf("\nhost-memtest (%s): %u fault sets, %lu missed, %lu misdecoded, %lu false errors, "
	       "%lu miscounted, %lu wrong by random; %u fault-free sets, %u uncached runs, "
	       "%u bit fade runs (%u cached), %u/8 data-mask lanes found, ZVA %u\n",
	       ARCH, faulty, missed, misdecoded, falses, miscounted, random_wrong, clean,
	       UNCACHED_RUNS, 2 * FADE_RUNS, FADE_RUNS, lanes, (unsigned)zva);
	return failures ? 1 : 0;
}
