/* SPDX-License-Identifier: BSD-2-Clause */
/* The other CPUs: see smp/smp.h. */
#include "smp/smp.h"
#include "smp/smp_priv.h"

#include <inttypes.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/counter.h"
#include "arch/image.h"
#include "arch/psci.h"
#include "arch/sysreg.h"
#include "boot/boot.h"
#include "front/options.h"
#include "lib/fdt/fdt.h"
#include "mmu/mmu.h"

_Static_assert(sizeof(struct smp_args) == SMP_ARGS_SIZE, "secondary.S offsets");
_Static_assert(__builtin_offsetof(struct smp_args, mmu) == SMP_ARGS_MMU, "secondary.S offsets");
_Static_assert(__builtin_offsetof(struct smp_args, fn) == SMP_ARGS_FN, "secondary.S offsets");
_Static_assert(sizeof(struct smp_cpu) == SMP_CPU_ALIGN, "struct smp_cpu outgrew SMP_CPU_ALIGN");

/* The boot CPU's entry, set by choose_cpus: by pointer, as each CPU's
 * smp_args slot (c->args), not indexed where a load would precede the
 * index multiply-accumulate (the Cortex-A53 erratum 835769 pair
 * scripts/check-a53-835769.sh refuses; GCC's fix leaves a dependent pair). */
static struct smp_cpu *boot_cpu;
static uintptr_t slots; /* ncpu slots of SMP_SLOT_SIZE (smp/smp.h), slot i cpu[i]'s */

int smp_load_state(const struct smp_cpu *c)
{
	return __atomic_load_n(&c->state, __ATOMIC_ACQUIRE);
}

/* ---- On the boot CPU ---- */

static uintptr_t slot_base(unsigned i)
{
	return slots + i * SMP_SLOT_SIZE;
}

/* The guard pages below each stack: unmapped, so an overflow faults. The
 * slots are heap pages, which the identity map may hold in blocks:
 * mmu_unmap_page splits those, and nothing but these slots is touched
 * while it does (no other CPU runs yet). */
static int unmap_guards(unsigned nslots)
{
	int err = 0;

	for (unsigned i = 0; i < nslots && !err; i++) {
		if (i == smp_state->boot)
			continue; /* the boot CPU keeps the image's stacks */
		err = mmu_unmap_page(slot_base(i));
		if (!err)
			err = mmu_unmap_page(slot_base(i) + 0x1000 + SMP_STACK_SIZE);
	}
	return err;
}

/* Fills this CPU's smp_args entry and publishes it: the CPU reads it with
 * its MMU and caches off, and may already be polling for its key (the
 * holding pen), so the key reaches memory only after the rest. */
static void publish_args(struct smp_cpu *c)
{
	struct smp_args *a = c->args;
	uintptr_t base = slot_base(c->index);

	a->sp = base + 0x1000 + SMP_STACK_SIZE;
	a->exc_sp = base + 0x2000 + SMP_STACK_SIZE + SMP_EXC_STACK_SIZE;
	a->fn = (uintptr_t)smp_secondary_main;
	a->arg = (uintptr_t)c;
	mmu_cpu_regs(a->mmu);
	c->args = a;
	c->stack_lo = base + 0x1000;
	c->stack_hi = (uintptr_t)a->sp;
	mem_publish(a, sizeof(*a), &a->key, c->dt.mpidr | SMP_KEY_VALID);
}

/* Its arguments published, c is SMP_STARTING: its start may come. */
void smp_make_ready(struct smp_cpu *c)
{
	publish_args(c);
	__atomic_store_n(&c->state, SMP_STARTING, __ATOMIC_RELEASE);
	dsb(ish);
}

/* Whether c's start method (the tree's, or the identified platform's) can
 * be driven: PSCI only with a conduit (else the holding pen, if any). */
static bool by_tree(const struct smp_cpu *c)
{
	if (c->dt.start == &start_method_psci)
		return smp_state->conduit != PSCI_NONE;
	return c->dt.start != NULL;
}

