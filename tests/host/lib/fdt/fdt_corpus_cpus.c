/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_corpus_cpus.c -- the corpus's /cpus part (fdt_corpus.c runs it on
 * every tree): board_read_cpus against libfdt's reading, CPU by CPU, sane
 * values, and every CPU but a tree's first counted by the start method
 * that starts it (smp/methods/, the image's own table), with the
 * floor the table reached over this corpus.
 */
#include "board/cpus.h"
#include "lib/fdt/fdt.h"
#include "tests/host/common/testutil.h"
#include "tests/host/lib/fdt/fdt_corpus.h"
#include "tests/host/lib/fdt/fdt_oracle.h"

/* The other CPUs (all but a tree's first) by the start method that starts
 * them (smp/methods/, the image's own table), or, undriven, by
 * what the tree names: its enable-method, else its machine (the root's
 * last compatible, most often the SoC's). */
struct start_tally {
	char what[64];
	unsigned n;
};
static struct start_tally by_start[CORPUS_MAX_TALLY];
static unsigned secondaries, secondaries_driven;
/* What the table achieved over this corpus (per mille of the secondary
 * CPUs): the run fails below it, so a method lost from the table shows. */
#define SECONDARY_FLOOR_PERMILLE 962

static unsigned cpus_compared; /* CPUs compared with libfdt's /cpus */
static struct {
	unsigned with_cpus, cpus, by_method[CPU_METHOD_OTHER + 1];
} cst;

/* board_read_cpus against the oracle's /cpus: the same CPUs, field by
 * field (or no /cpus in both). */
static void compare_cpus(const char *file, const uint8_t *raw, size_t n, int e,
			 const struct board_cpu *c, unsigned count)
{
	static struct oracle_cpu oc[ORACLE_MAX_CPUS];
	unsigned ocount = 0;
	int lerr;
	enum oracle_status os = oracle_read_cpus(raw, n, oc, ORACLE_MAX_CPUS, &ocount, &lerr);
	bool none = os == ORACLE_LIBFDT && strcmp(oracle_strerror(lerr), "FDT_ERR_NOTFOUND") == 0;
	char field[48];

	if ((e == FDT_ERR_NOTFOUND) != none || (e == FDT_ERR_BADVALUE) != (os == ORACLE_BADVALUE)) {
		printf("DIFF %s: /cpus: ours %s, libfdt %s\n", file, fdt_strerror(e),
		       os == ORACLE_OK ? "read"
		       : none          ? "no /cpus"
				       : "malformed");
		ndiff++;
		return;
	}
	if (e != FDT_OK)
		return;
	cpus_compared += count;
	same_u64(file, "cpus count", count, ocount);
	for (unsigned i = 0; i < count && i < ocount && i < ORACLE_MAX_CPUS; i++) {
		snprintf(field, sizeof field, "cpu %u mpidr", i);
		same_u64(file, field, c[i].mpidr, oc[i].mpidr);
		snprintf(field, sizeof field, "cpu %u enable-method", i);
		same_str(file, field, c[i].method_name, oc[i].method);
		snprintf(field, sizeof field, "cpu %u cpu-release-addr", i);
		same_u64(file, field, c[i].release_addr, oc[i].release_addr);
		snprintf(field, sizeof field, "cpu %u disabled", i);
		same_u64(file, field, c[i].disabled, oc[i].disabled);
	}
}

static void count_start(const char *what)
{
	unsigned i = 0;
	while (i < CORPUS_MAX_TALLY && by_start[i].n && strcmp(by_start[i].what, what) != 0)
		i++;
	if (i == CORPUS_MAX_TALLY)
		i = CORPUS_MAX_TALLY - 1, what = "(others)";
	snprintf(by_start[i].what, sizeof by_start[i].what, "%s", what);
	by_start[i].n++;
}

static void tally_secondary(const uint8_t *blob, size_t n, const struct board_cpu *c)
{
	char what[64];
	int len = 0;
	struct fdt f;
	const char *root = fdt_open(&f, blob, n) == FDT_OK
				   ? fdt_getprop(&f, fdt_root(&f), "compatible", &len)
				   : NULL;
	const char *last = root && len > 0 ? root : "(none)";

	secondaries++;
	if (c->start) {
		secondaries_driven++;
		snprintf(what, sizeof what, "%s", start_method_name(c->start));
	} else if (c->method_name[0]) {
		snprintf(what, sizeof what, "not driven: enable-method %s", c->method_name);
	} else {
		for (int o = 0; root && o < len - 1; o++)
			if (!root[o])
				last = root + o + 1;
		snprintf(what, sizeof what, "not driven: none named, machine %s", last);
	}
	count_start(what);
}

static int by_count(const void *a, const void *b)
{
	const struct start_tally *x = a, *y = b;
	return x->n != y->n ? (x->n < y->n) - (x->n > y->n) : strcmp(x->what, y->what);
}

/* board_read_cpus on a real tree: OK or no /cpus, sane values, libfdt's
 * reading. */
unsigned corpus_check_cpus(const char *file, const uint8_t *raw, const uint8_t *blob, size_t n)
{
	static struct board_cpu c[ORACLE_MAX_CPUS];
	unsigned count = 0, bad = 0;
	int e = board_read_cpus(blob, n, c, ORACLE_MAX_CPUS, &count);

	compare_cpus(file, raw, n, e, c, count);
	if (e != FDT_OK && e != FDT_ERR_NOTFOUND) {
		printf("FAIL %s: board_read_cpus: %s\n", file, fdt_strerror(e));
		return 1;
	}
	cst.with_cpus += count != 0;
	cst.cpus += count;
	for (unsigned i = 0; i < count && i < ORACLE_MAX_CPUS; i++) {
		cst.by_method[c[i].method]++;
		if (i > 0)
			tally_secondary(blob, n, &c[i]);
		if (c[i].mpidr & ~0xff00ffffffull) {
			printf("FAIL %s: cpu %u: reg 0x%llx is not MPIDR affinity\n", file, i,
			       (unsigned long long)c[i].mpidr);
			bad++;
		}
		if (c[i].method == CPU_METHOD_SPIN_TABLE && !c[i].release_addr) {
			printf("FAIL %s: cpu %u: spin-table without cpu-release-addr\n", file, i);
			bad++;
		}
	}
	return bad;
}

unsigned corpus_cpus_compared(void)
{
	return cpus_compared;
}

bool corpus_cpus_report(void)
{
	printf("fdt corpus: /cpus in %u trees, %u CPUs: psci %u, spin-table %u, a board's own "
	       "method %u, none named %u\n",
	       cst.with_cpus, cst.cpus, cst.by_method[CPU_METHOD_PSCI],
	       cst.by_method[CPU_METHOD_SPIN_TABLE], cst.by_method[CPU_METHOD_OTHER],
	       cst.by_method[CPU_METHOD_NONE]);
	qsort(by_start, CORPUS_MAX_TALLY, sizeof by_start[0], by_count);
	printf("fdt corpus: secondary CPUs by start method:\n");
	for (unsigned i = 0; i < CORPUS_MAX_TALLY && by_start[i].n; i++)
		printf("  %4u %s\n", by_start[i].n, by_start[i].what);
	unsigned permille = secondaries ? secondaries_driven * 1000 / secondaries : 0;
	printf("fdt corpus: secondary CPUs: %u of %u with a start method bringup drives "
	       "(%u.%u%%)\n",
	       secondaries_driven, secondaries, permille / 10, permille % 10);
	if (permille < SECONDARY_FLOOR_PERMILLE) {
		printf("FAIL fdt corpus: secondary CPUs with a start method: %u.%u%%, below the "
		       "%u.%u%% the table reached\n",
		       permille / 10, permille % 10, SECONDARY_FLOOR_PERMILLE / 10,
		       SECONDARY_FLOOR_PERMILLE % 10);
		return false;
	}
	return true;
}
