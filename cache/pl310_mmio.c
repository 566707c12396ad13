/* SPDX-License-Identifier: BSD-2-Clause */
/* PL310 register access in the image: plain MMIO (the region is Device). */
#include "cache/pl310.h"

uint32_t pl310_read(uintptr_t addr)
{
	return *(volatile uint32_t *)addr;
}

void pl310_write(uintptr_t addr, uint32_t v)
{
	*(volatile uint32_t *)addr = v;
}
