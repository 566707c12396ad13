/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_unit_bad.c — malformed blobs must be rejected with the exact error.
 *
 * Two sources: (1) mutations of the valid virt64.dtb, located through the
 * header and through values fdt_getprop() found in the pristine blob; (2)
 * structure blocks assembled by hand (fdt_unit_asm.c), for shapes a mutation
 * cannot reach (deep nesting, two roots, NOP padding everywhere).  Each blob is
 * opened from a heap buffer of exactly `avail` bytes.
 */
#include "tests/host/lib/fdt/fdt_unit_bad.h"

#include "board/fdt_refusal.h"

static const char *const errname[] = {
	"FDT_OK",         "FDT_ERR_MAGIC",    "FDT_ERR_TRUNCATED", "FDT_ERR_VERSION",
	"FDT_ERR_BOUNDS", "FDT_ERR_ALIGN",    "FDT_ERR_STRING",    "FDT_ERR_NESTING",
	"FDT_ERR_TOKEN",  "FDT_ERR_NOTFOUND", "FDT_ERR_BADVALUE",
};

static const char *ename(int e)
{
	return e <= 0 && e >= FDT_ERR_BADVALUE ? errname[-e] : "?";
}

/* Where things are in the pristine blob (absolute byte offsets). */
struct where {
	size_t n, ostruct, sstruct, ostr, sstr, orsv;
	size_t uart_reg, mem_reg, root_sc, stdout_path, uart_name, zeros;
};

/* Open `a` (exactly avail bytes), compare with the expected codes, say so. */
void expect(const char *what, const uint8_t *a, size_t avail, int want_open, int want_board)
{
	uint8_t *copy = malloc(avail ? avail : 1);
	struct fdt f;
	struct board_info bi;
	int e, eb = NOT_READ;

	memcpy(copy, a, avail);
	e = fdt_open(&f, copy, avail);
	if (e == FDT_OK && want_board != NOT_READ)
		eb = fdt_read_board(&f, &bi);
	int ok = CHECK(e == want_open && eb == want_board, "%s", what);
	printf("  %-4s %-44s open %-17s %s%s%s\n", ok ? "ok" : "FAIL", what, ename(e),
	       fdt_strerror(e), eb != NOT_READ ? "; board " : "", eb != NOT_READ ? ename(eb) : "");
	if (!ok)
		printf("       want open %s, board %s\n", ename(want_open),
		       want_board != NOT_READ ? ename(want_board) : "(not read)");
	free(copy);
}

/* One mutation of the pristine blob: up to two big-endian words written
 * (or one byte, or a run of 'a's up to the end of the structure block),
 * then `avail` bytes offered to fdt_open(). */
enum mkind { M_NONE, M_PUT32, M_PUT8, M_FILL };
struct mutation {
	const char *what;
	enum mkind kind;
	size_t at;
	uint32_t value;
	size_t at2; /* a second 32-bit write if nonzero */
	uint32_t value2;
	size_t avail;
	int open, board; /* expected codes; board NOT_READ: fdt_read_board not called */
};

