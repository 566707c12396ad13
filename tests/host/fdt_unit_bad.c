/*
 * fdt_unit_bad.c — malformed blobs must be rejected with the exact error.
 *
 * Two sources: (1) mutations of the valid virt64.dtb, located through the
 * header and through values fdt_getprop() found in the pristine blob; (2)
 * structure blocks assembled by hand here, for shapes a mutation cannot
 * reach (deep nesting, two roots, NOP padding everywhere).  Each blob is
 * opened from a heap buffer of exactly `avail` bytes.
 */
#include "fdt_unit.h"

enum { H_TOTAL = 4, H_OSTRUCT = 8, H_OSTR = 12, H_ORSV = 16, H_VER = 20, H_LCV = 24,
       H_SSTR = 32, H_SSTRUCT = 36 };
enum { T_BEGIN = 1, T_END_NODE = 2, T_PROP = 3, T_NOP = 4, T_END = 9 };

static const char *const errname[] = {
    "FDT_OK", "FDT_ERR_MAGIC", "FDT_ERR_TRUNCATED", "FDT_ERR_VERSION", "FDT_ERR_BOUNDS",
    "FDT_ERR_ALIGN", "FDT_ERR_STRING", "FDT_ERR_NESTING", "FDT_ERR_TOKEN",
    "FDT_ERR_NOTFOUND", "FDT_ERR_BADVALUE",
};

static const char *ename(int e)
{
    return e >= 0 && e <= FDT_ERR_BADVALUE ? errname[e] : "?";
}

static uint32_t get32(const uint8_t *b, size_t o)
{
    return (uint32_t)b[o] << 24 | (uint32_t)b[o + 1] << 16 | (uint32_t)b[o + 2] << 8 | b[o + 3];
}

static void put32(uint8_t *b, size_t o, uint32_t v)
{
    b[o] = (uint8_t)(v >> 24), b[o + 1] = (uint8_t)(v >> 16);
    b[o + 2] = (uint8_t)(v >> 8), b[o + 3] = (uint8_t)v;
}

/* Where things are in the pristine blob (absolute byte offsets). */
struct where {
    size_t n, ostruct, sstruct, ostr, sstr, orsv;
    size_t uart_reg, mem_reg, root_sc, stdout_path, uart_name;
};

/* Open `a` (exactly avail bytes), compare with the expected codes, say so. */
static void expect(const char *what, const uint8_t *a, size_t avail, int want_open,
                   int want_board)
{
    uint8_t *copy = malloc(avail ? avail : 1);
    struct fdt f;
    struct board_info bi;
    int e, eb = -1;

    memcpy(copy, a, avail);
    e = fdt_open(&f, copy, avail);
    if (e == FDT_OK && want_board >= 0)
        eb = fdt_read_board(&f, &bi);
    int ok = t_check(e == want_open && eb == want_board, __FILE__, __LINE__, what);
    printf("  %-4s %-44s open %-17s %s%s%s\n", ok ? "ok" : "FAIL", what, ename(e),
           fdt_strerror(e), eb >= 0 ? "; board " : "", eb >= 0 ? ename(eb) : "");
    if (!ok)
        printf("       want open %s, board %s\n", ename(want_open),
               want_board >= 0 ? ename(want_board) : "(not read)");
    free(copy);
}

typedef size_t (*mutation)(uint8_t *b, const struct where *w);

