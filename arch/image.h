/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The image as the linker script (linker/<arch>.ld) lays it out: runtime
 * addresses of its parts, and the one page size every layer uses (the 4 KiB
 * granule of both translation regimes bringup builds: ARM ARM D8.2 for
 * AArch64, B3.5 short descriptors for ARMv7).
 */
#ifndef ARCH_IMAGE_H
#define ARCH_IMAGE_H

#define PAGE_SHIFT 12
#ifdef __ASSEMBLER__
#define PAGE_SIZE (1 << PAGE_SHIFT)
#else
#include <stdint.h>
/* Pointer-sized, so that -PAGE_SIZE and ~(PAGE_SIZE - 1) are address masks. */
#define PAGE_SIZE ((uintptr_t)1 << PAGE_SHIFT)
#endif

#ifndef __ASSEMBLER__
/* Where the image runs, as the linker script lays it out (runtime addresses).
 * The page-aligned ones say so, or GCC (-mstrict-align) would split a word
 * access to them into bytes. */
#define PAGE_ALIGNED __attribute__((aligned(PAGE_SIZE)))
extern char __image_start[] PAGE_ALIGNED, __text_end[] PAGE_ALIGNED, __rodata_end[] PAGE_ALIGNED,
	__image_end[] PAGE_ALIGNED;
extern char __data_end[], __bss_start[], __bss_end[];
extern char __guard0[] PAGE_ALIGNED, __stack_bottom[] PAGE_ALIGNED, __stack_top[] PAGE_ALIGNED,
	__guard1[] PAGE_ALIGNED, __exc_stack_bottom[] PAGE_ALIGNED, __exc_stack_top[] PAGE_ALIGNED;

/* The build's version (git describe, from the Makefile's VERSION; "unknown"
 * outside a git tree), printed in the report's first line and in a crash
 * report: scripts/report matches a log to its ELF by it. */
extern const char bringup_version[];
/* Where the image runs minus where it was linked (LINK_BASE_VALUE): the
 * amount to subtract from a runtime address to find it in the ELF. */
intptr_t image_load_delta(void);
/* The "!! image: bringup VERSION, linked at 0x.., running at 0x..: load
 * delta +N bytes" line of a crash report (arch/trap.c), so that every crash
 * address can be found in the ELF (scripts/report symbolizes them with
 * addr2line) even when the crash comes before the TAP report's first line. */
void image_report_where(void);
#endif

#endif
