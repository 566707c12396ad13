/*
 * Per-architecture services (boot/<arch>/arch.c), for boot/, mmu/, tests.
 * All may be called with the MMU on or off, at the image's running level
 * (AArch64 EL1, ARMv7 SVC).
 */
#ifndef BOOT_ARCH_H
#define BOOT_ARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/board.h"

/* Where the image runs, as the linker script lays it out (runtime addresses).
 * The page-aligned ones say so, or GCC (-mstrict-align) would split a word
 * access to them into bytes. */
#define PAGE_ALIGNED __attribute__((aligned(4096)))
extern char __image_start[] PAGE_ALIGNED, __text_end[] PAGE_ALIGNED, __rodata_end[] PAGE_ALIGNED,
	__image_end[] PAGE_ALIGNED;
extern char __data_end[], __bss_start[], __bss_end[];
extern char __guard0[] PAGE_ALIGNED, __stack_bottom[] PAGE_ALIGNED, __stack_top[] PAGE_ALIGNED,
	__guard1[] PAGE_ALIGNED, __exc_stack_bottom[] PAGE_ALIGNED, __exc_stack_top[] PAGE_ALIGNED;

const char *arch_name(void);
/* "EL1" / "SVC" ...: the level or mode the image runs at now. */
const char *arch_level_name(void);
unsigned arch_cpu_id(void); /* MIDR */

/* Timer: a free-running counter and its frequency (0 if none is found). */
bool arch_counter_init(const struct board_info *b);
uint64_t arch_counter(void);
uint32_t arch_counter_hz(void);

/* PMU: INST_RETIRED count since pmu_start() at boot; false if the CPU has none. */
bool arch_inst_retired(uint64_t *count);

/* Semihosting call (may fault where semihosting is absent: wrap in fault_probe). */
uintptr_t arch_semihost(uintptr_t op, uintptr_t arg);
/* PSCI SYSTEM_OFF through the given conduit (returns if it fails). */
void arch_psci_system_off(enum psci_conduit conduit);
__attribute__((noreturn)) void arch_halt(void);

#define SEMIHOST_SYS_EXIT          0x18
#define SEMIHOST_SYS_EXIT_EXTENDED 0x20
#define SEMIHOST_SYS_GET_CMDLINE   0x15

#endif
