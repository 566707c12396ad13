/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * mmu: the alias window exists wherever the memory map leaves room for it.
 * Six tests (cache: alias_wb_and_nc, icache_sync; smp: tlb_shootdown,
 * icache_coherency; lazy: code_loader; mmu's alias test) SKIP without it,
 * and a row of SKIPs passes: this test fails instead where the window must
 * be there, by a rule of its own (mmu/mmu.h's contract), not mmu/layout.c's
 * code: on AArch64 the VA space above 4 GiB always has 1 MiB free; on
 * ARMv7 (32-bit VA) the top 1 MiB is the window unless RAM reaches it.
 * Where it exists it is 1 MiB of VA nothing is mapped at, outside RAM.
 */
#include <inttypes.h>

#include "boot/boot.h"
#include "lib/selftest/selftest.h"
#include "mmu/mmu.h"

#define WINDOW_BYTES (1u << 20)

/* Where the window must be; why not, in *why. */
static bool window_required(const char **why)
{
	if (sizeof(uintptr_t) == 8)
		return true;
	for (unsigned i = 0; i < boot.hw.board.nram; i++) {
		const struct mem_bank *b = &boot.hw.board.ram[i];
		if (b->base + b->size > 0x100000000ull - WINDOW_BYTES) {
			*why = "RAM reaches the top 1 MiB of the 32-bit address space";
			return false;
		}
	}
	return true;
}

SELFTEST(mmu, alias_window)
{
	const char *why = "";
	uintptr_t w = mmu_alias_window();
	struct mmu_attrs at;
	unsigned mapped = 0;

	if (!w) {
		if (window_required(&why))
			expect(false, "no alias window, but this memory map has room for one: "
				      "the tests that need it would all SKIP");
		else
			skip("no alias window: %s", why);
		return;
	}
	for (unsigned i = 0; i < boot.hw.board.nram; i++) {
		const struct mem_bank *b = &boot.hw.board.ram[i];
		expect(w + (uint64_t)WINDOW_BYTES <= b->base || w >= b->base + b->size,
		       "the window 0x%" PRIxPTR " overlaps RAM bank %u", w, i);
	}
	for (uintptr_t p = 0; p < WINDOW_BYTES; p += PAGE_SIZE)
		mapped += mmu_lookup(w + p, &at);
	expect(mapped == 0, "%u pages of the window at 0x%" PRIxPTR " are mapped", mapped, w);
	diag("alias window: 1 MiB at 0x%" PRIxPTR ", unmapped", w);
}
