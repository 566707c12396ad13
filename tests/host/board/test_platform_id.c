/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * platform-id: the platform identification rule (board/platform_id.c) over
 * a corpus of real trees (file names on stdin: Debian's, build/dtbs, and
 * ours). No tree but QEMU's own virt tree (root compatible linux,dummy-virt)
 * may be identified as qemu-virt: not by its compatible, and not by RAM
 * base + CPU part, at any load address a platform's RAM default or the
 * tree's own memory suggests, on any of the CPUs below. An i.MX8M, an
 * Allwinner A64 or a Rockchip board with RAM at 0x40000000 must find no
 * platform of QEMU's, and write nothing where QEMU's PL011 is. And QEMU's
 * own trees (ours, copies of it, in the corpus) must be found by it.
 * Where a tree is looked for without one in a register (platform_tree_window):
 * TF-A's qemu port enters BL33 at 0x60000000 with none, past virt's 128 MiB
 * default, so virt's RAM window must hold that address on every CPU, and no
 * platform but a tree_only one, which the tree found must still name, may
 * be returned. Trees under arm64/ are tried with the aarch64 image's platforms, under
 * armhf/ the armv7 image's, others with both. Prints one FAIL line per
 * tree taken for qemu-virt wrongly, and a summary of what the corpus
 * identifies; exit 1 on any failure.
 */
#include <stdlib.h>
#include <string.h>

#include "board/platform_id.h"
#include "lib/fdt/fdt_addr.h"
#include "tests/host/common/check.h"
#include "tests/host/common/platform_sections.h"
#include "tests/host/common/testutil.h"

CHECK_COUNTERS;

#define MAX_PLATFORMS 32
struct image {
	const char *arch, *dir; /* dir: the corpus's folder of this arch's trees */
	struct platform p[MAX_PLATFORMS];
	unsigned n;
	unsigned parts[8]; /* CPUs of this architecture, MIDR part numbers */
};
static struct image images[2] = {
	{ "aarch64", "/arm64/", { { 0 } }, 0, { 0xd03, 0xd04, 0xd05, 0xd08, 0xd0b, 0xd40 } },
	{ "armv7", "/armhf/", { { 0 } }, 0, { 0xc07, 0xc09, 0xc0f, 0xc08, 0xc0d, 0xc05 } },
};

/* An image's platforms as one array (the two sections that name its
 * architecture, as its linker script places them side by side). */
static void collect(struct image *im, const struct platform *a, const struct platform *ae,
		    const struct platform *b, const struct platform *be)
{
	for (const struct platform *p = a; p && p < ae; p++)
		im->p[im->n++] = *p;
	for (const struct platform *p = b; p && p < be; p++)
		im->p[im->n++] = *p;
}

/* The root's compatible list holds s. */
static bool root_has(const struct fdt *f, const char *s)
{
	int len = 0;
	const void *list = fdt_getprop(f, fdt_root(f), "compatible", &len);
	const char *e;
	size_t n;

	for (int i = 0; (e = fdt_stringlist_get(list, len, i, &n)) != NULL; i++)
		if (n == strlen(s) && !memcmp(e, s, n))
			return true;
	return false;
}

/* Load addresses to try: 512 KiB into each platform's RAM default, and
 * into each RAM bank the tree names (memory nodes, root children). */
static unsigned load_addresses(const struct image *im, const struct fdt *f, uint64_t *at,
			       unsigned max)
{
	unsigned n = 0;
	const char *dt;

	for (unsigned i = 0; i < im->n && n < max; i++)
		if (im->p[i].defaults.ram[0].size)
			at[n++] = im->p[i].defaults.ram[0].base + 0x80000;
	for (int c = fdt_first_child(f, fdt_root(f)); c >= 0 && n < max;
	     c = fdt_next_sibling(f, c)) {
		uint64_t base, size;
		if ((fdt_prop_string(f, c, "device_type", &dt) != FDT_OK ||
		     strcmp(dt, "memory") != 0) &&
		    strncmp(fdt_node_name(f, c), "memory", 6) != 0)
			continue;
		for (unsigned k = 0; n < max && fdt_node_reg(f, c, k, &base, &size) == FDT_OK; k++)
			at[n++] = base + 0x80000;
	}
	return n;
}

