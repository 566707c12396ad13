/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_corpus.c — every board tree Debian's kernels ship, read by our reader
 * (lib/fdt/ + board/) and by libfdt (the oracle, fdt_oracle.h), under
 * sanitizers.
 *
 * stdin: one DTB file name per line (fdt.mk: `find build/dtbs | sort`).
 *
 * Per tree: fdt_open, fdt_read_board and fdt_reserved must succeed (any
 * failure on a real tree is a bug here, not in the tree); fdt_open_board
 * must give what fdt_open + fdt_read_board give; the oracle must read the
 * tree and agree field by field (model, RAM banks, console driver, base,
 * reg-shift, reg-io-width, clock and path, timer frequency, PSCI conduit,
 * PL310 base, A9 private region, bootargs, reserved regions); the board
 * must be self-consistent; the consoles in known[] must be exactly so; and
 * the blob cut at a few random lengths must be refused with
 * FDT_ERR_TRUNCATED; board_read_cpus must read every tree's /cpus (or
 * find none) as the oracle does (count, reg, enable-method, release address,
 * status, CPU by CPU), every reg within the MPIDR affinity fields, every
 * spin-table CPU with a release address (fdt_corpus_cpus.c, which also
 * counts the secondary CPUs by start method). The console's driver and its
 * implied reg-shift / reg-io-width come from the oracle's own table
 * (fdt_oracle_uarts.c), so a wrong default in lib/console/ disagrees; fdt.mk
 * plants two such faults (FDT_PLANTED) that must be refused.  Our reader gets exact-size heap
 * buffers, every other one at an odd address, so ASan sees any over-read and UBSan any alignment
 * assumption.  Exit status 1 on any failure or disagreement.
 */
#include "tests/host/lib/fdt/fdt_corpus.h"
#include "board/board.h"
#include "board/cpus.h"
#include "lib/fdt/fdt.h"
#include "tests/host/common/testutil.h"
#include "tests/host/lib/fdt/fdt_oracle.h"

CHECK_COUNTERS;

/* Consoles known independently of both readers (the QEMU matrix boots
 * these trees); shift -1: not checked. */
static struct known {
	const char *file, *driver;
	uint64_t base;
	long shift;
	unsigned seen;
} known[] = {
	{ "vexpress-v2p-ca9.dtb", "PL011", 0x10009000, -1, 0 },
	{ "vexpress-v2p-ca15-tc1.dtb", "PL011", 0x1c090000, -1, 0 },
	{ "sun8i-h3-orangepi-pc.dtb", "8250/16550", 0x01c28000, 2, 0 },
	{ "bcm2837-rpi-3-b.dtb", "8250/16550", 0x3f215040, 2, 0 }, /* mini UART, serial1 */
};
#define NKNOWN (sizeof known / sizeof known[0])

static struct {
	char compat[48];
	unsigned n;
} tally[CORPUS_MAX_TALLY];

unsigned ndiff;                  /* fields where the two readers disagree */
static unsigned layout_compared; /* consoles whose reg-shift had a value to compare */

/* How each console was chosen (board.h's rules), by board_info's word. */
static const char *const rules[] = { "stdout-path", "bootargs console=", "alias serial",
				     "first driven node" };
#define NRULES (sizeof rules / sizeof rules[0])
static unsigned by_rule[NRULES];

static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint64_t next_rand(void)
{
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	return rng;
}

/* ---- the comparison --------------------------------------------------- */

void same_u64(const char *file, const char *field, uint64_t ours, uint64_t libfdt)
{
	if (ours == libfdt)
		return;
	printf("DIFF %s: %s: ours 0x%" PRIx64 ", libfdt 0x%" PRIx64 "\n", file, field, ours,
	       libfdt);
	ndiff++;
}

void same_str(const char *file, const char *field, const char *ours, const char *libfdt)
{
	if ((!ours && !libfdt) || (ours && libfdt && strcmp(ours, libfdt) == 0))
		return;
	printf("DIFF %s: %s: ours \"%s\", libfdt \"%s\"\n", file, field, ours ? ours : "(none)",
	       libfdt ? libfdt : "(none)");
	ndiff++;
}

