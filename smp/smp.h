/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The other CPUs: start every CPU the tree lists, give each work, stop it.
 *
 * smp_init() (once; later calls return the same result) reads the tree's
 * /cpus (board/cpus.h), finds the boot CPU among them by MPIDR, and starts
 * every other one by its start method (board/start_methods.h: the
 * enable-method, /psci or the machine; each method's code is
 * smp/methods/start_<method>.c) or, when no loader handed over
 * (every core entered bringup and one was elected), bringup's own holding
 * pen (park_secondary in boot/<arch>/secondary.S: its smp_args entry, then
 * SEV). Each secondary enters boot/<arch>/secondary.S: down to EL1 / SVC as
 * the boot CPU came, its own stack and exception stack (each with an
 * unmapped guard page below it, allocated with the per-CPU state from the
 * heap, which the DRAM test leaves alone), the boot CPU's
 * vectors, its MMU on the boot CPU's tables and its caches (on ARMv7 after
 * invalidating its own L1 and setting ACTLR.SMP where the core has it),
 * then smp_secondary_main(): it records what it reads on itself (MPIDR,
 * MIDR, the cache ID registers; on ARMv7 its security state, which
 * secondary.S probed on arrival), says it is online, and waits in WFE for
 * work. An ARMv7 CPU in another security state than the boot CPU's (a
 * board's method releases cores from reset Secure, beside a boot CPU a
 * loader left Non-secure: the Allwinner CPUCFG, the i.MX SRC) is refused:
 * the NS bit is part of the cache tag and of the bus address (DDI 0406C
 * B1.5), so nothing the two share is coherent; it says SMP_REFUSED and
 * parks, never online, never given work. (Its state reaches the boot CPU
 * through those very caches, cleaned to PoC: where the boot CPU holds the
 * line the CPU may read as not come up instead; never as online.) A CPU
 * not online within SMP_START_TIMEOUT_MS is marked failed and the rest go
 * on.
 *
 * Every CPU the tree lists is taken, up to SMP_MAX_CPUS (smp/smp_mask.h);
 * smp_init() fails (err SMP_ERR_NOMEM) when the heap cannot hold them.
 *
 * smp_run() hands fn to every online CPU in `mask` (smp/smp_mask.h; the
 * boot CPU runs its share itself, last) and waits, bounded, until each has
 * returned. fn runs with the MMU and caches on; on a secondary it must not
 * print (the console is the boot CPU's): results go into memory.
 *
 * smp_cpu_off() asks a secondary to leave: with its D-cache off it cleans
 * and invalidates its own caches to LoUIS, then PSCI CPU_OFF.
 * smp_cpu_on() starts it again (PSCI CPU_ON).
 *
 * Everything runs on the boot CPU unless said otherwise; not reentrant.
 */
#ifndef SMP_SMP_H
#define SMP_SMP_H

#include "boot/secondary.h"
#include "smp/smp_mask.h"

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>

#include "arch/arch.h"
#include "board/cpus.h"
#include "cache/cache.h"

#define SMP_START_TIMEOUT_MS 500
#define SMP_RUN_TIMEOUT_MS   5000
#define SMP_ERR_NOMEM        (-101) /* smp_init: no heap for the per-CPU state */
#define SMP_ERR_GUARD        (-100) /* smp_init: a guard page could not be unmapped */

/* SMP_REFUSED: the CPU arrived in another security state than the boot
 * CPU's (struct smp_cpu.security): it wrote this, not SMP_ONLINE, and
 * parks in WFE for good, never given work. */
enum smp_state { SMP_ABSENT = 0, SMP_STARTING, SMP_ONLINE, SMP_OFF, SMP_FAILED, SMP_REFUSED };

/* struct smp_cpu's size and alignment: a power of two, so that cpu[i] is a
 * shift and an add (a multiply-accumulate after the load of cpu would be
 * the Cortex-A53 erratum 835769 pair scripts/check-a53-835769.sh refuses),
 * and each CPU's state in lines of its own (the secondaries write theirs:
 * no line shared between two writers; CTR.CWG, the largest writeback
 * granule, is at most 2 KiB, typically 64 B). */
#define SMP_CPU_ALIGN 512

struct smp_cpu;
typedef void (*smp_fn)(struct smp_cpu *self, void *arg);

struct smp_cpu {
	unsigned index;
	struct board_cpu dt; /* as the tree lists it */
	bool is_boot;
	bool can_start; /* a start method bringup drives (dt.start), not disabled */
	int state;      /* enum smp_state; the secondary writes SMP_ONLINE (release) */
	/* Its security state as it recorded it on arrival (boot/secondary.h
	 * SMP_SEC_*; the boot CPU's in smp_init): ARMv7, else SMP_SEC_UNKNOWN. */
	int security;
	long start_ret; /* what CPU_ON returned (PSCI_RET_*), 0 otherwise */
	/* Read on the CPU itself once it is online: */
	uintptr_t entry_ctx; /* x0 / r0 at secondary_entry: CPU_ON's context ID */
	uint64_t mpidr;
	uint32_t midr;
	uint32_t revidr;        /* ARMv7, where erratum 798181 may apply (else 0) */
	uint32_t actlr_missing; /* ARMv7: ACTLR.SMP/FW it needs and lacks (write ignored) */
	struct cache_regs cregs;
	/* Work: the boot CPU sets fn/arg and bumps seq; the CPU runs fn and
	 * sets done = seq. */
	smp_fn fn;
	void *arg;
	uint32_t seq, done;
	uintptr_t stack_lo, stack_hi; /* its stack, for tests */
	struct smp_args *args;
} __attribute__((aligned(SMP_CPU_ALIGN)));

struct smp_info {
	int err;         /* < 0: no CPU list (no tree, no /cpus: fdt_error), SMP_ERR_* */
	unsigned listed; /* CPUs the tree lists (all of them, even beyond ncpu) */
	unsigned ncpu;   /* entries in cpu[] */
	unsigned online; /* including the boot CPU */
	unsigned boot;   /* index of the boot CPU in cpu[] */
	enum psci_conduit conduit;
	/* CPU_ON's function ID: PSCI_CPU_ON, or a PSCI 0.1 tree's cpu_on (0:
	 * it names none); v01: no other function (CPU_OFF, the conformance
	 * tests) is asked of it. */
	uint32_t cpu_on_fn;
	bool v01;
	bool pen; /* no handover: the others may wait in bringup's holding pen */
	/* psci_context=none: CPU_ON passes context ID 0, as a firmware that
	 * dropped it would deliver (psci: context_id must then fail) */
	bool no_context;
	bool wfe_bounded; /* the event stream is on: a WFE always wakes */
	char method[48];  /* "psci hvc", "spin-table", ... for the report */
	/* No tree lists the CPUs: the register the count was read from
	 * (board/cores.h: "L2CTLR", ...), else NULL. */
	const char *hw_count;
	struct smp_cpu *cpu; /* [ncpu], from the heap */
};

const struct smp_info *smp_init(void);
/* SMP_SEC_* in words ("Secure", "Non-secure", ...). */
const char *smp_security_name(int security);
/* The CPUs that did not finish within SMP_RUN_TIMEOUT_MS (0: all did). */
unsigned smp_run(struct smp_mask mask, smp_fn fn, void *arg);
/* smp_run() on every online CPU with the caller's bound, ms, in place of
 * SMP_RUN_TIMEOUT_MS (work that takes longer: the DRAM test's slices,
 * memtest/all_cpus.c); the CPUs that did not finish within it. */
unsigned smp_run_all_ms(smp_fn fn, void *arg, unsigned ms);
/* smp_run() with the caller's bound (work that must end sooner: a CPU a
 * firmware may lose is given up on without waiting SMP_RUN_TIMEOUT_MS). */
unsigned smp_run_ms(struct smp_mask mask, smp_fn fn, void *arg, unsigned ms);
/* For work that waits on another CPU (any CPU may call them): smp_signal()
 * after a store another CPU waits for (DSB, so the store is visible first,
 * then SEV); smp_wait_eq() waits in WFE until *p == v (acquire), at most ms
 * milliseconds; false if it timed out. */
void smp_signal(void);
bool smp_wait_eq(const uint32_t *p, uint32_t v, unsigned ms);
/* The online CPUs (none before smp_init). */
struct smp_mask smp_online_mask(void);
/* 0, or a PSCI_RET_* / -1 (not a PSCI CPU, or not online); smp_cpu_on()
 * also SMP_ON_NOT_ARRIVED: the firmware answered SUCCESS, but the CPU was
 * not online within SMP_START_TIMEOUT_MS (an answer of bringup's, not the
 * firmware's: smp_on_strerror() says so in words). */
#define SMP_ON_NOT_ARRIVED (-64)
long smp_cpu_off(unsigned cpu);
long smp_cpu_on(unsigned cpu);
/* smp_cpu_on()'s answer in words: "SUCCESS, but the CPU never arrived in
 * N ms", else psci_strerror()'s. */
const char *smp_on_strerror(long ret);
/* smp_cpu_on() in two halves, for a caller that makes the CPU_ON call
 * itself (the PSCI tests: several CPUs at once): smp_cpu_on_prepare()
 * publishes cpu's arguments and marks it starting (0, or -1 as
 * smp_cpu_on); CPU_ON(its MPIDR, secondary_entry, context = &cpu[i]) is
 * then the caller's; smp_cpu_on_finish() waits (bounded) until it is
 * online: 0, or SMP_ON_NOT_ARRIVED. */
long smp_cpu_on_prepare(unsigned cpu);
long smp_cpu_on_finish(unsigned cpu);

/* The PSCI start method (smp/methods/start_psci.c), for the tests that
 * take only the CPUs PSCI started. */
extern const struct start_method start_method_psci;
/* smp/smp_errata.c: the errata workarounds bringup applies on c ("" if
 * none; its name is arch/midr.h cpu_midr_text), with `online` CPUs up. */
void smp_cpu_errata(const struct smp_cpu *c, unsigned online, char *buf, size_t n);

#endif

#endif
