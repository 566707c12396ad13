/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * psci: the firmware's PSCI against the spec (DEN0022), as kvm-unit-tests'
 * arm/psci.c and TF-A's tftf check it: PSCI_VERSION, PSCI_FEATURES,
 * AFFINITY_INFO of CPUs on and off, CPU_ON of a CPU that is on
 * (ALREADY_ON) and of an MPIDR no CPU has (INVALID_PARAMETERS), and a
 * hot-plug cycle: CPU_OFF after the CPU cleaned its own caches to LoUIS,
 * then CPU_ON again and work on it. Skipped where the tree names no PSCI.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "arch/psci.h"
#include "board/cpus.h"
#include "boot/boot.h"
#include "lib/selftest/selftest.h"
#include "selftests/psci_calls.h"
#include "smp/smp.h"

SELFTEST(psci, version)
{
	long v;

	if (psci_skip_unless_v2())
		return;
	v = psci(PSCI_VERSION, 0, 0, 0);
	if (!expect(v >= 0, "PSCI_VERSION: %ld %s", v, psci_strerror(v)))
		return;
	diag("PSCI %" PRIu32 ".%" PRIu32 " through %s", PSCI_VERSION_MAJOR(v),
	     PSCI_VERSION_MINOR(v), psci_conduit_name(smp_init()->conduit));
	/* PSCI_VERSION exists from 0.2 on: 0.1 has no function IDs to ask. */
	expect(PSCI_VERSION_MAJOR(v) >= 1 || PSCI_VERSION_MINOR(v) >= 2,
	       "version 0x%lx: below 0.2, which introduced PSCI_VERSION", (unsigned long)v);
}

SELFTEST(psci, features)
{
	/* Every function DEN0022 marks mandatory (its "Function list"). */
	static const uint32_t must[] = { PSCI_VERSION,      PSCI_CPU_SUSPEND,   PSCI_CPU_OFF,
					 PSCI_CPU_ON,       PSCI_AFFINITY_INFO, PSCI_SYSTEM_OFF,
					 PSCI_SYSTEM_RESET, PSCI_FEATURES };
	long r;

	if (psci_skip_below_1_0("PSCI_FEATURES"))
		return;
	for (unsigned i = 0; i < sizeof(must) / sizeof(must[0]); i++) {
		r = psci(PSCI_FEATURES, must[i], 0, 0);
		expect(r >= 0, "PSCI_FEATURES(0x%08" PRIx32 "): %ld %s", must[i], r,
		       psci_strerror(r));
	}
	/* 0x8400001f: in the PSCI range (0x84000000-0x8400001F), assigned to nothing */
	r = psci(PSCI_FEATURES, 0x8400001fu, 0, 0);
	expect(r == PSCI_RET_NOT_SUPPORTED, "PSCI_FEATURES(unassigned 0x8400001f): %ld, not %d", r,
	       PSCI_RET_NOT_SUPPORTED);
}

SELFTEST(psci, affinity_info)
{
	const struct smp_info *s = smp_init();
	unsigned n = 0;

	if (psci_skip_unless_v2())
		return;
	for (unsigned i = 0; i < s->ncpu; i++) {
		const struct smp_cpu *c = &s->cpu[i];
		long r;

		if (c->state != SMP_ONLINE)
			continue;
		r = psci(PSCI_AFFINITY_INFO, (uintptr_t)c->dt.mpidr, 0, 0);
		expect(r == PSCI_AFF_ON, "AFFINITY_INFO(cpu%u, MPIDR 0x%" PRIx64 "): %ld, not ON",
		       i, c->dt.mpidr, r);
		n++;
	}
	diag("AFFINITY_INFO: %u online CPUs ON", n);
}

/* An affinity no CPU of the tree has (all of them, not only the ones
 * bringup handles): Aff2.Aff1.Aff0 = 254.254.k for the first free k. */
static uint64_t unused_mpidr(void)
{
	struct board_cpu *list = calloc(64, sizeof(*list));
	uint64_t m = 0xfefe00;
	unsigned n = 0;

	if (list && boot.hw.dtb)
		board_read_cpus((const void *)boot.hw.dtb, boot.hw.dtb_size, list, 64, &n);
	for (bool taken = true; taken && m < 0xfeff00; m += taken) {
		taken = false;
		for (unsigned i = 0; i < n && i < 64; i++)
			taken |= list[i].mpidr == m;
	}
	free(list);
	return m;
}

SELFTEST(psci, cpu_on_errors)
{
	const struct smp_info *s = smp_init();
	uint64_t bad = unused_mpidr();
	int sec = psci_secondary();
	long r;

	/* CPU_ON of a CPU that is on is only asked of a firmware that says
	 * PSCI 1.0 or later: a minimal one may not guard it (U-Boot's sunxi
	 * PSCI, arch/arm/cpu/armv7/sunxi/psci.c, resets the target core
	 * without checking it is off, which would take the running CPU down). */
	if (psci_skip_below_1_0("CPU_ON of an online CPU"))
		return;
	/* The boot CPU is on: CPU_ON of it is ALREADY_ON (DEN0022 CPU_ON). */
	r = psci(PSCI_CPU_ON, (uintptr_t)s->cpu[s->boot].dt.mpidr, (uintptr_t)secondary_entry, 0);
	expect(r == PSCI_RET_ALREADY_ON, "CPU_ON(boot CPU): %ld %s, not ALREADY_ON", r,
	       psci_strerror(r));
	if (sec >= 0) {
		r = psci(PSCI_CPU_ON, (uintptr_t)s->cpu[sec].dt.mpidr, (uintptr_t)secondary_entry,
			 0);
		expect(r == PSCI_RET_ALREADY_ON, "CPU_ON(cpu%d, online): %ld %s, not ALREADY_ON",
		       sec, r, psci_strerror(r));
	}
	r = psci(PSCI_CPU_ON, (uintptr_t)bad, (uintptr_t)secondary_entry, 0);
	expect(r == PSCI_RET_INVALID_PARAMETERS, "CPU_ON(MPIDR 0x%" PRIx64 ", no such CPU): %ld %s",
	       bad, r, psci_strerror(r));
	r = psci(PSCI_AFFINITY_INFO, (uintptr_t)bad, 0, 0);
	expect(r == PSCI_RET_INVALID_PARAMETERS,
	       "AFFINITY_INFO(MPIDR 0x%" PRIx64 ", no such CPU): %ld %s", bad, r, psci_strerror(r));
}

SELFTEST(psci, hotplug)
{
	int sec = psci_secondary();
	long r;

	if (psci_skip_unless_v2())
		return;
	if (sec < 0) {
		skip("no secondary CPU online through PSCI");
		return;
	}
	if (!expect(smp_cpu_off((unsigned)sec) == 0, "cpu%d: no CPU_OFF asked", sec))
		return;
	r = psci_wait_aff((unsigned)sec, PSCI_AFF_OFF);
	if (!expect(r == PSCI_AFF_OFF, "cpu%d after CPU_OFF: AFFINITY_INFO %ld, not OFF", sec, r))
		return;
	diag("cpu%d: cleaned its caches to LoUIS, CPU_OFF; AFFINITY_INFO OFF", sec);
	r = smp_cpu_on((unsigned)sec);
	if (!expect(r == 0, "cpu%d: CPU_ON again: %s", sec, smp_on_strerror(r)))
		return;
	if (psci_back((unsigned)sec))
		diag("cpu%d: CPU_ON again, online, runs work", sec);
}