static void same_ranges(const char *file, const char *what, const struct mem_bank *ours,
			unsigned n_ours, const struct mem_bank *theirs, unsigned n_theirs,
			unsigned max)
{
	char field[48];
	snprintf(field, sizeof field, "%s count", what);
	same_u64(file, field, n_ours, n_theirs);
	for (unsigned i = 0; i < n_ours && i < n_theirs && i < max; i++) {
		snprintf(field, sizeof field, "%s[%u].base", what, i);
		same_u64(file, field, ours[i].base, theirs[i].base);
		snprintf(field, sizeof field, "%s[%u].size", what, i);
		same_u64(file, field, ours[i].size, theirs[i].size);
	}
}

static void compare(const char *file, const struct board_info *b, const struct fdt_region *rsv,
		    unsigned nrsv, const struct oracle_board *o)
{
	struct mem_bank r1[ORACLE_MAX_RESERVED], r2[ORACLE_MAX_RESERVED];

	same_str(file, "model", b->model, o->model);
	same_ranges(file, "ram", b->ram, b->nram, o->ram, o->nram, MEM_MAX_BANKS);
	same_str(file, "console driver", uart_name(b->console.driver),
		 uart_name(o->console.driver));
	same_u64(file, "console base", b->console.base, o->console.base);
	/* ORACLE_UNSET: the compatible implies no layout and the node gives none
	 * (a driver at fixed offsets and widths): no default to compare. */
	if (o->console.reg_shift != ORACLE_UNSET)
		same_u64(file, "console reg-shift", b->console.reg_shift, o->console.reg_shift);
	if (o->console.reg_io_width != ORACLE_UNSET)
		same_u64(file, "console reg-io-width", b->console.reg_io_width,
			 o->console.reg_io_width);
	layout_compared += o->console.driver && o->console.reg_shift != ORACLE_UNSET;
	same_u64(file, "console clock", b->console.clock_hz, o->console.clock_hz);
	same_str(file, "console path", b->console.path, o->console.path);
	same_str(file, "console rule", b->console_rule, o->console_rule);
	same_u64(file, "timer_hz", b->timer_hz, o->timer_hz);
	same_u64(file, "psci", b->psci, o->psci);
	same_u64(file, "outer_cache_base", b->outer_cache_base, o->outer_cache_base);
	same_u64(file, "a9_periphbase", b->a9_periphbase, o->a9_periphbase);
	same_str(file, "bootargs", b->bootargs, o->bootargs);
	for (unsigned i = 0; i < ORACLE_MAX_RESERVED; i++) {
		r1[i] = i < nrsv ? (struct mem_bank){ rsv[i].base, rsv[i].size }
				 : (struct mem_bank){ 0 };
		r2[i] = (struct mem_bank){ o->rsv[i].base, o->rsv[i].size };
	}
	same_ranges(file, "reserved", r1, nrsv, r2, o->nrsv, ORACLE_MAX_RESERVED);
	for (unsigned i = 0; i < nrsv && i < o->nrsv && i < ORACLE_MAX_RESERVED; i++)
		same_u64(file, "reserved no-map", rsv[i].no_map, o->rsv[i].no_map);
	/* The board scan's copy (one pass, no path lookup) is fdt_reserved()'s. */
	same_u64(file, "board_info nreserved", b->nreserved, nrsv);
	for (unsigned i = 0; i < b->nreserved && i < BOARD_MAX_RESERVED && i < nrsv; i++) {
		same_u64(file, "board_info reserved base", b->reserved[i].base, rsv[i].base);
		same_u64(file, "board_info reserved size", b->reserved[i].size, rsv[i].size);
		same_u64(file, "board_info reserved no-map", b->reserved[i].no_map, rsv[i].no_map);
	}
}

/* ---- the other checks ------------------------------------------------- */

static void count_compat(const char *c)
{
	unsigned i = 0;
	while (i < CORPUS_MAX_TALLY && tally[i].n && strcmp(tally[i].compat, c) != 0)
		i++;
	if (i == CORPUS_MAX_TALLY)
		return;
	snprintf(tally[i].compat, sizeof tally[i].compat, "%s", c);
	tally[i].n++;
}

/* The first compatible of the node stdout-path names, for the tally. */
static void note_undrivable(const struct fdt *f, const char *path)
{
	int len, n = fdt_path_offset(f, path);
	const char *c = n >= 0 ? fdt_getprop(f, n, "compatible", &len) : NULL;
	size_t l;
	char buf[48];
	c = c ? fdt_stringlist_get(c, len, 0, &l) : NULL;
	snprintf(buf, sizeof buf, "%.*s", c ? (int)l : 6, c ? c : "(none)");
	count_compat(buf);
}

