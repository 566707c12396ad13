/* SPDX-License-Identifier: BSD-2-Clause */
/* The identity map's region list: see mmu.h. Architecture independent. */
#include <stdbool.h>
#include <string.h>

#include "arch/arch.h"
#include "mmu/mmu.h"

#define DEVICE_SPACE_END MMU_DEVICE_SPACE_END
#define VA_END           MMU_VA_END

static uintptr_t alias_window;

uintptr_t mmu_alias_window(void)
{
	return alias_window;
}

void mmu_set_window(uintptr_t w)
{
	alias_window = w;
}

const char *mmu_strerror(int err)
{
	switch (err) {
	case MMU_ERR_NOMEM: return "the table pool is exhausted";
	case MMU_ERR_ALIGN: return "a region or table is not aligned as the tables need";
	case MMU_ERR_OVERLAP: return "a region overlaps an existing block";
	case MMU_ERR_REGIONS: return "too many regions";
	case MMU_ERR_VALID: return "a valid entry is in the way (break-before-make)";
	case MMU_ERR_WINDOW:
		return "no 1 MiB of address space is free for the window for temporary "
		       "mappings: RAM and the devices cover every candidate";
	default: return "unknown MMU error";
	}
}

static bool overlaps(const struct mem_bank *b, unsigned n, uint64_t lo, uint64_t hi)
{
	for (unsigned i = 0; i < n; i++)
		if (b[i].base < hi && lo < b[i].base + b[i].size)
			return true;
	return false;
}

/*
 * The window: MMU_WINDOW_SIZE of virtual addresses that no RAM bank and no
 * device range covers, so that nothing of the identity map is lost to it
 * (Calxeda's ECX-1000/2000 put their UART, GIC and PL310 in the top MiB of
 * the 32-bit space: Linux arch/arm/boot/dts/calxeda/highbank.dts). On ARMv7,
 * whose 4 GiB are all mapped, the highest such MiB below 4 GiB; on AArch64
 * the lowest MMU_BLOCK-aligned one at or above 4 GiB and every RAM bank
 * (nothing but named devices is mapped there), below the 48-bit VA limit.
 * 0 if there is none.
 */
uint64_t mmu_choose_window(const struct mem_bank *ram, unsigned nram, const struct mem_bank *dev,
			   unsigned ndev)
{
	if (sizeof(uintptr_t) == 4) {
		for (uint64_t w = DEVICE_SPACE_END - MMU_WINDOW_SIZE; w; w -= MMU_WINDOW_SIZE)
			if (!overlaps(ram, nram, w, w + MMU_WINDOW_SIZE) &&
			    !overlaps(dev, ndev, w, w + MMU_WINDOW_SIZE))
				return w;
		return 0;
	}
	uint64_t w = DEVICE_SPACE_END;
	for (unsigned i = 0; i < nram; i++)
		if (ram[i].base + ram[i].size > w)
			w = ram[i].base + ram[i].size;
	w = (w + MMU_BLOCK - 1) & ~(uint64_t)(MMU_BLOCK - 1);
	/* Each device range passed moves w past it: at most ndev + 1 rounds. */
	for (unsigned round = 0; round <= ndev && w + MMU_WINDOW_SIZE <= VA_END; round++) {
		bool moved = false;
		for (unsigned i = 0; i < ndev; i++)
			if (overlaps(&dev[i], 1, w, w + MMU_WINDOW_SIZE)) {
				w = (dev[i].base + dev[i].size + MMU_BLOCK - 1) &
				    ~(uint64_t)(MMU_BLOCK - 1);
				moved = true;
			}
		if (!moved)
			return w;
	}
	return 0;
}

int region_overlay(struct map_region *list, unsigned *n, unsigned max, struct map_region r)
{
	struct map_region out[MMU_MAX_REGIONS];
	unsigned k = 0;
	uint64_t r_end = r.base + r.size;
	bool placed = false;

	for (unsigned i = 0; i < *n; i++) {
		struct map_region a = list[i];
		uint64_t a_end = a.base + a.size;

		if (a_end <= r.base || a.base >= r_end) { /* disjoint */
			if (!placed && a.base >= r_end) {
				if (k == max)
					return MMU_ERR_REGIONS;
				out[k++] = r, placed = true;
			}
			if (k == max)
				return MMU_ERR_REGIONS;
			out[k++] = a;
			continue;
		}
		if (a.base < r.base) { /* the part of a before r */
			if (k == max)
				return MMU_ERR_REGIONS;
			out[k] = a, out[k++].size = r.base - a.base;
		}
		if (!placed) {
			if (k == max)
				return MMU_ERR_REGIONS;
			out[k++] = r, placed = true;
		}
		if (a_end > r_end) { /* the part of a after r */
			if (k == max)
				return MMU_ERR_REGIONS;
			out[k] = a, out[k].base = r_end, out[k++].size = a_end - r_end;
		}
	}
	if (!placed) {
		if (k == max)
			return MMU_ERR_REGIONS;
		out[k++] = r;
	}
	memcpy(list, out, k * sizeof(out[0]));
	*n = k;
	return 0;
}