static size_t make_mutations(struct mutation *m, const struct where *w)
{
	size_t k = 0, n = w->n, s_end = w->ostruct + w->sstruct;
	uint32_t past = (uint32_t)(n + 64) & ~7u; /* 8-aligned, past the end */
#define MUT(what, kind, at, value, avail, open, board)                                             \
	m[k++] = (struct mutation){ what, kind, at, value, 0, 0, avail, open, board }

	MUT("bad magic", M_PUT32, 0, 0xd00dfeee, n, FDT_ERR_MAGIC, NOT_READ);
	MUT("avail = totalsize - 1", M_NONE, 0, 0, n - 1, FDT_ERR_TRUNCATED, NOT_READ);
	MUT("avail = 20 (inside header)", M_NONE, 0, 0, 20, FDT_ERR_TRUNCATED, NOT_READ);
	MUT("avail = 3", M_NONE, 0, 0, 3, FDT_ERR_TRUNCATED, NOT_READ);
	MUT("avail = 0", M_NONE, 0, 0, 0, FDT_ERR_TRUNCATED, NOT_READ);
	MUT("totalsize > avail", M_PUT32, H_TOTAL, (uint32_t)n + 4, n, FDT_ERR_TRUNCATED, NOT_READ);
	MUT("totalsize < header", M_PUT32, H_TOTAL, 24, n, FDT_ERR_BOUNDS, NOT_READ);
	MUT("totalsize 2 GiB", M_PUT32, H_TOTAL, 0x80000000u, n, FDT_ERR_BOUNDS, NOT_READ);
	MUT("version 15", M_PUT32, H_VER, 15, n, FDT_ERR_VERSION, NOT_READ);
	MUT("last_comp_version 18", M_PUT32, H_LCV, 18, n, FDT_ERR_VERSION, NOT_READ);
	MUT("off_dt_struct past totalsize", M_PUT32, H_OSTRUCT, past, n, FDT_ERR_BOUNDS, NOT_READ);
	MUT("off_dt_struct inside header", M_PUT32, H_OSTRUCT, 16, n, FDT_ERR_BOUNDS, NOT_READ);
	MUT("off_dt_struct misaligned", M_PUT32, H_OSTRUCT, (uint32_t)w->ostruct + 2, n,
	    FDT_ERR_ALIGN, NOT_READ);
	MUT("size_dt_struct past totalsize", M_PUT32, H_SSTRUCT, (uint32_t)n, n, FDT_ERR_BOUNDS,
	    NOT_READ);
	MUT("size_dt_struct wraps", M_PUT32, H_SSTRUCT, 0xfffffff0u, n, FDT_ERR_BOUNDS, NOT_READ);
	MUT("off_dt_strings past totalsize", M_PUT32, H_OSTR, (uint32_t)n + 1, n, FDT_ERR_BOUNDS,
	    NOT_READ);
	MUT("size_dt_strings past totalsize", M_PUT32, H_SSTR, (uint32_t)w->sstr + 1, n,
	    FDT_ERR_BOUNDS, NOT_READ);
	MUT("off_dt_strings inside header", M_PUT32, H_OSTR, 0, n, FDT_ERR_BOUNDS, NOT_READ);
	MUT("strings block overlaps struct", M_PUT32, H_OSTR, (uint32_t)w->ostruct, n,
	    FDT_ERR_BOUNDS, NOT_READ);
	MUT("off_mem_rsvmap past totalsize", M_PUT32, H_ORSV, past, n, FDT_ERR_BOUNDS, NOT_READ);
	MUT("off_mem_rsvmap misaligned", M_PUT32, H_ORSV, (uint32_t)w->orsv + 4, n, FDT_ERR_ALIGN,
	    NOT_READ);
	MUT("off_mem_rsvmap inside header", M_PUT32, H_ORSV, 0, n, FDT_ERR_BOUNDS, NOT_READ);
	MUT("rsvmap unterminated at blob end", M_PUT32, H_ORSV, (uint32_t)(n - 8) & ~7u, n,
	    FDT_ERR_BOUNDS, NOT_READ);
	/* the map holds one entry, then its terminator: break the terminator */
	MUT("rsvmap runs into struct block", M_PUT8, w->orsv + 31, 1, n, FDT_ERR_BOUNDS, NOT_READ);
	/* a zero entry inside the struct block: terminated, but overlapping */
	MUT("rsvmap inside struct block", M_PUT32, H_ORSV, (uint32_t)w->zeros, n, FDT_ERR_BOUNDS,
	    NOT_READ);
	MUT("nameoff = size_dt_strings", M_PUT32, w->uart_reg - 4, (uint32_t)w->sstr, n,
	    FDT_ERR_STRING, NOT_READ);
	MUT("nameoff huge", M_PUT32, w->uart_reg - 4, 0xfffffff0u, n, FDT_ERR_STRING, NOT_READ);
	MUT("node name unterminated", M_FILL, w->uart_name, 0, n, FDT_ERR_STRING, NOT_READ);
	MUT("property name unterminated", M_PUT8, w->ostr + w->sstr - 1, 'x', n, FDT_ERR_STRING,
	    NOT_READ);
	MUT("FDT_END missing (NOP)", M_PUT32, s_end - 4, T_NOP, n, FDT_ERR_BOUNDS, NOT_READ);
	MUT("FDT_END replaced by END_NODE", M_PUT32, s_end - 4, T_END_NODE, n, FDT_ERR_NESTING,
	    NOT_READ);
	MUT("unknown token 5", M_PUT32, w->uart_reg - 12, 5, n, FDT_ERR_TOKEN, NOT_READ);
	MUT("unknown token 0", M_PUT32, w->uart_reg - 12, 0, n, FDT_ERR_TOKEN, NOT_READ);
	MUT("prop len past block (2 GiB)", M_PUT32, w->uart_reg - 8, 0x7ffffff0u, n, FDT_ERR_BOUNDS,
	    NOT_READ);
	MUT("prop len wraps 32 bits", M_PUT32, w->uart_reg - 8, 0xfffffffcu, n, FDT_ERR_BOUNDS,
	    NOT_READ);
	MUT("prop len one past block end", M_PUT32, w->uart_reg - 8,
	    (uint32_t)(s_end - w->uart_reg + 1), n, FDT_ERR_BOUNDS, NOT_READ);
	/* 16-byte reg cut to 12; the freed word becomes a NOP so that the
	 * token stream stays well-formed and only the value is wrong */
	MUT("console reg 12 bytes (2+2 cells)", M_PUT32, w->uart_reg - 8, 12, n, FDT_OK,
	    FDT_ERR_BADVALUE);
	m[k - 1].at2 = w->uart_reg + 12, m[k - 1].value2 = T_NOP;
	MUT("memory reg 12 bytes (2+2 cells)", M_PUT32, w->mem_reg - 8, 12, n, FDT_OK,
	    FDT_ERR_BADVALUE);
	m[k - 1].at2 = w->mem_reg + 12, m[k - 1].value2 = T_NOP;
	MUT("root #size-cells = 3", M_PUT32, w->root_sc, 3, n, FDT_OK, FDT_ERR_BADVALUE);
	MUT("stdout-path without NUL", M_PUT8, w->stdout_path + 14, 'x', n, FDT_OK, FDT_OK);
#undef MUT
	return k;
}

