/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU, on every online CPU, against the tree (docs/pmu.md): PMCR.N at
 * least BSA's minimum and equal across CPUs of one part; the cycle counter
 * advances; INST_RETIRED over two NOP sleds differs by the sleds'
 * difference; a software increment counts and overflows; the overflow
 * interrupt arrives on the interrupt the tree names for that CPU
 * (board/fdt_pmu.h) and on no other CPU; the tree's PPI numbers against
 * Arm's BSA. Event counter 0 and the cycle counter are the boot
 * benchmark's (arch/<arch>/pmu_start.S): counters 1 and 2 are used, and
 * 0 and the cycle counter are left as found, which is checked.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "arch/exception.h"
#include "board/fdt_pmu.h"
#include "boot/boot.h"
#include "front/options.h"
#include "lib/fdt/fdt.h"
#include "lib/selftest/selftest.h"
#include "selftests/irq_setup.h"
#include "selftests/pmu_hw.h"
#include "smp/smp.h"

/* BSA (DEN0094) B_PE_09, which Arm's ACS checks as pe009: a minimum of
 * four programmable counters exposed to the operating system; PMCR.N is
 * their number (DDI 0487 D13.4 PMCR_EL0.N [15:11]; DDI 0406C B4.1.117). */
#define PMU_MIN_COUNTERS 4
#define CNT_SLED         1 /* INST_RETIRED over the sleds */
#define CNT_SW           2 /* SW_INCR, and its overflow */
#define SLED_N           256
#define SLED_TOL         (SLED_N / 128) /* a board's allowance; QEMU -icount is exact */
#define WAIT_MS          500

struct pmu_res {
	unsigned ver;
	uint32_t pmcr, midr, ceid0;
	uint64_t mpidr; /* as the tree's /cpus reg holds it */
	uint64_t cyc_delta;
	uint32_t sled1, sled2;
	uint32_t sw_count, sw_near, sw_wrap;
	bool ovf_early, ovf_set;
	bool as_found;          /* counter 0 and the cycle counter as they were */
} __attribute__((aligned(64))); /* r[i] a shift: no A53 erratum 835769 multiply-accumulate */

static struct {
	bool done;
	unsigned ncpu;
	struct pmu_res *r;
	bool mutant_counter0, mutant_sled, mutant_nocycle, mutant_pmcrn;
	bool ceid_read; /* PMCEID0 read (ARMv7: it may be UNDEFINED) */
	uint32_t ceid0; /* the boot CPU's */
} pmu;

static void read_ceid0(void *arg)
{
	*(uint32_t *)arg = pmu_ceid0();
}

static unsigned counters(const struct pmu_res *r)
{
	return pmu.mutant_pmcrn ? r->pmcr >> 12 & 0xf : PMU_PMCR_N(r->pmcr);
}

static bool has_pmu(unsigned ver)
{
	return ver != 0 && ver != 0xf;
}

/* Out of line: the sleds keep the callers' literal pools in reach (ARMv7). */
static __attribute__((noinline)) uint32_t sled_short(void)
{
	return PMU_SLED(256);
}

static __attribute__((noinline)) uint32_t sled_long(void)
{
	return PMU_SLED(512);
}

static void spin(unsigned n)
{
	for (volatile unsigned i = 0; i < n; i++)
		;
}

