/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz_fdt.c — libFuzzer target: any byte string through fdt_open() and,
 * if accepted, through fdt_read_board(), fdt_reserved(), board_read_cpus()
 * and the whole navigation API; and through libfdt's fdt_check_full (fdt_oracle.h).
 *
 * The input is copied into a heap buffer that ends exactly where the input
 * ends (so ASan flags any over-read), at an odd address for odd-sized
 * inputs (so any alignment assumption shows up under UBSan).  Nothing may
 * crash or trip a sanitizer, and the results must keep board.h's promises.
 *
 * Against libfdt: every blob fdt_open() accepts must pass fdt_check_full,
 * or abort (we would hand the boot a tree libfdt, which Linux and U-Boot
 * use, refuses), once the known differences below are taken out of a copy.
 * The reverse, libfdt accepting what we refuse, is allowed (we also check
 * one root, depth, block overlap, names inside the strings block...): such
 * runs are counted by our reason, the first of each reason printed to
 * stderr at once; all the counts at exit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/board.h"
#include "board/cpus.h"
#include "lib/fdt/fdt.h"
#include "tests/host/lib/fdt/fdt_oracle.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NREASONS (1 - FDT_ERR_BADVALUE) /* indexed by -error */

static unsigned long refused[NREASONS]; /* libfdt accepts, we refuse: by our error */

/*
 * Differences from Debian's libfdt (1.6.1) that are known and explained. A
 * blob we accept and fdt_check_full refuses is repaired, each trait it has
 * removed in a copy (nothing else changes), and the copy must then pass;
 * else abort.
 */
static void put_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

/* libfdt 1.6.1 refuses NOPs between the root's END_NODE and FDT_END (a
 * libfdt bug, fixed upstream in dtc commit caf7465): end the block at the
 * first such NOP instead. */
static bool repair_nop_after_root(const struct fdt *f, uint8_t *c)
{
	struct fdt_token t;
	int depth = 0;

	for (int off = 0; fdt_token(f, off, &t) == FDT_OK && t.tok != FDT_TOKEN_END; off = t.next) {
		depth += t.tok == FDT_TOKEN_BEGIN ? 1 : t.tok == FDT_TOKEN_END_NODE ? -1 : 0;
		if (t.tok == FDT_TOKEN_END_NODE && depth == 0) {
			int after = t.next;
			if (fdt_token(f, after, &t) || t.tok != FDT_TOKEN_NOP)
				return false;
			put_be32(c + f->off_struct + after, FDT_TOKEN_END);
			return true;
		}
	}
	return false;
}

static struct {
	const char *what;
	bool (*repair)(const struct fdt *f, uint8_t *copy);
	unsigned long runs;
} known[] = {
	{ "NOP after the root (libfdt 1.6.1 bug)", repair_nop_after_root, 0 },
};
#define NKNOWN (sizeof known / sizeof known[0])

static void report_libfdt(void)
{
	unsigned long total = 0;

	for (int e = 0; e < NREASONS; e++)
		total += refused[e];
	fprintf(stderr, "fdt fuzz: libfdt accepts, we refuse: %lu runs%s", total,
		total ? " --" : "\n");
	for (int e = 0, first = 1; e < NREASONS; e++)
		if (refused[e]) {
			fprintf(stderr, "%s %lu %s", first ? "" : ";", refused[e],
				fdt_strerror(-e));
			first = 0;
		}
	if (total)
		fputc('\n', stderr);
	fprintf(stderr, "fdt fuzz: we accept, libfdt refuses, known differences:");
	for (unsigned i = 0; i < NKNOWN; i++)
		fprintf(stderr, "%s %lu %s", i ? ";" : "", known[i].runs, known[i].what);
	fputc('\n', stderr);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	atexit(report_libfdt);
	return 0;
}

/* Our verdict e on a blob (f: opened if e is FDT_OK) against libfdt's. */
static void compare_libfdt(const struct fdt *f, const uint8_t *blob, size_t size, int e)
{
	int lib = oracle_check_full(blob, size);
	bool had[NKNOWN] = { false };

	if (e != FDT_OK && lib == 0 && e < 0 && -e < NREASONS && refused[-e]++ == 0)
		fprintf(stderr, "fdt fuzz: libfdt accepts, we refuse (first such): %s\n",
			fdt_strerror(e));
	if (e != FDT_OK || lib == 0)
		return;
	uint8_t *c = malloc(size);
	memcpy(c, blob, size);
	for (unsigned i = 0; i < NKNOWN; i++)
		had[i] = known[i].repair(f, c);
	if ((lib = oracle_check_full(c, size)) != 0) {
		fprintf(stderr,
			"fdt_open accepts a blob fdt_check_full refuses (%s), "
			"not one of the known differences\n",
			oracle_strerror(lib));
		abort();
	}
	for (unsigned i = 0; i < NKNOWN; i++)
		known[i].runs += had[i];
	free(c);
}

