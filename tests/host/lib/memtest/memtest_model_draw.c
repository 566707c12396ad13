/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Drawing the faults of a set for the DRAM model (tests/host/lib/memtest/
 * memtest_model.h, model_draw): data lines, cells, couplings and address
 * faults, with the model's random numbers, kept off the lines the bus,
 * address and size tests use.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "tests/host/lib/memtest/memtest_model.h"

/* Lines the bus, address and size tests use: offset 0 and 2 * line (the data
 * bus word and its complement line), every power-of-two offset. */
static bool reserved_line(size_t word, size_t line)
{
	size_t off = word * 8 & ~(line - 1);

	return off == 0 || off == 2 * line || (off & (off - 1)) == 0;
}

/* The cells the words of the reserved lines are stored in, under the
 * address fault `a` (or none): at most 2 + 13 lines. */
static unsigned reserved_cells(const struct fault *a, size_t line, uint32_t *cells)
{
	unsigned n = 0;

	for (size_t w = 0; w < MODEL_WORDS; w += line / 8) {
		if (!reserved_line(w, line))
			continue;
		for (size_t k = w; k < w + line / 8; k++)
			cells[n++] = (uint32_t)((a ? model_map_offset(a, k * 8ull) : k * 8ull) / 8);
	}
	return n;
}

/* A cell for a cell fault: the cell of a word outside the reserved lines,
 * reached by no word of a reserved line (`res`), not yet used by the set
 * nor in the line of a used one. */
static uint32_t pick_cell(const struct fault *a, size_t line, const uint32_t *res, unsigned nres,
			  const uint32_t *used, unsigned nused)
{
	for (;;) {
		uint32_t w = (uint32_t)model_rnd_below(MODEL_WORDS), c;
		bool ok = !reserved_line(w, line);
		c = (uint32_t)((a ? model_map_offset(a, w * 8ull) : w * 8ull) / 8);
		for (unsigned i = 0; ok && i < nused; i++)
			ok = used[i] != c && used[i] * 8 / line != c * 8 / line;
		for (unsigned i = 0; ok && i < nres; i++)
			ok = res[i] != c;
		if (ok)
			return c;
	}
}

/* A bit no data fault of the set uses. */
static unsigned pick_bit(uint64_t taken)
{
	unsigned b;

	do
		b = model_rnd_below(64);
	while (taken >> b & 1);
	return b;
}

/* Faults for one set (memtest_model.h). Data lines are drawn less often
 * than cells: a stuck line has March and random report half of all reads
 * (tens of thousands of errors), and for a floating one the model updates
 * every clean line at each change of the last word written; each costs
 * several times a cell fault. */
unsigned model_draw(struct fault *f, size_t line, int only)
{
	/* the data and cell faults' draw, weights out of 32 */
	static const struct {
		enum fault_kind kind;
		unsigned weight;
	} mix[] = {
		{ F_DATA_STUCK, 4 }, { F_DATA_FLOAT, 1 }, { F_CELL_STUCK, 14 }, { F_COUPLING, 13 }
	};
	unsigned n = only >= 0 ? 1 : 1 + model_rnd_below(MODEL_MAX_FAULTS);
	uint32_t used[2 * MODEL_MAX_FAULTS], res[16 * 128 / 8];
	unsigned nused = 0, nres = 0;
	uint64_t dbits = 0;
	bool addr = only >= F_ADDR_STUCK || (only < 0 && model_rnd_below(3) == 0);
	/* Address bits from the line size up: a write-back carries the whole
	 * line as one burst, so one word of a line cannot be written alone. */
	unsigned lbits = (unsigned)__builtin_ctzll(line);

	for (unsigned i = 0; i < n; i++) {
		enum fault_kind k;
		if (i == 1 || (i == 0 && !addr))
			nres = reserved_cells(addr ? &f[0] : NULL, line, res);
		memset(&f[i], 0, sizeof(f[i]));
		if (only >= 0)
			k = (enum fault_kind)only;
		else if (addr)
			k = i ? F_CELL_STUCK : (enum fault_kind)(F_ADDR_STUCK + model_rnd_below(3));
		else
			for (unsigned m = 0, d = model_rnd_below(32);; d -= mix[m++].weight)
				if (d < mix[m].weight) {
					k = mix[m].kind;
					break;
				}
		f[i].kind = k;
		f[i].value = model_rnd_below(2);
		switch (k) {
		case F_DATA_STUCK:
		case F_DATA_FLOAT:
			f[i].bit = pick_bit(dbits);
			dbits |= (uint64_t)1 << f[i].bit;
			break;
		case F_CELL_STUCK:
			f[i].cell = pick_cell(addr ? &f[0] : NULL, line, res, nres, used, nused);
			used[nused++] = f[i].cell;
			f[i].bit = model_rnd_below(64);
			break;
		case F_COUPLING:
			f[i].cell = pick_cell(NULL, line, res, nres, used, nused);
			used[nused++] = f[i].cell;
			f[i].cell2 = pick_cell(NULL, line, res, nres, used, nused);
			used[nused++] = f[i].cell2;
			f[i].bit = model_rnd_below(64);
			break;
		case F_ADDR_STUCK: f[i].abit = lbits + model_rnd_below(MODEL_SHIFT - lbits); break;
		case F_ADDR_SHORT:
			f[i].abit = lbits + model_rnd_below(MODEL_SHIFT - lbits);
			do
				f[i].abit2 = lbits + model_rnd_below(MODEL_SHIFT - lbits);
			while (f[i].abit2 == f[i].abit);
			break;
		case F_SIZE:
			f[i].abit = 13 + model_rnd_below(MODEL_SHIFT - 13); /* 8, 16 or 32 KiB */
			break;
		default: break;
		}
	}
	/* Cell bits apart from the data lines: a stuck line on the same bit
	 * would hide a cell's stuck bit behind its own. */
	for (unsigned i = 0; i < n; i++)
		if (f[i].kind == F_CELL_STUCK || f[i].kind == F_COUPLING)
			while (dbits >> f[i].bit & 1)
				f[i].bit = model_rnd_below(64);
	return n;
}
