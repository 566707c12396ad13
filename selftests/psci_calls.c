/* SPDX-License-Identifier: BSD-2-Clause */
/* The psci self-tests' shared part: selftests/psci_calls.h. */
#include "selftests/psci_calls.h"

#include <inttypes.h>

#include "arch/sysreg.h"
#include "boot/boot.h"
#include "lib/selftest/selftest.h"

static enum psci_conduit conduit(void)
{
	return smp_init()->conduit;
}

long psci(uint32_t fn, uintptr_t a1, uintptr_t a2, uintptr_t a3)
{
	return psci_call(conduit(), fn, a1, a2, a3);
}

bool psci_skip_unless_v2(void)
{
	if (conduit() == PSCI_NONE)
		skip("no PSCI in the tree");
	else if (smp_init()->v01)
		skip("PSCI 0.1 (the tree's /psci is \"arm,psci\" alone): only its own function "
		     "IDs");
	else
		return false;
	return true;
}

bool psci_skip_below_1_0(const char *what)
{
	long v;

	if (psci_skip_unless_v2())
		return true;
	v = psci(PSCI_VERSION, 0, 0, 0);
	if (v >= 0 && PSCI_VERSION_MAJOR(v) >= 1)
		return false;
	skip("PSCI %ld.%ld: %s is asked of PSCI 1.0 or later only",
	     v < 0 ? 0 : (long)PSCI_VERSION_MAJOR(v), v < 0 ? 0 : (long)PSCI_VERSION_MINOR(v),
	     what);
	return true;
}

void psci_pause_ms(unsigned ms)
{
	uint32_t never = 0;

	smp_wait_eq(&never, 1, ms);
}

int psci_secondary(void)
{
	const struct smp_info *s = smp_init();
	int found = -1;

	for (unsigned i = 0; i < s->ncpu; i++)
		if (!s->cpu[i].is_boot && s->cpu[i].dt.start == &start_method_psci &&
		    s->cpu[i].state == SMP_ONLINE)
			found = (int)i;
	return found;
}

long psci_wait_aff(unsigned cpu, long want)
{
	long r = -1;

	for (unsigned ms = 0, n = boot_wait_ms(PSCI_OFF_WAIT_MS); ms < n; ms++) {
		r = psci(PSCI_AFFINITY_INFO, (uintptr_t)smp_init()->cpu[cpu].dt.mpidr, 0, 0);
		if (r == want)
			break;
		psci_pause_ms(1);
	}
	return r;
}

/* What the CPU reads as itself, read there now (not the value recorded
 * when it came up), with a flag: an MPIDR of 0 is a real CPU's. */
struct seen {
	uint64_t mpidr;
	bool ran;
};

static void note_mpidr(struct smp_cpu *self, void *arg)
{
	struct seen *n = arg;

	(void)self;
	n->mpidr = this_cpu_mpidr();
	n->ran = true;
}

bool psci_back(unsigned cpu)
{
	const struct smp_cpu *c = &smp_init()->cpu[cpu];
	struct seen seen = { ~0ull, false };
	long r = psci(PSCI_AFFINITY_INFO, (uintptr_t)c->dt.mpidr, 0, 0);
	bool ok = expect(r == PSCI_AFF_ON, "cpu%u back: AFFINITY_INFO %ld, not ON", cpu, r);

	ok &= expect(smp_run(smp_mask_of(cpu), note_mpidr, &seen) == 0 && seen.ran &&
			     mpidr_affinity(seen.mpidr) == c->dt.mpidr,
		     "cpu%u back: %s", cpu,
		     seen.ran ? "work ran as another MPIDR" : "its work did not run");
	if (seen.ran && mpidr_affinity(seen.mpidr) != c->dt.mpidr)
		diag("cpu%u back: work ran as MPIDR 0x%" PRIx64 ", the tree lists 0x%" PRIx64, cpu,
		     seen.mpidr, c->dt.mpidr);
	return ok;
}
