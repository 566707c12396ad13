/*
 * The heap behind malloc (newlib's _sbrk): one contiguous RAM region chosen
 * by boot/ from the memory map. _sbrk fails with ENOMEM past its end.
 */
#ifndef LIB_HEAP_H
#define LIB_HEAP_H
#include <stdint.h>

void heap_init(uintptr_t base, uintptr_t end);
void heap_bounds(uintptr_t *base, uintptr_t *end);

#endif