static bool has_memory_node(const struct fdt *f)
{
	int d = 0, len;
	for (int n = fdt_next_node(f, -1, &d); n >= 0; n = fdt_next_node(f, n, &d)) {
		const char *t = fdt_getprop(f, n, "device_type", &len);
		if (t && len == 7 && memcmp(t, "memory", 7) == 0)
			return true;
	}
	return false;
}

static unsigned check_known(const char *file, const struct board_info *b)
{
	const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
	const struct uart_desc *u = &b->console;
	unsigned bad = 0;

	for (unsigned i = 0; i < NKNOWN; i++) {
		struct known *k = &known[i];
		if (strcmp(base, k->file) != 0)
			continue;
		k->seen++;
		if (strcmp(uart_name(u->driver), k->driver) || u->base != k->base ||
		    (k->shift >= 0 && u->reg_shift != (uint32_t)k->shift)) {
			printf("FAIL %s: console %s 0x%" PRIx64 " shift %u, known %s 0x%" PRIx64
			       " shift %ld\n",
			       file, uart_name(u->driver), u->base, u->reg_shift, k->driver,
			       k->base, k->shift);
			bad++;
		} else {
			printf("  ok %s: %s at 0x%" PRIx64 " shift %u width %u clock %u (%s)\n",
			       file, uart_name(u->driver), u->base, u->reg_shift, u->reg_io_width,
			       u->clock_hz, u->path);
		}
	}
	return bad;
}

static bool consistent(const struct board_info *b)
{
	bool ok = b->nram <= MEM_MAX_BANKS && memchr(b->model, 0, sizeof b->model) &&
		  memchr(b->console.path, 0, sizeof b->console.path);
	for (unsigned i = 0; ok && i < b->nram; i++)
		ok = b->ram[i].size != 0;
	return ok;
}

/* Truncated copies: every cut must be refused, and cleanly. */
static unsigned check_cuts(const char *file, const uint8_t *raw, size_t n, unsigned *truncs)
{
	size_t cuts[5] = { n - 1, (size_t)(next_rand() % n), (size_t)(next_rand() % n),
			   (size_t)(next_rand() % (n < 64 ? n : 64)), (size_t)(next_rand() % n) };
	unsigned bad = 0;
	struct fdt f;

	for (unsigned k = 0; k < 5; k++) {
		uint8_t *t = malloc(cuts[k] ? cuts[k] : 1);
		memcpy(t, raw, cuts[k]);
		int et = fdt_open(&f, t, cuts[k]);
		if (et != FDT_ERR_TRUNCATED) {
			printf("FAIL %s cut to %zu bytes: %s\n", file, cuts[k], fdt_strerror(et));
			bad++;
		}
		(*truncs)++;
		free(t);
	}
	return bad;
}

/* ---- one tree --------------------------------------------------------- */

static struct {
	unsigned trees, errors, with_mem, with_console, with_rsv, truncs;
	unsigned mem_none, mem_placeholder, named_undrivable, unnamed;
} st;

/* Our reader on blob (at the address given): FAILs counted in the return. */
static unsigned read_ours(const char *file, const uint8_t *blob, size_t n, struct fdt *f,
			  struct board_info *b, struct fdt_region *rsv, unsigned *nrsv)
{
	struct fdt f1;
	struct board_info b1;
	int e = fdt_open(f, blob, n), eb = e ? e : fdt_read_board(f, b);
	int er = e || eb ? e : fdt_reserved(f, rsv, ORACLE_MAX_RESERVED, nrsv);

	if (e || eb || er) {
		printf("FAIL %s: %s %s\n", file,
		       e    ? "fdt_open:"
		       : eb ? "fdt_read_board:"
			    : "fdt_reserved:",
		       fdt_strerror(e    ? e
				    : eb ? eb
					 : er));
		return 1;
	}
	int e1 = fdt_open_board(&f1, blob, n, &b1); /* the boot's one-pass reader */
	if (!BOARD_DEVICES_AT_BOOT && e1 == FDT_OK &&
	    b1.ndev == 0) /* read after the boot (board.h) */
		memcpy(b1.dev, b->dev, sizeof b->dev), b1.ndev = b->ndev;
	if (e1 != FDT_OK || memcmp(&b1, b, sizeof *b)) {
		printf("FAIL %s: fdt_open_board differs from fdt_open + fdt_read_board (%s)\n",
		       file, fdt_strerror(e1));
		return 1;
	}
	return 0;
}

