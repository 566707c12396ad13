/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * host-figures-native: lib/figures' latency sweep and knee finder, the C the
 * image runs, built for the machine that runs make test and timed with its
 * clock (CLOCK_MONOTONIC in place of the generic counter). Its data caches,
 * as Linux reports them (Documentation/ABI/testing/sysfs-devices-system-cpu:
 * cpu0/cache/indexN/{level,type,size}), must each show as a knee within
 * FIG_TOL (one power-of-two step either way): real silicon's proof that the
 * finder finds caches, where QEMU has none.
 *
 * Required: each level cpu0 has to itself (shared_cpu_list "0"); a shared
 * level is reported only. A busy host (make test shares its cores): the whole sweep is run
 * FIG_NATIVE_REPS times and each point keeps its minimum, as lmbench does
 * (a load on the host only ever adds time). The sweep runs to 4 x the
 * largest cache, as the image's does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/figures/figures.h"

#define FIG_NATIVE_REPS 3
#define MIN_LOADS       (1u << 18)

static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

/* cpu0's data and unified caches, by level: sizes[level - 1]; *shared bit
 * level - 1 when its shared_cpu_list names another CPU than cpu0. */
static unsigned sysfs_caches(uint64_t *sizes, unsigned *shared)
{
	unsigned n = 0;

	for (unsigned i = 0; i < 8; i++) {
		char path[96], type[16] = "", size[16] = "";
		unsigned level = 0;
		FILE *f;

		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu0/cache/index%u/type", i);
		if (!(f = fopen(path, "r")))
			break;
		if (fscanf(f, "%15s", type) != 1)
			type[0] = 0;
		fclose(f);
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu0/cache/index%u/level", i);
		if ((f = fopen(path, "r"))) {
			if (fscanf(f, "%u", &level) != 1)
				level = 0;
			fclose(f);
		}
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu0/cache/index%u/size", i);
		if ((f = fopen(path, "r"))) {
			if (fscanf(f, "%15s", size) != 1)
				size[0] = 0;
			fclose(f);
		}
		if (strcmp(type, "Instruction") && level >= 1 && level <= 8 && level > n) {
			uint64_t b = strtoull(size, NULL, 10);
			char list[64] = "";

			snprintf(path, sizeof(path),
				 "/sys/devices/system/cpu/cpu0/cache/index%u/shared_cpu_list", i);
			if ((f = fopen(path, "r"))) {
				if (fscanf(f, "%63s", list) != 1)
					list[0] = 0;
				fclose(f);
			}
			if (list[0] && strcmp(list, "0"))
				*shared |= 1u << (level - 1);

			b *= strchr(size, 'M') ? 1024 * 1024 : strchr(size, 'K') ? 1024 : 1;
			sizes[level - 1] = b;
			n = level;
		}
	}
	return n;
}

/* The levels this CPU has to itself: those below the first shared one. */
static unsigned private_levels(unsigned nc, unsigned shared)
{
	while (nc > 1 && shared >> (nc - 1) & 1)
		nc--;
	return nc;
}

int main(void)
{
	uint64_t cache[8] = { 0 }, ws[FIG_MAX_POINTS], knee[FIG_MAX_KNEES];
	unsigned shared = 0, nc = sysfs_caches(cache, &shared), n, nk, missing, first;
	struct fig_point p[FIG_MAX_POINTS];
	bool short_ram;
	char out[1024], a[16];
	double t0 = now_ns();
	void *buf;
	uint32_t *order;

	for (unsigned i = 0; i < nc; i++)
		if (!cache[i]) {
			printf("host-figures-native: SKIP: cpu0 reports no level %u cache size\n",
			       i + 1);
			return 0;
		}
	if (!nc) {
		printf("host-figures-native: SKIP: no /sys/devices/system/cpu/cpu0/cache\n");
		return 0;
	}
	n = fig_sweep(cache, nc, 1ull << 30, true, ws, &short_ram);
	buf = aligned_alloc(4096, ws[n - 1]);
	order = malloc(ws[n - 1] / 4096 * sizeof(*order));
	if (!buf || !order) {
		printf("host-figures-native: FAIL: no %llu B buffer\n",
		       (unsigned long long)ws[n - 1]);
		return 1;
	}
	for (unsigned i = 0; i < n; i++)
		p[i] = (struct fig_point){ ws[i], 1e30 };
	/* A busy host (make test's other jobs) can blur a knee: up to three
	 * rounds of sweeps, each point the minimum over all of them so far. */
	for (unsigned round = 0; round < 3; round++) {
		for (unsigned r = 0; r < FIG_NATIVE_REPS; r++)
			for (unsigned i = 0; i < n; i++) {
				uint64_t loads = ws[i] / 64 > MIN_LOADS ? ws[i] / 64 : MIN_LOADS;
				void *q = fig_chain(buf, ws[i], 64, 4096, 0x9e3779b97f4a7c15ull + i,
						    order);
				double t;

				q = fig_chase(q, ws[i] / 64); /* warm: every line once */
				t = now_ns();
				q = fig_chase(q, loads);
				t = (now_ns() - t) / (double)loads;
				if (!q)
					return 2;
				if (t < p[i].ns)
					p[i].ns = t;
			}
		nk = fig_knees(p, n, knee, FIG_MAX_KNEES);
		if (!fig_compare(cache, private_levels(nc, shared), knee, nk, "sysfs", 0, out,
				 sizeof(out), &first))
			break;
		printf("host-figures-native: round %u: a private level not shown yet\n", round + 1);
	}
	for (unsigned i = 0; i < n; i++)
		printf("# csv: host,latency,%llu,%.2f\n", (unsigned long long)p[i].bytes, p[i].ns);
	fig_compare(cache, nc, knee, nk, "sysfs", shared, out, sizeof(out), &first);
	printf("%s", out);
	/* Required: the levels this CPU has to itself. A level shared with the
	 * other CPUs (L3 here) holds what make test's other jobs leave of it:
	 * from under 4 to 16 of 32 MiB on the test host, so it is reported,
	 * not required (docs/figures.md "On this machine"). */
	nc = private_levels(nc, shared);
	missing = fig_compare(cache, nc, knee, nk, "sysfs", 0, out, sizeof(out), &first);
	for (unsigned i = 0; i < nk; i++)
		printf("knee at %s\n", fig_size(knee[i], a));
	printf("host-figures-native: %u of %u private levels shown, min of %u sweeps to %s, %.1f "
	       "s\n",
	       nc - missing, nc, FIG_NATIVE_REPS, fig_size(ws[n - 1], a), (now_ns() - t0) / 1e9);
	if (missing)
		printf("host-figures-native: FAIL: L%u not shown by timing\n", first);
	free(order);
	free(buf);
	return missing ? 1 : 0;
}
