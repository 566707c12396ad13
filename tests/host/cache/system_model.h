/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A host model of a Cortex-A9-like memory system, to drive the image's own
 * cache/dma.c, cache/memory.c, cache/outer.c, cache/pl310.c and
 * cache/range.c against (QEMU models no caches: there a wrong order passes).
 *
 * The machine
 *   - DRAM: SM_DRAM_BYTES at SM_DRAM_BASE.
 *   - Per core (SM_CORES): a write-back, write-allocate L1 D-cache, 4 ways,
 *     SM_L1_SETS sets, lines of 32 or 64 bytes (sm_config.l1_line), LRU.
 *     The cores' L1s are coherent with each other (a line migrates, dirty
 *     or not, to the core that touches it, as a snoop control unit would).
 *     Maintenance by VA reaches every core (broadcast, as the
 *     Multiprocessing Extensions do); by set/way only core 0's.
 *     An invalidate by VA of a dirty line writes it back first at random
 *     (implementations may: see cache/dma.c).
 *   - A shared outer cache that behaves like a PL310 / L2C-310 behind its
 *     register file (pl310_read / pl310_write are the model's): 32-byte
 *     lines, 8 ways x 16 KiB, write-back, read- and write-allocate; full
 *     reset garbage (valid dirty lines) until invalidated; by PA, by index
 *     and by way (background, busy for a few reads) operations; Cache Sync.
 *     Control and Aux Control writable only when sm_config.secure and
 *     (Aux) only while disabled. Aux bit 22 (shared override) clear:
 *     Normal Non-cacheable shareable reads look the cache up (no allocate)
 *     and writes update a hit and memory (write-through, no allocate); set:
 *     they go to memory (TRM DDI 0246 2.3.2). Disabled: every access goes to
 *     memory; the cache RAM keeps its lines and maintenance still acts on it.
 *     RTL release sm_config.rtl: before r2p0 a Clean & Invalidate by PA
 *     writes a dirty line back but leaves the line valid (erratum 588369).
 *   - Lockdown by way (0x900-0x93c, reset as sm_config.fw_lockdown): no
 *     line is allocated in a way locked for master 0's data side.
 *   - A DMA master that reads and writes DRAM directly.
 *   - A DRAM cell with stuck bits (sm_dram_stuck), for the DRAM test's
 *     path: a verify must read what DRAM holds, not an L1 copy.
 *   - An MMU with one alias window (SM_ALIAS_VA): the by-VA seams
 *     translate, and so must whoever gives the PL310 an address.
 *   - Random background activity at every step (a "tick": every model call,
 *     register access and maintenance line): speculative line fills by any
 *     core of any line in the active window, L1 and outer evictions, and,
 *     when asked (sm_meanwhile), CPU stores to a scratch area ("stack
 *     spills" of the code running the maintenance).
 *
 * The checks. truth[] holds the last value written to each byte (by a CPU,
 * non-cacheable or through the cache, or by the device), owner[] who wrote
 * it.
 *   CPU stale         a CPU read (cached or non-cacheable) differs from truth
 *   device stale      a DMA read of DRAM differs from truth
 *   device overwritten  a write-back to DRAM changes a byte the device wrote
 *                     last to anything else
 *   protocol          the register protocol: a write during a background
 *                     operation, a DMA access with a maintenance operation
 *                     not yet synced, enable without an invalidate, Aux
 *                     Control written while enabled, a by-way clean on
 *                     r2p0/r3p0 (erratum 727915: may corrupt), a Cache Sync
 *                     through 0x730 on r3p0 (erratum 753970), an unknown
 *                     register, an index out of range
 *   memory            sm_check_memory: DRAM differs from truth (after the
 *                     caller flushed everything)
 * Violations are counted, never fatal; the first few are kept in words.
 */
#ifndef TESTS_HOST_CACHE_SYSTEM_MODEL_H
#define TESTS_HOST_CACHE_SYSTEM_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SM_DRAM_BASE  0x80000000u
#define SM_DRAM_BYTES (256u * 1024)
#define SM_L2_REGS    0x1e00a000u /* the PL310's registers */
#define SM_CORES      2
#define SM_L1_WAYS    4
#define SM_L1_SETS    16
#define SM_L2_WAYS    8
#define SM_L2_WAY     16384u

enum sm_kind { SM_CPU_STALE, SM_DEV_STALE, SM_DEV_OVERWRITTEN, SM_PROTOCOL, SM_MEMORY, SM_KINDS };

struct sm_config {
	const char *name;
	unsigned l1_line;     /* 32 or 64 */
	unsigned rtl;         /* PL310 RTL release (Cache ID [5:0]) */
	bool override_wanted; /* what the "tree" asks: outer_init's argument */
	bool aux_override;    /* Aux Control bit 22 at reset */
	bool secure;          /* Control / Aux Control writes take */
	bool fw_enabled;      /* firmware left the PL310 enabled (and clean) */
	uint32_t fw_lockdown; /* ways a boot ROM / firmware left locked, every master */
	bool fw_flz;          /* firmware left Full Line of Zero on: Aux bit 0, A9 ACTLR.FLZ */
};

struct sm_stats {
	unsigned long violations[SM_KINDS];
	unsigned long ticks, spec_fills, l1_evictions, l2_evictions, l2_hits, l2_misses;
	char first[4][200]; /* the first violations, in words */
	unsigned nfirst;
};

extern struct sm_stats sm_stats;

/* A fresh machine (caches empty but the outer's garbage, DRAM random,
 * truth = DRAM), the image's cache_info set for this L1, and the seed. */
void sm_reset(const struct sm_config *cfg, uint64_t seed);
/* Probabilities per tick, in 1/65536: speculative fill, L1 eviction, outer
 * eviction. */
void sm_activity(unsigned spec, unsigned evict1, unsigned evict2);
/* The window [lo, hi) speculative fills pick lines from (0, 0: none). */
void sm_spec_window(uintptr_t lo, uintptr_t hi);
/* Stores "meanwhile" (per tick, in 1/65536) to [lo, hi): 0 turns them off. */
void sm_meanwhile(unsigned prob, uintptr_t lo, uintptr_t hi);

/* CPU accesses: cached (through the core's L1), and non-cacheable
 * shareable (an alias mapped Normal NC). Reads are checked against truth. */
uint8_t sm_cpu_read(unsigned core, uintptr_t pa);
void sm_cpu_write(unsigned core, uintptr_t pa, uint8_t v);
uint8_t sm_nc_read(uintptr_t pa);
void sm_nc_write(uintptr_t pa, uint8_t v);
/* The DMA master. Reads are checked against truth. */
uint8_t sm_dma_read(uintptr_t pa);
void sm_dma_write(uintptr_t pa, uint8_t v);

/* A read whose value the test judges itself (a DRAM test's verify): not
 * checked against truth. */
uint8_t sm_cpu_read_raw(unsigned core, uintptr_t pa);
/* A DRAM cell with stuck bits: whatever reaches DRAM at pa, the bits of
 * mask read as value (mask 0 or pa 0: none). sm_dram_peek reads DRAM as
 * it is, unchecked. */
void sm_dram_stuck(uintptr_t pa, uint8_t mask, uint8_t value);
void sm_dram_apply_fault(void);
uint8_t sm_dram_peek(uintptr_t pa);
/* fn runs at every tick (after the activity): an observer of DRAM, such as
 * a CPU with its caches off polling a mailbox. NULL: none. */
void sm_observe(void (*fn)(void));
/* The model's MMU for the maintenance seams and the outer cache's
 * translation (arch_va_to_pa): VAs [SM_ALIAS_VA, + SM_ALIAS_BYTES) map
 * to PAs from SM_ALIAS_PA; everything else 1:1. */
#define SM_ALIAS_VA    0x40000000u
#define SM_ALIAS_PA    (SM_DRAM_BASE + 0x26000)
#define SM_ALIAS_BYTES 0x2000u
uintptr_t sm_va_to_pa(uintptr_t va);

/* Another core's own set/way clean+invalidate (its power-down: bringup's
 * exit flushes only the boot CPU's). */
void sm_core_flush(unsigned core);
/* DRAM against truth over the whole window: SM_MEMORY violations. */
void sm_check_memory(void);
uint8_t sm_truth(uintptr_t pa);
bool sm_l2_enabled(void);
unsigned long sm_total_violations(void);
void sm_note(enum sm_kind k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
uint64_t sm_rand(void);

#endif