/* Counting on the CPU itself; writes only its own pmu_res. */
static void measure(struct smp_cpu *self, void *arg)
{
	struct pmu_res *r = &pmu.r[self->index];
	uint32_t en, type0, filt, c0, keep = PMU_CYCLE_BIT | 1u,
				      sled = pmu.mutant_counter0 ? 0 : CNT_SLED;
	bool e;

	(void)arg;
	r->ver = pmu_version();
	r->midr = arch_cpu_id();
	r->mpidr = self->dt.mpidr;
	if (!has_pmu(r->ver))
		return;
	r->pmcr = pmu_pmcr();
#ifdef __aarch64__
	r->ceid0 = pmu_ceid0(); /* PMUv3: always there */
#endif
	en = pmu_cnten();
	pmu_select(0);
	type0 = pmu_evtype();
	c0 = pmu_evcnt();
	filt = pmu_ccfilt();
	e = r->pmcr & PMU_PMCR_E;
	if (!e) /* P and C read as 0: nothing is reset by this write */
		pmu_set_pmcr(r->pmcr | PMU_PMCR_E);
	if (!(en & PMU_CYCLE_BIT) && !pmu.mutant_nocycle) { /* a CPU pmu_start did not run on */
		pmu_set_ccfilt(0);
		pmu_cnten_set(PMU_CYCLE_BIT);
	}
	r->cyc_delta = pmu_ccnt();
	spin(1000);
	r->cyc_delta = (pmu_ccnt() - r->cyc_delta) & (sizeof(long) == 8 ? ~0ull : 0xffffffffull);
	if (!(en & PMU_CYCLE_BIT)) {
		pmu_cnten_clr(PMU_CYCLE_BIT);
		pmu_set_ccfilt(filt);
	}
	if (counters(r) > CNT_SW) {
		uint32_t m = 1u << CNT_SW;

		pmu_cnten_clr(1u << CNT_SLED | m);
		pmu_inten_clr(1u << CNT_SLED | m);
		pmu_ovs_clr(1u << CNT_SLED | m);
		pmu_select(sled);
		pmu_set_evtype(PMU_EV_INSTRET);
		pmu_set_evcnt(0);
		pmu_cnten_set(1u << sled);
		pmu_select(CNT_SLED);
		r->sled1 = sled_short();
		r->sled2 = pmu.mutant_sled ? sled_short() : sled_long();
		pmu_cnten_clr(1u << CNT_SLED);

		pmu_select(CNT_SW);
		pmu_set_evtype(PMU_EV_SW_INCR);
		pmu_set_evcnt(0);
		pmu_cnten_set(m);
		for (int i = 0; i < 3; i++)
			pmu_swinc(m);
		r->sw_count = pmu_evcnt();
		pmu_set_evcnt(0xfffffffeu); /* overflow on the second increment */
		pmu_swinc(m);
		r->sw_near = pmu_evcnt();
		r->ovf_early = pmu_ovs() & m;
		pmu_swinc(m);
		r->sw_wrap = pmu_evcnt();
		r->ovf_set = pmu_ovs() & m;
		pmu_ovs_clr(m);
		pmu_cnten_clr(m);
	}
	pmu_select(0);
	/* Counter 0 still counting from where it was (not reset). */
	r->as_found = (pmu_cnten() & keep) == (en & keep) && pmu_evtype() == type0 &&
		      pmu_ccfilt() == filt && (int32_t)(pmu_evcnt() - c0) >= 0;
	if (!e)
		pmu_set_pmcr(r->pmcr);
}

static bool measured(void)
{
	const struct smp_info *s = smp_init();

	if (!pmu.done) {
		pmu.done = true;
		pmu.ncpu = s->ncpu;
		pmu.mutant_counter0 = option_is("irq_mutant", "pmu0");
		pmu.mutant_sled = option_is("irq_mutant", "sled");
		pmu.mutant_nocycle = option_is("irq_mutant", "nocycle");
		pmu.mutant_pmcrn = option_is("irq_mutant", "pmcrn");
		pmu.r = calloc(s->ncpu, sizeof(*pmu.r));
		if (!pmu.r)
			abort();
		smp_run(smp_online_mask(), measure, NULL);
		if (has_pmu(pmu_version())) {
			struct fault_info fi;

			/* ARMv7's PMCEID0 (DDI 0406C B4.1.113) is not modelled by
			 * QEMU 7.2's Cortex-A15 (UNDEFINED there). */
			pmu.ceid_read = !fault_probe(read_ceid0, &pmu.ceid0, &fi);
		}
	}
	if (!has_pmu(pmu.r[s->boot].ver)) {
		skip("no architected PMU (%s %u)",
		     sizeof(long) == 8 ? "ID_AA64DFR0_EL1.PMUVer" : "ID_DFR0.PerfMon",
		     pmu.r[s->boot].ver);
		return false;
	}
	return true;
}

#define FOR_CPU(i)                                                                                 \
	for (unsigned i = 0; i < pmu.ncpu; i++)                                                    \
		if (smp_mask_has(smp_online_mask(), i) && has_pmu(pmu.r[i].ver))

/* ARMv7 run Secure (a board's loader, QEMU's vexpress with secure=on):
 * event counters count there only where Secure non-invasive debug is
 * enabled (DDI 0406C C9 "Non-invasive Debug Authentication"; the cycle
 * counter unless PMCR.DP). Nothing counted on the boot CPU there is that,
 * not a broken PMU: a skip. */
static bool secure_prohibited(void)
{
	const struct smp_info *s = smp_init();

	if (s->cpu[s->boot].security != SMP_SEC_SECURE || pmu.r[s->boot].sw_count)
		return false;
	skip("running Secure, SW_INCR counted nothing: event counting is prohibited there unless "
	     "Secure non-invasive debug is enabled (DDI 0406C C9)");
	return true;
}

