/* SPDX-License-Identifier: BSD-2-Clause */
/* The other CPUs at work: waits, the secondary's loop, smp_run (smp/smp.h). */
#include "smp/smp.h"
#include "smp/smp_priv.h"

#include "arch/arch.h"
#include "arch/counter.h"
#include "arch/exception.h"
#include "arch/sysreg.h"
#include "boot/boot.h"
#ifdef __arm__
#include "arch/armv7/errata.h"
#endif

/* Without the event stream (a Cortex-A9: no generic timer), or with a
 * counter that does not advance (the event stream is its ticks), a WFE
 * might never wake: YIELD instead, a hint that never blocks (ARM ARM DDI
 * 0406C A8.8.426), on which QEMU hands its thread to the next vCPU. */
void smp_relax(void)
{
	if (smp_state->wfe_bounded && counter_state.runs)
		wfe();
	else
		__asm__ volatile("yield" ::: "memory");
}

void smp_signal(void)
{
	dsb(ish); /* the stores are visible before the event: SEV is not ordered by DMB */
	sev();
}

/* WFE wakes on SEV, or at the latest on the event stream, which every CPU
 * turns on (arch_event_stream_on); where there is none, smp_relax yields. */
bool smp_wait_eq(const uint32_t *p, uint32_t v, unsigned ms)
{
	struct deadline d;

	deadline_start(&d, ms);
	while (__atomic_load_n(p, __ATOMIC_ACQUIRE) != v) {
		if (deadline_passed(&d))
			return false;
		smp_relax();
	}
	return true;
}

void smp_read_ids(struct smp_cpu *self)
{
	self->mpidr = read_mpidr();
	self->midr = arch_cpu_id();
#ifdef __arm__
	/* REVIDR only where erratum 798181 may apply (elsewhere its encoding
	 * may mean something else), as mmu/armv7/enable.c reads it. */
	if (erratum_a15_798181(self->midr, 0) != E798181_NONE)
		self->revidr = read_cp15(CP15_REVIDR);
	/* ACTLR.SMP/FW read back (readable at PL1 in either security state):
	 * set by the boot path (mmu/armv7/enable.c, boot/armv7/secondary.S)
	 * unless the write was ignored. */
	self->actlr_missing = actlr_smp_bits(self->midr) & ~read_cp15(CP15_ACTLR);
#endif
	cache_read_regs(&self->cregs);
}

const char *smp_security_name(int security)
{
	static const char *const name[] = { "unknown", "one state (no Security Extensions)",
					    "Secure", "Non-secure" };

	return security >= 0 && security <= SMP_SEC_NONSECURE ? name[security] : "unknown";
}

#ifdef __arm__
static void read_scr(void *arg)
{
	(void)arg;
	(void)read_cp15_(0, c1, c1, 0); /* UNDEFINED at Non-secure PL1: DDI 0406C B4.1.129 */
}
#endif

/* The boot CPU's, as secondary.S probes a secondary's (security_probe):
 * ID_PFR1.Security (DDI 0406C B4.1.94), then an MRC of SCR. */
int smp_this_security(void)
{
#ifdef __arm__
	if (!((read_cp15(CP15_ID_PFR1) >> 4) & 0xf))
		return SMP_SEC_NONE;
	return fault_probe(read_scr, NULL, NULL) ? SMP_SEC_NONSECURE : SMP_SEC_SECURE;
#else
	return SMP_SEC_UNKNOWN;
#endif
}

#ifdef __arm__
/* A CPU in another security state than the boot CPU's says so (its state
 * SMP_REFUSED, cleaned to PoC: the boot CPU's view of the line is tagged
 * with the other NS bit) and parks, A, I, F masked as secondary.S left
 * them: never online, never given work. */
