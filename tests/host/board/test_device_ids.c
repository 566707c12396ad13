/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * board/device_ids.c: the verdict on ID registers read back (the values
 * QEMU's and Arm's parts give, and the wrong parts a moved node meets), the
 * walk over Debian's Versatile Express A9 and Raspberry Pi 3 trees (the
 * nodes found, arm,primecell-periphid honoured), and over the whole corpus:
 * how many trees name a device bringup can check, a PMU and a watchdog.
 * The build with -DDEVID_MUTANT_ANY_PART (the part number not compared)
 * must fail.
 *
 * usage: test_device_ids VEXPRESS-CA9.dtb RPI3B.dtb [CORPUS.dtb...]
 */
#include <stdlib.h>
#include <string.h>

#include "board/device_ids.h"
#include "tests/host/common/testutil.h"

CHECK_COUNTERS;

static const struct devid_type *type_named(const char *compat)
{
	const struct devid_type *t = devid_type_named(compat, strlen(compat));

	if (!t) {
		fprintf(stderr, "no type %s\n", compat);
		exit(2);
	}
	return t;
}

static void judge(const char *compat, const uint32_t *v, bool want, const char *text)
{
	uint32_t regs[DEVID_MAX_REGS] = { 0 };
	char why[128];
	bool got;

	memcpy(regs, v, sizeof regs);
	got = devid_judge(type_named(compat), regs, why, sizeof why);
	CHECK(got == want && strstr(why, text), "%s: %s (want %s, \"%s\")", compat, why,
	      want ? "a match" : "a refusal", text);
}

static void verdicts(void)
{
	/* PL031 and PL061 as QEMU 7.2 gives them (hw/rtc/pl031.c, hw/gpio/pl061.c) */
	static const uint32_t pl031[8] = { 0x31, 0x10, 0x04, 0x00, 0x0d, 0xf0, 0x05, 0xb1 };
	static const uint32_t pl061[8] = { 0x61, 0x10, 0x04, 0x00, 0x0d, 0xf0, 0x05, 0xb1 };
	static const uint32_t zero[8] = { 0 };

	judge("arm,pl031", pl031, true, "part 0x031 revision 0");
	judge("arm,pl031", pl061, false, "part 0x061 designer 0x41, expected 0x031 designer 0x41");
	judge("arm,pl031", zero, false, "CellID 00 00 00 00, not a PrimeCell's");
	judge("arm,gic-400", (const uint32_t[8]){ 0x0200143b, 0x2b }, true, "revision 2");
	judge("arm,gic-400", (const uint32_t[8]){ 0x0200143b, 0x3b }, false, "expected 1 or 2");
	judge("arm,gic-v3", (const uint32_t[8]){ 0x0300043b, 0x3b }, true, "revision 3");
	judge("arm,gic-v3", (const uint32_t[8]){ 0, 0 }, false, "revision 0, expected 3 or 4");
	/* L2C-310 r3p2 (DDI 0246H: Cache ID 0x410000c8) and an L2C-220's part 2 */
	judge("arm,pl310-cache", (const uint32_t[8]){ 0x410000c8 }, true, "0x410000c8");
	judge("arm,pl310-cache", (const uint32_t[8]){ 0x41000084 }, false, "part 2, expected");
	judge("virtio,mmio", (const uint32_t[8]){ 0x74726976, 2, 0 }, true, "version 2, device 0");
	judge("virtio,mmio", (const uint32_t[8]){ 0x74726976, 3, 0 }, false, "version 1 or 2");
	judge("snps,dw-apb-uart", (const uint32_t[8]){ 0x3430322a }, true, "version 4.02");
	judge("snps,dw-apb-uart", (const uint32_t[8]){ 0 }, true, "without a version register");
	judge("snps,dw-apb-uart", (const uint32_t[8]){ 0xffffffff }, false,
	      "not a component version");
}

struct found {
	unsigned nodes, given, pd;
	char names[512];
};

static void walk(const char *path, struct found *out)
{
	size_t n;
	uint8_t *blob = load_file(path, &n);
	struct devid_node d;
	struct fdt f;

	memset(out, 0, sizeof *out);
	if (!blob || fdt_open(&f, blob, n) != FDT_OK) {
		free(blob);
		return;
	}
	for (int node = fdt_devid_next(&f, -1, &d); node >= 0;
	     node = fdt_devid_next(&f, node, &d)) {
		char why[128];

		out->nodes++;
		out->pd += d.power_domain;
		if (d.id_given && devid_judge_given(d.type, d.id, why, sizeof why))
			out->given++;
		if (strlen(out->names) + strlen(d.type->name) + 2 < sizeof out->names)
			strcat(strcat(out->names, d.type->name), " ");
	}
	free(blob);
}

/* Whether an enabled node's compatible holds a string starting with prefix
 * and containing part. */
static bool names_node(const char *path, const char *prefix, const char *part)
{
	size_t n;
	uint8_t *blob = load_file(path, &n);
	struct fdt f;
	bool hit = false;
	int depth = 0;

	if (blob && fdt_open(&f, blob, n) == FDT_OK)
		for (int node = fdt_next_node(&f, -1, &depth); node >= 0 && !hit;
		     node = fdt_next_node(&f, node, &depth)) {
			int len;
			const char *c = fdt_getprop(&f, node, "compatible", &len);

			for (int i = 0; c && i < len && !hit; i += (int)strnlen(c + i, len - i) + 1)
				hit = !strncmp(c + i, prefix, strlen(prefix)) &&
				      strstr(c + i, part) && fdt_node_is_enabled(&f, node);
		}
	free(blob);
	return hit;
}

int main(int argc, char **argv)
{
	struct found v;
	unsigned trees = 0, with_dev = 0, with_pmu = 0, with_wdt = 0, nodes = 0;

	if (argc < 3) {
		fprintf(stderr, "usage: %s VEXPRESS-CA9.dtb RPI3B.dtb [CORPUS.dtb...]\n", argv[0]);
		return 2;
	}
	verdicts();
	walk(argv[1], &v);
	CHECK(v.nodes == 11 && !strcmp(v.names, "PL011 PL011 PL011 PL011 SP805 SP804 SP804 PL031 "
						"SP805 GICv1/v2 L2C-310 "),
	      "%s: %u nodes: %s", argv[1], v.nodes, v.names);
	walk(argv[2], &v);
	CHECK(v.given == 1, "%s: arm,primecell-periphid of the PL011 taken (%u given): %s", argv[2],
	      v.given, v.names);
	for (int i = 3; i < argc; i++) {
		walk(argv[i], &v);
		trees++;
		nodes += v.nodes;
		with_dev += v.nodes > 0;
		with_pmu += names_node(argv[i], "arm,", "pmu"); /* Arm's PMU bindings */
		with_wdt += names_node(argv[i], "", "wdt") || names_node(argv[i], "", "watchdog");
	}
	if (trees) {
		printf("corpus: %u of %u trees name a device bringup checks by its ID registers "
		       "(%u "
		       "nodes); %u name a PMU, %u a watchdog\n",
		       with_dev, trees, nodes, with_pmu, with_wdt);
		CHECK(with_dev > trees / 2 && with_pmu > 0 && with_wdt > 0,
		      "the corpus's counts are implausible");
	}
	return check_report("host-device-ids");
}
