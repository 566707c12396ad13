/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A DRAM with injected faults behind a write-back data cache, for the host
 * test of the DRAM test engine (tests/host/lib/memtest/test_memtest.c).
 *
 * model_buf is what the CPU sees: the cache contents. The engine writes and
 * reads it directly; the model sees only dcache_clean_inval_to_mem (the link
 * seam of cache/cache.h, in place of cache/memory.c), which writes back every
 * dirty line of the range in ascending order (ascending words: a burst)
 * through the fault model and then leaves each line invalid: the buffer of
 * every line that is not dirty shows what a fetch from DRAM would return now.
 * A line is dirty when its buffer differs from what the model last put there
 * (a shadow copy); the engine's sequences clean and invalidate every line
 * after writing it and before the next step, and each write changes the
 * line, so that is exact for them (a line rewritten with the values it holds
 * would count as clean and not be written back).
 *
 * Cells are 64-bit words, one per 8 bytes of offset; the offset of a word is
 * turned into a cell by the address fault (if any), so aliased words share a
 * cell. Data faults act on every access, cell faults on one cell.
 *
 * The model also draws the fault sets (model_draw), so that each fault is
 * one the engine's tests can see at this buffer size, and holds the test's
 * random numbers.
 */
#ifndef TESTS_HOST_LIB_MEMTEST_MEMTEST_MODEL_H
#define TESTS_HOST_LIB_MEMTEST_MEMTEST_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MODEL_SHIFT      16 /* 64 KiB: address bits 3..15 inside the tested block */
#define MODEL_BYTES      (1u << MODEL_SHIFT)
#define MODEL_WORDS      (MODEL_BYTES / 8)
#define MODEL_PA         0x80000000ull /* the physical address the reports name */
#define MODEL_MAX_FAULTS 3

enum fault_kind {
	F_DATA_STUCK, /* data line `bit` stuck at `value` on every access */
	F_DATA_FLOAT, /* data line `bit` floats: reads return the last written word's bit */
	F_CELL_STUCK, /* bit `bit` of cell `cell` stuck at `value` */
	F_COUPLING,   /* a write to cell `cell` flips bit `bit` of cell `cell2` */
	F_ADDR_STUCK, /* address bit `abit` stuck at `value` */
	F_ADDR_SHORT, /* address bits `abit`, `abit2` shorted: wired-AND (value 0) or -OR (1) */
	F_SIZE,       /* only 2^abit bytes fitted: the address bits from abit up unconnected */
	F_NKINDS
};

struct fault {
	enum fault_kind kind;
	unsigned bit, value, abit, abit2;
	uint32_t cell, cell2; /* cell = DRAM offset / 8 */
};

/* The cache view, MODEL_BYTES aligned (the engine's address test covers the
 * whole buffer as one naturally aligned block); set by model_reset. */
extern uint64_t *model_buf;
extern unsigned long model_syncs; /* dcache_clean_inval_to_mem calls */

/* A fresh DRAM (random contents from seed) with faults f[0..n), cache lines of
 * `line` bytes, every line invalid. */
void model_reset(const struct fault *f, unsigned n, size_t line, uint64_t seed);
/* The cell a word of model_buf is stored in, under the address fault. */
uint32_t model_cell_of(size_t word);
/* The offset of a word into its cell under an address fault f (or none). */
uint64_t model_map_offset(const struct fault *f, uint64_t off);

/* DRAM loses bit `bit` of the cell word `word` is stored in (a leaky cell,
 * while the CPU waits): every word of that cell in a line that is not dirty
 * shows it (an invalid line fetches DRAM); a dirty line keeps what the CPU
 * wrote. */
void model_leak(size_t word, unsigned bit);

/* A data-mask line that does not mask: byte lane `lane` (0-7) of the memory
 * is written by every write, also by an 8- or 16-bit store that does not
 * drive it; it then takes the store's data, replicated across the lanes as
 * a bus that copies a narrow transfer's data to every lane would (AMBA AHB:
 * a master may drive the active bytes on all lanes). -1: none (model_reset
 * clears it). Seen only uncached: the model links around the engine's
 * narrow stores (memtest_store_lanes, -Wl,--wrap) and, when the buffer is
 * the memory (an uncached run), writes the lane after them. */
void model_dm_unmasked(int lane);

/* The test's random numbers (xorshift64), seeded by model_seed. */
void model_seed(uint64_t seed);
uint64_t model_rnd(void);
unsigned model_rnd_below(unsigned n);
/* The faults of one set into f, their count (1-3): with `only` a kind, one
 * fault of it; else a third of the sets an address fault (stuck, short or
 * size, its bits from the line size up: a write-back is a whole line) with
 * stuck cells, the rest data and cell faults. Cells lie outside the lines
 * the bus, address and size tests use (and are reached by none of their
 * words), in distinct lines; cell bits are not data-fault bits. */
unsigned model_draw(struct fault *f, size_t line, int only);

#endif