int mmu_layout(const struct mem_bank *ram, unsigned nram, const struct mem_bank *nomap,
	       unsigned nnomap, const struct mem_bank *dev, unsigned ndev, struct map_region *out,
	       unsigned max)
{
	const struct map_region image[] = {
		{ (uintptr_t)__image_start, __text_end - __image_start, MT_NORMAL, MAP_RO | MAP_X,
		  "text" },
		{ (uintptr_t)__text_end, __rodata_end - __text_end, MT_NORMAL, MAP_RO, "rodata" },
		{ (uintptr_t)__rodata_end, __guard0 - __rodata_end, MT_NORMAL, 0, "data+bss" },
		{ (uintptr_t)__guard0, __stack_bottom - __guard0, MT_NONE, 0, "stack guard" },
		{ (uintptr_t)__stack_bottom, __stack_top - __stack_bottom, MT_NORMAL, 0, "stack" },
		{ (uintptr_t)__guard1, __exc_stack_bottom - __guard1, MT_NONE, 0,
		  "exception stack guard" },
		{ (uintptr_t)__exc_stack_bottom, __exc_stack_top - __exc_stack_bottom, MT_NORMAL, 0,
		  "exception stack" },
	};
	unsigned n = 0;
	int err;

	if (max > MMU_MAX_REGIONS)
		max = MMU_MAX_REGIONS;
	alias_window = 0;
	uint64_t w = mmu_choose_window(ram, nram, dev, ndev);
	if (!w)
		return MMU_ERR_WINDOW;
	/* Below 4 GiB all of it Device (SoCs and platforms put devices there
	 * that a tree may not name: Device memory is never accessed
	 * speculatively, ARM ARM DDI 0487 B2.7.2); above, the ranges the tree
	 * names (AArch64 only: ARMv7 without LPAE reaches 4 GiB). */
	err = region_overlay(out, &n, max,
			     (struct map_region){ 0, DEVICE_SPACE_END, MT_DEVICE, 0, "device" });
	for (unsigned i = 0; !err && i < ndev; i++) {
		uint64_t lo = dev[i].base, hi = dev[i].base + dev[i].size;
		if (lo < DEVICE_SPACE_END)
			lo = DEVICE_SPACE_END;
		if (hi > VA_END)
			hi = VA_END;
		if (sizeof(uintptr_t) > 4 && lo < hi)
			err = region_overlay(
				out, &n, max,
				(struct map_region){ lo, hi - lo, MT_DEVICE, 0, "device" });
	}
	for (unsigned i = 0; !err && i < nram; i++)
		err = region_overlay(
			out, &n, max,
			(struct map_region){ ram[i].base, ram[i].size, MT_NORMAL, 0, "ram" });
	/* Reserved no-map memory: never mapped, so never touched, not even by a
	 * speculative access (it may be firewalled: devicetree reserved-memory
	 * binding). Whole pages, rounded outward. */
	for (unsigned i = 0; !err && i < nnomap; i++) {
		uint64_t lo = nomap[i].base & ~(uint64_t)(PAGE_SIZE - 1),
			 hi = (nomap[i].base + nomap[i].size + PAGE_SIZE - 1) &
			      ~(uint64_t)(PAGE_SIZE - 1);
		err = region_overlay(
			out, &n, max,
			(struct map_region){ lo, hi - lo, MT_NONE, 0, "reserved no-map" });
	}
	for (unsigned i = 0; !err && i < sizeof(image) / sizeof(image[0]); i++)
		err = region_overlay(out, &n, max, image[i]);
	if (!err && w + MMU_WINDOW_SIZE <= DEVICE_SPACE_END) /* carved out of the device space */
		err = region_overlay(out, &n, max,
				     (struct map_region){ w, MMU_WINDOW_SIZE, MT_NONE, 0,
							  "window for temporary mappings" });
	if (!err)
		alias_window = (uintptr_t)w;
	return err ? err : (int)n;
}
