/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The verdict against a reference (lib/figures/figures.h): a board's
 * published figure, or the DRAM's bus x rate from ddr=. The thresholds and
 * why are in figures.h and docs/figures.md.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/figures/figures.h"

double fig_ddr_peak(const char *s)
{
	const char *dash = strchr(s, '-'), *x;
	char *end;
	unsigned long rate, width;

	if (!dash || dash == s)
		return 0;
	rate = strtoul(dash + 1, &end, 10);
	x = end;
	if (end == dash + 1 || *x != 'x')
		return 0;
	width = strtoul(x + 1, &end, 10);
	if (end == x + 1 || *end || !rate || rate > 20000 ||
	    (width != 8 && width != 16 && width != 32 && width != 64 && width != 128))
		return 0;
	return (double)rate * (double)width / 8.0; /* MT/s x bytes = MB/s */
}

bool fig_judge(double measured, double ref, double min_pct, double *pct)
{
	*pct = ref > 0 ? 100.0 * measured / ref : 0;
	return ref > 0 && *pct >= min_pct;
}