static void one_tree(const char *file, const uint8_t *raw, size_t n)
{
	/* Odd trees at an odd address: the reader must not assume alignment. */
	uint8_t *buf = malloc(n + st.trees % 2);
	const uint8_t *blob = buf + st.trees % 2;
	struct fdt f;
	struct board_info b;
	struct fdt_region rsv[ORACLE_MAX_RESERVED];
	static struct oracle_board o;
	unsigned nrsv = 0, bad, diffs = ndiff;
	const char *what;
	int lerr;

	memcpy(buf + st.trees % 2, raw, n);
	st.trees++;
	bad = read_ours(file, blob, n, &f, &b, rsv, &nrsv);
	if (!bad) {
		enum oracle_status os = oracle_read(raw, n, &o, &what, &lerr);
		if (os != ORACLE_OK) {
			printf("DIFF %s: libfdt oracle stopped at %s: %s\n", file, what,
			       os == ORACLE_BADVALUE ? "malformed value" : oracle_strerror(lerr));
			ndiff++;
		} else {
			compare(file, &b, rsv, nrsv, &o);
		}
		if (!consistent(&b)) {
			printf("FAIL %s: inconsistent board_info\n", file);
			bad++;
		}
		bad += check_known(file, &b);
		st.with_console += b.console.driver != NULL;
		for (unsigned i = 0; b.console.driver && i < NRULES; i++)
			if (strncmp(b.console_rule, rules[i], strlen(rules[i])) == 0) {
				by_rule[i]++;
				break;
			}
		if (b.console.driver == NULL ? b.console_rule[0] != '\0'
					     : b.console_rule[0] == '\0') {
			printf("FAIL %s: console %s, rule \"%s\"\n", file,
			       uart_name(b.console.driver), b.console_rule);
			bad++;
		}
		st.with_rsv += nrsv != 0;
		st.with_mem += b.nram != 0;
		st.mem_placeholder += !b.nram && has_memory_node(&f);
		st.mem_none += !b.nram && !has_memory_node(&f);
		if (!b.console.driver && o.stdout_node[0]) {
			st.named_undrivable++;
			note_undrivable(&f, o.stdout_node);
		}
		st.unnamed += !b.console.driver && !o.stdout_node[0];
	}
	bad += corpus_check_cpus(file, raw, blob, n);
	bad += check_cuts(file, raw, n, &st.truncs);
	st.errors += bad != 0 || ndiff != diffs;
	free(buf);
}

int main(int argc, char **argv)
{
	char line[1024];

	if (argc != 1) {
		fprintf(stderr, "usage: find DIR -name '*.dtb' | %s\n", argv[0]);
		return 2;
	}
	while (fgets(line, sizeof line, stdin)) {
		size_t n;
		line[strcspn(line, "\n")] = '\0';
		uint8_t *raw = line[0] ? load_file(line, &n) : NULL;
		if (!raw || n == 0) {
			printf("FAIL %s: cannot read\n", line);
			st.errors++;
		} else {
			one_tree(line, raw, n);
		}
		free(raw);
	}
	for (unsigned i = 0; i < NKNOWN; i++)
		if (!known[i].seen) {
			printf("FAIL known tree %s not in the corpus\n", known[i].file);
			st.errors++;
		}
	printf("no memory: %u trees have no memory node at all, %u only a placeholder "
	       "(reg absent or size 0) -- the bootloader fills it in\n",
	       st.mem_none, st.mem_placeholder);
	printf("no console: %u trees name none and drive no UART, "
	       "%u name one we do not drive:\n",
	       st.unnamed, st.named_undrivable);
	for (unsigned i = 0; i < CORPUS_MAX_TALLY && tally[i].n; i++)
		printf("  %4u %s\n", tally[i].n, tally[i].compat);
	printf("fdt corpus: %u with memory, %u with reserved regions, %u truncations rejected, "
	       "%u trees failing\n",
	       st.with_mem, st.with_rsv, st.truncs, st.errors);
	printf("fdt corpus: consoles by rule:");
	for (unsigned i = 0; i < NRULES; i++)
		printf("%s%s %u", i ? ", " : " ", rules[i], by_rule[i]);
	printf("\n");
	st.errors += !corpus_cpus_report();
	printf("fdt corpus: libfdt's reading compared: %u consoles with a reg-shift from the "
	       "oracle's table or the tree, %u CPUs of /cpus\n",
	       layout_compared, corpus_cpus_compared());
	printf("fdt corpus: %u trees, %u with a console, %u disagreements with libfdt\n", st.trees,
	       st.with_console, ndiff);
	return st.errors || ndiff || st.trees == 0 ? 1 : 0;
}
