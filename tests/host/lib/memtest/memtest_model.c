/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The faulty DRAM behind a write-back cache (tests/host/lib/memtest/memtest_model.h).
 *
 * Reads of a cell apply the faults in this order: the cell's stuck bits, the
 * stuck data lines, the floating data lines (the bit of the last word written
 * to DRAM: nothing drives the line, its capacitance keeps the last value).
 * Writes store the word as driven and apply the couplings of the cell written.
 *
 * After a call every line that is not dirty must show a fetch from DRAM as it
 * is then: the lines of the range (refetched after all their write-backs),
 * the other words of each cell a write-back changed (aliases under an address
 * fault, the victim of a coupling) when their line is not dirty, and the
 * floating bits of every clean line when the last word written changed them.
 * A dirty line outside the range keeps what the CPU wrote: its own write-back
 * will overwrite the cell.
 *
 * The fault sets it is given are drawn in memtest_model_draw.c.
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache/cache.h"
#include "tests/host/lib/memtest/memtest_model.h"

#define NONE UINT32_MAX

uint64_t *model_buf;
unsigned long model_syncs;

static uint64_t shadow[MODEL_WORDS]; /* what the model last put in model_buf */
static uint64_t dram[MODEL_WORDS];   /* the cells, as written */
static uint32_t cell_of[MODEL_WORDS];
static uint32_t first_word[MODEL_WORDS]; /* cell: its first word, or NONE */
static uint32_t next_word[MODEL_WORDS];  /* word: the next word of the same cell, or NONE */
static uint8_t watch[MODEL_WORDS];       /* cell: a change must refresh its words elsewhere */
static uint8_t special[MODEL_WORDS];     /* cell: 1 has a stuck bit, 2 couples onto another */
static uint32_t changed[MODEL_WORDS], changed_mark[MODEL_WORDS], epoch;
static uint32_t line_mark[MODEL_WORDS]; /* line: its state is known in this call */
static bool line_dirty[MODEL_WORDS];
static unsigned nchanged;
static struct fault faults[MODEL_MAX_FAULTS];
static unsigned nfaults;
static uint64_t wand, wor, fmask, last, shown; /* data lines; last word written; in clean lines */
static size_t line_words;
static unsigned line_shift; /* log2(line_words) */

uint64_t model_map_offset(const struct fault *f, uint64_t off)
{
	uint64_t a = (uint64_t)1 << f->abit, b = (uint64_t)1 << f->abit2;
	bool x, y, r;

	switch (f->kind) {
	case F_ADDR_STUCK: return f->value ? off | a : off & ~a;
	case F_ADDR_SHORT:
		x = off & a;
		y = off & b;
		r = f->value ? x || y : x && y;
		return r ? off | a | b : off & ~(a | b);
	case F_SIZE: return off & (a - 1);
	default: return off;
	}
}

uint32_t model_cell_of(size_t word)
{
	return cell_of[word];
}

static uint64_t read_cell(uint32_t c)
{
	uint64_t v = dram[c];

	if (special[c] & 1)
		for (unsigned i = 0; i < nfaults; i++)
			if (faults[i].kind == F_CELL_STUCK && faults[i].cell == c)
				v = (v & ~((uint64_t)1 << faults[i].bit)) |
				    (uint64_t)faults[i].value << faults[i].bit;
	v = (v & wand) | wor;
	return (v & ~fmask) | (last & fmask);
}

static void note(uint32_t c)
{
	if (changed_mark[c] != epoch) {
		changed_mark[c] = epoch;
		changed[nchanged++] = c;
	}
}

static void write_cell(uint32_t c, uint64_t v)
{
	dram[c] = v;
	last = v;
	if (watch[c])
		note(c);
	if (special[c] & 2)
		for (unsigned i = 0; i < nfaults; i++)
			if (faults[i].kind == F_COUPLING && faults[i].cell == c) {
				dram[faults[i].cell2] ^= (uint64_t)1 << faults[i].bit;
				note(faults[i].cell2);
			}
}

/* Whether the CPU wrote line l since the model last filled it; asked once
 * per line and call (the model's own refreshes keep a clean line clean). */
static bool dirty(size_t l)
{
	const uint64_t *b = &model_buf[l * line_words], *sh = &shadow[l * line_words];
	uint64_t x = 0;

	if (line_mark[l] == epoch)
		return line_dirty[l];
	for (size_t i = 0; i < line_words; i++)
		x |= b[i] ^ sh[i];
	line_mark[l] = epoch;
	return line_dirty[l] = x != 0;
}

static void fetch_line(size_t l)
{
	for (size_t w = l * line_words; w < (l + 1) * line_words; w++)
		model_buf[w] = shadow[w] = read_cell(cell_of[w]);
}

