/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The MMU: an identity map built from the memory map and the image layout,
 * then the MMU, D-cache and I-cache turned on.
 *
 * Map (mmu_layout): RAM Normal write-back; everything else below 4 GiB
 * Device (nGnRnE / strongly-ordered), and above it the devices the tree
 * names, but for a 1 MiB window for temporary mappings; image text read-only+executable,
 * rodata read-only+XN, data/bss/page tables/stacks read-write+XN, and one
 * unmapped guard page below each stack. Only image text is executable.
 *
 * Tables: AArch64 4 KiB granule, 48-bit VA, blocks where alignment allows;
 * ARMv7 short descriptors (1 MiB sections, 4 KiB small pages), no LPAE, so
 * it works on Cortex-A8/A9 too. Tables come from a static pool in the image.
 *
 * Errors: mmu_init() returns a negative MMU_ERR_* (and leaves the MMU off)
 * if the map does not fit the pool or a region is not page aligned.
 */
#ifndef MMU_MMU_H
#define MMU_MMU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arch/image.h"
#include "lib/memmap.h"

enum mem_type { MT_NONE = 0, MT_DEVICE, MT_NORMAL, MT_NORMAL_NC };

#define MAP_RO (1u << 0) /* no writes */
#define MAP_X  (1u << 1) /* executable (everything else is execute-never) */

struct map_region {
	uint64_t base, size;
	enum mem_type type; /* MT_NONE: left unmapped (guard pages) */
	unsigned perm;
	const char *name;
};

/* The block a device map is coalesced to: a level-1 block of the 4 KiB
 * granule on AArch64 (1 GiB, ARM ARM DDI 0487 D8.3: one descriptor for a
 * PCIe ECAM's 256 MiB, not 128), a section on ARMv7 short descriptors
 * (DDI 0406C B3.5.1). Device memory is never read speculatively (DDI 0487
 * B2.7.2), so mapping more of it than a device decodes costs nothing. */
#if UINTPTR_MAX > 0xffffffffu
#define MMU_BLOCK (1u << 30)
#else
#define MMU_BLOCK (1u << 20)
#endif
/* Below it everything that is not RAM is mapped Device (mmu_layout). */
#define MMU_DEVICE_SPACE_END 0x100000000ull
/* AArch64's VA limit: T0SZ 16 (mmu/aarch64/enable.c). */
#define MMU_VA_END (1ull << 48)
/* The window for temporary mappings (mmu_alias_window()). */
#define MMU_WINDOW_SIZE (1u << 20)

#define MMU_MAX_REGIONS 48
#define MMU_ERR_NOMEM   (-1) /* table pool exhausted */
#define MMU_ERR_ALIGN   (-2) /* region not page aligned */
#define MMU_ERR_OVERLAP (-3) /* a region over an existing block */
#define MMU_ERR_REGIONS (-4) /* too many regions */
/* A valid entry is in the way. Replacing a valid translation with another
 * valid one without break-before-make (invalid entry, TLB invalidate, new
 * entry: ARM ARM DDI 0487 D8.16.1; DDI 0406C B3.10.1) is UNPREDICTABLE (TLB
 * conflicts, lost coherency): unmap first, or mmu_remap_page(). */
#define MMU_ERR_VALID (-5)
/* No 1 MiB of address space is free for the window: RAM and the devices
 * cover every candidate (mmu_layout). */
#define MMU_ERR_WINDOW (-6)
/* The words for an MMU_ERR_* ("unknown MMU error" for anything else). */
const char *mmu_strerror(int err);

/* Builds the region list (sorted, non-overlapping) for the RAM and image;
 * the nomap ranges (reserved memory the tree says never to map) are left
 * unmapped, rounded out to whole pages. dev: the device ranges the tree
 * and platform name (sorted, disjoint, MMU_BLOCK-coalesced: board.h);
 * mapped Device wherever they lie (below 4 GiB everything not RAM is).
 * The window for temporary mappings is chosen (mmu_choose_window) and left
 * unmapped. Returns the count, MMU_ERR_REGIONS, or MMU_ERR_WINDOW when no
 * window can be found. */
int mmu_layout(const struct mem_bank *ram, unsigned nram, const struct mem_bank *nomap,
	       unsigned nnomap, const struct mem_bank *dev, unsigned ndev, struct map_region *out,
	       unsigned max);
/* The window's base: MMU_WINDOW_SIZE of VA no RAM bank and no dev range
 * touches (ARMv7: the highest such MiB below 4 GiB; AArch64: the lowest
 * MMU_BLOCK-aligned one at or above 4 GiB and all RAM), or 0 if none. */
uint64_t mmu_choose_window(const struct mem_bank *ram, unsigned nram, const struct mem_bank *dev,
			   unsigned ndev);
/* Inserts r over whatever the sorted list holds in its range (splitting). */
int region_overlay(struct map_region *list, unsigned *n, unsigned max, struct map_region r);

/* After mmu_init(), with the tree's full device list (board.h dev): maps
 * what of it lies above 4 GiB and is not mapped yet Device (AArch64; ARMv7
 * without LPAE reaches 4 GiB only), then chooses the window again from that
 * list (AArch64: it may move, nothing being mapped in it yet; ARMv7: it
 * must stay where mmu_init() carved it). Call before anything is mapped in
 * the window. 0, MMU_ERR_WINDOW, or a table error. */
int mmu_add_devices(const struct mem_bank *ram, unsigned nram, const struct mem_bank *dev,
		    unsigned ndev);
