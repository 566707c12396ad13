/*
 * Internal to board/fdt_*.c: the one-pass board scanner and the address
 * helpers it shares with fdt_board.c. Not for callers outside board/.
 *
 * fdt_scan() reads the structure block once, token by token, keeping each
 * ancestor's #address-cells/#size-cells/ranges as it descends, and collects
 * what fdt_read_board() needs: RAM banks (into out->ram), the first timer,
 * PSCI and PL310 nodes, fixed-clocks by phandle, /chosen and /aliases, and
 * every enabled UART bringup can drive, with its full path and translated
 * base. One walk instead of one per question: the DTB is read at every boot.
 * Errors: a malformed value on a node it acts on (FDT_ERR_BADVALUE).
 */
#ifndef BOARD_FDT_SCAN_H
#define BOARD_FDT_SCAN_H

#include "board/board.h"

/* A compatible string some console driver handles (lib/console). */
struct uart_type {
	const struct uart_driver *driver;
	const struct uart_compat *compat;
};
/* The driver entry for the first string of the compatible list (in the
 * node's order) that any driver handles, or NULL. No string is two
 * drivers' (host-uart), so the drivers' order decides nothing. */
const struct uart_type *fdt_uart_type(const void *compat, int len);

/* Everything else the scan looks for by compatible, as bits. */
enum {
	C_TIMER8 = 1 << 0,
	C_TIMER7 = 1 << 1,
	C_PSCI10 = 1 << 2,
	C_PSCI02 = 1 << 3,
	C_PSCI = 1 << 4,
	C_FIXED_CLOCK = 1 << 5,
	C_PL310 = 1 << 6,
	C_GTIMER = 1 << 7,
	C_TWD = 1 << 8
};
/* fdt_compat.c: one pass over a compatible list (len bytes, the last entry
 * possibly unterminated): the C_* bits of the other compatibles it holds,
 * and in *uart the UART table entry of its first string that is one
 * (fdt_uart_type's; NULL if none). */
unsigned fdt_classify_compat(const void *list, int len, const struct uart_type **uart);

#define SCAN_MAX_UARTS  32
#define SCAN_MAX_CLOCKS 16
#define SCAN_PATH_MAX   128

struct scan_uart {
	int node;
	const struct uart_type *type;
	int err;        /* of its reg: FDT_OK, NOTFOUND (untranslatable), BADVALUE */
	uint64_t base;  /* translated reg[0] when err == FDT_OK */
	bool path_full; /* path below is not truncated */
	char path[SCAN_PATH_MAX];
};

struct fdt_scan {
	bool devices;                  /* collect out->dev (set before the scan) */
	bool devices_only;             /* and nothing else (fdt_open_board_devices) */
	int chosen, aliases, reserved; /* root children, -1 if absent */
	int timer[2];                  /* arm,armv8-timer / arm,armv7-timer */
	int psci_path, psci[3];
	struct scan_dev {
		bool seen;
		int err;       /* of its reg, as for a UART */
		uint64_t base; /* translated reg[0] when err == FDT_OK */
	} l2c, gtimer, twd;    /* the first PL310, Cortex-A9 global timer, private timer */
	unsigned nclocks;
	bool clocks_overflow;
	struct {
		uint32_t phandle;
		int node;
	} clock[SCAN_MAX_CLOCKS];
	unsigned nuarts;
	bool uarts_overflow;
	struct scan_uart uart[SCAN_MAX_UARTS];
};

/* The record behind fdt_board_bad() (board/fdt_bad.c): cleared at the
 * start of a read (two stores), set once by the first malformed property
 * met; both return FDT_ERR_BADVALUE. fdt_bad_prop_node() records a node by
 * offset (the blob open), fdt_bad_prop_path() by path. While quiet (a reg
 * whose error is not the read's: a device range, a UART no console rule
 * may reach) nothing is recorded. */
void fdt_bad_prop_quiet(bool on);
void fdt_bad_prop_reset(void);
int fdt_bad_prop_node(const struct fdt *f, int node, const char *prop, int len);
int fdt_bad_prop_path(const char *path, size_t n, const char *prop, int len);
/* Records which property made node's reg unreadable when only the error is
 * known (a UART the scan kept): its bus's cells, its reg's length, else a
 * ranges on the way up (the bus named, no property). */
int fdt_bad_reg(const struct fdt *f, int node);

/* The scan over an open blob (navigation through fdt_token). */
int fdt_scan(const struct fdt *f, struct board_info *out, struct fdt_scan *s);

/* Shared by fdt_board.c and fdt_console.c: whether the first string of
 * node's property name is want; a u32 property (FDT_OK and *v unchanged if
 * absent, a malformed one recorded by fdt_bad_prop_node). */
bool fdt_board_prop_is(const struct fdt *f, int node, const char *name, const char *want);
/* The first string of a property list into dst, truncated, terminated. */
void fdt_board_copy_string(char *dst, size_t size, const void *list, int len);
int fdt_board_opt_u32(const struct fdt *f, int node, const char *name, uint32_t *v);
/* The console by the rules (fdt_console.c): *u filled (driver NULL if
 * none), rule set to the rule's words. FDT_OK or a malformed value. */
int fdt_read_console(const struct fdt *f, const struct fdt_scan *s, struct uart_desc *u,
		     char *rule);

/* The same as a visitor for fdt_open_visit(): one pass validates and scans.
 * c->err holds the first board-level error. */
struct scan_level;
struct scan_ctx {
	struct scan_level *L; /* the scanner's own FDT_MAX_DEPTH levels: one scan at a time */
	int depth, err;
	struct board_info *out;
	struct fdt_scan *s;
};
void fdt_scan_begin(struct scan_ctx *c, struct board_info *out, struct fdt_scan *s);
void fdt_scan_token(void *ctx, int off, const struct fdt_token *t);

#endif
