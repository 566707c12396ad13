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

#endif

#endif
