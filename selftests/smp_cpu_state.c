/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * For smp: each_cpu (selftests/smp_cpu_state.h): what each online ARMv7 CPU runs
 * with that bringup may not be able to change from where it runs, read on
 * the CPU itself:
 *  - ACTLR.SMP (and FW on the Cortex-A9/A5) read back
 *    (smp/smp_work.c smp_read_ids). A bit still clear is a write the Secure
 *    side ignored (NSACR.NS_SMP 0; FW is Secure-only on the A9) or a model's
 *    constant ACTLR (QEMU): said per CPU, and the line SKIPs rather than
 *    pass.
 *  - each CPU's security state (an MRC of SCR is UNDEFINED at
 *    Non-secure PL1: DDI 0406C B4.1.129), against the boot CPU's. A core a
 *    board's method releases from reset starts Secure (the Allwinner CPUCFG,
 *    i.MX SRC), while a loader's Non-secure hand-over (U-Boot bootm with
 *    PSCI) leaves the boot CPU Non-secure: the NS bit is part of the cache
 *    tag and of the bus address (DDI 0406C B1.5, "The Security
 *    Extensions"), so the two see the same address as different lines and
 *    nothing they share is coherent. smp/ refuses such a CPU on arrival
 *    (smp/smp.h: never online, a failure of smp: online): this checks, on
 *    each online CPU itself, that none got through; a mismatch FAILs with
 *    that reason.
 */
#include <stdio.h>

#include "arch/arch.h"
#include "arch/exception.h"
#include "arch/sysreg.h"
#include "lib/selftest/selftest.h"
#include "selftests/smp_cpu_state.h"
#include "smp/smp.h"

#ifdef __arm__
static void read_scr(void *arg)
{
	(void)arg;
	(void)read_cp15_(0, c1, c1, 0);
}

/* On the CPU itself, one at a time (fault_probe is not reentrant). */
static void probe_secure(struct smp_cpu *self, void *arg)
{
	(void)self;
	*(bool *)arg = !fault_probe(read_scr, NULL, NULL);
}

static bool secure_on(const struct smp_info *s, unsigned i, bool *secure)
{
	if (s->cpu[i].is_boot) {
		probe_secure(&s->cpu[i], secure);
		return true;
	}
	return smp_run(smp_mask_of(i), probe_secure, secure) == 0;
}
#endif

#ifdef __arm__
/* The CPUs whose ACTLR.SMP/FW stayed clear, each named. */
static unsigned actlr_report(const struct smp_info *s)
{
	unsigned clear = 0;

	for (unsigned i = 0; i < s->ncpu; i++) {
		const struct smp_cpu *c = &s->cpu[i];
		if (c->state == SMP_ONLINE && c->actlr_missing) {
			clear++;
			diag("cpu%u: %s", i, actlr_missing_text(c->actlr_missing));
		}
	}
	return clear;
}

/* Each other online CPU's security state against the boot CPU's: a
 * mismatch fails with its reason. */
static bool security_report(const struct smp_info *s)
{
	bool ok = true;

	bool boot_secure = false, secure;

	if (!((read_cp15(CP15_ID_PFR1) >> 4) & 0xf))
		return true; /* no Security Extensions (ID_PFR1.Security 0): one state */
	secure_on(s, s->boot, &boot_secure);
	for (unsigned i = 0; i < s->ncpu; i++) {
		if (s->cpu[i].state != SMP_ONLINE || i == s->boot)
			continue;
		if (!secure_on(s, i, &secure)) {
			ok = expect(false, "cpu%u did not run its check", i);
			continue;
		}
		if (secure == boot_secure)
			diag("cpu%u: %s, as the boot CPU", i, secure ? "Secure" : "Non-secure");
		else
			ok = expect(
				false,
				"cpu%u: %s, the boot CPU %s: the NS bit tags their cache lines and "
				"bus addresses apart, nothing they share is coherent",
				i, secure ? "Secure" : "Non-secure",
				boot_secure ? "Secure" : "Non-secure");
	}
	return ok;
}
#endif

unsigned smp_state_report(const struct smp_info *s, bool *ok)
{
#ifdef __arm__
	*ok &= security_report(s);
	return actlr_report(s);
#else
	(void)s, (void)ok;
	return 0;
#endif
}
