/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * psci, on several CPUs at once, as TF-A's tftf
 * (tftf/tests/runtime_services/standard_service/psci/) and kvm-unit-tests'
 * arm/psci.c check it: the context ID CPU_ON passes arriving in x0 / r0;
 * every secondary calling CPU_OFF at once, each then OFF, none returning;
 * CPU_ON of one CPU from every other CPU at once (exactly one SUCCESS, the
 * rest ALREADY_ON or ON_PENDING); N CPU_OFF / CPU_ON cycles per CPU
 * (psci_cycles=N); MIGRATE_INFO_TYPE; an unassigned function ID; and
 * AFFINITY_INFO of a CPU the tree lists but bringup never started.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "boot/boot.h"
#include "front/options.h"
#include "lib/selftest/selftest.h"
#include "selftests/psci_calls.h"

#define CYCLES_DEFAULT 4u

/* The secondaries PSCI started that are online now. */
static struct smp_mask psci_online(void)
{
	const struct smp_info *s = smp_init();
	struct smp_mask m = { { 0 } };

	for (unsigned i = 0; i < s->ncpu; i++)
		if (!s->cpu[i].is_boot && s->cpu[i].dt.start == &start_method_psci &&
		    s->cpu[i].state == SMP_ONLINE)
			m = smp_mask_with(m, i);
	return m;
}

SELFTEST(psci, context_id)
{
	const struct smp_info *s = smp_init();
	struct smp_mask m = psci_online();
	unsigned n = 0;

	/* PSCI 0.1's CPU_ON has a context ID too (DEN0022 "CPU_ON"). */
	if (s->conduit == PSCI_NONE || !smp_mask_count(m)) {
		skip(s->conduit == PSCI_NONE ? "no PSCI in the tree"
					     : "no secondary CPU online through PSCI");
		return;
	}
	for (unsigned i = 0; i < s->ncpu; i++) {
		if (!smp_mask_has(m, i))
			continue;
		expect(s->cpu[i].entry_ctx == (uintptr_t)&s->cpu[i],
		       "cpu%u entered with x0/r0 = 0x%lx, not the context ID 0x%lx CPU_ON passed",
		       i, (unsigned long)s->cpu[i].entry_ctx, (unsigned long)(uintptr_t)&s->cpu[i]);
		n++;
	}
	diag("context ID: %u CPUs entered with the one CPU_ON passed", n);
}

/* CPU_OFF on every CPU of m at once; true if each is then OFF. */
static bool all_off(struct smp_mask m)
{
	const struct smp_info *s = smp_init();
	bool ok = true;

	for (unsigned i = 0; i < s->ncpu; i++)
		if (smp_mask_has(m, i))
			ok &= expect(smp_cpu_off(i) == 0, "cpu%u: no CPU_OFF asked", i);
	for (unsigned i = 0; i < s->ncpu; i++) {
		long r;

		if (!smp_mask_has(m, i))
			continue;
		r = psci_wait_aff(i, PSCI_AFF_OFF);
		ok &= expect(r == PSCI_AFF_OFF, "cpu%u after CPU_OFF: AFFINITY_INFO %ld, not OFF%s",
			     i, r, r == PSCI_AFF_ON ? " (CPU_OFF returned, or never came)" : "");
	}
	return ok;
}

/* Every CPU of m started again and checked; true if all came back. */
static bool all_on(struct smp_mask m)
{
	const struct smp_info *s = smp_init();
	bool ok = true;

	for (unsigned i = 0; i < s->ncpu; i++) {
		long r;

		if (!smp_mask_has(m, i))
			continue;
		r = smp_cpu_on(i);
		ok &= expect(r == 0, "cpu%u: CPU_ON again: %s", i, smp_on_strerror(r)) &&
		      psci_back(i);
	}
	return ok;
}

SELFTEST(psci, cpu_off_all)
{
	struct smp_mask m = psci_online();

	if (psci_skip_unless_v2())
		return;
	if (!smp_mask_count(m)) {
		skip("no secondary CPU online through PSCI");
		return;
	}
	if (all_off(m))
		diag("CPU_OFF: %u CPUs at once, each OFF, none returned", smp_mask_count(m));
	if (all_on(m))
		diag("CPU_ON: each back online, running work");
}