static void refuse_if_apart(struct smp_cpu *self, unsigned security)
{
	int boot = smp_state->cpu[smp_state->boot].security;

	self->security = (int)security;
	if (boot == SMP_SEC_UNKNOWN || self->security == SMP_SEC_UNKNOWN || self->security == boot)
		return;
	__atomic_store_n(&self->state, SMP_REFUSED, __ATOMIC_RELEASE);
	dcache_clean_poc((uintptr_t)self, sizeof(*self));
	sev();
	for (;;)
		wfe();
}
#endif

/* On the secondary, from secondary.S with its MMU on. */
void smp_secondary_main(struct smp_cpu *self, uintptr_t entry_ctx, unsigned security)
{
	self->entry_ctx = entry_ctx;
	smp_read_ids(self);
#ifdef __arm__
	refuse_if_apart(self, security); /* before it is counted online */
#else
	(void)security; /* PSCI starts a CPU in its caller's state (DEN0022 "CPU_ON") */
#endif
	exception_unmask_serror(); /* as the boot CPU: arch/exception.h */
	self->done = __atomic_load_n(&self->seq, __ATOMIC_ACQUIRE);
	arch_event_stream_on();
	__atomic_store_n(&self->state, SMP_ONLINE, __ATOMIC_RELEASE);
	dsb(ish); /* the store is visible before the event (SEV is not ordered by DMB) */
	sev();
	for (;;) {
		uint32_t seq;

		while ((seq = __atomic_load_n(&self->seq, __ATOMIC_ACQUIRE)) == self->done)
			wfe();
		self->fn(self, self->arg);
		__atomic_store_n(&self->done, seq, __ATOMIC_RELEASE);
		dsb(ish);
		sev();
	}
}

struct smp_mask smp_online_mask(void)
{
	struct smp_mask m = { { 0 } };

	for (unsigned i = 0; smp_state && i < smp_state->ncpu; i++)
		if (__atomic_load_n(&smp_state->cpu[i].state, __ATOMIC_ACQUIRE) == SMP_ONLINE)
			m = smp_mask_with(m, i);
	return m;
}

/* smp_run's work with the caller's bound (smp_run_all_ms's, or
 * SMP_RUN_TIMEOUT_MS). */
static unsigned run_ms(struct smp_mask mask, smp_fn fn, void *arg, unsigned ms)
{
	struct smp_info *smp = smp_state;
	struct deadline d;
	unsigned late = 0;
	struct smp_mask online = smp_online_mask();

	for (unsigned k = 0; k < SMP_MASK_WORDS; k++)
		mask.w[k] &= online.w[k];
	for (unsigned i = 0; i < smp->ncpu; i++) {
		struct smp_cpu *c = &smp->cpu[i];
		if (!smp_mask_has(mask, i) || c->is_boot)
			continue;
		c->fn = fn;
		c->arg = arg;
		__atomic_store_n(&c->seq, c->seq + 1, __ATOMIC_RELEASE);
	}
	dsb(ish);
	sev();
	if (smp_mask_has(mask, smp->boot))
		fn(&smp->cpu[smp->boot], arg);
	deadline_start(&d, ms);
	for (unsigned i = 0; i < smp->ncpu; i++) {
		struct smp_cpu *c = &smp->cpu[i];
		if (!smp_mask_has(mask, i) || c->is_boot)
			continue;
		while (__atomic_load_n(&c->done, __ATOMIC_ACQUIRE) != c->seq &&
		       !deadline_passed(&d))
			smp_relax();
		late += __atomic_load_n(&c->done, __ATOMIC_ACQUIRE) != c->seq;
	}
	return late;
}

unsigned smp_run(struct smp_mask mask, smp_fn fn, void *arg)
{
	return run_ms(mask, fn, arg, boot_wait_ms(SMP_RUN_TIMEOUT_MS));
}

unsigned smp_run_all_ms(smp_fn fn, void *arg, unsigned ms)
{
	return run_ms(smp_online_mask(), fn, arg, ms);
}

unsigned smp_run_ms(struct smp_mask mask, smp_fn fn, void *arg, unsigned ms)
{
	return run_ms(mask, fn, arg, ms);
}