SELFTEST(pmu, counters)
{
	unsigned n = 0;

	if (!measured())
		return;
	FOR_CPU(i)
	{
		const struct pmu_res *r = &pmu.r[i];

		n++;
		expect(counters(r) >= PMU_MIN_COUNTERS,
		       "cpu%u: PMCR.N %u event counters, BSA B_PE_09 (ACS pe009) wants at least %u",
		       i, counters(r), PMU_MIN_COUNTERS);
		FOR_CPU(j)
		if (j < i && (pmu.r[j].midr & 0xff00fff0u) == (r->midr & 0xff00fff0u))
			expect(counters(&pmu.r[j]) == counters(r),
			       "cpu%u and cpu%u, one part (MIDR 0x%08x): PMCR.N %u and %u", j, i,
			       (unsigned)r->midr, counters(&pmu.r[j]), counters(r));
		expect(r->as_found, "cpu%u: event counter 0 or the cycle counter not left as found",
		       i);
	}
	diag("pmu: %u CPUs, PMCR.N %u on the boot CPU, PMU version %u", n,
	     counters(&pmu.r[smp_init()->boot]), pmu.r[smp_init()->boot].ver);
}

SELFTEST(pmu, cycle_counter)
{
	if (!measured())
		return;
	FOR_CPU(i)
	expect(pmu.r[i].cyc_delta > 0, "cpu%u: PMCCNTR did not advance over 1000 loop iterations",
	       i);
}

/* PMCEID0 bit 8: INST_RETIRED implemented (DDI 0487 D13.4 PMCEID0_EL0). */
SELFTEST(pmu, inst_retired)
{
	unsigned exact = 0, n = 0;

	if (!measured())
		return;
	if (counters(&pmu.r[smp_init()->boot]) <= CNT_SW) {
		skip("PMCR.N %u: counters %u and %u are needed", counters(&pmu.r[smp_init()->boot]),
		     CNT_SLED, CNT_SW);
		return;
	}
	if (secure_prohibited())
		return;
	if (pmu.ceid_read && !(pmu.ceid0 >> PMU_EV_INSTRET & 1)) {
		skip("INST_RETIRED (0x08) not counted here: PMCEID0 bit 8 clear (QEMU counts it "
		     "only under -icount)");
		return;
	}
	if (!pmu.ceid_read && !pmu.r[smp_init()->boot].sled1) {
		skip("INST_RETIRED (0x08) counted nothing and PMCEID0 is UNDEFINED here (QEMU's "
		     "ARMv7 cores; it counts only under -icount)");
		return;
	}
	FOR_CPU(i)
	{
		const struct pmu_res *r = &pmu.r[i];
		int d = (int)(r->sled2 - r->sled1) - SLED_N;

		n++;
		exact += d == 0;
		expect(d >= -SLED_TOL && d <= SLED_TOL,
		       "cpu%u: INST_RETIRED over %u and %u NOPs: %u and %u, differ by %d, want %u "
		       "(within %u)",
		       i, SLED_N, 2 * SLED_N, (unsigned)r->sled1, (unsigned)r->sled2,
		       (int)(r->sled2 - r->sled1), SLED_N, SLED_TOL);
	}
	diag("pmu: INST_RETIRED over %u and %u NOPs differ by exactly %u on %u of %u CPUs", SLED_N,
	     2 * SLED_N, SLED_N, exact, n);
}

SELFTEST(pmu, sw_incr)
{
	if (!measured())
		return;
	if (counters(&pmu.r[smp_init()->boot]) <= CNT_SW) {
		skip("PMCR.N %u: counter %u is needed", counters(&pmu.r[smp_init()->boot]), CNT_SW);
		return;
	}
	if (secure_prohibited())
		return;
	FOR_CPU(i)
	{
		const struct pmu_res *r = &pmu.r[i];

		expect(r->sw_count == 3, "cpu%u: 3 writes to PMSWINC counted %u", i,
		       (unsigned)r->sw_count);
		expect(r->sw_near == 0xffffffffu && !r->ovf_early,
		       "cpu%u: 0xfffffffe + 1 = 0x%x, overflow flag %d (want 0xffffffff, 0)", i,
		       (unsigned)r->sw_near, r->ovf_early);
		expect(r->sw_wrap == 0 && r->ovf_set,
		       "cpu%u: 0xffffffff + 1 = 0x%x, overflow flag %d (want 0, 1)", i,
		       (unsigned)r->sw_wrap, r->ovf_set);
	}
	diag("pmu: SW_INCR counted 3 and overflowed at 2^32 on every CPU");
}
