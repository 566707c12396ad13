/* SPDX-License-Identifier: BSD-2-Clause */
/* mmu: the identity map's permissions hold, read back from tables and hardware. */
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "arch/exception.h"
#include "boot/boot.h"
#include "cache/cache.h"
#include "lib/selftest/selftest.h"
#include "mmu/mmu.h"

static void write_word(void *p)
{
	*(volatile uint32_t *)p = 0;
}

static void read_word(void *p)
{
	(void)*(volatile uint32_t *)p;
}

static void jump_to(void *p)
{
	((void (*)(void))p)();
}

/* A "function" in data: a return instruction, never executable. */
#ifdef __aarch64__
static uint32_t data_code[2] = { 0xd65f03c0, 0xd65f03c0 }; /* ret */
#else
static uint32_t data_code[2] = { 0xe12fff1e, 0xe12fff1e }; /* bx lr */
#endif

static void expect_fault(probe_fn fn, void *addr, enum fault_class cls, enum fault_status st,
			 const char *what)
{
	struct fault_info fi;

	if (!expect(fault_probe(fn, addr, &fi), "%s at %p did not fault", what, addr))
		return;
	diag("%s -> %s", what, fi.text);
	expect(fi.cls == cls, "%s: class %s, expected %s", what, fault_class_name(fi.cls),
	       fault_class_name(cls));
	expect(fi.status == st, "%s: status %s, expected %s", what, fault_status_name(fi.status),
	       fault_status_name(st));
	expect(fi.addr == (uintptr_t)addr, "%s: fault address 0x%lx", what, (unsigned long)fi.addr);
}

SELFTEST(mmu, enabled)
{
	unsigned n;
	const struct map_region *r = mmu_regions(&n);

	/* The addresses as wide as the highest listed byte needs, at least 8
	 * digits: 32-bit ones on ARMv7 (an end of 4 GiB, 0x100000000, is the
	 * one wider value), more only where a listed region lies above 4 GiB. */
	int width = 8;
	for (unsigned i = 0; i < n; i++)
		while (r[i].type != MT_DEVICE && width < 16 &&
		       (r[i].base + r[i].size - 1) >> (4 * width))
			width++;
	expect(mmu_enabled(), "MMU is off");
	diag("%u regions, %u table pages", n, pgt_pages_used());
	for (unsigned i = 0; i < n; i++)
		if (r[i].type != MT_DEVICE)
			diag("  0x%0*llx..0x%0*llx %-22s %s%s", width,
			     (unsigned long long)r[i].base, width,
			     (unsigned long long)(r[i].base + r[i].size), r[i].name,
			     r[i].type == MT_NONE ? "unmapped"
			     : r[i].perm & MAP_RO ? "RO"
						  : "RW",
			     r[i].perm & MAP_X ? "X" : "");
}

/* The walks must be inner cacheable in the TTBR layout this core reads: a
 * value made for the Multiprocessing Extensions' layout on a core without
 * them (Cortex-A8) makes them inner non-cacheable. */
SELFTEST(mmu, table_walks)
{
	char d[200];
	uint64_t reg;

	mmu_describe_walks(d, sizeof(d), &reg);
#ifdef __aarch64__
	diag("table walks: %s (TCR_EL1 0x%llx)", d, (unsigned long long)reg);
#else
	diag("table walks: %s (TTBR0 0x%08llx)", d, (unsigned long long)reg);
#endif
	expect(!strstr(d, "inner non-cacheable"), "table walks are inner non-cacheable");
}

SELFTEST(mmu, write_to_text_faults)
{
	expect_fault(write_word, (void *)__image_start + 64, FAULT_DATA_ABORT, FSTAT_PERMISSION,
		     "write to text");
	expect_fault(write_word, (void *)__text_end, FAULT_DATA_ABORT, FSTAT_PERMISSION,
		     "write to rodata");
}