struct race {
	uint32_t arrived, racers;
	uint64_t mpidr;
	uintptr_t ctx;
	long *ret; /* per CPU index */
};

/* On each racer: wait (bounded) until all have arrived, then CPU_ON. */
static void race_on(struct smp_cpu *self, void *arg)
{
	struct race *r = arg;

	__atomic_add_fetch(&r->arrived, 1, __ATOMIC_ACQ_REL);
	smp_signal();
	smp_wait_eq(&r->arrived, r->racers, boot_wait_ms(PSCI_OFF_WAIT_MS));
	r->ret[self->index] =
		psci(PSCI_CPU_ON, (uintptr_t)r->mpidr, (uintptr_t)secondary_entry, r->ctx);
}

/* DEN0022 CPU_ON: of several calls for one OFF CPU, exactly one SUCCESS;
 * the rest ALREADY_ON or ON_PENDING. The SUCCESS count and the other
 * answers are judged apart, each failure in its own words: "more than one
 * SUCCESS" (QEMU 7.2's race, the one its rows accept), "no SUCCESS" and
 * answers DEN0022 does not give there are other defects. */
static void race_verdict(int t, unsigned racers, unsigned success, unsigned other, unsigned bad)
{
	diag("CPU_ON(cpu%d) from %u CPUs at once: %u SUCCESS; the other answers: "
	     "%u ALREADY_ON/ON_PENDING, %u neither",
	     t, racers, success, other, bad);
	if (success > 1)
		expect(false,
		       "%u SUCCESS of %u: more than one CPU_ON of one CPU succeeded (DEN0022 "
		       "CPU_ON: one SUCCESS, the rest ALREADY_ON or ON_PENDING)",
		       success, racers);
	if (!success)
		expect(false,
		       "no SUCCESS of %u: every CPU_ON of cpu%d was refused (DEN0022 "
		       "CPU_ON: one SUCCESS)",
		       racers, t);
	expect(!bad, "%u of %u answers neither SUCCESS, ALREADY_ON nor ON_PENDING", bad, racers);
}

SELFTEST(psci, cpu_on_race)
{
	const struct smp_info *s = smp_init();
	int t = psci_secondary();
	struct race r = { 0 };
	unsigned success = 0, other = 0, bad = 0;
	struct smp_mask racers;
	/* psci_race=online: the target is left online, so every CPU_ON must
	 * answer ALREADY_ON: "no SUCCESS", which no row may take for QEMU's race. */
	bool online = option_is("psci_race", "online");

	if (psci_skip_below_1_0("CPU_ON of a CPU being started"))
		return;
	racers = smp_mask_without(smp_online_mask(), t >= 0 ? (unsigned)t : SMP_MAX_CPUS);
	if (t < 0 || smp_mask_count(racers) < 2) {
		skip("needs a PSCI secondary to start and two other online CPUs to race");
		return;
	}
	r.ret = calloc(s->ncpu, sizeof(*r.ret));
	if (!expect(r.ret, "no memory") || (!online && !all_off(smp_mask_of((unsigned)t)))) {
		free(r.ret);
		return;
	}
	r.mpidr = s->cpu[t].dt.mpidr;
	r.ctx = (uintptr_t)&s->cpu[t];
	r.racers = smp_mask_count(racers);
	if (!online)
		smp_cpu_on_prepare((unsigned)t);
	expect(smp_run(racers, race_on, &r) == 0, "a racer did not finish");
	for (unsigned i = 0; i < s->ncpu; i++) {
		if (!smp_mask_has(racers, i))
			continue;
		success += r.ret[i] == PSCI_RET_SUCCESS;
		other += r.ret[i] == PSCI_RET_ALREADY_ON || r.ret[i] == PSCI_RET_ON_PENDING;
		if (r.ret[i] != PSCI_RET_SUCCESS && r.ret[i] != PSCI_RET_ALREADY_ON &&
		    r.ret[i] != PSCI_RET_ON_PENDING && bad++ < 4)
			diag("cpu%u: CPU_ON(cpu%d): %ld %s", i, t, r.ret[i],
			     psci_strerror(r.ret[i]));
	}
	race_verdict(t, (unsigned)r.racers, success, other, bad);
	expect((online || smp_cpu_on_finish((unsigned)t) == 0) && psci_back((unsigned)t),
	       "cpu%d did not come back", t);
	free(r.ret);
}

