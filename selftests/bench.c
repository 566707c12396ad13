/* SPDX-License-Identifier: BSD-2-Clause */
/* Benchmark plumbing: see selftests/bench.h. */
#include "selftests/bench.h"

#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "front/bench_select.h"

uint64_t bench_overhead;

bool bench_enabled(const char **why)
{
	return bench_enabled_for(NULL, why);
}

bool bench_enabled_for(const char *name, const char **why)
{
	uint64_t a, b;

	if (!bench_selected(name)) {
		*why = "benchmark: run with bench=1 (make bench)";
		return false;
	}
	if (!arch_inst_retired(&a)) {
		*why = "benchmark: this CPU has no PMU";
		return false;
	}
	bench_overhead = UINT64_MAX;
	for (int i = 0; i < 4; i++) {
		arch_inst_retired(&a);
		arch_inst_retired(&b);
		if (b - a < bench_overhead)
			bench_overhead = b - a;
	}
	if (!bench_overhead) {
		*why = "benchmark: the PMU counts nothing (QEMU without -icount, or Secure state)";
		return false;
	}
	return true;
}

const char *bench_cpu_name(void)
{
	static char buf[24];
	unsigned midr = arch_cpu_id(), impl = midr >> 24, part = (midr >> 4) & 0xfff;
	static const struct {
		unsigned impl, part;
		const char *name;
	} known[] = {
		{ 0x41, 0xd03, "cortex-a53" }, { 0x41, 0xd07, "cortex-a57" },
		{ 0x41, 0xd08, "cortex-a72" }, { 0x41, 0xd04, "cortex-a35" },
		{ 0x41, 0xd05, "cortex-a55" }, { 0x41, 0xd0b, "cortex-a76" },
		{ 0x41, 0xc0f, "cortex-a15" }, { 0x41, 0xc09, "cortex-a9" },
		{ 0x41, 0xc08, "cortex-a8" },  { 0x41, 0xc07, "cortex-a7" },
		{ 0x46, 0x001, "a64fx" },      { 0x00, 0x051, "max" }, /* QEMU's own */
	};

	for (unsigned i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (known[i].impl == impl && known[i].part == part)
			return known[i].name;
	snprintf(buf, sizeof(buf), "midr-%08x", midr);
	return buf;
}
