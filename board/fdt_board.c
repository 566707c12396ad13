/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_board.c — board discovery from a validated DTB.  Contract in board.h.
 *
 * One scan of the tree (fdt_scan.c) finds the RAM, timer, PSCI, outer cache,
 * fixed-clocks and every drivable UART; fdt_console.c then picks the console
 * the way Linux would (/chosen/stdout-path, else the command line's console=
 * and earlycon=, else the serialN aliases), else the first UART it drives.  Every
 * property length is checked before use: a malformed value is an error
 * code, never a read past the property.
 */
#include "board/fdt_bad.h"
#include "board/fdt_console.h"
#include "board/fdt_scan.h"
#include "board/fdt_util.h"

#include <string.h>

/* ---- the rest --------------------------------------------------------- */

static int read_misc(const struct fdt *f, const struct fdt_scan *s, struct board_info *out)
{
	int n, e;

	for (unsigned i = 0; i < 2 && !out->timer_hz; i++)
		if (s->timer[i] >= 0 &&
		    (e = fdt_board_opt_u32(f, s->timer[i], "clock-frequency", &out->timer_hz)))
			return e;
	n = s->psci_path;
	for (unsigned i = 0; i < 3 && n < 0; i++)
		n = s->psci[i];
	if (n >= 0) { /* only enabled nodes were recorded */
		out->psci = fdt_board_prop_is(f, n, "method", "smc")   ? PSCI_SMC
			    : fdt_board_prop_is(f, n, "method", "hvc") ? PSCI_HVC
								       : PSCI_NONE;
		/* Neither "arm,psci-0.2" nor "arm,psci-1.0": PSCI 0.1, whose
		 * CPU_ON is the node's cpu_on (Linux psci_0_1_init). */
		out->psci_v01 = n != s->psci[0] && n != s->psci[1];
		if (out->psci_v01 && (e = fdt_board_opt_u32(f, n, "cpu_on", &out->psci_cpu_on)))
			return e;
	}
	/* Present but not mapped: unusable, left 0. */
	if (s->l2c.seen && s->l2c.err == FDT_OK)
		out->outer_cache_base = s->l2c.base;
	else
		out->outer_shared_override = false, /* no usable PL310: nothing to set up */
			memset(out->outer_latency, 0, sizeof(out->outer_latency));
	/* Cortex-A9/A5 MPCore private region (TRM "Private memory region"):
	 * global timer at PERIPHBASE + 0x200, private timers at + 0x600. */
	if (s->gtimer.seen && s->gtimer.err == FDT_OK && s->gtimer.base >= 0x200)
		out->a9_periphbase = s->gtimer.base - 0x200;
	else if (s->twd.seen && s->twd.err == FDT_OK && s->twd.base >= 0x600)
		out->a9_periphbase = s->twd.base - 0x600;
	return FDT_OK;
}

/* What needs the open blob: the model, the console, PSCI's method... */
static int finish_board(const struct fdt *f, const struct fdt_scan *s, struct board_info *out)
{
	int root = fdt_root(f), len, e;
	const void *model = fdt_getprop(f, root, "model", &len);

	if (!model)
		model = fdt_getprop(f, root, "compatible", &len);
	fdt_board_copy_string(out->model, sizeof out->model, model, model ? len : 0);
	if ((e = fdt_read_console(f, s, out)) || (e = read_misc(f, s, out)))
		return e;
	/* Found here, where /chosen is already known: the command line then
	 * needs no second pass over the blob (cmdline.c). */
	if (s->chosen >= 0 && fdt_prop_string(f, s->chosen, "bootargs", &out->bootargs))
		out->bootargs = NULL;
	/* /reserved-memory as the scan found it: no second lookup. */
	e = fdt_reserved_at(f, s->reserved, out->reserved, BOARD_MAX_RESERVED, &out->nreserved);
	return e == FDT_ERR_BADVALUE
		       ? fdt_bad_prop_node(f, s->reserved >= 0 ? s->reserved : root, NULL, 0)
		       : e;
}

static struct fdt_scan scan; /* 5 KiB: not on a boot stack. One reader at a time. */

int fdt_read_board_cmdline(const struct fdt *f, const char *line, const char *label,
			   struct board_info *out)
{
	int e;

	memset(out, 0, sizeof *out);
	fdt_bad_prop_reset();
	scan.devices = true;
	scan.devices_only = false;
	scan.cmdline = line;
	scan.cmdline_src = label;
	if ((e = fdt_scan(f, out, &scan)))
		return e;
	return finish_board(f, &scan, out);
}

int fdt_read_board(const struct fdt *f, struct board_info *out)
{
	return fdt_read_board_cmdline(f, NULL, NULL, out);
}

static inline __attribute__((always_inline)) int open_board(struct fdt *f, const void *blob,
							    size_t avail, struct board_info *out,
							    bool devices, bool devices_only,
							    const char *line, const char *label)
{
	struct scan_ctx c;
	int e;

	memset(out, 0, sizeof *out);
	scan.devices = devices;
	scan.devices_only = devices_only;
	scan.cmdline = line;
	scan.cmdline_src = label;
	fdt_scan_begin(&c, out, &scan);
	if ((e = fdt_open_visit(f, blob, avail, fdt_scan_token, &c))) {
		memset(out, 0, sizeof *out); /* gathered from a blob that turned out bad */
		return e;
	}
	if (c.err || scan.devices_only)
		return c.err;
	return finish_board(f, &scan, out);
}

int fdt_open_board_cmdline(struct fdt *f, const void *blob, size_t avail, const char *line,
			   const char *label, struct board_info *out)
{
	/* The boot's pass: the devices only where the MMU needs them before it
	 * is on (board.h). */
	return open_board(f, blob, avail, out, BOARD_DEVICES_AT_BOOT, false, line, label);
}

int fdt_open_board(struct fdt *f, const void *blob, size_t avail, struct board_info *out)
{
	return fdt_open_board_cmdline(f, blob, avail, NULL, NULL, out);
}

int fdt_open_board_devices(struct fdt *f, const void *blob, size_t avail, struct board_info *out)
{
	return open_board(f, blob, avail, out, true, true, NULL, NULL);
}