static void apply(uint8_t *b, const struct mutation *m, const struct where *w)
{
	switch (m->kind) {
	case M_NONE: break;
	case M_PUT32: put32(b, m->at, m->value); break;
	case M_PUT8: b[m->at] = (uint8_t)m->value; break;
	case M_FILL: memset(b + m->at, 'a', w->ostruct + w->sstruct - m->at); break;
	}
	if (m->at2)
		put32(b, m->at2, m->value2);
}

/* Open (and read) one mutation of the pristine blob as the boot does, and
 * check the refusal's words (board/fdt_refusal.h) hold `want`. */
static void refusal_says(const char *what, const uint8_t *pristine, const struct where *w,
			 const struct mutation *mu, const char *want)
{
	uint8_t *b = malloc(w->n);
	struct fdt_refusal r = { 0 };
	struct board_info bi;
	struct fdt f;
	char words[160];

	memcpy(b, pristine, w->n);
	apply(b, mu, w);
	r.err = fdt_open(&f, b, mu->avail);
	if (r.err == FDT_OK)
		r.err = fdt_read_board(&f, &bi);
	fdt_refusal_header(&r, b, mu->avail);
	if (r.err == FDT_ERR_BADVALUE)
		r.bad = *fdt_board_bad();
	fdt_refusal_words(&r, words, sizeof words);
	int ok = CHECK(strstr(words, want) != NULL, "%s: \"%s\" lacks \"%s\"", what, words, want);
	printf("  %-4s %-36s %s\n", ok ? "ok" : "FAIL", what, words);
	free(b);
}

/* Every refusal names its reason with its numbers, a malformed property
 * its node and name. */
static void test_refusals(const uint8_t *pristine, const struct where *w)
{
	const size_t n = w->n;
	char words[160];
#define MU(kind, at, value, avail) ((struct mutation){ "", kind, at, value, 0, 0, avail, 0, 0 })

	printf("refusals in words (board/fdt_refusal.c):\n");
	refusal_says("version 15", pristine, w, &MU(M_PUT32, H_VER, 15, n),
		     "version 15, last_comp_version 16: this reader takes 16 or 17");
	refusal_says("bad magic", pristine, w, &MU(M_PUT32, 0, 0xd00dfeee, n),
		     "magic 0xd00dfeee, not 0xd00dfeed");
	char trunc[64];
	snprintf(trunc, sizeof trunc, "truncated: totalsize %zu bytes, %zu readable", n, n - 1);
	refusal_says("truncated by one byte", pristine, w, &MU(M_NONE, 0, 0, n - 1), trunc);
	refusal_says("root #size-cells = 3", pristine, w, &MU(M_PUT32, w->root_sc, 3, n),
		     "property #size-cells of / is malformed (4 bytes)");
	struct mutation reg = MU(M_PUT32, w->uart_reg - 8, 12, n);
	reg.at2 = w->uart_reg + 12, reg.value2 = T_NOP;
	refusal_says("console reg 12 bytes", pristine, w, &reg,
		     "property reg of /pl011@9000000 is malformed (12 bytes)");
	struct mutation mem = MU(M_PUT32, w->mem_reg - 8, 12, n);
	mem.at2 = w->mem_reg + 12, mem.value2 = T_NOP;
	refusal_says("memory reg 12 bytes", pristine, w, &mem,
		     "property reg of /memory@40000000 is malformed (12 bytes)");
#undef MU
	/* Refused before fdt_open (board/discover.c): the header over the limit. */
	struct fdt_refusal big = { .err = FDT_ERR_BOUNDS, .too_big = true };
	uint8_t hdr[8] = { 0xd0, 0x0d, 0xfe, 0xed, 0x00, 0x30, 0x00, 0x00 };
	fdt_refusal_header(&big, hdr, sizeof hdr); /* a short read: version, last_comp 0 */
	CHECK_EQ(big.totalsize, 0x300000);
	CHECK_STR(fdt_refusal_words(&big, words, sizeof words),
		  "totalsize 3145728 bytes is over the limit of 2097152");
	printf("  ok   %-36s %s\n", "totalsize 3 MiB", words);
	/* A successful read leaves no record behind. */
	struct fdt f;
	struct board_info bi;
	CHECK_EQ(fdt_open(&f, pristine, n), FDT_OK);
	CHECK_EQ(fdt_read_board(&f, &bi), FDT_OK);
	CHECK(fdt_board_bad()->prop == NULL && fdt_board_bad()->node[0] == 0,
	      "a record after a good read");
}

