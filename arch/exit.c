/* SPDX-License-Identifier: BSD-2-Clause */
/* The exit path: see exit.h. */
#include "arch/exit.h"

#include "arch/arch.h"
#include "arch/exception.h"
#include "arch/out.h"
#include "arch/psci.h"

static enum psci_conduit psci_conduit;
static void (*exit_flush)(void);

void exit_set_psci(enum psci_conduit conduit)
{
	psci_conduit = conduit;
}

void exit_set_flush(void (*flush)(void))
{
	exit_flush = flush;
}

static void semihost_exit(void *arg)
{
	int status = *(int *)arg;
#ifdef __aarch64__
	/* SYS_EXIT takes {reason, code}: ADP_Stopped_ApplicationExit = 0x20026. */
	static uint64_t block[2];
	block[0] = 0x20026;
	block[1] = (uint64_t)status;
	arch_semihost(SEMIHOST_SYS_EXIT, (uintptr_t)block);
#else
	arch_semihost(SEMIHOST_SYS_EXIT_EXTENDED,
		      (uintptr_t)(uint32_t[2]){ 0x20026, (uint32_t)status });
	/* Older debuggers only know SYS_EXIT, which carries no code. */
	if (status == 0)
		arch_semihost(SEMIHOST_SYS_EXIT, 0x20026);
#endif
}

#define SEMIHOST_SYS_WRITE0 0x04

static void semihost_write0(void *arg)
{
	arch_semihost(SEMIHOST_SYS_WRITE0, (uintptr_t)arg);
}

bool semihost_write(const char *s, size_t n)
{
	static enum { UNKNOWN, PRESENT, ABSENT } semihosting;
	static char buf[65];

	while (n && semihosting != ABSENT) {
		size_t k = n < sizeof(buf) - 1 ? n : sizeof(buf) - 1;

		for (size_t i = 0; i < k; i++)
			buf[i] = s[i] ? s[i] : ' '; /* a NUL would end the string early */
		buf[k] = 0;
		/* Probed once only: later calls may come from inside a probe
		 * (fault_probe is not reentrant), and every probe costs. */
		if (semihosting == PRESENT)
			semihost_write0(buf);
		else
			semihosting = fault_probe(semihost_write0, buf, NULL) ? ABSENT : PRESENT;
		s += k;
		n -= k;
	}
	return semihosting != ABSENT;
}

static void psci_off(void *arg)
{
	(void)arg;
	arch_psci_system_off(psci_conduit);
}

static enum exit_way exit_way;

void exit_set_way(enum exit_way way)
{
	exit_way = way;
}

/* SYSTEM_RESET (DEN0022 5.11): no arguments, does not return. */
static void psci_reset(void *arg)
{
	(void)arg;
	psci_call(psci_conduit, PSCI_SYSTEM_RESET, 0, 0, 0);
}

static void psci_version_smc(void *arg)
{
	*(long *)arg = psci_call(PSCI_SMC, PSCI_VERSION, 0, 0, 0);
}

/* No conduit known (no tree, or one without /psci): an SMC PSCI_VERSION,
 * under a probe, that answers a PSCI version 0.2 to 1.x (DEN0022 5.1.1:
 * bits 30:16 major, 15:0 minor; a firmware without PSCI answers
 * NOT_SUPPORTED, SMCCC's -1) makes smc the conduit: TF-A answers so at
 * NS-EL1/EL2 on every board it runs. Without EL3 the SMC is undefined
 * (ARM ARM D1.19.2 "SMC") and the probe catches it. */
static void psci_find_conduit(void)
{
	long v = PSCI_RET_NOT_SUPPORTED;

	if (psci_conduit == PSCI_NONE && !fault_probe(psci_version_smc, &v, NULL) && v > 0 &&
	    PSCI_VERSION_MAJOR(v) <= 1)
		psci_conduit = PSCI_SMC;
}

void platform_exit(int status)
{
	static const char prefix[] = "EXIT: STATUS=";
	char line[sizeof(prefix) + 12], *end = line + sizeof(line), *p = end;
	unsigned v = status < 0 ? 0u - (unsigned)status : (unsigned)status;

	/* No printf, not even strlen: this also ends a run whose report faulted. */
	*--p = '\n';
	do
		*--p = (char)('0' + v % 10);
	while (v /= 10);
	if (status < 0)
		*--p = '-';
	p -= sizeof(prefix) - 1;
	for (size_t i = 0; i < sizeof(prefix) - 1; i++)
		p[i] = prefix[i];
	out_write(p, (size_t)(end - p));
	/* Leave memory holding everything written: a board's debugger, the
	 * next boot stage, or a warm reset reads DRAM, not our caches. */
	if (exit_flush)
		exit_flush();
	if (exit_way == EXIT_WAY_PSCI_RESET && psci_conduit != PSCI_NONE) {
		out_puts("# exit: PSCI SYSTEM_RESET\n");
		fault_probe(psci_reset, NULL, NULL);
	} else if (exit_way == EXIT_WAY_PSCI_OFF && psci_conduit != PSCI_NONE) {
		out_puts("# exit: PSCI SYSTEM_OFF\n");
		fault_probe(psci_off, NULL, NULL);
	}
	fault_probe(semihost_exit, &status, NULL);
	psci_find_conduit();
	if (psci_conduit != PSCI_NONE)
		fault_probe(psci_off, NULL, NULL);
	out_puts("# no semihosting or PSCI: CPU parked\n");
	arch_halt();
}

void platform_exit_silent(int status)
{
	if (exit_flush)
		exit_flush();
	fault_probe(semihost_exit, &status, NULL);
	psci_find_conduit();
	if (psci_conduit != PSCI_NONE)
		fault_probe(psci_off, NULL, NULL);
	arch_halt();
}

void platform_exit_quiet(int status)
{
	semihost_exit(&status);
	if (psci_conduit != PSCI_NONE)
		psci_off(NULL);
	arch_halt();
}
