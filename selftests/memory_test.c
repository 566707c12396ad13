/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * memory: the RAM the DTB describes is the RAM QEMU was given. The expected
 * size comes from outside the image: qemu-tests/boot.sh passes "mem=<-m>" on
 * the semihosting command line (front/options.h: a size in -m syntax).
 */
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "arch/image.h"
#include "boot/boot.h"
#include "boot/cmdline.h"
#include "front/options.h"
#include "lib/selftest/selftest.h"
#include "mmu/mmu.h"

SELFTEST(memory, ram_size_matches)
{
	uint64_t want, have = 0;

	if (boot.hw.ram_from_platform) {
		skip("no DTB memory node: RAM is the platform default");
		return;
	}
	enum opt_state st = option_number("mem", 0, &want);
	if (st == OPT_REFUSED) {
		skip("mem= refused (boot: cmdline says why)");
		return;
	}
	if (st != OPT_GIVEN) {
		skip("no mem= on the command line \"%s\" to compare with", cmdline());
		return;
	}
	for (unsigned i = 0; i < boot.hw.board.nram; i++)
		have += boot.hw.board.ram[i].size;
	diag("DTB RAM %llu MiB, QEMU -m %llu MiB", (unsigned long long)(have >> 20),
	     (unsigned long long)(want >> 20));
	expect(have == want, "DTB says %llu bytes of RAM, QEMU was given %llu",
	       (unsigned long long)have, (unsigned long long)want);
}

/* The tree's reserved memory stays out of the heap, and no-map regions out
 * of the map (devicetree reserved-memory binding): a PSCI monitor, a spin
 * table or a firewalled region must not be touched, not even speculatively. */
SELFTEST(memory, reserved_kept_out)
{
	const struct board_info *b = &boot.hw.board;
	unsigned n = b->nreserved < BOARD_MAX_RESERVED ? b->nreserved : BOARD_MAX_RESERVED;
	struct mmu_attrs a;

	if (!b->nreserved) {
		skip("the tree reserves no memory");
		return;
	}
	if (b->nreserved > n)
		diag("%u reserved regions, the first %u kept", b->nreserved, n);
	for (unsigned i = 0; i < n; i++) {
		const struct fdt_region *r = &b->reserved[i];
		uint64_t end = r->base + r->size;

		diag("reserved: 0x%llx + 0x%llx%s", (unsigned long long)r->base,
		     (unsigned long long)r->size, r->no_map ? " no-map" : "");
		expect(end <= boot.heap_base || r->base >= boot.heap_end,
		       "heap 0x%lx..0x%lx overlaps reserved 0x%llx..0x%llx",
		       (unsigned long)boot.heap_base, (unsigned long)boot.heap_end,
		       (unsigned long long)r->base, (unsigned long long)end);
		if (!r->no_map || r->base >> 32 || end - 1 > UINTPTR_MAX)
			continue;
		for (uint64_t p = r->base & ~(uint64_t)(PAGE_SIZE - 1); p < end; p += PAGE_SIZE)
			if (!expect(!mmu_lookup((uintptr_t)p, &a) || !a.valid,
				    "no-map 0x%llx is mapped", (unsigned long long)p))
				break;
	}
}
