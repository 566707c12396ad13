/*
 * The MMU: an identity map built from the memory map and the image layout,
 * then the MMU, D-cache and I-cache turned on.
 *
 * Map (mmu_layout): RAM Normal write-back; everything else below 4 GiB
 * Device (nGnRnE / strongly-ordered); image text read-only+executable,
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

#define MMU_MAX_REGIONS 32
#define MMU_ERR_NOMEM   (-1) /* table pool exhausted */
#define MMU_ERR_ALIGN   (-2) /* region not page aligned */
#define MMU_ERR_OVERLAP (-3) /* a region over an existing block */
#define MMU_ERR_REGIONS (-4) /* too many regions */
/* A valid entry is in the way. Replacing a valid translation with another
 * valid one without break-before-make (invalid entry, TLB invalidate, new
 * entry: ARM ARM DDI 0487 D8.16.1; DDI 0406C B3.10.1) is UNPREDICTABLE (TLB
 * conflicts, lost coherency): unmap first, or mmu_remap_page(). */
#define MMU_ERR_VALID (-5)

/* Builds the region list (sorted, non-overlapping) for the RAM and image;
 * the nomap ranges (reserved memory the tree says never to map) are left
 * unmapped, rounded out to whole pages.
 * Returns the count or MMU_ERR_REGIONS. */
int mmu_layout(const struct mem_bank *ram, unsigned nram, const struct mem_bank *nomap,
	       unsigned nnomap, struct map_region *out, unsigned max);
/* Inserts r over whatever the sorted list holds in its range (splitting). */
int region_overlay(struct map_region *list, unsigned *n, unsigned max, struct map_region r);

/* Builds the tables and turns the MMU and caches on. 0 or MMU_ERR_*. */
int mmu_init(const struct mem_bank *ram, unsigned nram, const struct mem_bank *nomap,
	     unsigned nnomap);
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
 * a RAM page (cache tests, #6's lazy flush). mmu_alias_window() is a 1 MiB
 * VA range mmu_layout() leaves unmapped for them (0 if none could be found).
 * mmu_map_page() maps one 4 KiB page va -> pa where nothing is mapped yet
 * (MMU_ERR_VALID if something is), makes the tables visible to the walker
 * and invalidates the TLB entry; mmu_unmap_page() removes it (and
 * invalidates the TLB entry); mmu_remap_page() is the break-before-make of
 * the two. All return 0 or MMU_ERR_*.
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
