/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * smp: what the cores see of each other's memory. An atomic counter
 * incremented by every core (exclusives; LSE where the CPU has it) must
 * reach the exact total; data then a flag (release/acquire) between every
 * pair of cores; a TLB shootdown through the alias window (mmu/mmu.h).
 *
 * They bite, on QEMU, given the means: smp_counter=plain (command line) runs
 * the counter as a plain load/add/store, which loses updates when the vCPUs
 * run in parallel (multi-threaded TCG: no -icount); smp_tlbi=local remaps
 * with a TLBI that is not broadcast, and the other vCPUs, which keep their
 * own TLBs, go on reading the old frame. Both then fail (matrix rows
 * *-plain-counter, *-local-tlbi).
 */
#include <inttypes.h>
#include <malloc.h>
#include <string.h>

#include "boot/boot.h"
#include "front/options.h"
#include "lib/selftest/selftest.h"
#include "mmu/mmu.h"
#include "selftests/smp_pairs.h"
#include "smp/smp.h"

#include "arch/sysreg.h"

#define COUNT_PER_CPU 200000u
#define PLAIN_ROUNDS  8
#define PLAIN_PER_CPU (10 * COUNT_PER_CPU) /* more chances to lose one */
#define MP_ROUNDS     32u
#define WAIT_MS       1000u

enum counter_kind { COUNT_EXCLUSIVE, COUNT_LSE, COUNT_PLAIN };

/* One increment of *p by each method. */
static inline void add_exclusive(uint32_t *p)
{
	uint32_t v, fail;
#ifdef __aarch64__
	__asm__ volatile("1:	ldxr	%w0, [%2]\n"
			 "	add	%w0, %w0, #1\n"
			 "	stxr	%w1, %w0, [%2]\n"
			 "	cbnz	%w1, 1b"
			 : "=&r"(v), "=&r"(fail)
			 : "r"(p)
			 : "memory");
#else
	__asm__ volatile("1:	ldrex	%0, [%2]\n"
			 "	add	%0, %0, #1\n"
			 "	strex	%1, %0, [%2]\n"
			 "	teq	%1, #0\n"
			 "	bne	1b"
			 : "=&r"(v), "=&r"(fail)
			 : "r"(p)
			 : "memory", "cc");
#endif
}

static inline void add_lse(uint32_t *p)
{
#ifdef __aarch64__
	uint32_t one = 1;
	__asm__ volatile(".arch_extension lse\n\tstadd %w0, [%1]" ::"r"(one), "r"(p) : "memory");
#else
	(void)p;
#endif
}

/* LSE (FEAT_LSE, ARMv8.1) adds its atomics to the A64 instruction set only
 * (ARM ARM DDI 0487, C6.2): an ARMv7 or AArch32 core has the exclusives alone. */
#ifdef __aarch64__
#define NO_LSE "no LSE atomics (ID_AA64ISAR0_EL1.Atomic < 2)"
#else
#define NO_LSE "LSE atomics are AArch64-only (ARMv8.1 FEAT_LSE); ARMv7 has LDREX/STREX"
#endif
static bool cpu_has_lse(void)
{
#ifdef __aarch64__
	return ((read_sysreg(id_aa64isar0_el1) >> 20) & 0xf) >= 2; /* ID_AA64ISAR0_EL1.Atomic */
#else
	return false;
#endif
}

struct count_run {
	enum counter_kind kind;
	unsigned ncpu, per_cpu;
	uint32_t arrived __attribute__((aligned(256)));
	uint32_t counter __attribute__((aligned(256))); /* a line (or more) of its own */
};

static void count_on_cpu(struct smp_cpu *self, void *arg)
{
	struct count_run *r = arg;

	(void)self;
	add_exclusive(&r->arrived); /* start together: most contention */
	smp_signal();
	smp_wait_eq(&r->arrived, r->ncpu, boot_wait_ms(WAIT_MS));
	for (unsigned i = 0; i < r->per_cpu; i++) {
		if (r->kind == COUNT_LSE)
			add_lse(&r->counter);
		else if (r->kind == COUNT_PLAIN)
			*(volatile uint32_t *)&r->counter = *(volatile uint32_t *)&r->counter + 1;
		else
			add_exclusive(&r->counter);
	}
}