/* Starts c (state SMP_STARTING) and returns at once: 0 or the error. */
long smp_start_one(struct smp_cpu *c)
{
	long ret = -1;

	if (c->dt.disabled)
		return PSCI_RET_DISABLED;
	smp_make_ready(c);
	if (by_tree(c))
		ret = smp_start(c);
	/* The pen: no method to drive, or (elected, so every core that runs
	 * entered bringup) the firmware says the core is on already: it waits
	 * in park_secondary, its smp_args key the release. */
	if (smp_state->pen && (!by_tree(c) || ret == PSCI_RET_ALREADY_ON)) {
		sev();
		ret = 0;
	}
	return ret;
}

/* The tree's method, or the holding pen when every core entered bringup
 * (no handover: the boot CPU was elected, and the others wait in
 * park_secondary, boot/<arch>/secondary.S: what the tree's method would start
 * is already running there, e.g. QEMU's ELF at EL3, which has no PSCI). */
static bool startable(const struct smp_cpu *c)
{
	return !c->dt.disabled && (by_tree(c) || smp_state->pen);
}

/* Waits (bounded) until every CPU in `mask` has left SMP_STARTING. */
void smp_wait_started(struct smp_mask mask)
{
	struct deadline d;
	bool pending = true;

	deadline_start(&d, boot_wait_ms(SMP_START_TIMEOUT_MS));
	while (pending && !deadline_passed(&d)) {
		pending = false;
		for (unsigned i = 0; i < smp_state->ncpu; i++)
			if (smp_mask_has(mask, i) &&
			    smp_load_state(&smp_state->cpu[i]) == SMP_STARTING)
				pending = true;
		if (pending)
			smp_relax();
	}
	for (unsigned i = 0; i < smp_state->ncpu; i++)
		if (smp_mask_has(mask, i) && smp_load_state(&smp_state->cpu[i]) == SMP_STARTING)
			__atomic_store_n(&smp_state->cpu[i].state, SMP_FAILED, __ATOMIC_RELEASE);
}

void smp_count_online(void)
{
	smp_state->online = 0;
	for (unsigned i = 0; i < smp_state->ncpu; i++)
		smp_state->online += smp_load_state(&smp_state->cpu[i]) == SMP_ONLINE;
}

/* By-address maintenance steps by the smallest line any online CPU reports. */
static void use_system_lines(void)
{
	unsigned d = 0, i = 0;

	for (unsigned k = 0; k < smp_state->ncpu; k++) {
		const struct smp_cpu *c = &smp_state->cpu[k];
		struct cache_info ci;
		if (smp_load_state(c) != SMP_ONLINE)
			continue;
		cache_decode(&ci, &c->cregs);
		cache_use_cpu(c->midr);          /* its cleans' errata (big.LITTLE: any core's) */
		tlb_use_cpu(c->midr, c->revidr); /* and its TLB ones */
		d = !d || ci.dline < d ? ci.dline : d;
		i = !i || ci.iline < i ? ci.iline : i;
	}
	cache_use_lines(d, i);
}

/* The report's method: the first other CPU's that bringup drives, else the
 * first other CPU's as the tree names it. */
static void describe_method(void)
{
	const char *m = "no other CPU";
	bool driven = false;

	for (unsigned i = 0; i < smp_state->ncpu && !driven; i++) {
		const struct smp_cpu *c = &smp_state->cpu[i];
		if (c->is_boot || (strcmp(m, "no other CPU") && c->dt.start == NULL))
			continue;
		m = c->dt.method_name[0] ? c->dt.method_name : "no enable-method";
		driven = c->dt.start != NULL;
		if (driven)
			m = start_method_name(c->dt.start);
		if (smp_state->pen && !by_tree(c))
			m = "holding pen: every core entered", driven = true;
	}
	strncpy(smp_state->method, m, sizeof(smp_state->method) - 1);
	if (!strcmp(m, "psci")) {
		strncat(smp_state->method, " ",
			sizeof(smp_state->method) - strlen(smp_state->method) - 1);
		strncat(smp_state->method, psci_conduit_name(smp_state->conduit),
			sizeof(smp_state->method) - strlen(smp_state->method) - 1);
		if (smp_state->v01) {
			size_t l = strlen(smp_state->method);
			snprintf(smp_state->method + l, sizeof(smp_state->method) - l,
				 " 0.1, cpu_on 0x%" PRIx32, smp_state->cpu_on_fn);
		}
	}
}

