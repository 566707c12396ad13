/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What boot/ learned while bringing the image up, for the report and tests.
 * Filled by boot_main() (boot.hw by discover()); read-only once the
 * self-tests start.
 */
#ifndef BOOT_BOOT_H
#define BOOT_BOOT_H

#include <stdbool.h>
#include <stdint.h>

#include "board/discover.h"

struct boot_state {
	unsigned entry_level; /* AArch64: EL at entry; ARMv7: CPSR mode at entry */
	uint64_t mpidr;       /* MPIDR(_EL1) of the CPU running bringup (entry.S chose it) */
	intptr_t load_delta;  /* runtime address - link address */
	bool fw_cache_on;     /* the firmware left the D-cache enabled */
	bool align_checked;   /* SCTLR.A was set when boot_main started (MMU off) */
	struct discovery hw;  /* the board, as discover() found it */
	uintptr_t heap_base, heap_end;
	bool has_counter; /* arch_counter() advances (arch/counter.h counter_start) */
	bool boot_insns_valid;
	uint64_t boot_insns; /* retired instructions from entry to the first TAP line */
};

extern struct boot_state boot;

void boot_main(uintptr_t dtb, unsigned entry_level, intptr_t load_delta, unsigned fw_cache_on);

#endif