static void walk_all(const struct fdt *f, const uint8_t *blob, size_t size)
{
	int depth = 0, count = 0;
	char path[64];

	for (int n = fdt_next_node(f, -1, &depth); n >= 0; n = fdt_next_node(f, n, &depth)) {
		uint64_t base, sz;
		if (depth < 1 || depth > FDT_MAX_DEPTH)
			abort();
		/* These walk the tree from the root (O(tree) each): only for the
		 * first nodes, or big seeds make every run quadratic and slow. */
		if (count++ < 16) {
			if (fdt_node_path(f, n, path, sizeof path))
				abort();
			fdt_path_offset(f, path);
			fdt_node_reg(f, n, 0, &base, &sz);
		}
		for (int p = fdt_first_prop(f, n); p >= 0; p = fdt_next_prop(f, p)) {
			const char *name;
			int len;
			const uint8_t *v = fdt_prop_at(f, p, &name, &len);
			/* values and names must lie inside the blob */
			if (!v || len < 0 || v < blob || (size_t)(v - blob) + (size_t)len > size ||
			    (const uint8_t *)name < blob || (const uint8_t *)name >= blob + size)
				abort();
			fdt_stringlist_get(v, len, 1, NULL);
		}
	}
}

/* fdt_reserved: BADVALUE or OK; with a small max, *n may exceed it. */
static void check_reserved(const struct fdt *f)
{
	struct fdt_region r[4];
	unsigned n = 0;
	int e = fdt_reserved(f, r, 4, &n);

	if (e != FDT_OK && e != FDT_ERR_BADVALUE)
		abort();
	for (unsigned i = 0; i < n && i < 4; i++)
		if (r[i].size == 0)
			abort(); /* fdt.h: size-0 entries are never reported */
}

/* board_read_cpus / board_compatible_reg (board/cpus.h): fdt_open's
 * verdict on the blob, else OK, NOTFOUND or BADVALUE; names terminated. */
static void check_cpus(const uint8_t *blob, size_t size, int open_err)
{
	struct board_cpu c[4];
	unsigned n = 0;
	uint64_t base;
	int e = board_read_cpus(blob, size, c, 4, &n);

	if (open_err != FDT_OK ? e != open_err
			       : e != FDT_OK && e != FDT_ERR_NOTFOUND && e != FDT_ERR_BADVALUE)
		abort();
	for (unsigned i = 0; e == FDT_OK && i < n && i < 4; i++)
		if (!memchr(c[i].method_name, 0, sizeof c[i].method_name) ||
		    c[i].method > CPU_METHOD_OTHER)
			abort();
	e = board_compatible_reg(blob, size, "brcm,bcm2836-l1-intc", &base);
	if (open_err != FDT_OK && e != open_err)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t shift = size & 1;
	uint8_t *buf = malloc(size + shift ? size + shift : 1);
	const uint8_t *blob = buf + shift;
	struct fdt f, f1;
	struct board_info bi, b1;

	if (!buf)
		return 0;
	memcpy(buf + shift, data, size);
	int e1 = fdt_open_board(&f1, blob, size, &b1);
	int e0 = fdt_open(&f, blob, size);
	compare_libfdt(&f, blob, size, e0);
	check_cpus(blob, size, e0);
	if (e0 != FDT_OK && e1 == FDT_OK)
		abort(); /* the one-pass reader accepted what fdt_open rejects */
	if (e0 == FDT_OK) {
		int e = fdt_read_board(&f, &bi);
		if (!BOARD_DEVICES_AT_BOOT && e1 == FDT_OK &&
		    b1.ndev == 0) /* read later (board.h) */
			memcpy(b1.dev, bi.dev, sizeof bi.dev), b1.ndev = bi.ndev;
		if (e1 != e || (e == FDT_OK && memcmp(&b1, &bi, sizeof bi)))
			abort(); /* the one-pass reader must agree with the two calls */
		if (e != FDT_OK && e != FDT_ERR_BADVALUE)
			abort(); /* board.h: malformed values are BADVALUE, nothing else */
		if (e == FDT_OK &&
		    (bi.nram > MEM_MAX_BANKS || !memchr(bi.model, 0, sizeof bi.model) ||
		     !memchr(bi.console.path, 0, sizeof bi.console.path)))
			abort();
		check_reserved(&f);
		walk_all(&f, blob, size);
	}
	free(buf);
	return 0;
}
