/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * board.h — what device-tree discovery tells the rest of the image.
 *
 * fdt_read_board() condenses an opened DTB (see fdt.h) into struct
 * board_info: RAM banks, the console UART, the generic-timer frequency, the
 * PSCI conduit and an outer (PL310) cache.  Everything it reports is a CPU
 * physical address: bus addresses are translated through every ancestor's
 * "ranges".  It only reads the blob; no allocation, no output.
 *
 * Freestanding: needs only <stdint.h>, <stddef.h>, <stdbool.h>, <string.h>.
 */
#ifndef BOARD_BOARD_H
#define BOARD_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/arch.h"
#include "lib/console/console.h"
#include "lib/fdt/fdt.h"
#include "lib/fdt/fdt_addr.h"
#include "lib/memmap.h"
#include "mmu/mmu.h"

#define BOARD_MAX_RESERVED 16
#define BOARD_RULE_MAX     48
#define BOARD_MAX_DEVICES  8
/* ARMv7 needs the tree's devices before its MMU is on: its window for
 * temporary mappings is carved out of the 4 GiB map. AArch64 maps every
 * address below 4 GiB Device and puts the window above, so it reads them
 * after the boot (discover_devices(), mmu_add_devices()). */
#define BOARD_DEVICES_AT_BOOT (sizeof(uintptr_t) == 4)

/* Where a read met a malformed property (it returned FDT_ERR_BADVALUE):
 * the node's full path (truncated) and the property's name, in the blob or
 * a constant; node "" if no node was recorded, prop NULL if the error is
 * about several (/reserved-memory's). */
#define BOARD_PATH_MAX 96
struct fdt_bad {
	char node[BOARD_PATH_MAX];
	const char *prop;
	int len; /* the property's length in bytes */
};

/* What became of Linux's earlycon= on the command line (console rule 3). */
enum board_earlycon {
	EARLYCON_NONE,       /* no earlycon= word */
	EARLYCON_USED,       /* usable (and, in a board_info, the console) */
	EARLYCON_UNUSED,     /* usable, but an earlier rule chose the console */
	EARLYCON_SYNTAX,     /* not NAME,[IOTYPE,]ADDR[,OPTIONS] */
	EARLYCON_NAME,       /* no driver of bringup's has that Linux name */
	EARLYCON_IOTYPE,     /* io or mmio32be: port I/O, big-endian registers */
	EARLYCON_NOT_DEVICE, /* the address is in no device range the tree names */
	EARLYCON_IN_RAM,     /* the address is in the tree's RAM */
};
struct board_earlycon_word {
	uint8_t state;         /* enum board_earlycon */
	const char *src;       /* whose line: "semihosting", "bootargs" */
	const char *word;      /* "earlycon=...", in that line, len bytes */
	uint16_t len;          /* (not NUL-terminated there) */
	struct uart_desc uart; /* USED, UNUSED: the UART it names */
};
/* The state in words ("the address is RAM"). */
const char *fdt_earlycon_words(enum board_earlycon st);

struct board_info {
	char model[64]; /* root "model" (else first compatible),
			   truncated, NUL-terminated */
	struct mem_bank ram[MEM_MAX_BANKS];
	unsigned nram;
	struct uart_desc console; /* driver NULL if none drivable */
	/* Which rule chose the console (below): "stdout-path",
	 * "bootargs console=ttyS2", "semihosting console=ttyAMA0",
	 * "semihosting earlycon=pl011", "alias serial1", "first driven node";
	 * "" when there is none. */
	char console_rule[BOARD_RULE_MAX];
	/* /chosen stdout-path (or linux,stdout-path) when it names no node and
	 * no alias: the path (up to its options' ':'), in the blob, and its
	 * length, for the report; the rules after it then chose the console,
	 * as in Linux, whose of_alias_scan() (drivers/of/base.c) leaves
	 * of_stdout NULL for such a path. NULL when it resolves or is absent. */
	const char *stdout_nonode;
	unsigned stdout_nonode_len;
	/* The earlycon= word rule 3 read (the first line that has one: the
	 * run's command line, else bootargs), state NONE if there is none. */
	struct board_earlycon_word earlycon;
	uint32_t timer_hz;      /* arch timer clock-frequency, 0 if absent */
	enum psci_conduit psci; /* /psci "method", PSCI_NONE if absent */
	/* A PSCI 0.1 node ("arm,psci" alone): no standard function IDs, only
	 * the firmware's own from the node (Linux Documentation/devicetree/
	 * bindings/arm/psci.yaml); psci_cpu_on 0: the node names none. */
	bool psci_v01;
	uint32_t psci_cpu_on;
	uint64_t outer_cache_base; /* first "arm,pl310-cache" reg, 0 if none */
	uint64_t a9_periphbase;    /* Cortex-A9/A5 private region, from its global
				      or private timer node; 0 if none */
	const char *bootargs;      /* /chosen "bootargs", in the blob; NULL if
				      absent or not NUL-terminated */
	/* The outer_cache_base node has "arm,shared-override" (Linux's
	 * Documentation/devicetree/bindings/arm/l2c2x0.yaml); false if none. */
	bool outer_shared_override;
	/* Its "arm,tag-latency" ([0]) and "arm,data-latency" ([1]): cycles
	 * {read, write, setup}, each cell clamped to 255; all 0 when absent
	 * or not three cells. */
	uint8_t outer_latency[2][3];
	/* What the tree reserves (fdt_reserved(): /memreserve/, then the
	 * /reserved-memory children, no-map flagged): the first
	 * BOARD_MAX_RESERVED; nreserved counts them all. */
	struct fdt_region reserved[BOARD_MAX_RESERVED];
	unsigned nreserved;
	/* Where the tree's devices are: every translated "reg" entry of every
	 * enabled node but memory and /reserved-memory (untranslatable ones and
	 * size 0 skipped), rounded out to MMU_BLOCK and merged
	 * (memmap_add_coalesced): sorted, disjoint, covering them all.
	 * fdt_read_board() always fills it; fdt_open_board() (the boot's pass,
	 * MMU off, counted by the boot benchmark) only if
	 * BOARD_DEVICES_AT_BOOT. */
	struct mem_bank dev[BOARD_MAX_DEVICES];
	unsigned ndev;
};

