/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_unit_asm.c — part of the malformed-blob test (fdt_unit_bad.c):
 * structure blocks assembled by hand, for shapes a mutation of virt64.dtb
 * cannot reach (deep nesting, two roots, a property outside any node, an
 * unknown token, NOP padding everywhere), each behind a header built here
 * and opened with the exact error expected.
 */
#include "tests/host/lib/fdt/fdt_unit_bad.h"

struct asm_blob {
	uint8_t s[2048];
	size_t n;
};

static void w32(struct asm_blob *x, uint32_t v)
{
	put32(x->s, x->n, v);
	x->n += 4;
}
static void wbegin(struct asm_blob *x, const char *name)
{
	w32(x, T_BEGIN);
	size_t l = strlen(name) + 1;
	memcpy(x->s + x->n, name, l);
	memset(x->s + x->n + l, 0, 3);
	x->n += (l + 3) & ~(size_t)3;
}
/* A property named "compatible" (nameoff 0) with a string value. */
static void wprop(struct asm_blob *x, const char *val)
{
	size_t l = strlen(val) + 1;
	w32(x, T_PROP), w32(x, (uint32_t)l), w32(x, 0);
	memcpy(x->s + x->n, val, l);
	memset(x->s + x->n + l, 0, 3);
	x->n += (l + 3) & ~(size_t)3;
}

/* Header + empty rsvmap + x + strings "compatible\0"; checks fdt_open. */
static void check_asm(const char *what, const struct asm_blob *x, int want)
{
	static const char strings[] = "compatible";
	size_t n = 40 + 16 + x->n + sizeof strings;
	uint8_t *b = calloc(1, n);
	put32(b, 0, 0xd00dfeed), put32(b, H_TOTAL, (uint32_t)n);
	put32(b, H_OSTRUCT, 56), put32(b, H_OSTR, (uint32_t)(56 + x->n));
	put32(b, H_ORSV, 40), put32(b, H_VER, 17), put32(b, H_LCV, 16);
	put32(b, H_SSTR, sizeof strings), put32(b, H_SSTRUCT, (uint32_t)x->n);
	memcpy(b + 56, x->s, x->n);
	memcpy(b + 56 + x->n, strings, sizeof strings);
	expect(what, b, n, want, want == FDT_OK ? FDT_OK : NOT_READ);
	free(b);
}

static void nested(struct asm_blob *x, int depth)
{
	x->n = 0;
	for (int i = 0; i < depth; i++)
		wbegin(x, i ? "n" : "");
	for (int i = 0; i < depth; i++)
		w32(x, T_END_NODE);
	w32(x, T_END);
}

void test_assembled(void)
{
	struct asm_blob x;

	nested(&x, FDT_MAX_DEPTH);
	check_asm("nesting exactly FDT_MAX_DEPTH", &x, FDT_OK);
	nested(&x, FDT_MAX_DEPTH + 1);
	check_asm("nesting FDT_MAX_DEPTH + 1", &x, FDT_ERR_NESTING);
	x.n = 0, w32(&x, T_END_NODE), w32(&x, T_END);
	check_asm("END_NODE without BEGIN_NODE", &x, FDT_ERR_NESTING);
	x.n = 0, wbegin(&x, ""), w32(&x, T_END_NODE), w32(&x, T_END_NODE), w32(&x, T_END);
	check_asm("one END_NODE too many", &x, FDT_ERR_NESTING);
	x.n = 0, wbegin(&x, ""), wbegin(&x, "a"), w32(&x, T_END_NODE), w32(&x, T_END);
	check_asm("FDT_END with a node open", &x, FDT_ERR_NESTING);
	x.n = 0, w32(&x, T_END);
	check_asm("no root node", &x, FDT_ERR_NESTING);
	x.n = 0, wbegin(&x, ""), w32(&x, T_END_NODE), wbegin(&x, ""), w32(&x, T_END_NODE),
	w32(&x, T_END);
	check_asm("two root nodes", &x, FDT_ERR_NESTING);
	x.n = 0, wprop(&x, "x"), wbegin(&x, ""), w32(&x, T_END_NODE), w32(&x, T_END);
	check_asm("property outside any node", &x, FDT_ERR_NESTING);
	x.n = 0, wbegin(&x, ""), w32(&x, 0x10), w32(&x, T_END_NODE), w32(&x, T_END);
	check_asm("unknown token 0x10", &x, FDT_ERR_TOKEN);

	/* NOPs anywhere are legal and navigation must step over them. */
	x.n = 0;
	w32(&x, T_NOP), wbegin(&x, ""), w32(&x, T_NOP), wprop(&x, "root"), w32(&x, T_NOP);
	wbegin(&x, "child@1"), w32(&x, T_NOP), wprop(&x, "kid"), w32(&x, T_END_NODE);
	w32(&x, T_NOP), w32(&x, T_END_NODE), w32(&x, T_NOP), w32(&x, T_END);
	check_asm("NOPs everywhere", &x, FDT_OK);

	static const char strings[] = "compatible";
	size_t n = 56 + x.n + sizeof strings;
	uint8_t *b = calloc(1, n);
	struct fdt f;
	put32(b, 0, 0xd00dfeed), put32(b, H_TOTAL, (uint32_t)n), put32(b, H_OSTRUCT, 56);
	put32(b, H_OSTR, (uint32_t)(56 + x.n)), put32(b, H_ORSV, 40), put32(b, H_VER, 17);
	put32(b, H_SSTR, sizeof strings), put32(b, H_SSTRUCT, (uint32_t)x.n);
	memcpy(b + 56, x.s, x.n), memcpy(b + 56 + x.n, strings, sizeof strings);
	CHECK_EQ(fdt_open(&f, b, n), FDT_OK);
	CHECK_EQ(fdt_root(&f), 4);
	CHECK(fdt_node_is_compatible(&f, fdt_root(&f), "root"));
	int c = fdt_first_child(&f, fdt_root(&f));
	CHECK_STR(fdt_node_name(&f, c), "child@1");
	CHECK(fdt_node_is_compatible(&f, fdt_path_offset(&f, "/child"), "kid"));
	CHECK_EQ(fdt_next_sibling(&f, c), FDT_ERR_NOTFOUND);
	free(b);
}
