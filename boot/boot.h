/*
 * What boot/ learned while bringing the image up, for the report and tests.
 * Filled by boot_main() and discover(); read-only once the self-tests start.
 */
#ifndef BOOT_BOOT_H
#define BOOT_BOOT_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/board.h"
#include "platforms/platform.h"

enum dtb_source { DTB_NONE, DTB_FROM_REGISTER, DTB_FROM_PLATFORM };

struct boot_state {
	unsigned entry_level; /* AArch64: EL at entry; ARMv7: CPSR mode at entry */
	intptr_t load_delta;  /* runtime address - link address */
	bool fw_cache_on;     /* the firmware left the D-cache enabled */
	bool align_checked;   /* SCTLR.A was set when boot_main started (MMU off) */
	const struct platform *platform;
	uintptr_t dtb_arg; /* the DTB pointer the loader passed (0 if none) */
	uintptr_t dtb;     /* the blob used, 0 if none */
	uint32_t dtb_size;
	uintptr_t atags; /* an ATAGS list was passed instead (not parsed) */
	enum dtb_source dtb_source;
	int dtb_error; /* fdt_error, FDT_OK if no DTB at all */
	bool ram_from_platform, console_from_platform;
	struct board_info board;
	uintptr_t heap_base, heap_end;
	bool has_counter; /* arch_counter() runs */
	bool boot_insns_valid;
	uint64_t boot_insns; /* retired instructions from entry to the first TAP line */
};

extern struct boot_state boot;

/* Fills boot.platform, boot.dtb*, boot.board. Never fails: falls back to the
 * platform defaults and records why in boot.dtb_error / *_from_platform. */
void discover(uintptr_t dtb_arg, uintptr_t running_at);
/* The built-in platform for an image running at that address (see
 * platforms/platform.h); the first one if none matches. */
const struct platform *choose_platform(uintptr_t running_at);

void boot_main(uintptr_t dtb, unsigned entry_level, intptr_t load_delta, unsigned fw_cache_on);

#endif