/* Each returns how many bytes to offer fdt_open(). */
static size_t m_magic(uint8_t *b, const struct where *w) { b[0] ^= 0xff; return w->n; }
static size_t m_avail1(uint8_t *b, const struct where *w) { (void)b; return w->n - 1; }
static size_t m_avail20(uint8_t *b, const struct where *w) { (void)b, (void)w; return 20; }
static size_t m_avail3(uint8_t *b, const struct where *w) { (void)b, (void)w; return 3; }
static size_t m_avail0(uint8_t *b, const struct where *w) { (void)b, (void)w; return 0; }
static size_t m_total_big(uint8_t *b, const struct where *w) { put32(b, H_TOTAL, (uint32_t)w->n + 4); return w->n; }
static size_t m_total_small(uint8_t *b, const struct where *w) { put32(b, H_TOTAL, 24); return w->n; }
static size_t m_total_huge(uint8_t *b, const struct where *w) { put32(b, H_TOTAL, 0x80000000u); return w->n; }
static size_t m_version(uint8_t *b, const struct where *w) { put32(b, H_VER, 15); return w->n; }
static size_t m_lastcomp(uint8_t *b, const struct where *w) { put32(b, H_LCV, 18); return w->n; }
static size_t m_st_off(uint8_t *b, const struct where *w) { put32(b, H_OSTRUCT, (uint32_t)(w->n + 64) & ~7u); return w->n; }
static size_t m_st_hdr(uint8_t *b, const struct where *w) { put32(b, H_OSTRUCT, 16); return w->n; }
static size_t m_st_align(uint8_t *b, const struct where *w) { put32(b, H_OSTRUCT, (uint32_t)w->ostruct + 2); return w->n; }
static size_t m_st_size(uint8_t *b, const struct where *w) { put32(b, H_SSTRUCT, (uint32_t)w->n); return w->n; }
static size_t m_st_wrap(uint8_t *b, const struct where *w) { put32(b, H_SSTRUCT, 0xfffffff0u); return w->n; }
static size_t m_str_off(uint8_t *b, const struct where *w) { put32(b, H_OSTR, (uint32_t)w->n + 1); return w->n; }
static size_t m_str_size(uint8_t *b, const struct where *w) { put32(b, H_SSTR, (uint32_t)w->sstr + 1); return w->n; }
static size_t m_str_hdr(uint8_t *b, const struct where *w) { put32(b, H_OSTR, 0); return w->n; }
static size_t m_str_ovl(uint8_t *b, const struct where *w) { put32(b, H_OSTR, (uint32_t)w->ostruct); return w->n; }
static size_t m_rsv_off(uint8_t *b, const struct where *w) { put32(b, H_ORSV, (uint32_t)(w->n + 64) & ~7u); return w->n; }
static size_t m_rsv_align(uint8_t *b, const struct where *w) { put32(b, H_ORSV, (uint32_t)w->orsv + 4); return w->n; }
static size_t m_rsv_hdr(uint8_t *b, const struct where *w) { put32(b, H_ORSV, 0); return w->n; }
static size_t m_rsv_unterm(uint8_t *b, const struct where *w) { put32(b, H_ORSV, (uint32_t)(w->n - 8) & ~7u); return w->n; }
/* the map has one entry, then its terminator: break the terminator */
static size_t m_rsv_runon(uint8_t *b, const struct where *w) { b[w->orsv + 16 + 15] = 1; return w->n; }
static size_t m_nameoff(uint8_t *b, const struct where *w) { put32(b, w->uart_reg - 4, (uint32_t)w->sstr); return w->n; }
static size_t m_nameoff_huge(uint8_t *b, const struct where *w) { put32(b, w->uart_reg - 4, 0xfffffff0u); return w->n; }
static size_t m_node_name(uint8_t *b, const struct where *w)
{
    memset(b + w->uart_name, 'a', w->ostruct + w->sstruct - w->uart_name);
    return w->n;
}
static size_t m_prop_name(uint8_t *b, const struct where *w) { b[w->ostr + w->sstr - 1] = 'x'; return w->n; }
static size_t m_no_end(uint8_t *b, const struct where *w) { put32(b, w->ostruct + w->sstruct - 4, T_NOP); return w->n; }
static size_t m_end_node(uint8_t *b, const struct where *w) { put32(b, w->ostruct + w->sstruct - 4, T_END_NODE); return w->n; }
static size_t m_tok5(uint8_t *b, const struct where *w) { put32(b, w->uart_reg - 12, 5); return w->n; }
static size_t m_tok0(uint8_t *b, const struct where *w) { put32(b, w->uart_reg - 12, 0); return w->n; }
static size_t m_len_past(uint8_t *b, const struct where *w) { put32(b, w->uart_reg - 8, 0x7ffffff0u); return w->n; }
static size_t m_len_wrap(uint8_t *b, const struct where *w) { put32(b, w->uart_reg - 8, 0xfffffffcu); return w->n; }
static size_t m_len_by1(uint8_t *b, const struct where *w)
{
    put32(b, w->uart_reg - 8, (uint32_t)(w->ostruct + w->sstruct - w->uart_reg + 1));
    return w->n;
}
/* 16-byte reg shortened to 12; the freed word becomes a NOP so the token
 * stream stays well-formed and only the value is wrong. */