SELFTEST(mmu, guard_pages_fault)
{
	expect_fault(read_word, (void *)__guard0, FAULT_DATA_ABORT, FSTAT_TRANSLATION,
		     "read of the stack guard page");
	expect_fault(read_word, (void *)__guard1 + 4092, FAULT_DATA_ABORT, FSTAT_TRANSLATION,
		     "read of the exception stack guard page");
}

SELFTEST(mmu, exec_from_data_faults)
{
	expect_fault(jump_to, data_code, FAULT_INSN_ABORT, FSTAT_PERMISSION, "execute from data");
	expect_fault(jump_to, (void *)(uintptr_t)boot.hw.board.console.base, FAULT_INSN_ABORT,
		     FSTAT_PERMISSION, "execute from device");
}

static void check_attrs(const char *what, uintptr_t va, enum mem_type type, unsigned perm)
{
	struct mmu_attrs a;
	uint64_t pa;

	if (!expect(mmu_lookup(va, &a), "%s 0x%lx: not mapped", what, (unsigned long)va))
		return;
	expect(a.type == type, "%s: memory type %d, expected %d", what, a.type, type);
	expect(a.perm == perm, "%s: perm 0x%x, expected 0x%x", what, a.perm, perm);
	expect(a.pa == va, "%s: not identity (pa 0x%llx)", what, (unsigned long long)a.pa);
	expect(arch_va_to_pa(va, &pa) && pa == va, "%s: hardware walk disagrees", what);
}

SELFTEST(mmu, attributes)
{
	static uint32_t data_word;
	struct mmu_attrs a;
	uint64_t pa;

	check_attrs("text", (uintptr_t)__image_start, MT_NORMAL, MAP_RO | MAP_X);
	check_attrs("rodata", (uintptr_t)__text_end, MT_NORMAL, MAP_RO);
	check_attrs("data", (uintptr_t)&data_word, MT_NORMAL, 0);
	check_attrs("stack", (uintptr_t)__stack_top - 16, MT_NORMAL, 0);
	check_attrs("heap", boot.heap_base, MT_NORMAL, 0);
	check_attrs("console", (uintptr_t)boot.hw.board.console.base, MT_DEVICE, 0);
	expect(!mmu_lookup((uintptr_t)__guard0, &a), "guard page mapped in the tables");
	expect(!arch_va_to_pa((uintptr_t)__guard0, &pa), "guard page translates in hardware");
}

/* Break-before-make through the hardware: a page mapped over a valid one
 * is refused; mmu_remap_page (unmap, TLB invalidate, map) moves the alias
 * to the new frame, and a read through it sees that frame, not a stale TLB
 * entry for the old one. */
SELFTEST(mmu, remap_page)
{
	uintptr_t w = mmu_alias_window();
	uint32_t *a = memalign(PAGE_SIZE, PAGE_SIZE), *b = memalign(PAGE_SIZE, PAGE_SIZE);

	if (!w) {
		skip("no VA window for an alias on this memory map");
	} else if (expect(a && b, "no pages")) {
		a[0] = 0xaaaa5555;
		b[0] = 0x5555aaaa;
		dcache_clean_inval_to_mem((uintptr_t)a, PAGE_SIZE);
		dcache_clean_inval_to_mem((uintptr_t)b, PAGE_SIZE);
		if (expect(mmu_map_page(w, (uintptr_t)a, MT_NORMAL, MAP_RO) == 0, "map")) {
			expect(*(volatile uint32_t *)w == 0xaaaa5555,
			       "alias does not show frame a");
			expect(mmu_map_page(w, (uintptr_t)b, MT_NORMAL, MAP_RO) == MMU_ERR_VALID,
			       "a map over a valid entry was not refused");
			expect(mmu_remap_page(w, (uintptr_t)b, MT_NORMAL, MAP_RO) == 0, "remap");
			expect(*(volatile uint32_t *)w == 0x5555aaaa,
			       "after the remap the alias reads 0x%08x, not frame b",
			       (unsigned)*(volatile uint32_t *)w);
			expect(mmu_unmap_page(w) == 0, "unmap");
		}
	}
	free(a);
	free(b);
}
