/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * smp: store buffering, the litmus test of a store and a later load. Two
 * CPUs, each iteration: both leave a two-CPU rendezvous together, each stores
 * its own flag (the iteration number), DMB ISH, then loads the other's flag.
 * "Both loads saw the old value" is forbidden with the barrier (ARM ARM DDI
 * 0487, "Definition of the Arm memory model": a DMB orders the earlier store
 * before the later load; DDI 0406C A3.8.3 "Memory barriers" for ARMv7) and
 * allowed without it.
 *
 * It bites on QEMU: multi-threaded TCG (no -icount) runs the vCPUs on host
 * threads, and an x86 host itself reorders a store with a later load (Intel
 * SDM vol. 3A 8.2.3.4 "Loads May Be Reordered with Earlier Stores to
 * Different Locations") unless QEMU puts a fence there for the DMB.
 * smp_sb=nobarrier (command line) leaves the DMB out: the forbidden outcome
 * then appears and the test fails (matrix rows *-sb-nobarrier); that run
 * stops after SB_ENOUGH of them, SB_ITERS_MAX iterations or SB_BUDGET_MS.
 * Under -icount one vCPU runs at a time and no outcome is ever reordered.
 * (smp: message_passing cannot fail on an x86 host: the host keeps a store
 * after an earlier store and a load after an earlier load in order itself,
 * Intel SDM vol. 3A 8.2.3.2; this shape is the one it does reorder.)
 *
 * Results: "# store buffering: ..." with the count of each outcome.
 */
#include <malloc.h>
#include <string.h>

#include "arch/arch.h"
#include "boot/boot.h"
#include "front/options.h"
#include "lib/selftest/selftest.h"
#include "smp/smp.h"

#define SB_ITERS     100000u  /* with the barrier: all of them (or the budget's worth) */
#define SB_ITERS_MAX 2000000u /* without: until SB_ENOUGH forbidden ones, at most this */
#define SB_ENOUGH    100u
/* At most this long, with / without the barrier (a row's timeout is 120 s;
 * a loaded host slows the rendezvous, not the outcome). */
#define SB_BUDGET_MS           30000u
#define SB_BUDGET_MS_NOBARRIER 60000u
#define SB_WAIT_MS             1000u

struct sb_side {
	uint32_t flag __attribute__((aligned(128))); /* the store of the test */
	uint32_t arrive __attribute__((aligned(128)));
	uint32_t seen
		__attribute__((aligned(128))); /* this iteration's load saw the other's store */
	uint32_t done __attribute__((aligned(128)));
};

struct sb_run {
	struct sb_side side[2];
	unsigned cpu[2];
	bool barrier;
	unsigned iters, ran;
	unsigned outcome[4]; /* [side 0 saw << 1 | side 1 saw], counted by side 0 */
	unsigned timeouts;
	uint64_t end; /* counter value past which side 0 stops (0: no budget) */
};

/* Store v to *mine, then load *other: with or without DMB ISH between. The
 * asm keeps the compiler from moving either access. */
#ifdef __aarch64__
#define SB_STORE "str %w2, [%1]\n\t"
#define SB_LOAD  "ldr %w0, [%3]"
#else
#define SB_STORE "str %2, [%1]\n\t"
#define SB_LOAD  "ldr %0, [%3]"
#endif
static inline uint32_t store_load(uint32_t *mine, const uint32_t *other, uint32_t v, bool barrier)
{
	uint32_t r;

	if (barrier)
		__asm__ volatile(SB_STORE "dmb ish\n\t" SB_LOAD
				 : "=&r"(r)
				 : "r"(mine), "r"(v), "r"(other)
				 : "memory");
	else
		__asm__ volatile(SB_STORE SB_LOAD
				 : "=&r"(r)
				 : "r"(mine), "r"(v), "r"(other)
				 : "memory");
	return r;
}

/* Both CPUs at step v of *which: each publishes v, then waits for the
 * other's. Two rendezvous per iteration (arrive, done), so neither can
 * publish v + 1 before the other has read v: an exact wait cannot miss. */
static bool meet(uint32_t *mine, const uint32_t *theirs, uint32_t v)
{
	__atomic_store_n(mine, v, __ATOMIC_RELEASE);
	smp_signal();
	return smp_wait_eq(theirs, v, boot_wait_ms(SB_WAIT_MS));
}

static void sb_on_cpu(struct smp_cpu *self, void *arg)
{
	struct sb_run *r = arg;
	unsigned s = self->index == r->cpu[1];
	struct sb_side *me = &r->side[s], *o = &r->side[!s];
	unsigned count[4] = { 0 };
	uint32_t i;

	for (i = 1; i <= __atomic_load_n(&r->iters, __ATOMIC_RELAXED); i++) {
		if (!meet(&me->arrive, &o->arrive, i)) {
			r->timeouts++;
			return;
		}
		uint32_t got = store_load(&me->flag, &o->flag, i, r->barrier);
		__atomic_store_n(&me->seen, got == i, __ATOMIC_RELAXED);
		if (!meet(&me->done, &o->done, i)) {
			r->timeouts++;
			return;
		}
		/* The other's seen: written before its done (release), read after
		 * this CPU acquired done == i; it cannot write the next until this
		 * CPU arrives at i + 1. */
		uint32_t both =
			s ? 0
			  : (uint32_t)(got == i) << 1 | __atomic_load_n(&o->seen, __ATOMIC_RELAXED);
		count[both]++;
		/* Enough seen, or out of time: one more iteration. Side 1 reads
		 * the new bound after the next done, which side 0 releases
		 * after this store. */
		if (!s && r->iters > i + 1 &&
		    ((!r->barrier && count[0] >= SB_ENOUGH) ||
		     (r->end && !(i & 0xfff) && arch_counter() > r->end)))
			__atomic_store_n(&r->iters, i + 1, __ATOMIC_RELAXED);
	}
	if (!s) {
		memcpy(r->outcome, count, sizeof(count));
		r->ran = (unsigned)i - 1;
	}
}

SELFTEST(smp, store_buffering)
{
	const struct smp_info *s = smp_init();
	struct smp_mask mask = smp_online_mask();
	struct sb_run *r;
	unsigned n = 0;

	if (smp_mask_count(mask) < 2) {
		skip("one CPU online");
		return;
	}
	r = memalign(128, sizeof(*r));
	if (!expect(r != NULL, "no memory"))
		return;
	memset(r, 0, sizeof(*r));
	/* The boot CPU and the next online CPU. */
	r->cpu[0] = s->boot;
	for (unsigned i = 0; i < s->ncpu && n == 0; i++)
		if (i != s->boot && smp_mask_has(mask, i))
			r->cpu[1] = i, n = 1;
	r->barrier = true;
	r->iters = SB_ITERS;
	if (option_is("smp_sb", "nobarrier")) {
		r->barrier = false;
		r->iters = SB_ITERS_MAX;
		diag("smp_sb=nobarrier: no DMB between the store and the load");
	}
	if (arch_counter_hz())
		r->end = arch_counter() +
			 (uint64_t)arch_counter_hz() / 1000 *
				 (r->barrier ? SB_BUDGET_MS : SB_BUDGET_MS_NOBARRIER);
	bool ok = expect(
		smp_run(smp_mask_with(smp_mask_of(r->cpu[0]), r->cpu[1]), sb_on_cpu, r) == 0 &&
			!r->timeouts,
		"cpu%u/cpu%u did not finish (%u timeouts)", r->cpu[0], r->cpu[1], r->timeouts);
	diag("store buffering: cpu%u/cpu%u, %u iterations%s: both loads 0 in %u, one in %u, "
	     "neither in %u",
	     r->cpu[0], r->cpu[1], r->ran, r->barrier ? ", DMB ISH" : " without a barrier",
	     r->outcome[0], r->outcome[1] + r->outcome[2], r->outcome[3]);
	ok &= expect(r->outcome[0] == 0,
		     "both loads 0 in %u of %u iterations: a store passed the later load%s",
		     r->outcome[0], r->ran, r->barrier ? " across DMB ISH" : " (no barrier)");
	if (ok)
		diag("store buffering: the forbidden outcome never seen");
	free(r);
}
