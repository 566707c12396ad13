/*
 * fdt_corpus.c — parse every real board tree Debian ships, under sanitizers.
 *
 * stdin: one line per tree, "FILE KIND ADDR PATH" — the oracle's verdict
 * (tests/host/dts-console.awk run on `dtc -O dts` of FILE; KIND PL011 or
 * NS16550 with ADDR, else UNSUPPORTED / DISABLED / UNMAPPED / NONE).
 * args:  --expect NAME=KIND@ADDR[/SHIFT]  exact console for every tree whose
 *        file name is NAME (each NAME must be met at least once).
 *
 * Per tree: fdt_open and fdt_read_board must succeed (any failure on a
 * real tree is a bug here, not in the tree); the console must agree with
 * the oracle; the board must be self-consistent; and the blob cut at a few
 * random lengths must be refused with FDT_ERR_TRUNCATED.  Blobs live in
 * exact-size heap buffers (every other one at an odd address) so ASan sees
 * any over-read.  Trees without memory are counted and broken down, not
 * failed: most boards leave /memory to the bootloader.
 */
#include "board/board.h"
#include "lib/fdt/fdt.h"
#include "tests/host/testutil.h"

CHECK_COUNTERS;

#define MAX_EXPECT 16
#define MAX_TALLY  64

static struct expect {
	const char *name, *kind;
	uint64_t base;
	long shift; /* -1: not checked */
	unsigned seen;
} expects[MAX_EXPECT];
static unsigned nexpect;

static struct {
	char compat[48];
	unsigned n;
} tally[MAX_TALLY];

/* The oracle's name for a driver. */
static const char *kind_name(const struct uart_driver *d)
{
	return d == &uart_pl011     ? "PL011"
	       : d == &uart_ns16550 ? "NS16550"
	       : d == &uart_imx     ? "IMX"
	       : d == &uart_cadence ? "CADENCE"
				    : "NONE";
}

static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint64_t next_rand(void)
{
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	return rng;
}

static void count_compat(const char *c)
{
	unsigned i = 0;
	while (i < MAX_TALLY && tally[i].n && strcmp(tally[i].compat, c) != 0)
		i++;
	if (i == MAX_TALLY)
		return;
	snprintf(tally[i].compat, sizeof tally[i].compat, "%s", c);
	tally[i].n++;
}

/* The first compatible of the node the oracle named, for the tally. */
static void note_unsupported(const struct fdt *f, const char *path)
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

static void parse_expect(const char *arg)
{
	static char store[MAX_EXPECT][128];
	char *s = store[nexpect], *eq, *at, *sl;
	snprintf(s, sizeof store[0], "%s", arg);
	if (nexpect == MAX_EXPECT || !(eq = strchr(s, '=')) || !(at = strchr(eq, '@'))) {
		fprintf(stderr, "bad --expect %s\n", arg);
		exit(2);
	}
	*eq = *at = '\0';
	sl = strchr(at + 1, '/');
	expects[nexpect] = (struct expect){ s, eq + 1, strtoull(at + 1, NULL, 0),
					    sl ? strtol(sl + 1, NULL, 0) : -1, 0 };
	nexpect++;
}

