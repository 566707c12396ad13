/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Discovery: DTB when there is one, an identified platform's defaults for
 * what it lacks. See board/platform.h for how the platform is identified
 * (never guessed). When the console is the platform default, its path says
 * why (the report prints it): the reader must learn why it is not the
 * tree's. With no platform and no console in the tree there is no console.
 */
#include "board/discover.h"

#include <string.h>

#include "arch/arch.h"
#include "arch/exception.h"
#include "arch/image.h"
#include "board/platform_id.h"
#include "lib/fdt/fdt.h"

#define FDT_MAGIC 0xd00dfeed
#define ATAG_CORE 0x54410001 /* ARM Linux ATAGS list head: {size, tag} */

struct header_probe {
	uintptr_t addr;
	uint32_t magic, totalsize, atag;
};

static uint32_t be32(const volatile uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void read_header(void *arg)
{
	struct header_probe *h = arg;
	const volatile uint8_t *p = (const volatile uint8_t *)h->addr;

	h->magic = be32(p);
	h->totalsize = be32(p + 4);
	h->atag = *(const volatile uint32_t *)(p + 4);
}

enum header { HDR_OK, HDR_NONE, HDR_ATAGS, HDR_UNREADABLE, HDR_MAGIC, HDR_TOO_BIG };

/* Reads a candidate FDT header under a fault probe: x0/r2 may be garbage.
 * HDR_ATAGS: an ATAGS list instead (older ARM loaders, and QEMU's vexpress
 * without -dtb). *h gets what was read. */
static enum header fdt_header_at(uintptr_t addr, struct header_probe *h)
{
	*h = (struct header_probe){ .addr = addr };
	if (!addr || (addr & 3))
		return HDR_NONE;
	if (fault_probe(read_header, h, NULL))
		return HDR_UNREADABLE;
	if (h->atag == ATAG_CORE)
		return HDR_ATAGS;
	if (h->magic != FDT_MAGIC)
		return HDR_MAGIC;
	return h->totalsize > FDT_MAX_TOTALSIZE ? HDR_TOO_BIG : HDR_OK;
}

struct open_args {
	struct fdt *f;
	const void *blob;
	size_t size;
	const char *cmdline, *cmdline_src;
	struct board_info *out;
	int err;
};

static void open_board(void *arg)
{
	struct open_args *a = arg;

	a->err = fdt_open_board_cmdline(a->f, a->blob, a->size, a->cmdline, a->cmdline_src, a->out);
}

/* Why the header at d->dtb was refused, into d->refusal and d->dtb_error. */
static void refuse_header(struct discovery *d, enum header why, const struct header_probe *h)
{
	struct fdt_refusal *r = &d->refusal;

	r->magic = h->magic;
	r->totalsize = h->totalsize;
	r->unreadable = why == HDR_UNREADABLE;
	r->misaligned = why == HDR_NONE; /* a pointer, but not to a 4-aligned word */
	r->too_big = why == HDR_TOO_BIG;
	r->err = why == HDR_MAGIC ? FDT_ERR_MAGIC : FDT_ERR_BOUNDS;
	d->dtb_error = r->err;
}

/* Appends n bytes of s to the NUL-terminated buf (size bytes), truncating.
 * (Runs before the heap exists: no newlib formatting here.) */
static void append(char *buf, size_t size, const char *s, size_t n)
{
	size_t used = strlen(buf);

	if (n > size - 1 - used)
		n = size - 1 - used;
	memcpy(buf + used, s, n);
	buf[used + n] = 0;
}

/* Why the console is the platform default, into its path (the report prints
 * it): no usable DTB, or a DTB that names no UART bringup drives. f is the
 * opened DTB, or NULL if there is none. */
static void console_fallback_reason(struct discovery *d, const struct fdt *f)
{
	char *why = d->board.console.path;
	const size_t size = sizeof(d->board.console.path);
	const char *sp = NULL, *tail;
	const char *head =
		d->platform ? "platform default; " : "none; no platform claims the board; ";
	int chosen;

	why[0] = 0;
	if (!f) {
		tail = d->dtb_source == DTB_NONE ? (d->atags ? "no DTB (ATAGS)" : "no DTB")
						 : "DTB rejected";
	} else {
		chosen = fdt_path_offset(f, "/chosen");
		if (chosen >= 0 && fdt_prop_string(f, chosen, "stdout-path", &sp) != FDT_OK &&
		    fdt_prop_string(f, chosen, "linux,stdout-path", &sp) != FDT_OK)
			sp = NULL;
		tail = sp ? NULL : "DTB names no console";
	}
	append(why, size, head, strlen(head));
	if (tail) {
		append(why, size, tail, strlen(tail));
		return;
	}
	append(why, size, "stdout-path ", 12);
	append(why, size, sp, strcspn(sp, ":")); /* the options are not the device */
	/* A path to nothing is not an undriven UART. */
	if (d->board.stdout_nonode)
		append(why, size, ": no such node", 14);
	else
		append(why, size, " not driven", 11);
}

/* Of the platforms that claim the load address and the CPU, the one a tree
 * cannot name (no compatible): a tree still names the other (board/platform.h).
 * make check-platforms refuses two of one image that would claim alike, so
 * the section's order decides nothing. */
static unsigned cpu_part(void)
{
	return (arch_cpu_id() >> 4) & 0xfff; /* MIDR PartNum, bits 15:4 */
}

const struct platform *choose_platform(uintptr_t running_at)
{
	return platform_by_load(__start_platforms, __stop_platforms, running_at, cpu_part());
}

/* Where a tree may sit when no register carries one: the dtb_fallback of
 * the load address's platform, else of a platform identified by its tree
 * alone whose RAM window holds the image (QEMU's virt leaves its tree at the
 * start of RAM for an image it does not boot as Linux, wherever in RAM a
 * firmware put that image: board/platform.h), then that platform's
 * dtb_fallback_kernel: RAM below the image, read under a probe. The first
 * with a tree's magic. */
static uintptr_t fallback_dtb(const struct platform *p, uintptr_t running_at)
{
	struct header_probe h;
	const struct platform *q = p ? p
				     : platform_tree_window(__start_platforms, __stop_platforms,
							    running_at, cpu_part());

	if (!q)
		return 0;
	const uint64_t at[2] = { q->dtb_fallback, q->dtb_fallback_kernel };
	for (unsigned i = 0; i < 2; i++) {
		enum header hdr = at[i] ? fdt_header_at((uintptr_t)at[i], &h) : HDR_NONE;
		if (hdr == HDR_OK || hdr == HDR_TOO_BIG || (i == 1 && at[0] == 0))
			return (uintptr_t)at[i];
	}
	return (uintptr_t)q->dtb_fallback;
}

static void discover_board(struct discovery *d, uintptr_t dtb_arg, uintptr_t running_at,
			   const char *cmdline, const char *cmdline_src)
{
	const struct platform *p = choose_platform(running_at), *q;
	uintptr_t fb = fallback_dtb(p, running_at);
	struct board_info found;
	struct header_probe h;
	enum header hdr = HDR_NONE;
	struct fdt fdt;

	d->platform = p;
	d->platform_by = p ? PLATFORM_BY_LOAD : PLATFORM_UNCLAIMED;
	d->dtb_arg = dtb_arg;
	if (p)
		d->board = p->defaults; /* else empty: d is zero on entry */
	d->dtb_error = FDT_OK;
	if (dtb_arg && (hdr = fdt_header_at(dtb_arg, &h)) == HDR_ATAGS) {
		d->dtb_source = DTB_NONE; /* ATAGS are not parsed: platform defaults */
		d->atags = dtb_arg;
	} else if (dtb_arg) {
		d->dtb_source = DTB_FROM_REGISTER;
		d->dtb = dtb_arg;
	} else if (fb && ((hdr = fdt_header_at(fb, &h)) == HDR_OK || hdr == HDR_TOO_BIG)) {
		d->dtb_source = DTB_FROM_PLATFORM; /* a tree's magic there: used, or refused */
		d->dtb = fb;
	} else {
		d->dtb_source = DTB_NONE;
	}
	d->ram_from_platform = d->console_from_platform = true;
	if (d->dtb_source == DTB_NONE) {
		console_fallback_reason(d, NULL);
		return;
	}
	if (hdr != HDR_OK) { /* every refusal names why (fdt_refusal.h) */
		refuse_header(d, hdr, &h);
		console_fallback_reason(d, NULL);
		return;
	}
	d->dtb_size = h.totalsize;
	/* Under a probe: the header answered, but the rest of totalsize may
	 * run past the memory behind it (no console is up yet to report a
	 * fault: boot/main.c). */
	struct open_args oa = { .f = &fdt,
				.blob = (const void *)d->dtb,
				.size = h.totalsize,
				.cmdline = cmdline,
				.cmdline_src = cmdline_src,
				.out = &found };
	struct fault_info fi;
	if (fault_probe(open_board, &oa, &fi)) {
		d->refusal = (struct fdt_refusal){ .err = FDT_ERR_TRUNCATED,
						   .body_fault = true,
						   .fault_addr = fi.addr,
						   .totalsize = h.totalsize };
		d->dtb_error = FDT_ERR_TRUNCATED;
		console_fallback_reason(d, NULL);
		return;
	}
	d->dtb_error = oa.err;
	/* The tree names the board better than the load address does (Zynq and
	 * the Pi 2 both have RAM at 0): its defaults fill what the tree leaves
	 * out, and the report names the right platform; a tree naming another
	 * board than the load address's platform disowns it. A tree refused
	 * for a malformed value passed the structure's checks (fdt_open_board
	 * validates the whole blob first): its root still names its board. */
	if (d->dtb_error == FDT_OK || d->dtb_error == FDT_ERR_BADVALUE) {
		q = platform_identify(__start_platforms, __stop_platforms, running_at, cpu_part(),
				      &fdt, &d->platform_by);
		if (q != p) {
			d->platform = p = q;
			if (p)
				d->board = p->defaults;
			else
				memset(&d->board, 0, sizeof(d->board));
		}
	}
	if (d->dtb_error != FDT_OK) {
		d->refusal.err = d->dtb_error;
		fdt_refusal_header(&d->refusal, (const void *)d->dtb, h.totalsize);
		if (d->dtb_error == FDT_ERR_BADVALUE)
			d->refusal.bad = *fdt_board_bad();
		console_fallback_reason(d, NULL);
		return;
	}
	memcpy(d->board.model, found.model, sizeof(found.model));
	d->board.stdout_nonode = found.stdout_nonode;
	d->board.stdout_nonode_len = found.stdout_nonode_len;
	if (found.nram) {
		memcpy(d->board.ram, found.ram, sizeof(found.ram));
		d->board.nram = found.nram;
		d->ram_from_platform = false;
	}
	if (found.console.driver) {
		d->board.console = found.console;
		memcpy(d->board.console_rule, found.console_rule, sizeof(found.console_rule));
		d->console_from_platform = false;
	} else {
		console_fallback_reason(d, &fdt);
	}
	d->board.earlycon = found.earlycon;
	if (found.timer_hz)
		d->board.timer_hz = found.timer_hz;
	d->board.psci = found.psci;
	d->board.psci_v01 = found.psci_v01;
	d->board.psci_cpu_on = found.psci_cpu_on;
	d->board.bootargs = found.bootargs;
	if (found.outer_cache_base) {
		d->board.outer_cache_base = found.outer_cache_base;
		d->board.outer_shared_override = found.outer_shared_override;
		memcpy(d->board.outer_latency, found.outer_latency, sizeof(found.outer_latency));
	}
	if (found.a9_periphbase)
		d->board.a9_periphbase = found.a9_periphbase;
	memcpy(d->board.dev, found.dev, sizeof(found.dev));
	d->board.ndev = found.ndev;
	d->board.nreserved = found.nreserved;
	memcpy(d->board.reserved, found.reserved,
	       (found.nreserved < BOARD_MAX_RESERVED ? found.nreserved : BOARD_MAX_RESERVED) *
		       sizeof(found.reserved[0]));
}

void discover(struct discovery *d, uintptr_t dtb_arg, uintptr_t running_at, const char *cmdline,
	      const char *cmdline_src)
{
	struct board_info *b = &d->board;

	discover_board(d, dtb_arg, running_at, cmdline, cmdline_src);
	/* The devices bringup itself drives, whether the tree or a platform
	 * named them, among the device ranges (the MMU window avoids them). */
	memmap_add_coalesced(b->dev, &b->ndev, BOARD_MAX_DEVICES, b->console.base,
			     b->console.driver ? PAGE_SIZE : 0, MMU_BLOCK);
	memmap_add_coalesced(b->dev, &b->ndev, BOARD_MAX_DEVICES, b->outer_cache_base,
			     b->outer_cache_base ? PAGE_SIZE : 0, MMU_BLOCK);
	memmap_add_coalesced(b->dev, &b->ndev, BOARD_MAX_DEVICES, b->a9_periphbase,
			     b->a9_periphbase ? 2 * PAGE_SIZE : 0, MMU_BLOCK);
}

void discover_devices(struct discovery *d)
{
	static struct board_info full; /* a second read of the tree: not on a stack */
	struct board_info *b = &d->board;
	struct fdt f;

	if (!d->dtb || d->dtb_error != FDT_OK ||
	    fdt_open_board_devices(&f, (const void *)d->dtb, d->dtb_size, &full))
		return;
	for (unsigned i = 0; i < full.ndev; i++)
		memmap_add_coalesced(b->dev, &b->ndev, BOARD_MAX_DEVICES, full.dev[i].base,
				     full.dev[i].size, MMU_BLOCK);
}