SELFTEST(psci, cycles)
{
	const struct smp_info *s = smp_init();
	struct smp_mask m = psci_online();
	uint64_t n;

	if (psci_skip_unless_v2())
		return;
	if (option_number("psci_cycles", CYCLES_DEFAULT, &n) == OPT_REFUSED) {
		char why[96];

		expect(false, "%s", option_refusal("psci_cycles", why, sizeof(why)));
		return;
	}
	if (!smp_mask_count(m)) {
		skip("no secondary CPU online through PSCI");
		return;
	}
	for (unsigned i = 0; i < s->ncpu; i++) {
		uint64_t done = 0;

		if (!smp_mask_has(m, i))
			continue;
		for (; done < n; done++) {
			long r;

			if (smp_cpu_off(i) || psci_wait_aff(i, PSCI_AFF_OFF) != PSCI_AFF_OFF)
				break;
			r = smp_cpu_on(i);
			if (r) {
				diag("cpu%u: cycle %u: CPU_ON: %s", i, (unsigned)done + 1,
				     smp_on_strerror(r));
				break;
			}
		}
		expect(done == n && psci_back(i), "cpu%u: %u of %u CPU_OFF/CPU_ON cycles", i,
		       (unsigned)done, (unsigned)n);
		diag("cpu%u: %u/%u CPU_OFF/CPU_ON cycles", i, (unsigned)done, (unsigned)n);
	}
}

SELFTEST(psci, migrate_info_type)
{
	long r;

	if (psci_skip_unless_v2())
		return;
	/* DEN0022 MIGRATE_INFO_TYPE: 0 a uniprocessor Trusted OS that can
	 * migrate, 1 one that cannot, 2 none (or it needs no migration). The
	 * function is optional (DEN0022 "Function list"): NOT_SUPPORTED is an
	 * answer it allows (TF-A without a Secure Payload Dispatcher gives it). */
	r = psci(PSCI_MIGRATE_INFO_TYPE, 0, 0, 0);
	if (r == PSCI_RET_NOT_SUPPORTED) {
		diag("MIGRATE_INFO_TYPE: NOT_SUPPORTED (optional in DEN0022: no Trusted OS "
		     "this firmware reports)");
		return;
	}
	expect(r >= 0 && r <= 2, "MIGRATE_INFO_TYPE: %ld %s, not 0, 1, 2 or NOT_SUPPORTED", r,
	       psci_strerror(r));
	diag("MIGRATE_INFO_TYPE %ld: %s", r,
	     r == 2 ? "no Trusted OS to migrate" : "a uniprocessor Trusted OS");
}

SELFTEST(psci, unknown_function)
{
	/* In the PSCI range (0x84000000-0x8400001F), assigned to nothing:
	 * SMCCC (DEN0028) gives an unknown function NOT_SUPPORTED (-1). */
	long r;

	if (psci_skip_unless_v2())
		return;
	r = psci(0x8400001fu, 0, 0, 0);
	expect(r == PSCI_RET_NOT_SUPPORTED, "function 0x8400001f: %ld %s, not NOT_SUPPORTED", r,
	       psci_strerror(r));
}

SELFTEST(psci, affinity_info_off)
{
	const struct smp_info *s = smp_init();
	unsigned n = 0;

	if (psci_skip_unless_v2())
		return;
	for (unsigned i = 0; i < s->ncpu; i++) {
		long r;

		if (!s->cpu[i].dt.disabled || s->cpu[i].dt.start != &start_method_psci)
			continue;
		r = psci(PSCI_AFFINITY_INFO, (uintptr_t)s->cpu[i].dt.mpidr, 0, 0);
		expect(r == PSCI_AFF_OFF,
		       "cpu%u (disabled, never started): AFFINITY_INFO %ld, not OFF", i, r);
		n++;
	}
	if (!n)
		skip("every CPU the tree lists was started (none has status \"disabled\")");
	else
		diag("AFFINITY_INFO: %u CPUs never started, OFF", n);
}
