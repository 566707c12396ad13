/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Host check of the platforms (platforms/<name>.c, board/platform.h): the
 * order of an image's platform section must decide nothing, because the
 * build takes every file there and links them in name order. So, for each
 * architecture, over the platforms whose PLATFORM(...) names it:
 *   - two platforms that could both claim one load address on one CPU (RAM
 *     defaults that overlap, CPU parts that are equal or 0 for any) must
 *     differ in whether a tree can name them (`compatible`), which is how
 *     board/discover.c choose_platform() tells them apart;
 *   - no `compatible` string is two platforms' (platform_by_compatible()
 *     goes by the root's order, then would go by the section's);
 *   - a platform identified by its tree alone (tree_only) claims no load
 *     address, and names a compatible (else nothing could identify it).
 * Prints each architecture's platforms by name, sorted.
 */
#include <stdlib.h>
#include <string.h>

#include "board/platform.h"
#include "tests/host/common/check.h"
#include "tests/host/common/platform_sections.h"

CHECK_COUNTERS;

struct range {
	const struct platform *start, *stop;
};
static const struct {
	const char *arch;
	struct range in[2];
} archs[] = {
	{ "aarch64",
	  { { __start_platforms_aarch64, __stop_platforms_aarch64 },
	    { __start_platforms_aarch64_armv7, __stop_platforms_aarch64_armv7 } } },
	{ "armv7",
	  { { __start_platforms_armv7, __stop_platforms_armv7 },
	    { __start_platforms_aarch64_armv7, __stop_platforms_aarch64_armv7 } } },
};

#define MAX_PLATFORMS 64
static const struct platform *list[MAX_PLATFORMS];
static unsigned n;

static int by_name(const void *a, const void *b)
{
	return strcmp((*(const struct platform *const *)a)->name,
		      (*(const struct platform *const *)b)->name);
}

/* Whether p and q could both claim one load address on one CPU (one
 * identified by its tree alone claims none). */
static bool claims_overlap(const struct platform *p, const struct platform *q)
{
	const struct mem_bank *a = &p->defaults.ram[0], *b = &q->defaults.ram[0];

	if (p->tree_only || q->tree_only || !a->size || !b->size || a->base >= b->base + b->size ||
	    b->base >= a->base + a->size)
		return false;
	return !p->cpu_part || !q->cpu_part || p->cpu_part == q->cpu_part;
}

/* p and q, both for arch: refused if the section's order would choose. */
static void check_pair(const char *arch, const struct platform *p, const struct platform *q)
{
	uint64_t at = p->defaults.ram[0].base > q->defaults.ram[0].base ? p->defaults.ram[0].base
									: q->defaults.ram[0].base;

	CHECK(!claims_overlap(p, q) || !p->compatible != !q->compatible,
	      "%s: %s and %s both claim 0x%llx on %s, and a tree can name %s: the section's "
	      "order would choose",
	      arch, p->name, q->name, (unsigned long long)at,
	      p->cpu_part && q->cpu_part ? "the same CPU" : "any CPU",
	      p->compatible ? "both" : "neither");
	if (p->compatible && q->compatible)
		CHECK(strcmp(p->compatible, q->compatible) != 0,
		      "%s: %s and %s both name \"%s\": the section's order would choose", arch,
		      p->name, q->name, p->compatible);
}

static void check_arch(unsigned ai)
{
	const char *arch = archs[ai].arch;

	n = 0;
	for (unsigned s = 0; s < 2; s++) {
		const struct range *r = &archs[ai].in[s];
		for (const struct platform *p = r->start; p < r->stop; p++)
			if (CHECK(n < MAX_PLATFORMS, "more than %u platforms", MAX_PLATFORMS))
				list[n++] = p;
	}
	for (unsigned i = 0; i < n; i++) {
		if (!CHECK(list[i]->name, "%s: a platform without a name", arch))
			return;
		CHECK(!list[i]->tree_only || list[i]->compatible,
		      "%s: %s is identified by its tree only but names no compatible: never", arch,
		      list[i]->name);
	}
	qsort(list, n, sizeof list[0], by_name);
	for (unsigned i = 0; i < n; i++)
		for (unsigned j = i + 1; j < n; j++)
			check_pair(arch, list[i], list[j]);
	printf("platforms %s:", arch);
	for (unsigned i = 0; i < n; i++)
		printf(" %s", list[i]->name);
	printf("\n");
}

int main(void)
{
	for (unsigned a = 0; a < sizeof archs / sizeof archs[0]; a++)
		check_arch(a);
	return check_report("check-platforms");
}