static size_t m_reg_odd(uint8_t *b, const struct where *w) { put32(b, w->uart_reg - 8, 12); put32(b, w->uart_reg + 12, T_NOP); return w->n; }
static size_t m_mem_odd(uint8_t *b, const struct where *w) { put32(b, w->mem_reg - 8, 12); put32(b, w->mem_reg + 12, T_NOP); return w->n; }
static size_t m_root_sc(uint8_t *b, const struct where *w) { put32(b, w->root_sc, 3); return w->n; }
static size_t m_stdout_nonul(uint8_t *b, const struct where *w) { b[w->stdout_path + 14] = 'x'; return w->n; }

static const struct {
    const char *what;
    mutation m;
    int open, board; /* board -1: fdt_read_board not called */
} mutations[] = {
    { "bad magic", m_magic, FDT_ERR_MAGIC, -1 },
    { "avail = totalsize - 1", m_avail1, FDT_ERR_TRUNCATED, -1 },
    { "avail = 20 (inside header)", m_avail20, FDT_ERR_TRUNCATED, -1 },
    { "avail = 3", m_avail3, FDT_ERR_TRUNCATED, -1 },
    { "avail = 0", m_avail0, FDT_ERR_TRUNCATED, -1 },
    { "totalsize > avail", m_total_big, FDT_ERR_TRUNCATED, -1 },
    { "totalsize < header", m_total_small, FDT_ERR_BOUNDS, -1 },
    { "totalsize 2 GiB", m_total_huge, FDT_ERR_BOUNDS, -1 },
    { "version 15", m_version, FDT_ERR_VERSION, -1 },
    { "last_comp_version 18", m_lastcomp, FDT_ERR_VERSION, -1 },
    { "off_dt_struct past totalsize", m_st_off, FDT_ERR_BOUNDS, -1 },
    { "off_dt_struct inside header", m_st_hdr, FDT_ERR_BOUNDS, -1 },
    { "off_dt_struct misaligned", m_st_align, FDT_ERR_ALIGN, -1 },
    { "size_dt_struct past totalsize", m_st_size, FDT_ERR_BOUNDS, -1 },
    { "size_dt_struct wraps", m_st_wrap, FDT_ERR_BOUNDS, -1 },
    { "off_dt_strings past totalsize", m_str_off, FDT_ERR_BOUNDS, -1 },
    { "size_dt_strings past totalsize", m_str_size, FDT_ERR_BOUNDS, -1 },
    { "off_dt_strings inside header", m_str_hdr, FDT_ERR_BOUNDS, -1 },
    { "strings block overlaps struct", m_str_ovl, FDT_ERR_BOUNDS, -1 },
    { "off_mem_rsvmap past totalsize", m_rsv_off, FDT_ERR_BOUNDS, -1 },
    { "off_mem_rsvmap misaligned", m_rsv_align, FDT_ERR_ALIGN, -1 },
    { "off_mem_rsvmap inside header", m_rsv_hdr, FDT_ERR_BOUNDS, -1 },
    { "rsvmap unterminated at blob end", m_rsv_unterm, FDT_ERR_BOUNDS, -1 },
    { "rsvmap runs into struct block", m_rsv_runon, FDT_ERR_BOUNDS, -1 },
    { "nameoff = size_dt_strings", m_nameoff, FDT_ERR_STRING, -1 },
    { "nameoff huge", m_nameoff_huge, FDT_ERR_STRING, -1 },
    { "node name unterminated", m_node_name, FDT_ERR_STRING, -1 },
    { "property name unterminated", m_prop_name, FDT_ERR_STRING, -1 },
    { "FDT_END missing (NOP)", m_no_end, FDT_ERR_BOUNDS, -1 },
    { "FDT_END replaced by END_NODE", m_end_node, FDT_ERR_NESTING, -1 },
    { "unknown token 5", m_tok5, FDT_ERR_TOKEN, -1 },
    { "unknown token 0", m_tok0, FDT_ERR_TOKEN, -1 },
    { "prop len past block (2 GiB)", m_len_past, FDT_ERR_BOUNDS, -1 },
    { "prop len wraps 32 bits", m_len_wrap, FDT_ERR_BOUNDS, -1 },
    { "prop len one past block end", m_len_by1, FDT_ERR_BOUNDS, -1 },
    { "console reg 12 bytes (2+2 cells)", m_reg_odd, FDT_OK, FDT_ERR_BADVALUE },
    { "memory reg 12 bytes (2+2 cells)", m_mem_odd, FDT_OK, FDT_ERR_BADVALUE },
    { "root #size-cells = 3", m_root_sc, FDT_OK, FDT_ERR_BADVALUE },
    { "stdout-path without NUL", m_stdout_nonul, FDT_OK, FDT_OK },
};