/* Takes the boot CPU and up to SMP_MAX_CPUS - 1 others from the tree's
 * list, in tree order, the boot CPU where it is listed (else last); their
 * state, smp_args entries and stack slots from the heap. false: no memory. */
static bool choose_cpus(const struct board_cpu *list, unsigned n)
{
	uint64_t me = this_cpu_mpidr();
	int boot_at = -1;
	unsigned take, room, k = 0;

	for (unsigned i = 0; i < n; i++)
		if (list[i].mpidr == me)
			boot_at = (int)i;
	take = boot_at < 0 ? (n < SMP_MAX_CPUS ? n : SMP_MAX_CPUS - 1) + 1
			   : (n < SMP_MAX_CPUS ? n : SMP_MAX_CPUS);
	smp_state->cpu = memalign(SMP_CPU_ALIGN, take * sizeof(*smp_state->cpu));
	struct smp_args *args = calloc(take, sizeof(*args));
	if (take > 1)
		slots = (uintptr_t)memalign(PAGE_SIZE, take * SMP_SLOT_SIZE);
	if (!smp_state->cpu || !args || (take > 1 && !slots)) {
		free(smp_state->cpu), free(args), free((void *)slots);
		smp_state->cpu = NULL, slots = 0;
		return false;
	}
	memset(smp_state->cpu, 0, take * sizeof(*smp_state->cpu));
	room = boot_at < 0 ? take - 1 : take; /* an unlisted boot CPU comes last */
	for (unsigned i = 0; i < n && k < room; i++) {
		/* keep a place for the boot CPU if the list is cut before it */
		if ((int)i != boot_at && k == take - 1 && boot_at > (int)i)
			continue;
		struct smp_cpu *c = &smp_state->cpu[k];
		c->index = k++;
		c->dt = list[i];
		c->is_boot = (int)i == boot_at;
	}
	if (boot_at < 0) { /* the tree does not list us (or there is no tree) */
		struct smp_cpu *c = &smp_state->cpu[k];
		c->index = k++;
		c->dt.mpidr = me;
		c->dt.start = NULL;
		c->is_boot = true;
	}
	smp_state->ncpu = k;
	for (unsigned i = 0; i < k; i++) {
		struct smp_cpu *c = &smp_state->cpu[i];
		c->args = &args[i]; /* its entry, found by pointer from here on */
		if (c->is_boot)
			smp_state->boot = i, boot_cpu = c;
	}
	/* The table secondary.S searches, its count last (a CPU in the holding
	 * pen reads it with its MMU off). */
	smp_args_table.args = (uintptr_t)args;
	mem_publish(&smp_args_table, sizeof(smp_args_table), &smp_args_table.count, k);
	return true;
}

