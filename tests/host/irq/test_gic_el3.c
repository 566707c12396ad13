/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * host-gic-el3: irq/aarch64/gic_el3.S (gic_el3_make_ns, what bringup does
 * to a GICv3 as EL3 firmware), unchanged, under qemu-aarch64 against a
 * model of a GIC-600's distributor and one redistributor. The model's
 * pages are read-only: each store faults, and the SIGSEGV handler applies
 * it (the value from the faulting STR's Rt) to the model, which reacts at
 * once, then resumes after it. So every write is seen, in order:
 *  - GICD_CTLR: a change of ARE_S/ARE_NS while a group enable is set, in
 *    the old value or the new, is UNPREDICTABLE (IHI 0069H 12.9.4); the
 *    firmware's distributor starts with EnableGrp0|EnableGrp1NS set;
 *  - GICR_WAKER: ChildrenAsleep clears when ProcessorSleep is cleared only
 *    if GICR_PWRR.RDPD is 0 (GIC-600 TRM: a powered-down redistributor
 *    stays asleep); RDPD clears when PWRR is written with RDPD 0.
 * A plain GIC-500 IIDR: PWRR must not be written (it does not exist).
 * tests/host/irq/irq.mk builds it twice more with the old orders
 * (-DGIC_EL3_MUTANT_ARE_FIRST, -DGIC_EL3_MUTANT_NO_PWRR), each caught.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "irq/gic_el3.h"
#include "tests/host/common/check.h"

CHECK_COUNTERS;

uint64_t gic_el3_make_ns(unsigned version, uintptr_t gicd, uintptr_t cpu, unsigned what);

#define PAGE      0x10000u
#define GICD_CTLR 0x000
#define GICD_IIDR 0x008
#define GICR_PWRR 0x024
#define WAKER     0x014
#define ARE       0x30u
#define ENABLES   0x7u

static volatile uint32_t *gicd, *gicr;
static unsigned bad_ctlr, pwrr_writes;
static char first_bad[160];

static void on_write(volatile uint32_t *a, uint32_t v)
{
	uint32_t old = *a;

	if (a == gicd + GICD_CTLR / 4 && ((old ^ v) & ARE) && ((old | v) & ENABLES)) {
		if (!bad_ctlr++)
			snprintf(first_bad, sizeof(first_bad),
				 "GICD_CTLR 0x%x -> 0x%x: ARE changed with a group enabled", old,
				 v);
	}
	if (a == gicr + GICR_PWRR / 4) {
		pwrr_writes++;
		v &= 1; /* RDPD as written; RDGPD = RDGPO = 0: no transition */
	}
	if (a == gicr + WAKER / 4) {
		v &= 2;       /* ProcessorSleep */
		v |= old & 4; /* ChildrenAsleep as it was */
		if (!(v & 2) && !(gicr[GICR_PWRR / 4] & 1))
			v &= ~4u; /* awake, and powered: the children wake */
	}
	*a = v;
}

static void segv(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;
	uint32_t insn = *(uint32_t *)uc->uc_mcontext.pc;
	unsigned rt = insn & 31;
	uintptr_t a = (uintptr_t)si->si_addr;
	uintptr_t page = a & ~(uintptr_t)(getpagesize() - 1);

	(void)sig;
	mprotect((void *)page, getpagesize(), PROT_READ | PROT_WRITE);
	on_write((volatile uint32_t *)a, rt == 31 ? 0 : (uint32_t)uc->uc_mcontext.regs[rt]);
	mprotect((void *)page, getpagesize(), PROT_READ);
	uc->uc_mcontext.pc += 4;
}

static void setup(uint32_t iidr)
{
	mprotect((void *)gicd, PAGE, PROT_READ | PROT_WRITE);
	mprotect((void *)gicr, 2 * PAGE, PROT_READ | PROT_WRITE);
	memset((void *)gicd, 0, PAGE);
	memset((void *)gicr, 0, 2 * PAGE);
	gicd[GICD_CTLR / 4] = 0x3; /* a previous stage left EnableGrp0|EnableGrp1NS on */
	gicd[GICD_IIDR / 4] = iidr;
	gicd[0x004 / 4] = 2;                      /* GICD_TYPER: 96 lines */
	gicr[GICR_PWRR / 4] = iidr == 0x0200043b; /* a GIC-600's redistributor resets off */
	gicr[WAKER / 4] = 6;                      /* ProcessorSleep, ChildrenAsleep */
	mprotect((void *)gicd, PAGE, PROT_READ);
	mprotect((void *)gicr, 2 * PAGE, PROT_READ);
	bad_ctlr = pwrr_writes = 0;
}

int main(void)
{
	struct sigaction sa = { .sa_sigaction = segv, .sa_flags = SA_SIGINFO };
	uint64_t r;

	sigaction(SIGSEGV, &sa, NULL);
	gicd = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	gicr = mmap(NULL, 2 * PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CHECK(gicd != MAP_FAILED && gicr != MAP_FAILED, "mmap");
	for (unsigned k = 0; k < 2; k++) {
		uint32_t iidr = k ? 0x0001043b : 0x0200043b; /* GIC-500 (ProductID 0), GIC-600 */
		const char *name = k ? "GIC-500" : "GIC-600";

		setup(iidr);
		r = gic_el3_make_ns(3, (uintptr_t)gicd, 0, GIC_EL3_DIST);
		CHECK(r == 0, "%s: the distributor's part: a wait ran out", name);
		CHECK(bad_ctlr == 0, "%s: %s", name, first_bad);
		CHECK((gicd[GICD_CTLR / 4] & 0x37) == 0x32, "%s: GICD_CTLR 0x%x at the end", name,
		      gicd[GICD_CTLR / 4]);
		r = gic_el3_make_ns(3, (uintptr_t)gicd, (uintptr_t)gicr, GIC_EL3_CPU);
		CHECK(r == 0 && !(gicr[WAKER / 4] & 4),
		      "%s: GICR_WAKER 0x%x: ChildrenAsleep still set (GICR_PWRR 0x%x)", name,
		      gicr[WAKER / 4], gicr[GICR_PWRR / 4]);
		CHECK(k == 0 || pwrr_writes == 0, "%s: GICR_PWRR written %u times", name,
		      pwrr_writes);
	}
	return check_report("host-gic-el3");
}
