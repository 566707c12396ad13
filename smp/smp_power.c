/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A secondary taken down and brought up again through PSCI (smp/smp.h
 * smp_cpu_off, smp_cpu_on and its two halves), over smp/smp.c's start.
 */
#include "arch/psci.h"
#include "arch/sysreg.h"
#include "smp/smp.h"
#include "smp/smp_priv.h"

static void go_off(struct smp_cpu *self, void *arg)
{
	(void)arg;
	__atomic_store_n(&self->state, SMP_OFF, __ATOMIC_RELEASE);
	smp_psci_cpu_off(smp_state->conduit == PSCI_HVC);
}

long smp_cpu_off(unsigned i)
{
	struct smp_cpu *c = &smp_state->cpu[i];

	if (i >= smp_state->ncpu || c->is_boot || c->dt.start != &start_method_psci ||
	    smp_state->v01 || smp_load_state(c) != SMP_ONLINE)
		return -1; /* PSCI 0.1: CPU_OFF by the node's ID is not driven */
	c->fn = go_off;
	c->arg = NULL;
	__atomic_store_n(&c->seq, c->seq + 1, __ATOMIC_RELEASE);
	dsb(ish);
	sev();
	return 0;
}

static bool psci_cpu(unsigned i)
{
	return i < smp_state->ncpu && !smp_state->cpu[i].is_boot &&
	       smp_state->cpu[i].dt.start == &start_method_psci;
}

long smp_cpu_on(unsigned i)
{
	long ret;

	if (!psci_cpu(i))
		return -1;
	ret = smp_start_one(&smp_state->cpu[i]);
	if (ret) {
		smp_state->cpu[i].state = SMP_FAILED;
		return ret;
	}
	return smp_cpu_on_finish(i);
}

long smp_cpu_on_prepare(unsigned i)
{
	if (!psci_cpu(i))
		return -1;
	smp_make_ready(&smp_state->cpu[i]);
	return 0;
}

long smp_cpu_on_finish(unsigned i)
{
	smp_wait_started(smp_mask_of(i));
	smp_count_online();
	return smp_load_state(&smp_state->cpu[i]) == SMP_ONLINE ? 0 : SMP_ON_NOT_ARRIVED;
}

#define SMP_STR_(x) #x
#define SMP_STR(x)  SMP_STR_(x)

const char *smp_on_strerror(long ret)
{
	/* Not INTERNAL_FAILURE: the firmware said SUCCESS; the wait was ours. */
	if (ret == SMP_ON_NOT_ARRIVED)
		return "SUCCESS, but the CPU never arrived in " SMP_STR(SMP_START_TIMEOUT_MS) " ms";
	return psci_strerror(ret);
}