void model_reset(const struct fault *f, unsigned n, size_t line, uint64_t seed)
{
	uint64_t s = seed | 1;

	/* From the heap: newlib's semihosting startup cannot clear a .bss
	 * aligned to 64 KiB under qemu-arm. */
	if (!model_buf && !(model_buf = memalign(MODEL_BYTES, MODEL_BYTES))) {
		printf("Bail out! no memory for the model\n");
		exit(2);
	}
	nfaults = n;
	model_dm_unmasked(-1);
	memcpy(faults, f, n * sizeof(*f));
	line_words = line / sizeof(uint64_t);
	line_shift = (unsigned)__builtin_ctzll(line_words);
	wand = ~0ull;
	wor = fmask = 0;
	memset(special, 0, sizeof(special));
	memset(watch, 0, sizeof(watch));
	for (uint32_t w = 0; w < MODEL_WORDS; w++) {
		uint64_t off = (uint64_t)w * 8;
		for (unsigned i = 0; i < n; i++)
			off = model_map_offset(&f[i], off);
		cell_of[w] = (uint32_t)(off / 8);
		first_word[w] = NONE;
	}
	/* Each cell's words in ascending order; a cell of two or more words
	 * is watched: a write through one changes what the others fetch. */
	for (uint32_t w = MODEL_WORDS; w-- > 0;) {
		uint32_t c = cell_of[w];
		next_word[w] = first_word[c];
		if (first_word[c] != NONE)
			watch[c] = 1;
		first_word[c] = w;
	}
	for (unsigned i = 0; i < n; i++) {
		uint64_t bit = (uint64_t)1 << f[i].bit;
		switch (f[i].kind) {
		case F_DATA_STUCK:
			if (f[i].value)
				wor |= bit;
			else
				wand &= ~bit;
			break;
		case F_DATA_FLOAT: fmask |= bit; break;
		case F_CELL_STUCK: special[f[i].cell] |= 1; break;
		case F_COUPLING:
			special[f[i].cell] |= 2;
			watch[f[i].cell2] = 1;
			break;
		default: break;
		}
	}
	for (uint32_t c = 0; c < MODEL_WORDS; c++) {
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		dram[c] = s;
	}
	last = shown = s * 0x9e3779b97f4a7c15ull;
	for (size_t l = 0; l < MODEL_WORDS / line_words; l++)
		fetch_line(l);
	memset(line_mark, 0, sizeof(line_mark));
	epoch = 0;
	model_syncs = 0;
}

/* The seams: cache/memory.c's "to memory" for the engine, on the model; the
 * dirty lines written back in ascending order, or descending (_down). */
static int to_mem(uintptr_t start, size_t size, bool down)
{
	uintptr_t base = (uintptr_t)model_buf, lb = line_words * sizeof(uint64_t);
	size_t l0, l1;

	model_syncs++;
	if (!size)
		return 0;
	if (start < base || start - base >= MODEL_BYTES || size > MODEL_BYTES - (start - base)) {
		printf("Bail out! dcache_clean_inval_to_mem(0x%lx, %lu) outside the buffer\n",
		       (unsigned long)start, (unsigned long)size);
		exit(2);
	}
	l0 = (start - base) / lb;
	l1 = (start - base + size - 1) / lb + 1;
	epoch++;
	nchanged = 0;
	for (size_t k = 0; k < l1 - l0; k++) {
		size_t l = down ? l1 - 1 - k : l0 + k;
		if (dirty(l))
			for (size_t w = l * line_words; w < (l + 1) * line_words; w++)
				write_cell(cell_of[w], model_buf[w]);
	}
	for (size_t l = l0; l < l1; l++) {
		fetch_line(l);
		line_dirty[l] = false;
	}
	for (unsigned i = 0; i < nchanged; i++) {
		uint32_t c = changed[i];
		for (uint32_t w = first_word[c]; w != NONE; w = next_word[w]) {
			size_t l = w >> line_shift;
			if ((l < l0 || l >= l1) && !dirty(l))
				model_buf[w] = shadow[w] = read_cell(c);
		}
	}
	if ((last ^ shown) & fmask) {
		/* Every clean line outside the range: the new floating bits. */
		uint64_t f = last & fmask, keep = ~fmask, *b = model_buf, *sh = shadow;
		size_t end = MODEL_WORDS, lw = line_words;
		for (size_t w = 0; w < end; w += lw) {
			uint64_t x = 0;
			if (w == l0 * lw) {
				w = (l1 - 1) * lw;
				continue;
			}
			for (size_t i = 0; i < lw; i++)
				x |= b[w + i] ^ sh[w + i];
			if (x)
				continue;
			for (size_t i = 0; i < lw; i++)
				b[w + i] = sh[w + i] = (sh[w + i] & keep) | f;
		}
		shown = last;
	}
	return 0;
}

int dcache_clean_inval_to_mem(uintptr_t start, size_t size)
{
	return to_mem(start, size, false);
}

int dcache_clean_inval_to_mem_down(uintptr_t start, size_t size)
{
	return to_mem(start, size, true);
}

void model_leak(size_t word, unsigned bit)
{
	uint32_t c = cell_of[word];

	dram[c] &= ~((uint64_t)1 << bit);
	epoch++; /* dirty() asks each line afresh */
	for (uint32_t w = first_word[c]; w != NONE; w = next_word[w])
		if (!dirty(w >> line_shift))
			model_buf[w] = shadow[w] = read_cell(c);
}

static uint64_t rng = 0x2545f4914f6cdd1dull;

void model_seed(uint64_t seed)
{
	rng ^= seed * 0x9e3779b97f4a7c15ull;
}

uint64_t model_rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

unsigned model_rnd_below(unsigned n)
{
	return (unsigned)(model_rnd() % n);
}
