/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The heap behind malloc (newlib's _sbrk): one contiguous RAM region chosen
 * by boot/ from the memory map. _sbrk fails with ENOMEM past its end.
 */
#ifndef LIB_HEAP_H
#define LIB_HEAP_H
#include <stdint.h>

void heap_init(uintptr_t base, uintptr_t end);
void heap_bounds(uintptr_t *base, uintptr_t *end);
/* The current break: [base, break) is in use. */
uintptr_t heap_break(void);
/* Moves the end (never below the break), so that memory above it can be lent
 * out (the DRAM test) and given back; returns the old end. */
uintptr_t heap_set_end(uintptr_t end);

#endif
