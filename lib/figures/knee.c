/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The sweep's working sets, the knees of a latency curve and their
 * agreement with the cache sizes the registers report: lib/figures/figures.h.
 * Plain C with no I/O: the host tests feed it published curves and this
 * machine's own.
 */
#include <stdio.h>

#include "lib/figures/figures.h"

const char *fig_size(uint64_t b, char buf[16])
{
	if (b >= (1u << 20) && !(b & ((1u << 20) - 1)))
		snprintf(buf, 16, "%llu MiB", (unsigned long long)(b >> 20));
	else if (b >= 1024 && !(b & 1023))
		snprintf(buf, 16, "%llu KiB", (unsigned long long)(b >> 10));
	else
		snprintf(buf, 16, "%llu B", (unsigned long long)b);
	return buf;
}

static unsigned add(uint64_t *ws, unsigned n, uint64_t b)
{
	unsigned i = n;

	for (unsigned j = 0; j < n; j++)
		if (ws[j] == b)
			return n;
	if (n == FIG_MAX_POINTS)
		return n;
	while (i && ws[i - 1] > b) { /* insertion: ascending */
		ws[i] = ws[i - 1];
		i--;
	}
	ws[i] = b;
	return n + 1;
}

unsigned fig_sweep(const uint64_t *cache, unsigned ncache, uint64_t avail, bool full, uint64_t *ws,
		   bool *short_of_ram)
{
	uint64_t llc = 0, top, cap = 4096;
	unsigned n = 0;

	for (unsigned i = 0; i < ncache; i++)
		if (cache[i] > llc)
			llc = cache[i];
	top = llc ? FIG_LLC_FACTOR * llc : (1u << 20);
#ifdef FIGURES_MUTANT_RESIDENT
	top = 1u << 20; /* a cache-resident 1 MiB, as Little Kernel's benchmark */
#endif
	while (cap * 2 <= avail)
		cap *= 2;
	*short_of_ram = top > cap;
	if (top > cap)
		top = cap;
	if (full) {
		for (uint64_t b = 4096; b < top; b *= 2)
			n = add(ws, n, b);
	} else {
		for (unsigned i = 0; i < ncache; i++) {
			if (cache[i] < top)
				n = add(ws, n, cache[i]);
			if (2 * cache[i] < top)
				n = add(ws, n, 2 * cache[i]);
		}
		n = add(ws, n, ncache ? cache[0] / 2 : 4096); /* inside L1 */
	}
	return add(ws, n, top);
}

unsigned fig_knees(const struct fig_point *p, unsigned n, uint64_t *knee, unsigned max)
{
	unsigned k = 0, i = 1;

	while (i < n) {
		unsigned start = i - 1, steep = start, peaks = 0;
		double best = 0;

		/* a run of steps: each point FIG_STEP above the one before */
		while (i < n && p[i].ns >= p[i - 1].ns * FIG_STEP && p[i].ns > p[i - 1].ns)
			i++;
		if (i - 1 == start) {
			i++;
			continue;
		}
		if (p[start].ns > 0 ? p[i - 1].ns < p[start].ns * FIG_KNEE_RISE : false)
			continue; /* a gentle rise (TLB reach, a prefetcher): no knee */
		if (p[i - 1].ns - p[start].ns < FIG_KNEE_MIN_NS)
			continue;
		/* In the run, each step of at least FIG_KNEE_STEP steeper than
		 * its neighbours is a knee (two levels' transitions can touch);
		 * with none, the steepest. The knee: the working set before. */
		for (unsigned j = start + 1; j < i; j++) {
			double r = p[j - 1].ns > 0 ? p[j].ns / p[j - 1].ns : 1e30;
			double before = j > start + 1 ? p[j - 1].ns / p[j - 2].ns : 0;
			double after = j + 1 < i ? p[j + 1].ns / p[j].ns : 0;

			if (p[j - 1].ns > 0 && j > start + 1 && p[j - 2].ns <= 0)
				before = 1e30;
			if (r > best) {
				best = r;
				steep = j - 1;
			}
			if (r >= FIG_KNEE_STEP && r > before && r > after && k < max) {
				knee[k++] = p[j - 1].bytes;
				peaks++;
			}
		}
		if (!peaks && k < max)
			knee[k++] = p[steep].bytes;
	}
	return k;
}

unsigned fig_compare(const uint64_t *cache, unsigned ncache, const uint64_t *knee, unsigned nknee,
		     const char *who, unsigned shared, char *out, size_t len,
		     unsigned *first_missing)
{
	unsigned missing = 0;
	size_t at = 0;
	char a[16], b[16], c[16];

	*first_missing = 0;
	if (len)
		out[0] = 0;
	for (unsigned l = 0; l < ncache; l++) {
		uint64_t lo = shared >> l & 1 && l ? cache[l - 1] * FIG_TOL * 2
						   : cache[l] / FIG_TOL,
			 hi = cache[l] * FIG_TOL, best = 0;
		int w;

		for (unsigned j = 0; j < nknee; j++)
			if (knee[j] >= lo && knee[j] <= hi &&
			    (!best ||
			     (knee[j] > cache[l] ? knee[j] - cache[l] : cache[l] - knee[j]) <
				     (best > cache[l] ? best - cache[l] : cache[l] - best)))
				best = knee[j];
		if (best)
			w = snprintf(out + at, len - at, "L%u %s by %s, knee at %s: agree\n", l + 1,
				     fig_size(cache[l], a), who, fig_size(best, b));
		else {
			w = snprintf(out + at, len - at,
				     "L%u %s by %s, no knee within %s..%s: not shown\n", l + 1,
				     fig_size(cache[l], a), who, fig_size(lo, b), fig_size(hi, c));
			if (!missing++)
				*first_missing = l + 1;
		}
		if (w > 0 && (size_t)w < len - at)
			at += (size_t)w;
	}
	return missing;
}
