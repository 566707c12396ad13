/* SPDX-License-Identifier: BSD-2-Clause */
/* Which built-in platform a board is: see board/platform_id.h. */
#include "board/platform_id.h"

#include <string.h>

/* Whether p's default RAM holds running_at and p runs on that CPU. */
static bool claims(const struct platform *p, uintptr_t running_at, unsigned part)
{
	const struct mem_bank *r = &p->defaults.ram[0];

	return running_at >= r->base && running_at - r->base < r->size &&
	       (!p->cpu_part || p->cpu_part == part);
}

const struct platform *platform_by_load(const struct platform *begin, const struct platform *end,
					uintptr_t running_at, unsigned cpu_part)
{
	const struct platform *named = NULL;

	for (const struct platform *p = begin; p < end; p++) {
		if (p->tree_only || !claims(p, running_at, cpu_part))
			continue; /* tree_only: its tree alone names it */
		if (!p->compatible)
			return p; /* make check-platforms: the only one without */
		named = p;
	}
	return named; /* or none, not the first platform: its console may be nothing here */
}

const struct platform *platform_tree_window(const struct platform *begin,
					    const struct platform *end, uintptr_t running_at,
					    unsigned cpu_part)
{
	for (const struct platform *p = begin; p < end; p++) {
		const struct mem_bank *r = &p->defaults.ram[0];
		uint64_t size = p->ram_window ? p->ram_window : r->size;

		if (p->tree_only && running_at >= r->base && running_at - r->base < size &&
		    (!p->cpu_part || p->cpu_part == cpu_part))
			return p;
	}
	return NULL;
}

/* The root's order decides, as Linux's of_flat_dt_match_machine prefers
 * the earliest string (drivers/of/fdt.c); no string is two platforms' (make
 * check-platforms). */
const struct platform *platform_by_root(const struct platform *begin, const struct platform *end,
					const struct fdt *f)
{
	int len = 0;
	const void *list = fdt_getprop(f, fdt_root(f), "compatible", &len);
	const char *s;
	size_t n;

	for (int i = 0; (s = fdt_stringlist_get(list, len, i, &n)) != NULL; i++)
		for (const struct platform *p = begin; p < end; p++)
			if (p->compatible && strlen(p->compatible) == n &&
			    !memcmp(p->compatible, s, n))
				return p;
	return NULL;
}

const struct platform *platform_identify(const struct platform *begin, const struct platform *end,
					 uintptr_t running_at, unsigned cpu_part,
					 const struct fdt *f, enum platform_by *by)
{
	const struct platform *p = platform_by_load(begin, end, running_at, cpu_part), *q;

	if (f && (q = platform_by_root(begin, end, f)) != NULL) {
		*by = PLATFORM_BY_COMPATIBLE;
		return q;
	}
	/* The tree names another board than the one the load address
	 * suggested (a Calxeda ECX-1000 has RAM at 0 and Cortex-A9s, as a
	 * Zynq-7000 does): none of that platform's devices is used. */
	if (f && p && p->compatible)
		p = NULL;
	*by = p ? PLATFORM_BY_LOAD : PLATFORM_UNCLAIMED;
	return p;
}
