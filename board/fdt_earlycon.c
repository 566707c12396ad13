/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_earlycon.c — Linux's earlycon= on a command line, as the console's
 * third rule (board.h): "earlycon=NAME,[IOTYPE,]ADDR[,OPTIONS]", the UART
 * of that name at that address. The address is the user's own, the one
 * address bringup takes from a user: it must lie inside a device range the
 * tree names (a reg of any node but memory and /reserved-memory's), and
 * never in RAM. Reads the blob only, under the length checks of lib/fdt; a
 * malformed reg elsewhere in the tree is only not that device.
 */
#include "board/fdt_earlycon.h"

#include "board/fdt_compat.h"

#include <string.h>

/*
 * Linux's earlycon names of the UARTs bringup drives, each with a
 * compatible string the same Linux driver declares for it and that a
 * driver of bringup's handles (lib/console): the register layout the name
 * means. Linux looks a name up in its __earlycon_table, the entries of
 * EARLYCON_DECLARE first, then those of OF_EARLYCON_DECLARE, the first of
 * that name (drivers/tty/serial/earlycon.c setup_earlycon()). Left out:
 * names whose first entry is a layout bringup does not drive (lpuart32 is
 * the big-endian Layerscape one, fsl_lpuart.c; msm_serial, sci, scifa).
 */
static const struct {
	const char *name, *compat;
} names[] = {
	{ "pl011", "arm,pl011" },                      /* amba-pl011.c */
	{ "uart8250", "ns16550a" },                    /* 8250/8250_early.c */
	{ "uart", "ns16550a" },                        /* 8250/8250_early.c */
	{ "ns16550", "ns16550" },                      /* 8250/8250_early.c */
	{ "ns16550a", "ns16550a" },                    /* 8250/8250_early.c */
	{ "omap8250", "ti,omap2-uart" },               /* 8250/8250_early.c */
	{ "bcm2835aux", "brcm,bcm2835-aux-uart" },     /* 8250/8250_bcm2835aux.c */
	{ "ec_imx6q", "fsl,imx6q-uart" },              /* imx_earlycon.c */
	{ "ec_imx21", "fsl,imx21-uart" },              /* imx_earlycon.c */
	{ "cdns", "xlnx,xuartps" },                    /* xilinx_uartps.c */
	{ "s5pv210", "samsung,s5pv210-uart" },         /* samsung_tty.c */
	{ "exynos4210", "samsung,exynos4210-uart" },   /* samsung_tty.c */
	{ "artpec8", "axis,artpec8-uart" },            /* samsung_tty.c */
	{ "s5l", "apple,s5l-uart" },                   /* samsung_tty.c */
	{ "gs101", "google,gs101-uart" },              /* samsung_tty.c */
	{ "meson", "amlogic,meson-ao-uart" },          /* meson_uart.c */
	{ "msm_serial_dm", "qcom,msm-uartdm" },        /* msm_serial.c */
	{ "qcom_geni", "qcom,geni-debug-uart" },       /* qcom_geni_serial.c */
	{ "stm32", "st,stm32h7-uart" },                /* stm32-usart.c */
	{ "scif", "renesas,scif" },                    /* sh-sci.c */
	{ "hscif", "renesas,hscif" },                  /* sh-sci.c */
	{ "ar3700_uart", "marvell,armada-3700-uart" }, /* mvebu-uart.c */
};
#define NNAMES (sizeof names / sizeof names[0])

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* A number as Linux's simple_strtoull(p, NULL, 0) reads one: 0x hex, a
 * leading 0 octal, else decimal; false if no digit or over 64 bits. */
static bool number(const char *p, const char *e, uint64_t *v, const char **end)
{
	unsigned base = 10, d;
	const char *s;
	uint64_t x = 0, most = UINT64_MAX / 10; /* constants: no division at run time */

	if (e - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		base = 16, p += 2, most = UINT64_MAX / 16;
	else if (e - p > 1 && p[0] == '0')
		base = 8, most = UINT64_MAX / 8;
	for (s = p; p < e; p++, x = x * base + d) {
		if (*p >= '0' && *p <= '9')
			d = (unsigned)(*p - '0');
		else if (base == 16 && (*p | 0x20) >= 'a' && (*p | 0x20) <= 'f')
			d = (unsigned)((*p | 0x20) - 'a' + 10);
		else
			break;
		if (d >= base || x > most || x * base > UINT64_MAX - d)
			return false;
	}
	*v = x, *end = p;
	return p > s;
}

/* The iotype word of uart_parse_earlycon() (drivers/tty/serial/
 * serial_core.c) and the access it means: *width bytes, registers
 * 1 << *shift apart (earlycon.c parse_options: mmio16 shift 1, mmio32
 * shift 2). 0: none given (MMIO, as "0x..." alone means); -1: port I/O or
 * big-endian registers, which no driver of bringup's does. */
static int iotype(const char *p, size_t n, uint32_t *width, uint32_t *shift)
{
	static const struct {
		const char *w;
		uint8_t width, shift;
	} io[] = {
		{ "mmio", 1, 0 }, { "mmio16", 2, 1 }, { "mmio32", 4, 2 }, { "mmio32native", 4, 2 }
	};

	for (unsigned i = 0; i < sizeof io / sizeof io[0]; i++)
		if (strlen(io[i].w) == n && !memcmp(io[i].w, p, n)) {
			*width = io[i].width, *shift = io[i].shift;
			return 1;
		}
	return (n == 2 && !memcmp(p, "io", 2)) || (n == 8 && !memcmp(p, "mmio32be", 8)) ? -1 : 0;
}

/* Parses the word w[0..e) ("earlycon=" skipped): *u's driver and layout,
 * its base. */
static enum board_earlycon parse(const char *w, const char *e, struct uart_desc *u)
{
	const char *c = memchr(w, ',', (size_t)(e - w)), *p, *end;
	const struct uart_type *t = NULL;
	uint32_t width = 0, shift = 0;
	int io;

	if (!c)
		return EARLYCON_SYNTAX;
	for (unsigned i = 0; i < NNAMES && !t; i++)
		if (strlen(names[i].name) == (size_t)(c - w) && !memcmp(names[i].name, w, c - w))
			t = fdt_uart_type(names[i].compat, (int)strlen(names[i].compat) + 1);
	if (!t)
		return EARLYCON_NAME;
	p = c + 1;
	c = memchr(p, ',', (size_t)(e - p));
	if ((io = iotype(p, (size_t)((c ? c : e) - p), &width, &shift)) < 0)
		return EARLYCON_IOTYPE;
	if (io)
		p = c ? c + 1 : e;
	else if (e - p < 2 || p[0] != '0' || (p[1] != 'x' && p[1] != 'X'))
		return EARLYCON_SYNTAX; /* uart_parse_earlycon: an iotype or "0x" */
	if (!number(p, e, &u->base, &end) || (end < e && *end != ','))
		return EARLYCON_SYNTAX;
	u->driver = t->driver;
	u->reg_shift = io ? shift : t->compat->shift;
	u->reg_io_width = io ? width : t->compat->width;
	return EARLYCON_USED;
}

/* Whether a is inside a reg range of a node that is a device: not
 * memory, not under /reserved-memory (the root's children of those).
 * *path: that node's. One walk, the ancestry kept as it goes. */
static bool in_device(const struct fdt *f, uint64_t a, char *path, size_t size)
{
	int chain[FDT_MAX_DEPTH], depth = 0, skip = 0;

	for (int n = fdt_next_node(f, -1, &depth); n >= 0; n = fdt_next_node(f, n, &depth)) {
		const uint8_t *reg;
		unsigned count, ac, sc;
		uint64_t b, s;
		const char *dt;
		if (depth < 1 || depth > FDT_MAX_DEPTH)
			break;
		chain[depth - 1] = n;
		if (skip && depth > skip)
			continue; /* inside memory or /reserved-memory */
		skip = 0;
		if (depth == 2 && (!strcmp(fdt_node_name(f, n), "reserved-memory") ||
				   (fdt_prop_string(f, n, "device_type", &dt) == FDT_OK &&
				    !strcmp(dt, "memory")))) {
			skip = depth;
			continue;
		}
		if (fdt_reg_prop(f, chain, depth, &reg, &count, &ac, &sc) != FDT_OK)
			continue;
		for (unsigned i = 0; i < count; i++)
			if (fdt_reg_get(f, chain, depth, reg, ac, sc, i, &b, &s) == FDT_OK &&
			    a >= b && a - b < s) {
				fdt_chain_path(f, chain, depth, path, size);
				return true;
			}
	}
	return false;
}

static bool in_ram(const struct board_info *b, uint64_t a)
{
	for (unsigned i = 0; i < b->nram; i++)
		if (a >= b->ram[i].base && a - b->ram[i].base < b->ram[i].size)
			return true;
	return false;
}

/* One word "earlycon=..." w[0..e): its state, *u if usable. */
static enum board_earlycon check(const struct fdt *f, const struct board_info *b, const char *w,
				 const char *e, struct uart_desc *u)
{
	enum board_earlycon st = parse(w + 9, e, u);

	if (st != EARLYCON_USED)
		return st;
	if (in_ram(b, u->base))
		return EARLYCON_IN_RAM;
	return in_device(f, u->base, u->path, sizeof u->path) ? EARLYCON_USED : EARLYCON_NOT_DEVICE;
}

bool fdt_earlycon(const struct fdt *f, const struct board_info *b, const char *line,
		  const char *src, struct board_earlycon_word *out)
{
	bool any = false;

	for (const char *w = line; w && *w;) {
		while (is_space(*w))
			w++;
		const char *e = w;
		while (*e && !is_space(*e))
			e++;
		if (e - w == 2 && w[0] == '-' && w[1] == '-')
			break; /* the rest is init's (kernel-parameters.rst) */
		if (e - w > 9 && !memcmp(w, "earlycon=", 9)) {
			struct uart_desc u;
			memset(&u, 0, sizeof u);
			enum board_earlycon st = check(f, b, w, e, &u);
			/* The first usable one (Linux keeps the first it
			 * registers); else the first. */
			/* Field by field, the UART by its bytes: *out's
			 * padding stays as the reader's memset left it (two
			 * reads of a tree compare equal byte for byte). */
			if (!any || st == EARLYCON_USED) {
				out->state = (uint8_t)st;
				out->src = src;
				out->word = w;
				out->len = (uint16_t)(e - w);
				memcpy(&out->uart, &u, sizeof u);
				any = true;
			}
			if (st == EARLYCON_USED)
				return true;
		}
		w = e;
	}
	return any;
}

const char *fdt_earlycon_words(enum board_earlycon st)
{
	switch (st) {
	case EARLYCON_USED: return "the console";
	case EARLYCON_UNUSED: return "not used";
	case EARLYCON_SYNTAX: return "not NAME,[IOTYPE,]0xADDR[,OPTIONS] (Linux's earlycon=)";
	case EARLYCON_NAME: return "no UART driver of bringup's has that Linux earlycon name";
	case EARLYCON_IOTYPE: return "port I/O or big-endian registers: no driver of bringup's";
	case EARLYCON_NOT_DEVICE: return "the address is inside no device the tree names";
	case EARLYCON_IN_RAM: return "the address is RAM";
	default: return "no earlycon=";
	}
}
