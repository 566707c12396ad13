/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * psci: what a firmware offers and its power states (DEN0022 D/E).
 *
 * features_all reports PSCI_FEATURES for every PSCI 1.1 function (the 64-bit
 * IDs on AArch64 where they exist): supported, or NOT_SUPPORTED, so a
 * board's report says what its firmware offers; an answer that is neither
 * (DEN0022 "PSCI_FEATURES": flags >= 0 or NOT_SUPPORTED) fails.
 *
 * cpu_suspend_standby: CPU_SUSPEND to a standby state on every CPU whose
 * interrupt controller is ready, each woken by its own EL1 virtual timer
 * PPI. The states are the tree's idle states (Linux Documentation/
 * devicetree/bindings/cpu/idle-states.yaml: compatible "arm,idle-state" or
 * "domain-idle-state", arm,psci-suspend-param) whose StateType is standby;
 * where the tree gives none, the standby state PSCI defines: power_state 0
 * (StateType 0, level 0; StateType is bit 16 in the original format, bit 30
 * in the extended one, which PSCI_FEATURES(CPU_SUSPEND) bit 1 announces).
 * The call is made with interrupts masked at the CPU: a WFI in the
 * firmware still wakes on the pending PPI (DDI 0487 D1.16.2, WFI wake-up
 * events), and the interrupt is taken after the return. Each CPU must
 * return SUCCESS, not before its timer's compare value, and then take
 * its PPI; the wake-up latency (return minus compare value) is reported
 * in counter ticks and us, never bounded here (a row without -icount
 * measures the host's scheduler). A firmware whose StateIDs are its own
 * may refuse power_state 0 (INVALID_PARAMETERS): skipped with that reason.
 * QEMU's own PSCI (target/arm/psci.c) implements CPU_SUSPEND as a WFI.
 *
 * cpu_suspend_powerdown (psci_suspend=powerdown only): the tree's
 * power-down states on one PSCI secondary, entry point secondary_entry. A
 * firmware that cannot resume the CPU loses it (TF-A's qemu port supports
 * cold boot only): it never returns, and the test fails saying so.
 */
#include <inttypes.h>
#include <malloc.h>
#include <stdio.h>
#include <string.h>

#include "arch/counter.h"
#include "boot/boot.h"
#include "front/options.h"
#include "lib/fdt/fdt.h"
#include "lib/selftest/selftest.h"
#include "selftests/irq_setup.h"
#include "selftests/psci_calls.h"

#define WAKE_US          1000 /* the timer set this far after the call */
#define WAKE_WAIT_MS     500  /* the PPI's arrival after the return, bounded */
#define MAX_STATES       8
#define POWERDOWN_WAKE_X 100  /* power-down's timer: 100 ms */
#define POWERDOWN_WAIT   1000 /* ms: ten times that before the CPU is lost */
#define FEATURES_CS      0x2u /* PSCI_FEATURES(CPU_SUSPEND) bit 1: extended StateID */

#ifdef __aarch64__
#define ID64(n) (0xc4000000u | (n))
#else
#define ID64(n) (0x84000000u | (n))
#endif
#define ID32(n) (0x84000000u | (n))

static const struct {
	uint32_t id;
	const char *name;
} functions[] = {
	{ ID32(0x00), "PSCI_VERSION" },
	{ ID64(0x01), "CPU_SUSPEND" },
	{ ID32(0x02), "CPU_OFF" },
	{ ID64(0x03), "CPU_ON" },
	{ ID64(0x04), "AFFINITY_INFO" },
	{ ID64(0x05), "MIGRATE" },
	{ ID32(0x06), "MIGRATE_INFO_TYPE" },
	{ ID64(0x07), "MIGRATE_INFO_UP_CPU" },
	{ ID32(0x08), "SYSTEM_OFF" },
	{ ID32(0x09), "SYSTEM_RESET" },
	{ ID32(0x0a), "PSCI_FEATURES" },
	{ ID32(0x0b), "CPU_FREEZE" },
	{ ID64(0x0c), "CPU_DEFAULT_SUSPEND" },
	{ ID64(0x0d), "NODE_HW_STATE" },
	{ ID64(0x0e), "SYSTEM_SUSPEND" },
	{ ID32(0x0f), "PSCI_SET_SUSPEND_MODE" },
	{ ID64(0x10), "PSCI_STAT_RESIDENCY" },
	{ ID64(0x11), "PSCI_STAT_COUNT" },
	{ ID64(0x12), "SYSTEM_RESET2" },
	{ ID64(0x13), "MEM_PROTECT" },
	{ ID64(0x14), "MEM_PROTECT_CHECK_RANGE" },
};

SELFTEST(psci, features_all)
{
	char yes[320] = "", no[320] = "";
	size_t ny = 0, nn = 0;

	if (psci_skip_below_1_0("PSCI_FEATURES"))
		return;
	long v = psci(PSCI_VERSION, 0, 0, 0);
	for (unsigned i = 0; i < sizeof(functions) / sizeof(functions[0]); i++) {
		long r = psci(PSCI_FEATURES, functions[i].id, 0, 0);

		expect(r >= 0 || r == PSCI_RET_NOT_SUPPORTED,
		       "PSCI_FEATURES(%s 0x%08" PRIx32 "): %ld %s, neither flags nor NOT_SUPPORTED",
		       functions[i].name, functions[i].id, r, psci_strerror(r));
		if (r >= 0 && ny < sizeof(yes))
			ny += (size_t)snprintf(yes + ny, sizeof(yes) - ny, " %s",
					       functions[i].name);
		else if (r < 0 && nn < sizeof(no))
			nn += (size_t)snprintf(no + nn, sizeof(no) - nn, " %s", functions[i].name);
	}
	diag("PSCI %" PRIu32 ".%" PRIu32 " offers:%s", PSCI_VERSION_MAJOR(v), PSCI_VERSION_MINOR(v),
	     yes);
	diag("PSCI_FEATURES NOT_SUPPORTED:%s", nn ? no : " none");
}

/* --- power states ----------------------------------------------------- */

struct pstate {
	uint32_t param;
	const char *name;
	bool powerdown;
};

static bool extended_format(void)
{
	long f = psci(PSCI_FEATURES, PSCI_CPU_SUSPEND, 0, 0);

	return f >= 0 && (f & FEATURES_CS);
}

static bool is_powerdown(uint32_t param, bool ext)
{
	return ext ? param >> 30 & 1 : param >> 16 & 1;
}

/* The original format's reserved bits (DEN0022 "CPU_SUSPEND", power_state:
 * [31:26] and [23:17]); the extended format reserves [29:28]. */
static bool fits_format(uint32_t param, bool ext)
{
	return !(param & (ext ? 0x30000000u : 0xfcfe0000u));
}

/* The tree's idle states with a PSCI parameter, at most max. */
static unsigned tree_states(struct pstate *out, unsigned max, bool ext)
{
	static const char *const compat[] = { "arm,idle-state", "domain-idle-state" };
	struct fdt f;
	unsigned n = 0;

	if (!boot.hw.dtb || fdt_open(&f, (const void *)boot.hw.dtb, boot.hw.dtb_size) < 0)
		return 0;
	for (unsigned c = 0; c < 2; c++)
		for (int node = fdt_find_compatible(&f, -1, compat[c]); node >= 0 && n < max;
		     node = fdt_find_compatible(&f, node, compat[c])) {
			uint32_t p;

			if (!fdt_node_is_enabled(&f, node) ||
			    fdt_prop_u32(&f, node, "arm,psci-suspend-param", &p) < 0)
				continue;
			if (!fits_format(p, ext)) {
				diag("CPU_SUSPEND: the tree's %s (0x%" PRIx32 ") sets bits the %s "
				     "StateID format reserves: written for another firmware, not "
				     "asked",
				     fdt_node_name(&f, node), p, ext ? "extended" : "original");
				continue;
			}
			out[n++] =
				(struct pstate){ p, fdt_node_name(&f, node), is_powerdown(p, ext) };
		}
	return n;
}

struct wake_cpu {
	int irq_err; /* irq_cpu_init's, made again here */
	long ret;
	uint64_t due, back;
	uint32_t hits;
} __attribute__((aligned(128)));

static struct wake_cpu *wake; /* [smp ncpu] */
static uint32_t wake_param;
static uint64_t wake_ticks;

static void wake_tick(unsigned intid, unsigned src, void *arg)
{
	(void)intid, (void)src, (void)arg;
	vtimer_off();
	__atomic_add_fetch(&wake[irq_this_cpu()->slot].hits, 1, __ATOMIC_RELEASE);
}

static void standby_on_cpu(struct smp_cpu *self, void *arg)
{
	struct wake_cpu *w = &wake[self->index];
	unsigned ppi = vtimer_ppi();
	struct deadline d;

	(void)arg;
	memset(w, 0, sizeof(*w));
	/* Again: a CPU the PSCI tests took down and started again has lost its
	 * per-CPU pointer (TPIDR) and, on a board, its CPU interface's state. */
	if ((w->irq_err = irq_cpu_init(self->index)) != 0)
		return;
	irq_enable(ppi, true);
	w->due = arch_counter() + wake_ticks;
	vtimer_set(w->due);
	w->ret = psci(PSCI_CPU_SUSPEND, wake_param, 0, 0);
	w->back = arch_counter();
	irq_local_enable();
	deadline_start(&d, WAKE_WAIT_MS);
	while (!__atomic_load_n(&w->hits, __ATOMIC_ACQUIRE) && !deadline_passed(&d))
		irq_test_relax();
	irq_local_disable();
	vtimer_off();
	irq_enable(ppi, false);
}

/* One standby state on every ready CPU; false if the firmware refused it. */
static bool standby_all(const struct pstate *st, struct smp_mask mask)
{
	uint32_t hz = arch_counter_hz();
	uint64_t worst = 0;
	unsigned ok = 0;

	wake_param = st->param;
	memset(wake, 0, smp_init()->ncpu * sizeof(*wake));
	expect(!smp_run(mask, standby_on_cpu, NULL), "a CPU did not finish CPU_SUSPEND");
	for (unsigned i = 0; i < smp_init()->ncpu; i++) {
		const struct wake_cpu *w = &wake[i];

		if (!smp_mask_has(mask, i))
			continue;
		if (!expect(!w->irq_err, "cpu%u: %s", i, irq_err(w->irq_err)))
			continue;
		if (w->ret == PSCI_RET_INVALID_PARAMETERS && !st->name) {
			skip("the firmware refuses power_state 0x%" PRIx32
			     " (INVALID_PARAMETERS: its StateIDs are its own, as DEN0022 allows) "
			     "and the tree lists no idle-states",
			     st->param);
			return false;
		}
		if (!expect(w->ret == PSCI_RET_SUCCESS, "cpu%u: CPU_SUSPEND(0x%" PRIx32 "): %ld %s",
			    i, st->param, w->ret, psci_strerror(w->ret)))
			continue;
		expect(w->back >= w->due,
		       "cpu%u: CPU_SUSPEND(0x%" PRIx32 ") returned %" PRIu64
		       " ticks before its timer: not woken by its PPI",
		       i, st->param, w->due - w->back);
		expect(w->hits == 1,
		       "cpu%u: its timer PPI %u taken %" PRIu32 " times after the return", i,
		       vtimer_ppi(), w->hits);
		if (w->back >= w->due && w->back - w->due > worst)
			worst = w->back - w->due;
		ok++;
	}
	diag("CPU_SUSPEND(0x%" PRIx32 ", %s%s) standby on %u CPUs: SUCCESS, woken by the timer "
	     "PPI %u; wake-up latency at most %" PRIu64 " ticks (%" PRIu64 " us)",
	     st->param, st->name ? "the tree's " : "PSCI's standby state", st->name ? st->name : "",
	     ok, vtimer_ppi(), worst, hz ? worst * 1000000 / hz : 0);
	return true;
}

static bool power_ready(void)
{
	const char *why;

	if (irq_info.fault != IRQ_FAULT_NONE) {
		skip("the interrupt driver is broken on purpose (irq_mutant=): a suspended CPU "
		     "would never wake");
		return false;
	}
	if (psci_skip_below_1_0("CPU_SUSPEND with a wake-up test"))
		return false;
	if (!irq_test_ready(&why)) {
		skip("%s", why);
		return false;
	}
	if (!vtimer_present() || !arch_counter_hz()) {
		skip("no generic timer to wake the CPU");
		return false;
	}
	if (!wake)
		wake = memalign(128, smp_init()->ncpu * sizeof(*wake));
	wake_ticks = (uint64_t)arch_counter_hz() * WAKE_US / 1000000;
	irq_register(vtimer_ppi(), wake_tick, NULL);
	return expect(wake != NULL, "no memory");
}

SELFTEST(psci, cpu_suspend_standby)
{
	struct pstate st[MAX_STATES];
	struct smp_mask mask;
	bool ext;
	unsigned n, done = 0;

	if (!power_ready())
		return;
	if (psci(PSCI_FEATURES, PSCI_CPU_SUSPEND, 0, 0) == PSCI_RET_NOT_SUPPORTED) {
		skip("PSCI_FEATURES: CPU_SUSPEND NOT_SUPPORTED (psci: features names it)");
		return;
	}
	/* The CPUs whose interface is set up and that are online now: the
	 * PSCI tests may have lost one (a firmware that never restarts it). */
	for (unsigned k = 0; k < SMP_MASK_WORDS; k++)
		mask.w[k] = irq_test.online.w[k] & smp_online_mask().w[k];
	ext = extended_format();
	n = tree_states(st, MAX_STATES, ext);
	for (unsigned i = 0; i < n; i++)
		if (!st[i].powerdown)
			done += standby_all(&st[i], mask);
	if (!done) {
		struct pstate psci_standby = { 0, NULL, false };

		diag("CPU_SUSPEND: %s StateID format; %u idle states in the tree, none standby",
		     ext ? "extended" : "original", n);
		standby_all(&psci_standby, mask);
	}
}

/* --- power-down, asked for only ---------------------------------------- */

struct down {
	uint32_t param;
	volatile bool returned;
	long ret;
};

/* On the secondary: marked OFF for the others while it is down (a CPU the
 * firmware loses stays so: later tests leave it out), CPU_SUSPEND with the
 * entry point and context CPU_ON passes, so a resume there comes back as a
 * start does (smp_secondary_main marks it online and its work done). */
static void powerdown_on_cpu(struct smp_cpu *self, void *arg)
{
	struct down *dn = arg;

	if (irq_cpu_init(self->index) != 0)
		return;
	irq_enable(vtimer_ppi(), true);
	/* Later than standby's: a wake-up already pending when the call
	 * arrives makes a firmware abandon the power-down (TF-A's
	 * psci_cpu_suspend_start), which would not test it. */
	vtimer_set(arch_counter() + wake_ticks * POWERDOWN_WAKE_X);
	__atomic_store_n(&self->state, SMP_OFF, __ATOMIC_RELEASE);
	dn->ret = psci(PSCI_CPU_SUSPEND, dn->param, (uintptr_t)secondary_entry, (uintptr_t)self);
	__atomic_store_n(&self->state, SMP_ONLINE, __ATOMIC_RELEASE);
	vtimer_off();
	irq_enable(vtimer_ppi(), false);
	dn->returned = true;
}

SELFTEST(psci, cpu_suspend_powerdown)
{
	struct pstate st[MAX_STATES];
	int t = psci_secondary();
	unsigned n, done = 0;

	if (!option_is("psci_suspend", "powerdown")) {
		skip("give psci_suspend=powerdown: a firmware that cannot resume a CPU loses it");
		return;
	}
	if (!power_ready())
		return;
	if (t < 0) {
		skip("no secondary CPU online through PSCI");
		return;
	}
	n = tree_states(st, MAX_STATES, extended_format());
	for (unsigned i = 0; i < n && t >= 0; i++) {
		struct down dn = { st[i].param, false, 0 };
		unsigned late;

		if (!st[i].powerdown)
			continue;
		done++;
		late = smp_run_ms(smp_mask_of((unsigned)t), powerdown_on_cpu, &dn,
				  boot_wait_ms(POWERDOWN_WAIT));
		if (late) {
			expect(false,
			       "cpu%d: CPU_SUSPEND(power-down 0x%" PRIx32
			       ", the tree's %s) neither "
			       "returned nor resumed at its entry point in %u ms: the firmware "
			       "lost "
			       "the CPU",
			       t, st[i].param, st[i].name, boot_wait_ms(POWERDOWN_WAIT));
			break;
		}
		if (dn.returned)
			expect(dn.ret == PSCI_RET_SUCCESS,
			       "cpu%d: CPU_SUSPEND(0x%" PRIx32 "): %ld %s", t, st[i].param, dn.ret,
			       psci_strerror(dn.ret));
		diag("cpu%d: CPU_SUSPEND(power-down 0x%" PRIx32 ", the tree's %s): %s", t,
		     st[i].param, st[i].name,
		     dn.returned ? "returned SUCCESS (not powered down, or woken before: DEN0022 "
				   "allows it)"
				 : "resumed at its entry point");
		psci_back((unsigned)t);
	}
	if (!done)
		skip("the tree lists no power-down idle state (arm,idle-state with StateType 1)");
}