/* Sets the window's base (mmu_add_devices; a host test). */
void mmu_set_window(uintptr_t w);

/* Builds the tables and turns the MMU and caches on. 0 or MMU_ERR_*. */
int mmu_init(const struct mem_bank *ram, unsigned nram, const struct mem_bank *nomap,
	     unsigned nnomap, const struct mem_bank *dev, unsigned ndev);
bool mmu_enabled(void);
/* SCTLR.A: alignment checking, set from entry until mmu_init() turns the MMU
 * on (why: lib/libc/string_early.h), clear after. */
bool mmu_alignment_checked(void);
/* The region list mmu_init() mapped. */
const struct map_region *mmu_regions(unsigned *n);

/* What the tables say about a VA (software walk of our own tables). */
struct mmu_attrs {
	bool valid;
	enum mem_type type;
	unsigned perm;  /* MAP_RO / MAP_X */
	unsigned level; /* the level of the leaf descriptor */
	uint64_t pa;
};
bool mmu_lookup(uintptr_t va, struct mmu_attrs *out);
/* The same through the hardware: arch_va_to_pa (arch/arch.h). */

/*
 * Extra mappings after mmu_init(), e.g. a second, differently cached alias of
 * a RAM page (cache tests, the lazy flush). mmu_alias_window() is the 1 MiB
 * VA range mmu_layout() leaves unmapped for them (0 before mmu_init()).
 * mmu_map_page() maps one 4 KiB page va -> pa where nothing is mapped yet
 * (MMU_ERR_VALID if something is), makes the tables visible to the walker
 * and invalidates the TLB entry; mmu_unmap_page() removes it (and
 * invalidates the TLB entry), first splitting a block that maps it (only for
 * memory nothing touches meanwhile: between the break and the make the whole
 * block faults); mmu_remap_page() is the break-before-make of the two. All return 0 or MMU_ERR_*.
 */
uintptr_t mmu_alias_window(void);
int mmu_map_page(uintptr_t va, uint64_t pa, enum mem_type type, unsigned perm);
int mmu_unmap_page(uintptr_t va);
int mmu_remap_page(uintptr_t va, uint64_t pa, enum mem_type type, unsigned perm);

/* TLB maintenance (mmu/<arch>/enable.c), completed (DSB + ISB) on return.
 * Broadcast to the Inner Shareable domain (TLBI ...IS) where the CPU has
 * it: every CPU's TLB drops the entry (AArch64 always; ARMv7 with the
 * Multiprocessing Extensions). tlb_inval_va_local() is this CPU's TLB only
 * (for tests that show what a missing broadcast does). */
void tlb_inval_all(void);
void tlb_inval_va(uintptr_t va);
void tlb_inval_va_local(uintptr_t va);
/* A CPU that came online (its MIDR, and REVIDR where the ARMv7 Cortex-A15
 * 798181 workaround reads it, else 0): the TLB maintenance workarounds
 * become the strongest any online CPU needs (arch/armv7/errata.h
 * erratum_798181_merge); the boot CPU's are chosen by mmu_arch_enable. */
void tlb_use_cpu(uint32_t midr, uint32_t revidr);

/*
 * Another CPU on the same tables: mmu_cpu_regs() returns, once mmu_init()
 * has turned the MMU on, the values the boot CPU runs with, for a secondary
 * CPU to load before it turns its own MMU on (boot/<arch>/secondary.S):
 * AArch64 MAIR_EL1, TCR_EL1, TTBR0_EL1, SCTLR_EL1; ARMv7 DACR, TTBCR,
 * TTBR0, SCTLR. The secondary invalidates its own TLB first; ACTLR.SMP (on
 * the ARMv7 cores that have it) is the secondary's to set.
 */
#define MMU_CPU_REGS 4
void mmu_cpu_regs(uint64_t regs[MMU_CPU_REGS]);

/* Per architecture: mmu/<arch>/pgtable.c (pure C) and enable.c (hardware). */
int pgt_map(const struct map_region *r);
int pgt_map_page(uintptr_t va, uint64_t pa, enum mem_type type, unsigned perm);
int pgt_unmap_page(uintptr_t va);
/* Splitting the block (AArch64 levels 1-2) or section (ARMv7) that maps va
 * into a next-level table of the same translations, so that one page of it
 * can be unmapped: pgt_split_break() fills the table and writes the block's
 * entry invalid (1); the caller publishes it and invalidates va's TLB
 * entries, then pgt_split_make() points the entry at the table. Replacing a
 * block by a table is break-before-make (ARM ARM DDI 0487 D8.16.1, DDI
 * 0406C B3.10.1). 0: va is not in a block; MMU_ERR_NOMEM: no table left
 * (nothing changed); MMU_ERR_OVERLAP: va is not mapped. */
int pgt_split_break(uintptr_t va);
void pgt_split_make(void);
/* Empties the tables; MMU_ERR_ALIGN if the root table cannot be placed as
 * the architecture requires (4 KiB; ARMv7 L1: 16 KiB). */
int pgt_reset(void);
unsigned pgt_pages_used(void);
uintptr_t pgt_root(void);                          /* TTBR0 table */
void pgt_pool_range(uintptr_t *lo, uintptr_t *hi); /* the tables in use */
void mmu_arch_enable(void);
/* How the table walks are made and what publishing a table write takes, in
 * words (the report prints it), with the TTBR/TCR value behind it. */
void mmu_describe_walks(char *buf, size_t size, uint64_t *walk_reg);
/* Make the descriptors just written for va visible to the table walker. */
void pgt_publish(uintptr_t va);

#endif