const struct smp_info *smp_init(void)
{
	struct board_cpu *list;
	struct smp_cpu *b;
	struct smp_mask started = { { 0 } };
	unsigned n = 0;

	if (smp_state)
		return smp_state;
	smp_state = calloc(1, sizeof(*smp_state));
	list = calloc(SMP_MAX_CPUS, sizeof(*list));
	if (!smp_state || !list)
		abort();
	smp_state->conduit = boot.hw.board.psci;
	smp_state->v01 = boot.hw.board.psci_v01;
	smp_state->cpu_on_fn = smp_state->v01 ? boot.hw.board.psci_cpu_on : PSCI_CPU_ON;
	smp_state->pen = !boot.hw.dtb_arg; /* no handover: elected (boot/<arch>/entry.S) */
	smp_state->no_context = option_is("psci_context", "none");
	smp_state->err = boot.hw.dtb ? board_read_cpus((const void *)boot.hw.dtb, boot.hw.dtb_size,
						       list, SMP_MAX_CPUS, &n)
				     : FDT_ERR_NOTFOUND;
	if (smp_state->err)
		n = 0;
	if (!n && (smp_state->pen || smp_platform_start() != NULL)) {
		const char *src; /* no tree: the hardware, the platform's method */
		n = smp_hw_cpus(list, SMP_MAX_CPUS, &src);
		smp_state->hw_count = n ? src : NULL;
		for (struct board_cpu *p = list, *m = list + n; p < m; p++)
			p->start = smp_platform_start();
	}
	/* smp_method=machine (command line): CPUs that name no method start by
	 * the machine's (board/start_methods.h), not by the /psci a loader added
	 * (U-Boot's PSCI on some boards, QEMU's on its models). */
	if (option_is("smp_method", "machine"))
		for (struct board_cpu *p = list, *m = list + (n < SMP_MAX_CPUS ? n : SMP_MAX_CPUS);
		     p < m; p++)
			if (p->machine != NULL)
				p->start = p->machine;
	smp_state->listed = n ? n : 1;
	if (!choose_cpus(list, n < SMP_MAX_CPUS ? n : SMP_MAX_CPUS)) {
		free(list);
		smp_state->err = SMP_ERR_NOMEM; /* start nothing: the boot CPU alone */
		smp_state->cpu = memalign(SMP_CPU_ALIGN, sizeof(*smp_state->cpu));
		if (!smp_state->cpu)
			abort();
		memset(smp_state->cpu, 0, sizeof(*smp_state->cpu));
		smp_state->ncpu = 1;
		boot_cpu = smp_state->cpu;
		boot_cpu->is_boot = true;
		boot_cpu->dt.mpidr = this_cpu_mpidr();
	} else {
		free(list);
	}
	b = boot_cpu;
	smp_read_ids(b);
	/* What each secondary compares its own with: to PoC with what leads
	 * to it, for one in the other state reads it past this CPU's lines. */
	b->security = smp_this_security();
	dcache_clean_poc((uintptr_t)&smp_state, sizeof(smp_state));
	dcache_clean_poc((uintptr_t)smp_state, sizeof(*smp_state));
	dcache_clean_poc((uintptr_t)b, sizeof(*b));
	b->state = SMP_ONLINE;
	b->stack_lo = (uintptr_t)__stack_bottom;
	b->stack_hi = (uintptr_t)__stack_top;
	describe_method();
	smp_state->wfe_bounded = arch_event_stream_on();
	if (smp_state->ncpu > 1 && unmap_guards(smp_state->ncpu) != 0) {
		smp_state->err = SMP_ERR_GUARD; /* no guard pages: start nothing */
		smp_count_online();
		return smp_state;
	}
	if (smp_state->ncpu > 1)
		smp_scu_enable();
	for (unsigned i = 0; i < smp_state->ncpu; i++) {
		struct smp_cpu *c = &smp_state->cpu[i];
		c->can_start = !c->is_boot && startable(c);
		if (!c->can_start)
			continue;
		c->start_ret = smp_start_one(c);
		if (c->start_ret == PSCI_RET_NOT_SUPPORTED && c->dt.start != &start_method_psci) {
			/* a board method's variant it does not drive (the Exynos
			 * secure firmware's): not started, not a failure */
			c->can_start = false;
			c->state = SMP_ABSENT;
		} else if (c->start_ret) {
			c->state = SMP_FAILED;
		} else {
			started = smp_mask_with(started, i);
		}
	}
	smp_wait_started(started);
	smp_count_online();
	use_system_lines();
	return smp_state;
}
