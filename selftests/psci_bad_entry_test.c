/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * psci: CPU_ON with an entry point outside RAM, and a misaligned one. DEN0022
 * ("CPU_ON") returns INVALID_ADDRESS for an address the firmware knows to be
 * invalid (TF-A checks the Non-secure entry against its DRAM:
 * plat_validate_ns_entrypoint); a firmware that checks nothing may return
 * SUCCESS, and the CPU is then lost until reset. So this file runs last.
 *
 * The address outside RAM is 1 << 52 on AArch64: above every physical
 * address size (ID_AA64MMFR0_EL1.PARange is at most 52 bits), so a CPU that
 * is started there takes an address size fault before any access reaches a
 * bus: no device is touched. ARMv7 has no such address (any 32-bit address
 * may decode to a device), so it is not offered there. A misaligned entry is
 * offered only to a firmware that refused the first (one that checks
 * addresses): started at one, the CPU faults with an UNKNOWN vector base.
 *
 * Asked for only (psci_bad_entry=on): a lost CPU takes exceptions forever,
 * and under QEMU's -icount, where the vCPUs take turns by instructions
 * retired, one that loops on a fault retires none and never yields its
 * turn: the whole machine stops (seen on virt -smp 2).
 */
#include <inttypes.h>

#include "front/options.h"
#include "lib/selftest/selftest.h"
#include "selftests/psci_calls.h"

static const long allowed[] = { PSCI_RET_SUCCESS, PSCI_RET_INVALID_ADDRESS,
				PSCI_RET_INVALID_PARAMETERS };

/* CPU_ON(cpu, entry): true if it was refused (the CPU is still OFF). A
 * SUCCESS is reported by the caller, which knows what the firmware checked. */
static bool offer(unsigned cpu, uintptr_t entry, const char *what)
{
	const struct smp_cpu *c = &smp_init()->cpu[cpu];
	long r = psci(PSCI_CPU_ON, (uintptr_t)c->dt.mpidr, entry, (uintptr_t)c);
	bool known = false;

	for (unsigned i = 0; i < sizeof(allowed) / sizeof(allowed[0]); i++)
		known |= r == allowed[i];
	expect(known, "CPU_ON(cpu%u, %s 0x%" PRIxPTR "): %ld %s, not a code DEN0022 gives", cpu,
	       what, entry, r, psci_strerror(r));
	if (r == PSCI_RET_SUCCESS)
		return false;
	diag("CPU_ON(cpu%u, %s 0x%" PRIxPTR "): %s", cpu, what, entry, psci_strerror(r));
	expect(psci_wait_aff(cpu, PSCI_AFF_OFF) == PSCI_AFF_OFF, "cpu%u refused, but not OFF", cpu);
	return true;
}

/* What the answers show the firmware checks of an entry address: its range
 * (refused 1 << 52), its alignment (refused a misaligned one in RAM), or
 * neither; asked in that order, a SUCCESS ends the asking (the CPU is lost). */
static bool offer_both(unsigned t)
{
	uintptr_t far = (uintptr_t)(UINT64_C(1) << 52), odd = (uintptr_t)secondary_entry + 2;

	if (!offer(t, far, "outside RAM")) {
		diag("CPU_ON(cpu%u, outside RAM 0x%" PRIxPTR "): SUCCESS: this firmware checks "
		     "neither the entry's range nor (so not asked) its alignment (DEN0022 allows "
		     "it); cpu%u is lost until reset",
		     t, far, t);
		return false;
	}
	if (!offer(t, odd, "misaligned")) {
		diag("CPU_ON(cpu%u, misaligned 0x%" PRIxPTR "): SUCCESS: this firmware checks the "
		     "entry's range, not its alignment (DEN0022 allows it); cpu%u is lost until "
		     "reset",
		     t, odd, t);
		return false;
	}
	diag("entry checks: this firmware refused both: it checks the entry's range and its "
	     "alignment");
	return true;
}

SELFTEST(psci, cpu_on_bad_entry)
{
	int t = psci_secondary();

	if (!option_is("psci_bad_entry", "on")) {
		skip("give psci_bad_entry=on: a firmware that checks no entry loses the CPU");
		return;
	}
	if (psci_skip_below_1_0("CPU_ON with an invalid entry"))
		return;
	if (sizeof(uintptr_t) < 8) {
		skip("no address is outside RAM and every device on a 32-bit bus");
		return;
	}
	if (t < 0) {
		skip("no secondary CPU online through PSCI");
		return;
	}
	if (!expect(smp_cpu_off((unsigned)t) == 0 &&
			    psci_wait_aff((unsigned)t, PSCI_AFF_OFF) == PSCI_AFF_OFF,
		    "cpu%d did not go OFF", t))
		return;
	if (offer_both((unsigned)t)) {
		long r = smp_cpu_on((unsigned)t);

		if (expect(r == 0, "cpu%d: CPU_ON after the refusals: %s", t, smp_on_strerror(r)))
			psci_back((unsigned)t);
	}
}
