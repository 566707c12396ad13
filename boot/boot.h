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

/* Whether the run keeps its own time (docs/testing.md, "Timing"): the PMU
 * counted the boot's instructions, so the CPUs run in a time of their own:
 * a board, or QEMU under -icount, whose clock is the instruction count.
 * QEMU without -icount counts no instructions (its PMU event is modelled
 * only under -icount) and runs each vCPU as a host thread, which the host's
 * scheduler may leave unscheduled for a second when the host is busy: a
 * timing bound there measures the host. Timing bounds are asserted only
 * when this is true, and reported otherwise. */
bool boot_timing_exact(void);

/* How long to wait for an event that must come, given ms for a run that
 * keeps its own time: ms, or BOOT_WAIT_LOOSE times it otherwise, so that
 * a vCPU the host leaves unscheduled for seconds is not taken for lost. */
#define BOOT_WAIT_LOOSE 10u
unsigned boot_wait_ms(unsigned ms);

void boot_main(uintptr_t dtb, unsigned entry_level, intptr_t load_delta, unsigned fw_cache_on);

#endif