static void counter_test(enum counter_kind kind, const char *name)
{
	struct smp_mask mask = (smp_init(), smp_online_mask());
	struct count_run *r = memalign(256, sizeof(*r));

	if (smp_mask_count(mask) < 2) {
		free(r);
		skip("one CPU online");
		return;
	}
	if (kind == COUNT_EXCLUSIVE && option_is("smp_counter", "plain")) {
		kind = COUNT_PLAIN;
		diag("smp_counter=plain: a plain load/add/store instead of %s", name);
	}
	/* The plain counter loses updates only while two vCPUs really run at
	 * once: on a loaded host one round may see none, so up to PLAIN_ROUNDS
	 * until it does. The atomic ones must hold in their one round. */
	for (unsigned round = 1; round <= (kind == COUNT_PLAIN ? PLAIN_ROUNDS : 1); round++) {
		memset(r, 0, sizeof(*r));
		r->kind = kind;
		r->ncpu = smp_mask_count(mask);
		r->per_cpu = kind == COUNT_PLAIN ? PLAIN_PER_CPU : COUNT_PER_CPU;
		expect(smp_run(mask, count_on_cpu, r) == 0, "a CPU did not finish counting");
		diag("%s: %u CPUs x %u increments = %" PRIu32 " (expected %u)%s", name, r->ncpu,
		     r->per_cpu, r->counter, r->ncpu * r->per_cpu, round > 1 ? ", again" : "");
		if (r->counter != r->ncpu * r->per_cpu)
			break;
	}
	expect(r->counter == r->ncpu * r->per_cpu, "%u updates lost",
	       (unsigned)(r->ncpu * r->per_cpu - r->counter));
	free(r);
}

SELFTEST(smp, atomic_exclusive)
{
#ifdef __aarch64__
	counter_test(COUNT_EXCLUSIVE, "LDXR/STXR counter");
#else
	counter_test(COUNT_EXCLUSIVE, "LDREX/STREX counter");
#endif
}

SELFTEST(smp, atomic_lse)
{
	if (!cpu_has_lse()) {
		skip("%s", NO_LSE);
		return;
	}
	counter_test(COUNT_LSE, "LSE STADD counter");
}

/* Message passing, one ordered pair: the writer fills data, then releases
 * flag = round; the reader acquires flag == round, checks the data and
 * releases ack = round; MP_ROUNDS times. */
struct mp_run {
	unsigned writer, reader;
	uint32_t flag __attribute__((aligned(128)));
	uint32_t ack __attribute__((aligned(128)));
	uint32_t data[32] __attribute__((aligned(128)));
	unsigned bad, timeouts;
};

static bool wait_for(const uint32_t *p, uint32_t v)
{
	return smp_wait_eq(p, v, boot_wait_ms(WAIT_MS));
}

static void mp_on_cpu(struct smp_cpu *self, void *arg)
{
	struct mp_run *m = arg;

	for (uint32_t round = 1; round <= MP_ROUNDS; round++) {
		if (self->index == m->writer) {
			if (!wait_for(&m->ack, round - 1)) {
				m->timeouts++;
				return;
			}
			for (unsigned k = 0; k < 32; k++)
				m->data[k] = round * 0x01010101u ^ k;
			__atomic_store_n(&m->flag, round, __ATOMIC_RELEASE);
			smp_signal();
		} else {
			if (!wait_for(&m->flag, round)) {
				m->timeouts++;
				return;
			}
			for (unsigned k = 0; k < 32; k++)
				m->bad += m->data[k] != (round * 0x01010101u ^ k);
			__atomic_store_n(&m->ack, round, __ATOMIC_RELEASE);
			smp_signal();
		}
	}
}

SELFTEST(smp, message_passing)
{
	const struct smp_info *s = smp_init();
	struct smp_mask mask = smp_online_mask();
	struct mp_run *m = memalign(128, sizeof(*m));
	unsigned pairs = 0;
	bool ok = true;

	if (smp_mask_count(mask) < 2) {
		free(m);
		skip("one CPU online");
		return;
	}
	for (unsigned w = 0; w < s->ncpu; w++)
		for (unsigned r = 0; r < s->ncpu; r++) {
			if (w == r || !smp_mask_has(mask, w) || !smp_mask_has(mask, r) ||
			    !smp_pair_sampled(s, w, r))
				continue;
			memset(m, 0, sizeof(*m));
			m->writer = w, m->reader = r;
			ok &= expect(smp_run(smp_mask_with(smp_mask_of(w), r), mp_on_cpu, m) == 0,
				     "cpu%u -> cpu%u did not finish", w, r);
			ok &= expect(!m->bad && !m->timeouts,
				     "cpu%u -> cpu%u: %u stale words, %u timeouts in %u rounds", w,
				     r, m->bad, m->timeouts, MP_ROUNDS);
			pairs++;
		}
	if (ok) /* the success line only on success */
		diag("message passing: %u ordered pairs x %u rounds of 32 words", pairs, MP_ROUNDS);
	free(m);
}