int main(int argc, char **argv)
{
	unsigned trees = 0, with_mem = 0, with_console = 0, errors = 0, truncs = 0;
	unsigned mem_none = 0, mem_placeholder = 0, named_undrivable = 0, unnamed = 0;
	char line[1024];

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--expect") == 0 && i + 1 < argc)
			parse_expect(argv[++i]);
		else {
			fprintf(stderr, "usage: %s [--expect NAME=KIND@ADDR[/SHIFT]]... < oracle\n",
				argv[0]);
			return 2;
		}
	}

	while (fgets(line, sizeof line, stdin)) {
		char file[512], okind[32], oaddr[32], opath[512] = "";
		if (sscanf(line, "%511s %31s %31s %511s", file, okind, oaddr, opath) < 3) {
			printf("FAIL bad oracle line: %s", line);
			errors++;
			continue;
		}
		size_t n;
		uint8_t *raw = load_file(file, &n);
		if (!raw || n == 0) {
			printf("FAIL %s: cannot read\n", file);
			free(raw);
			errors++;
			continue;
		}
		/* Odd trees at an odd address: the reader must not assume alignment. */
		uint8_t *buf = raw;
		if (trees % 2) {
			buf = malloc(n + 1);
			memcpy(buf + 1, raw, n);
		}
		const uint8_t *blob = trees % 2 ? buf + 1 : buf;
		const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
		struct fdt f;
		struct board_info bi;
		int e = fdt_open(&f, blob, n), eb = -1;
		unsigned bad = 0;
		trees++;

		if (e == FDT_OK)
			eb = fdt_read_board(&f, &bi);
		if (e == FDT_OK && eb == FDT_OK) {
			/* The boot's one-pass reader must agree exactly. */
			struct fdt f1;
			struct board_info b1;
			int e1 = fdt_open_board(&f1, blob, n, &b1);
			if (e1 != FDT_OK || memcmp(&b1, &bi, sizeof bi)) {
				printf("FAIL %s: fdt_open_board differs from fdt_open + "
				       "fdt_read_board "
				       "(%s)\n",
				       file, fdt_strerror(e1));
				bad++;
			}
		}
		if (e != FDT_OK || eb != FDT_OK) {
			printf("FAIL %s: %s %s\n", file,
			       e ? "fdt_open:" : "fdt_read_board:", fdt_strerror(e ? e : eb));
			bad++;
		} else {
			bool drivable = !strcmp(okind, "PL011") || !strcmp(okind, "NS16550") ||
					!strcmp(okind, "IMX") || !strcmp(okind, "CADENCE");
			const char *got = kind_name(bi.console.driver);
			char want_path[64];
			snprintf(want_path, sizeof want_path, "%.63s", opath); /* as truncated */
			if (drivable &&
			    (strcmp(got, okind) || bi.console.base != strtoull(oaddr, NULL, 0) ||
			     strcmp(bi.console.path, want_path))) {
				printf("FAIL %s: console %s 0x%" PRIx64 " %s, oracle %s %s %s\n",
				       file, got, bi.console.base, bi.console.path, okind, oaddr,
				       opath);
				bad++;
			} else if (!drivable && bi.console.driver != NULL) {
				printf("FAIL %s: console %s at 0x%" PRIx64
				       " (%s), oracle says %s\n",
				       file, got, bi.console.base, bi.console.path, okind);
				bad++;
			}
			if (!strcmp(okind, "UNSUPPORTED"))
				note_unsupported(&f, opath);
			named_undrivable += !drivable && strcmp(okind, "NONE") != 0;
			unnamed += !strcmp(okind, "NONE");
			with_console += bi.console.driver != NULL;

			/* self-consistency */
			bool ok = bi.nram <= MEM_MAX_BANKS &&
				  memchr(bi.model, 0, sizeof bi.model) &&
				  memchr(bi.console.path, 0, sizeof bi.console.path);
			for (unsigned i = 0; ok && i < bi.nram; i++)
				ok = bi.ram[i].size != 0;
			if (!ok) {
				printf("FAIL %s: inconsistent board_info\n", file);
				bad++;
			}
			if (bi.nram)
				with_mem++;
			else if (has_memory_node(&f))
				mem_placeholder++;
			else
				mem_none++;

			for (unsigned i = 0; i < nexpect; i++) {
				struct expect *x = &expects[i];
				if (strcmp(base, x->name) != 0)
					continue;
				x->seen++;
				if (strcmp(got, x->kind) || bi.console.base != x->base ||
				    (x->shift >= 0 && bi.console.reg_shift != (uint32_t)x->shift)) {
					printf("FAIL %s: console %s 0x%" PRIx64
					       " shift %u, expected %s 0x%" PRIx64 " shift %ld\n",
					       file, got, bi.console.base, bi.console.reg_shift,
					       x->kind, x->base, x->shift);
					bad++;
				} else {
					printf("  ok %s: %s at 0x%" PRIx64
					       " shift %u width %u clock %u (%s)\n",
					       file, got, bi.console.base, bi.console.reg_shift,
					       bi.console.reg_io_width, bi.console.clock_hz,
					       bi.console.path);
				}
			}
		}

		/* Truncated copies: every cut must be refused, and cleanly. */
		size_t cuts[5] = { n - 1, (size_t)(next_rand() % n), (size_t)(next_rand() % n),
				   (size_t)(next_rand() % (n < 64 ? n : 64)),
				   (size_t)(next_rand() % n) };
		for (unsigned k = 0; k < 5; k++) {
			uint8_t *t = malloc(cuts[k] ? cuts[k] : 1);
			memcpy(t, raw, cuts[k]);
			int et = fdt_open(&f, t, cuts[k]);
			if (et != FDT_ERR_TRUNCATED) {
				printf("FAIL %s cut to %zu bytes: %s\n", file, cuts[k],
				       fdt_strerror(et));
				bad++;
			}
			truncs++;
			free(t);
		}
		errors += bad != 0;
		if (buf != raw)
			free(buf);
		free(raw);
	}

	for (unsigned i = 0; i < nexpect; i++)
		if (!expects[i].seen) {
			printf("FAIL expected tree %s not in the corpus\n", expects[i].name);
			errors++;
		}
	printf("no memory: %u trees have no memory node at all, %u only a placeholder "
	       "(reg absent or size 0) -- the bootloader fills it in\n",
	       mem_none, mem_placeholder);
	printf("no console: %u trees name none (no stdout-path, no drivable serialN), "
	       "%u name one we do not drive:\n",
	       unnamed, named_undrivable);
	for (unsigned i = 0; i < MAX_TALLY && tally[i].n; i++)
		printf("  %4u %s\n", tally[i].n, tally[i].compat);
	printf("fdt corpus: %u trees, %u with memory, %u with console, %u truncations rejected, "
	       "%u errors\n",
	       trees, with_mem, with_console, truncs, errors);
	return errors || trees == 0 ? 1 : 0;
}
