/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host tests of the device map and the window for temporary mappings
 * (mmu/layout.c, lib/memmap.c), part of tests/host/mmu/test_mmu.c's run (both
 * of its builds): device ranges coalesced at block size, a full list
 * widening its nearest range; the window clear of RAM and of every device
 * (Calxeda's top MiB), or MMU_ERR_WINDOW where none is free.
 */
#include <stdio.h>
#include <string.h>

#include "lib/memmap.h"
#include "mmu/mmu.h"
#include "tests/host/common/check.h"

#define BOARD_DEV_MAX 8 /* as board.h BOARD_MAX_DEVICES (mmu tests stay below board/) */

void test_coalesce(void);
void test_window(void);

/* A device map coalesced at block granularity (memmap_add_coalesced). */
void test_coalesce(void)
{
	struct mem_bank d[4];
	unsigned n = 0;
	const uint64_t g = 1u << 20;

	memmap_add_coalesced(d, &n, 4, 0xfff36000, 0x1000, g);
	memmap_add_coalesced(d, &n, 4, 0xfff11000, 0x1000, g);
	CHECK(n == 1 && d[0].base == 0xfff00000 && d[0].size == g, "one MiB: n=%u", n);
	memmap_add_coalesced(d, &n, 4, 0xffe08000, 0x10000, g);
	CHECK(n == 1 && d[0].base == 0xffe00000 && d[0].size == 2 * g, "touching MiBs merge");
	memmap_add_coalesced(d, &n, 4, 0x10000000, 0x1000, g);
	memmap_add_coalesced(d, &n, 4, 0x20000000, 0x1000, g);
	memmap_add_coalesced(d, &n, 4, 0x30000000, 0x1000, g);
	CHECK(n == 4 && d[0].base == 0x10000000 && d[3].base == 0xffe00000, "sorted: n=%u", n);
	memmap_add_coalesced(d, &n, 4, 0x21000000, 0x1000, g); /* full: its neighbour widens */
	CHECK(n == 4 && d[1].base == 0x20000000 && d[1].size == 0x1100000,
	      "full list: 0x21000000 not covered by the nearest range (0x%llx + 0x%llx)",
	      (unsigned long long)d[1].base, (unsigned long long)d[1].size);
	memmap_add_coalesced(d, &n, 4, 0x0, 0x40000000, g); /* swallows three */
	CHECK(n == 2 && d[0].base == 0 && d[0].size == 0x40000000, "absorb: n=%u", n);
	memmap_add_coalesced(d, &n, 4, 0x50000000, 0, g);
	CHECK(n == 2, "size 0 added a range");
}

static bool window_clear(uint64_t w, const struct mem_bank *b, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (b[i].base < w + MMU_WINDOW_SIZE && w < b[i].base + b[i].size)
			return false;
	return true;
}

/* The window for temporary mappings: where neither RAM nor a device is, and
 * a clear error when there is no such place. */
void test_window(void)
{
	struct map_region l[MMU_MAX_REGIONS];
	struct mem_bank dev[BOARD_DEV_MAX];
	unsigned ndev = 0;
	/* Calxeda ECX-1000 (Linux arch/arm/boot/dts/calxeda/highbank.dts): RAM up
	 * to 0xff900000, SATA/SDHCI at 0xffe0xxxx, GIC, PL310, UART in the top MiB. */
	static const struct mem_bank hb_ram[] = { { 0, 0xff900000 } }, hb_regs[] = {
		{ 0xffe08000, 0x10000 }, { 0xffe0e000, 0x1000 }, { 0xfff11000, 0x1000 },
		{ 0xfff12000, 0x1000 },  { 0xfff36000, 0x1000 }, { 0xfff5d000, 0x1000 }
	};
	/* An AArch64 SoC with devices right above 4 GiB and at the end of RAM. */
	static const struct mem_bank hi_ram[] = { { 0x80000000, 0x80000000 },
						  { 0x880000000ull, 0x80000000 } },
				     hi_regs[] = { { 0x100000000ull, 0x1000 },
						   { 0x100200000ull, 0x40000 },
						   { 0x900000000ull, 0x1000 } };
	const struct mem_bank *ram = sizeof(uintptr_t) == 4 ? hb_ram : hi_ram;
	unsigned nram = sizeof(uintptr_t) == 4 ? 1 : 2;
	const struct mem_bank *regs = sizeof(uintptr_t) == 4 ? hb_regs : hi_regs;
	unsigned nregs = sizeof(uintptr_t) == 4 ? 6 : 3;

	for (unsigned i = 0; i < nregs; i++)
		memmap_add_coalesced(dev, &ndev, BOARD_DEV_MAX, regs[i].base, regs[i].size,
				     MMU_BLOCK);
	int n = mmu_layout(ram, nram, NULL, 0, dev, ndev, l, MMU_MAX_REGIONS);
	uint64_t w = mmu_alias_window();
	CHECK(n > 0 && w, "layout failed: %d (%s)", n, mmu_strerror(n));
	printf("  window at 0x%llx\n", (unsigned long long)w);
	for (unsigned i = 0; i < nregs; i++)
		CHECK(window_clear(w, &regs[i], 1), "window 0x%llx covers the device at 0x%llx",
		      (unsigned long long)w, (unsigned long long)regs[i].base);
	CHECK(window_clear(w, ram, nram), "window 0x%llx in RAM", (unsigned long long)w);
	CHECK(!(w & (MMU_BLOCK - 1)), "window 0x%llx not block aligned", (unsigned long long)w);
	for (int i = 0; n > 0 && i < n; i++)
		for (unsigned k = 0; k < nregs; k++)
			if (l[i].base <= regs[k].base && regs[k].base - l[i].base < l[i].size)
				CHECK(l[i].type == MT_DEVICE,
				      "device at 0x%llx not mapped Device (%s)",
				      (unsigned long long)regs[k].base, l[i].name);
#ifdef __arm__
	CHECK(w == 0xffd00000, "window 0x%llx, want the highest free MiB 0xffd00000",
	      (unsigned long long)w);
#else
	/* Above all RAM (0x900000000), past the device that starts there
	 * (coalesced to its 1 GiB block). */
	CHECK(w == 0x940000000ull, "window 0x%llx, want 0x940000000 (after the device)",
	      (unsigned long long)w);
#endif
	/* No free MiB: RAM and devices cover every candidate. */
	ndev = 0;
#ifdef __arm__
	static const struct mem_bank full_ram[] = { { 0, 0xc0000000 } };
	memmap_add_coalesced(dev, &ndev, BOARD_DEV_MAX, 0xc0000000, 0x40000000, MMU_BLOCK);
#else
	static const struct mem_bank full_ram[] = { { 0x40000000, 0x40000000 } };
	memmap_add_coalesced(dev, &ndev, BOARD_DEV_MAX, 0x100000000ull, (1ull << 48) - (1ull << 32),
			     MMU_BLOCK);
#endif
	n = mmu_layout(full_ram, 1, NULL, 0, dev, ndev, l, MMU_MAX_REGIONS);
	CHECK(n == MMU_ERR_WINDOW, "no free range: layout returned %d, want MMU_ERR_WINDOW", n);
	CHECK(mmu_alias_window() == 0, "a window after the refusal");
	CHECK(strstr(mmu_strerror(n), "no 1 MiB of address space is free") != NULL,
	      "error words: %s", mmu_strerror(n));
}