static unsigned trees, virt_own, claimed_load, claimed_compat;

static void one_tree(const char *file, const uint8_t *blob, size_t len)
{
	struct fdt f;
	uint64_t at[48];

	if (fdt_open(&f, blob, len) != FDT_OK)
		return; /* host-fdt-corpus names refused trees */
	trees++;
	bool qemu = root_has(&f, "linux,dummy-virt"), seen_load = false, seen_compat = false;
	virt_own += qemu;
	for (unsigned i = 0; i < 2; i++) {
		const struct image *im = &images[i];
		if (strstr(file, images[1 - i].dir))
			continue; /* the other architecture's tree */
		unsigned nat = load_addresses(im, &f, at, sizeof at / sizeof at[0]);
		for (unsigned a = 0; a < nat; a++)
			for (unsigned c = 0; c < 8 && im->parts[c]; c++) {
				enum platform_by by;
				const struct platform *p =
					platform_identify(im->p, im->p + im->n, (uintptr_t)at[a],
							  im->parts[c], &f, &by);
				seen_load |= by == PLATFORM_BY_LOAD;
				seen_compat |= by == PLATFORM_BY_COMPATIBLE;
				bool virt = p && !strcmp(p->name, "qemu-virt");
				if (virt != qemu || (virt && by != PLATFORM_BY_COMPATIBLE))
					CHECK(false,
					      "%s: %s at 0x%llx on CPU part 0x%x: %s (%s), root %s "
					      "linux,dummy-virt",
					      file, im->arch, (unsigned long long)at[a],
					      im->parts[c], p ? p->name : "no platform",
					      by == PLATFORM_BY_LOAD ? "by RAM base + CPU part"
					      : by == PLATFORM_BY_COMPATIBLE ? "by compatible"
									     : "unclaimed",
					      qemu ? "lists" : "does not list");
			}
	}
	claimed_load += seen_load;
	claimed_compat += seen_compat;
}

int main(void)
{
	char file[4096];

	collect(&images[0], __start_platforms_aarch64, __stop_platforms_aarch64,
		__start_platforms_aarch64_armv7, __stop_platforms_aarch64_armv7);
	collect(&images[1], __start_platforms_armv7, __stop_platforms_armv7,
		__start_platforms_aarch64_armv7, __stop_platforms_aarch64_armv7);
	for (unsigned i = 0; i < 2; i++)
		for (unsigned c = 0; c < 8 && images[i].parts[c]; c++) {
			const struct image *im = &images[i];
			const struct platform *w = platform_tree_window(
				im->p, im->p + im->n, (uintptr_t)0x60000000, im->parts[c]);
			CHECK(w && !strcmp(w->name, "qemu-virt") && w->tree_only,
			      "%s on CPU part 0x%x: an image at 0x60000000 (TF-A's BL33) looks "
			      "for a tree in %s's window, not qemu-virt's",
			      im->arch, im->parts[c], w ? w->name : "no platform");
			CHECK(!platform_tree_window(im->p, im->p + im->n, (uintptr_t)0x3ff00000,
						    im->parts[c]),
			      "%s: an image below virt's RAM looks for virt's tree", im->arch);
		}
	while (fgets(file, sizeof file, stdin)) {
		size_t len;
		file[strcspn(file, "\n")] = 0;
		uint8_t *b = load_file(file, &len);
		if (!CHECK(b != NULL, "cannot read %s", file))
			continue;
		one_tree(file, b, len);
		free(b);
	}
	CHECK(trees > 0 && virt_own > 0, "%u trees, %u of QEMU's virt: nothing to check", trees,
	      virt_own);
	printf("platform-id: %u trees; qemu-virt found for the %u that are QEMU's virt, by their "
	       "root compatible, and for no other; %u identified by compatible, %u by RAM base "
	       "(+ CPU part) at some load address\n",
	       trees, virt_own, claimed_compat, claimed_load);
	return check_report("platform-id");
}
