/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU's overflow interrupt where the tree says (board/fdt_pmu.h), and
 * the tree's PPI numbers against Arm's BSA (docs/pmu.md). Each online CPU
 * in turn overflows event counter 2 (SW_INCR from 0xffffffff, PMINTENSET
 * set: DDI 0487 D13.3 "Behavior on overflow") while every CPU listens on
 * the interrupt the tree names for it: the PPI, or the per-CPU SPIs each
 * routed to its CPU. The interrupt must arrive once, on that CPU and no
 * other; where it does not, what arrived elsewhere or is left pending (the
 * GIC's pending state of a disabled interrupt, banked per CPU for a PPI)
 * is named. Counter 0 and the cycle counter are not touched.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/fdt_pmu.h"
#include "boot/boot.h"
#include "lib/fdt/fdt.h"
#include "lib/selftest/selftest.h"
#include "selftests/irq_setup.h"
#include "selftests/pmu_hw.h"
#include "smp/smp.h"

#define CNT_SW     2
#define WAIT_MS    20 /* a wired overflow interrupt is taken at once */
#define SPI_MAX    1020
#define PEND_WORDS ((SPI_MAX + 31) / 32)

static struct {
	struct board_pmu dt;
	unsigned turn;                /* the CPU whose PMU overflows */
	uint32_t done;                /* its turn is over */
	uint32_t *got;                /* [ncpu] arrivals this turn */
	unsigned *got_id;             /* [ncpu] the INTID of the last */
	uint32_t pending[PEND_WORDS]; /* the turn's CPU: newly pending INTIDs */
	bool overflowed;              /* the turn's counter set its overflow flag */
} pi;

/* INTIDs 16 .. nlines-1 pending as seen from this CPU (PPIs banked). */
static void pending_now(uint32_t *out)
{
	memset(out, 0, PEND_WORDS * sizeof(*out));
	for (unsigned id = 16; id < irq_info.nlines && id < SPI_MAX; id++)
		if (irq_is_pending(id))
			out[id / 32] |= 1u << (id % 32);
}

static void pmu_got(unsigned intid, unsigned src, void *arg)
{
	unsigned me = irq_this_cpu()->slot;

	(void)src, (void)arg;
	if (me == __atomic_load_n(&pi.turn, __ATOMIC_ACQUIRE))
		pmu_ovs_clr(1u << CNT_SW); /* the line drops: it is level-sensitive */
	else
		irq_enable(intid, false); /* another CPU's PMU holds it: no storm here */
	pi.got_id[me] = intid;
	__atomic_fetch_add(&pi.got[me], 1, __ATOMIC_RELEASE);
	smp_signal();
}

static void on_cpu(struct smp_cpu *self, void *arg)
{
	unsigned me = self->index, m = 1u << CNT_SW;
	unsigned want = board_pmu_intid(&pi.dt, self->dt.mpidr);

	(void)arg;
	if (pi.dt.kind == BOARD_PMU_PPI)
		irq_enable(want, true);
	irq_local_enable();
	if (me != pi.turn) {
		smp_wait_eq(&pi.done, 1, boot_wait_ms(50 * WAIT_MS));
	} else {
		static uint32_t before[PEND_WORDS], after[PEND_WORDS];
		uint32_t pmcr = pmu_pmcr();

		pending_now(before);
		pmu_set_pmcr(pmcr | PMU_PMCR_E);
		pmu_select(CNT_SW);
		pmu_set_evtype(PMU_EV_SW_INCR);
		pmu_set_evcnt(0xffffffffu);
		pmu_ovs_clr(m);
		pmu_inten_set(m);
		pmu_cnten_set(m);
		pmu_swinc(m);
		pi.overflowed = pmu_ovs() & m || __atomic_load_n(&pi.got[me], __ATOMIC_ACQUIRE);
		smp_wait_eq(&pi.got[me], 1, boot_wait_ms(WAIT_MS));
		irq_local_disable();
		pending_now(after);
		for (unsigned w = 0; w < PEND_WORDS; w++)
			pi.pending[w] = after[w] & ~before[w];
		pmu_inten_clr(m);
		pmu_cnten_clr(m);
		pmu_ovs_clr(m);
		for (unsigned id = 16; id < SPI_MAX; id++)
			if (pi.pending[id / 32] >> (id % 32) & 1)
				irq_set_pending(id, false);
		pmu_set_pmcr(pmcr);
		__atomic_store_n(&pi.done, 1, __ATOMIC_RELEASE);
		smp_signal();
	}
	irq_local_disable();
	if (pi.dt.kind == BOARD_PMU_PPI)
		irq_enable(want, false);
}

static void say_ids(char *buf, size_t n, const uint32_t *p, const char *what)
{
	for (unsigned id = 16; id < SPI_MAX; id++)
		if (p[id / 32] >> (id % 32) & 1) {
			size_t have = strlen(buf);

			snprintf(buf + have, n - have, "; INTID %u %s", id, what);
		}
}

SELFTEST(pmu, overflow_irq)
{
	const struct smp_info *s = smp_init();
	char why[96], msg[200];
	const char *w;
	unsigned ok = 0, n = 0, no_ovf = 0;
	bool secure = s->cpu[s->boot].security == SMP_SEC_SECURE;
	int err;

	if (!irq_test_ready(&w)) {
		skip("%s", w);
		return;
	}
	if (!boot.hw.dtb || boot.hw.dtb_error != FDT_OK) {
		skip("no tree: the PMU's interrupt is the tree's to name");
		return;
	}
	err = board_read_pmu((const void *)boot.hw.dtb, boot.hw.dtb_size, &pi.dt, why, sizeof(why));
	if (err == FDT_ERR_NOTFOUND) {
		skip("the tree names no PMU (arm,armv8-pmuv3, arm,<core>-pmu)");
		return;
	}
	if (!expect(err == FDT_OK, "the tree's PMU: %s", why[0] ? why : fdt_strerror(err)))
		return;
	if (pi.dt.kind == BOARD_PMU_NOT_GIC || pi.dt.kind == BOARD_PMU_NO_IRQ) {
		skip("the tree's %s: %s%s", pi.dt.compatible,
		     pi.dt.kind == BOARD_PMU_NO_IRQ ? "no interrupts" : "its interrupt is on ",
		     pi.dt.parent);
		return;
	}
	{
		unsigned v = pmu_version(); /* PMCR read only where a PMU is */

		if (v == 0 || v == 0xf || PMU_PMCR_N(pmu_pmcr()) <= CNT_SW) {
			skip("no architected PMU with counter %u (PMU version %u%s)", CNT_SW, v,
			     v == 0 || v == 0xf ? "" : ", too few counters");
			return;
		}
	}
	free(pi.got), free(pi.got_id);
	pi.got = calloc(s->ncpu, sizeof(*pi.got));
	pi.got_id = calloc(s->ncpu, sizeof(*pi.got_id));
	if (!expect(pi.got && pi.got_id, "no memory"))
		return;
	if (pi.dt.kind == BOARD_PMU_PPI) {
		irq_register(pi.dt.ppi, pmu_got, NULL);
		if (!irq_test_usable(pi.dt.ppi))
			return;
		irq_enable(pi.dt.ppi, false);
	}
	for (unsigned i = 0; i < pi.dt.nspi; i++) {
		irq_register(pi.dt.spi[i], pmu_got, NULL);
		for (unsigned c = 0; c < s->ncpu; c++)
			if (s->cpu[c].dt.mpidr == pi.dt.mpidr[i] &&
			    smp_mask_has(irq_test.online, c))
				irq_route(pi.dt.spi[i], c);
		irq_enable(pi.dt.spi[i], true);
	}
	for (unsigned k = 0; k < s->ncpu; k++) {
		unsigned want = board_pmu_intid(&pi.dt, s->cpu[k].dt.mpidr), wrong = 0;

		if (!smp_mask_has(irq_test.online, k))
			continue;
		n++;
		memset(pi.got, 0, s->ncpu * sizeof(*pi.got));
		memset(pi.pending, 0, sizeof(pi.pending));
		pi.done = 0;
		__atomic_store_n(&pi.turn, k, __ATOMIC_RELEASE);
		smp_run(irq_test.online, on_cpu, NULL);
		msg[0] = 0;
		for (unsigned c = 0; c < s->ncpu; c++)
			if (c != k && pi.got[c]) {
				size_t have = strlen(msg);

				wrong++;
				snprintf(msg + have, sizeof(msg) - have,
					 "; INTID %u arrived on cpu%u", pi.got_id[c], c);
			}
		say_ids(msg, sizeof(msg), pi.pending, "pending");
		if (!pi.overflowed && !pi.got[k]) {
			no_ovf++;
			if (!secure)
				expect(0,
				       "cpu%u: counter %u did not overflow (pmu: sw_incr says why)",
				       k, CNT_SW);
		} else if (!want)
			expect(0,
			       "cpu%u (MPIDR 0x%llx): the tree's PMU names no interrupt for it%s",
			       k, (unsigned long long)s->cpu[k].dt.mpidr, msg);
		else if (pi.got[k] == 0)
			expect(0, "cpu%u: expected INTID %u, nothing arrived%s", k, want,
			       msg[0] ? msg : "; nothing pending");
		else
			ok += expect(pi.got[k] == 1 && pi.got_id[k] == want && !wrong,
				     "cpu%u: expected INTID %u once: %u times, last INTID %u%s", k,
				     want, (unsigned)pi.got[k], pi.got_id[k], msg);
	}
	for (unsigned i = 0; i < pi.dt.nspi; i++)
		irq_enable(pi.dt.spi[i], false);
	if (secure && no_ovf == n) {
		skip("running Secure, the counter never overflowed: event counting is prohibited "
		     "there unless Secure non-invasive debug is enabled (DDI 0406C C9)");
		return;
	}
	if (pi.dt.kind == BOARD_PMU_PPI)
		diag("pmu: overflow interrupt on PPI INTID %u (%s) on %u of %u CPUs, on no other",
		     pi.dt.ppi, pi.dt.compatible, ok, n);
	else
		diag("pmu: overflow interrupt on %u per-CPU SPIs (%s, %s) on %u of %u CPUs, on no "
		     "other",
		     pi.dt.nspi, pi.dt.compatible,
		     pi.dt.affinity ? "interrupt-affinity" : "the /cpus order", ok, n);
}

/* A warning for each difference, not a failure: many valid boards differ. */
SELFTEST(pmu, ppi_numbers)
{
	struct board_ppi_check c[BOARD_PPI_CHECKS];
	int n, differ = 0;

	if (!boot.hw.dtb || boot.hw.dtb_error != FDT_OK) {
		skip("no tree");
		return;
	}
	n = board_ppi_lint((const void *)boot.hw.dtb, boot.hw.dtb_size, c, BOARD_PPI_CHECKS);
	if (!expect(n >= 0, "the tree: %s", fdt_strerror(n)))
		return;
	for (int i = 0; i < n; i++)
		if (c[i].got != c[i].want) {
			differ++;
			diag("pmu: warning: the tree's %s is INTID %u, BSA %s recommends %u",
			     c[i].what, c[i].got, c[i].rule, c[i].want);
		}
	diag("pmu: %d interrupts the tree names checked against BSA's PPI assignments, %d differ",
	     n, differ);
}