/*
 * Fill *out (always zeroed first) from `f`, which fdt_open() accepted.
 *
 * Memory: every enabled node with device_type "memory", and any child of the
 * root named "memory" or "memory@..." that has no device_type; each (base,
 * size) pair of its "reg" in the parent's cells; size-0 pairs skipped; at
 * most MEM_MAX_BANKS kept (the rest ignored).  Many boards ship no usable
 * memory node because the bootloader fills it in: nram is then 0.
 *
 * Console, the first of these rules that gives one:
 *  1. /chosen "stdout-path" (or "linux,stdout-path"), ":options" stripped,
 *     an alias resolved through /aliases.  If that names a node, the
 *     console is that node if bringup drives it, else only what the
 *     command line names (rules 2 and 3; 4 and 5 are not tried): a tree
 *     that names its console does not let bringup pick another UART.
 *  2. "console=NAME" on the command line: the words given with
 *     fdt_open_board_cmdline() (semihosting's), then /chosen "bootargs"
 *     (words split at ASCII white space, up to a "--" word; no quoting),
 *     each line in its turn, its console= (rule 2) before its earlycon=
 *     (rule 3); NAME being a family name and
 *     a decimal index N, then optionally ",options": ttyAMA (PL011), ttyS
 *     (8250/16550), ttymxc (i.MX), ttyPS (Cadence), ttySAC (Samsung),
 *     ttyAML (Meson), ttyMSM (MSM UARTDM, GENI), ttySTM (STM32F4/F7),
 *     ttyLP (LPUART), ttySC (SCIF), ttyMV (Armada 3700).  Port N is the
 *     node alias serialN names (Linux numbers ports by alias), if that node
 *     is usable and driven by a driver of the family.  Several such words:
 *     the last usable one (Linux's preferred console is the last).
 *  3. "earlycon=NAME,[IOTYPE,]ADDR[,OPTIONS]" on the command line (of
 *     the first line that has one: the given words, else bootargs), in
 *     Linux's spelling (drivers/tty/serial/earlycon.c; the names of
 *     board/fdt_earlycon.c): that driver at ADDR, IOTYPE mmio, mmio16,
 *     mmio32 giving the access width and register spacing (else the
 *     driver's own), if ADDR is inside a reg of a node the tree names
 *     (not memory, not /reserved-memory; enabled or not) and not in the
 *     tree's RAM. The first usable word; earlycon records what became of
 *     it.
 *  4. Aliases serial0 .. serial15, the first usable.
 *  5. The first usable node in blob order.
 * Usable: enabled (status absent, "okay" or "ok"), its compatible list
 * holds a string one of lib/console's drivers (UART_DRIVER) handles --
 * the list's first such string picks the driver -- and its reg translates
 * to a CPU address (an ancestor below the root without "ranges" does not).
 * reg-shift / reg-io-width default to what the matched compatible implies
 * (struct uart_compat); the clock is "clock-frequency", else the
 * "clock-frequency" of a "fixed-clock" the first "clocks" phandle names.
 * A malformed value on a node a rule reaches is an error (below).
 *
 * Reserved: as fdt_reserved() (lib/fdt/fdt.h), into reserved[].
 *
 * Returns FDT_OK, or FDT_ERR_BADVALUE when a property it needs is malformed
 * (e.g. a reg whose length is not a multiple of the entry size, a cell
 * count property that is not one cell).  Absent optional items are zero.
 */
int fdt_read_board(const struct fdt *f, struct board_info *out);

/* The malformed property the last fdt_read_board() / fdt_open_board() met,
 * if it returned FDT_ERR_BADVALUE (else node "", prop NULL). */
const struct fdt_bad *fdt_board_bad(void);

/* fdt_open() and fdt_read_board() in one pass over the blob (what the boot
 * uses: the validation walk also does the scan). Same results and errors as
 * the two calls; on any error *out is left zero except as the error says.
 * Not reentrant (the scan state is static). */
int fdt_open_board(struct fdt *f, const void *blob, size_t avail, struct board_info *out);
/* The same with the run's command line given besides the tree's bootargs:
 * line (NUL-terminated, it must outlive *out) and its name for the report,
 * label ("semihosting"); its console= and earlycon= words come before
 * bootargs' (console rules 2 and 3). line NULL: fdt_open_board(). */
int fdt_open_board_cmdline(struct fdt *f, const void *blob, size_t avail, const char *line,
			   const char *label, struct board_info *out);
/* fdt_read_board() with a command line, as fdt_open_board_cmdline(). */
int fdt_read_board_cmdline(const struct fdt *f, const char *line, const char *label,
			   struct board_info *out);
/* The same pass for the device ranges alone, whatever BOARD_DEVICES_AT_BOOT
 * says: out's dev/ndev (the rest of out is not to be used); FDT_OK, or
 * fdt_open()'s error, or BADVALUE (what discover_devices() reads after the
 * boot). */
int fdt_open_board_devices(struct fdt *f, const void *blob, size_t avail, struct board_info *out);

#endif /* BOARD_BOARD_H */