/* ---- hand-assembled structure blocks -------------------------------- */

struct asm_blob {
    uint8_t s[2048];
    size_t n;
};

static void w32(struct asm_blob *x, uint32_t v) { put32(x->s, x->n, v); x->n += 4; }
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
    expect(what, b, n, want, want == FDT_OK ? FDT_OK : -1);
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

static void test_assembled(void)
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
    x.n = 0, wbegin(&x, ""), w32(&x, T_END_NODE), wbegin(&x, ""), w32(&x, T_END_NODE), w32(&x, T_END);
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
    CHECK_EQ(fdt_next_sibling(&f, c), -FDT_ERR_NOTFOUND);
    free(b);
}

void test_malformed(void)
{
    size_t n;
    uint8_t *pristine = load_dtb("virt64.dtb", &n);
    struct fdt f;
    struct where w = { .n = n };
    int len;

    if (!CHECK(fdt_open(&f, pristine, n) == FDT_OK))
        exit(report("fdt unit"));
    w.ostruct = f.off_struct, w.sstruct = get32(pristine, H_SSTRUCT);
    w.ostr = f.off_strings, w.sstr = f.strings_len, w.orsv = f.off_rsvmap;
    CHECK_EQ(w.sstruct, f.struct_len); /* dtc emits no padding */
    int uart = fdt_path_offset(&f, "/pl011@9000000"), mem = fdt_path_offset(&f, "/memory@40000000");
    w.uart_reg = (size_t)((const uint8_t *)fdt_getprop(&f, uart, "reg", &len) - pristine);
    CHECK_EQ(len, 16);
    w.mem_reg = (size_t)((const uint8_t *)fdt_getprop(&f, mem, "reg", &len) - pristine);
    CHECK_EQ(len, 16);
    w.root_sc = (size_t)((const uint8_t *)fdt_getprop(&f, 0, "#size-cells", NULL) - pristine);
    w.stdout_path = (size_t)((const uint8_t *)fdt_getprop(&f, fdt_path_offset(&f, "/chosen"),
                                                          "stdout-path", &len) - pristine);
    CHECK_EQ(len, 15);
    w.uart_name = (size_t)((const uint8_t *)fdt_node_name(&f, uart) - pristine);
    CHECK_EQ(get32(pristine, w.orsv + 4), 0x48000000); /* the /memreserve/ entry */

    printf("malformed blobs (mutations of virt64.dtb, %zu bytes):\n", n);
    uint8_t *b = malloc(n);
    for (size_t i = 0; i < sizeof mutations / sizeof mutations[0]; i++) {
        memcpy(b, pristine, n);
        size_t avail = mutations[i].m(b, &w);
        expect(mutations[i].what, b, avail, mutations[i].open, mutations[i].board);
    }
    free(b);
    free(pristine);
    printf("hand-assembled structure blocks:\n");
    test_assembled();
}