/* TLB shootdown: every CPU reads a page of the alias window (its TLB now
 * holds the translation), the boot CPU moves the page to another frame
 * (break-before-make, TLBI broadcast to the Inner Shareable domain), every
 * CPU reads it again and must see the new frame. */
struct tlb_run {
	uintptr_t va;
	uint32_t seen[SMP_MAX_CPUS];
};

static void tlb_read(struct smp_cpu *self, void *arg)
{
	struct tlb_run *t = arg;

	t->seen[self->index] = *(volatile uint32_t *)t->va;
}

/* The same remap with a TLBI for this CPU only (smp_tlbi=local). */
static int remap_local(uintptr_t va, uint64_t pa)
{
	int err = pgt_unmap_page(va);

	if (err)
		return err;
	pgt_publish(va);
	tlb_inval_va_local(va);
	if ((err = pgt_map_page(va, pa, MT_NORMAL, 0)) != 0)
		return err;
	pgt_publish(va);
	tlb_inval_va_local(va);
	return 0;
}

SELFTEST(smp, tlb_shootdown)
{
	const struct smp_info *s = smp_init();
	struct smp_mask mask = smp_online_mask();
	uint32_t *a = memalign(PAGE_SIZE, 2 * PAGE_SIZE), *b = a + PAGE_SIZE / 4;
	struct tlb_run t;
	bool local = false, ok = true;
	int err;

	if (smp_mask_count(mask) < 2) {
		free(a);
		skip("one CPU online");
		return;
	}
	if (!mmu_alias_window()) {
		free(a);
		skip("no alias window");
		return;
	}
	if (option_is("smp_tlbi", "local")) {
		local = true;
		diag("smp_tlbi=local: the remap invalidates this CPU's TLB only");
	}
	a[0] = 0xaaaa0001, b[0] = 0xbbbb0002;
	memset(&t, 0, sizeof(t));
	t.va = mmu_alias_window() + (1u << 20) - PAGE_SIZE; /* the window's last page */
	err = mmu_map_page(t.va, (uintptr_t)a, MT_NORMAL, 0);
	if (!expect(err == 0, "map: error %d", err)) {
		free(a);
		return;
	}
	ok &= expect(smp_run(mask, tlb_read, &t) == 0, "a CPU did not read the page");
	for (unsigned i = 0; i < s->ncpu; i++)
		if (smp_mask_has(mask, i))
			ok &= expect(t.seen[i] == a[0],
				     "cpu%u read 0x%08" PRIx32 " before, not 0x%08" PRIx32, i,
				     t.seen[i], a[0]);
	err = local ? remap_local(t.va, (uintptr_t)b)
		    : mmu_remap_page(t.va, (uintptr_t)b, MT_NORMAL, 0);
	ok &= expect(err == 0, "remap: error %d", err);
	memset(t.seen, 0, sizeof(t.seen));
	ok &= expect(smp_run(mask, tlb_read, &t) == 0, "a CPU did not read the page");
	for (unsigned i = 0; i < s->ncpu; i++)
		if (smp_mask_has(mask, i))
			ok &= expect(
				t.seen[i] == b[0],
				"cpu%u reads 0x%08" PRIx32 " after the remap, not the new frame's "
				"0x%08" PRIx32 "%s",
				i, t.seen[i], b[0], t.seen[i] == a[0] ? ": a stale TLB entry" : "");
	if (ok) /* the success line only on success */
		diag("tlb shootdown: %u CPUs see page %p move to the new frame",
		     smp_mask_count(mask), (void *)t.va);
	mmu_unmap_page(t.va); /* broadcast: every CPU's entry goes */
	free(a);
}
