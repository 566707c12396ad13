/* The identity map's region list: see mmu.h. Architecture independent. */
#include <string.h>

#include "arch/arch.h"
#include "mmu/mmu.h"

#define DEVICE_SPACE_END 0x100000000ull /* 4 GiB: where SoCs put their devices */
#define WINDOW_SIZE      (1u << 20)

static uintptr_t alias_window;

uintptr_t mmu_alias_window(void)
{
	return alias_window;
}

/*
 * The alias window: on AArch64 the first 2 MiB-aligned VA above 4 GiB and
 * every RAM bank (nothing is mapped there); on ARMv7, whose 4 GiB are all
 * mapped, the top 1 MiB (high vectors, unused by bringup) is carved out,
 * unless RAM is there.
 */
static uint64_t choose_window(const struct mem_bank *ram, unsigned nram)
{
	uint64_t top = DEVICE_SPACE_END;

	for (unsigned i = 0; i < nram; i++) {
		uint64_t end = ram[i].base + ram[i].size;
		if (sizeof(uintptr_t) == 4 && end > DEVICE_SPACE_END - WINDOW_SIZE)
			return 0;
		if (end > top)
			top = end;
	}
	if (sizeof(uintptr_t) == 4)
		return DEVICE_SPACE_END - WINDOW_SIZE;
	return (top + (2u << 20) - 1) & ~(uint64_t)((2u << 20) - 1);
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
	       unsigned nnomap, struct map_region *out, unsigned max)
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
	err = region_overlay(out, &n, max,
			     (struct map_region){ 0, DEVICE_SPACE_END, MT_DEVICE, 0, "device" });
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
	alias_window = (uintptr_t)choose_window(ram, nram);
	if (!err && alias_window && (uint64_t)alias_window + WINDOW_SIZE <= DEVICE_SPACE_END)
		err = region_overlay(out, &n, max,
				     (struct map_region){ alias_window, WINDOW_SIZE, MT_NONE, 0,
							  "alias window" });
	return err ? err : (int)n;
}