void test_malformed(void)
{
	size_t n;
	uint8_t *pristine = load_dtb("virt64.dtb", &n);
	struct fdt f;
	struct where w = { .n = n };
	int len;

	if (!CHECK(fdt_open(&f, pristine, n) == FDT_OK))
		exit(check_report("fdt unit"));
	w.ostruct = f.off_struct, w.sstruct = get32(pristine, H_SSTRUCT);
	w.ostr = f.off_strings, w.sstr = f.strings_len, w.orsv = f.off_rsvmap;
	CHECK_EQ(w.sstruct, f.struct_len); /* dtc emits no padding */
	int uart = fdt_path_offset(&f, "/pl011@9000000"),
	    mem = fdt_path_offset(&f, "/memory@40000000");
	w.uart_reg = (size_t)((const uint8_t *)fdt_getprop(&f, uart, "reg", &len) - pristine);
	CHECK_EQ(len, 16);
	w.mem_reg = (size_t)((const uint8_t *)fdt_getprop(&f, mem, "reg", &len) - pristine);
	CHECK_EQ(len, 16);
	w.root_sc = (size_t)((const uint8_t *)fdt_getprop(&f, 0, "#size-cells", NULL) - pristine);
	w.stdout_path = (size_t)((const uint8_t *)fdt_getprop(&f, fdt_path_offset(&f, "/chosen"),
							      "stdout-path", &len) -
				 pristine);
	CHECK_EQ(len, 15);
	const uint8_t *trap = fdt_getprop(&f, fdt_path_offset(&f, "/chosen"), "bringup,trap", &len);
	w.zeros = ((size_t)(trap - pristine) + 8 + 7) & ~(size_t)7; /* 16 zero bytes there */
	CHECK(trap && len == 32 && w.zeros + 16 <= (size_t)(trap - pristine) + 32);
	w.uart_name = (size_t)((const uint8_t *)fdt_node_name(&f, uart) - pristine);
	CHECK_EQ(get32(pristine, w.orsv + 4), 0x48000000); /* the /memreserve/ entry */

	printf("malformed blobs (mutations of virt64.dtb, %zu bytes):\n", n);
	uint8_t *b = malloc(n);
	struct mutation m[64];
	size_t count = make_mutations(m, &w);
	for (size_t i = 0; i < count; i++) {
		memcpy(b, pristine, n);
		apply(b, &m[i], &w);
		expect(m[i].what, b, m[i].avail, m[i].open, m[i].board);
	}
	free(b);
	test_refusals(pristine, &w);
	free(pristine);
	/* v16 has no struct size, so block overlap can only be judged after
	 * the walk has measured the structure block. */
	pristine = load_dtb("virt64-v16.dtb", &n);
	CHECK_EQ(get32(pristine, H_VER), 16);
	put32(pristine, H_OSTR, get32(pristine, H_OSTRUCT));
	expect("v16: strings block overlaps struct", pristine, n, FDT_ERR_BOUNDS, NOT_READ);
	free(pristine);
	printf("hand-assembled structure blocks:\n");
	test_assembled();
}
