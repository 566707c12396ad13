/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The lazy flush policy (mmu/pageframe.c, the image's source unchanged)
 * against the cache model (cache_model.h): random sequences of writes,
 * copy_page-like copies, flush_dcache_page, executable and alias maps,
 * unmaps, instruction fetches (checked, and speculative ones that only fill
 * the I-cache) and reads; any stale fetch, stale alias read or lost write is
 * a failure. The driver keeps the caller's side of the contract: a frame
 * written since its last flush_dcache_page is flushed before it is fetched
 * from or read through an alias (but may be mapped before that).
 *
 * usage: test_lazy_flush      every profile x every hardware IDC/DIC
 *                              combination, the policy told the truth (no
 *                              violation allowed); then the policy told a
 *                              bit the hardware lacks (must be caught)
 *        test_lazy_flush PROFILE IDC DIC [SEQS [SEED]]   one run (mutants)
 * The profiles: L1 geometry of Cortex-A53 (D 32 KiB 4-way 64 B, I 32 KiB
 * 2-way 64 B, LRU) and Cortex-A9 (32 B lines, random replacement), each with
 * a PIPT I-cache and with a VIPT one whose ways (16 / 8 KiB) exceed a page.
 * One summary line per run; exit status 0 only if every run came out as
 * expected (no violation; a violation where one must be shown).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mmu/pageframe.h"
#include "tests/host/common/check.h"
#include "tests/host/mmu/cache_model.h"

#define RAM_BASE    0x40000000u
#define BANK_FRAMES 12u /* two banks with a 4-frame hole between them */
#define HOLE_FRAMES 4u
#define NFRAMES     (2 * BANK_FRAMES)
#define MEM_BYTES   ((NFRAMES + HOLE_FRAMES) * PAGE_SIZE)
#define SEQS        7000ul /* per configuration: 16 of them */

CHECK_COUNTERS;

static const struct mem_bank banks[2] = {
	{ RAM_BASE, BANK_FRAMES *PAGE_SIZE },
	{ RAM_BASE + (BANK_FRAMES + HOLE_FRAMES) * PAGE_SIZE, BANK_FRAMES *PAGE_SIZE },
};

static const struct cm_profile profiles[] = {
	{ "cortex-a53", { 32768, 4, 64 }, { 32768, 2, 64 }, false, false },
	{ "cortex-a53-vipt", { 32768, 4, 64 }, { 32768, 2, 64 }, true, false },
	{ "cortex-a9", { 32768, 4, 32 }, { 32768, 4, 32 }, false, true },
	{ "cortex-a9-vipt", { 32768, 4, 32 }, { 32768, 4, 32 }, true, true },
};

static struct cm *M; /* the model the ops act on */

static uint64_t frame_pa(unsigned f)
{
	return RAM_BASE + (uint64_t)(f < BANK_FRAMES ? f : f + HOLE_FRAMES) * PAGE_SIZE;
}

/* --- the ops: the policy's view of the model ----------------------------- */
static void op_clean(uint64_t f)
{
	cm_dc_clean(M, (uintptr_t)f, PAGE_SIZE);
}

static void op_inval(uint64_t f)
{
	cm_ic_inval(M, (uintptr_t)f, PAGE_SIZE);
}

static void op_inval_all(void)
{
	cm_ic_inval_all(M);
}

static int slot_of(uintptr_t va)
{
	if (va < CM_WINDOW || va - CM_WINDOW >= CM_SLOTS * PAGE_SIZE || va % PAGE_SIZE)
		return -1;
	return (int)((va - CM_WINDOW) / PAGE_SIZE);
}

static int op_map(uintptr_t va, uint64_t f, unsigned kind)
{
	int s = slot_of(va);

	if (s < 0 || M->pt[s].kind != CM_NONE)
		return -1; /* like MMU_ERR_OVERLAP */
	M->pt[s] = (struct cm_pte){ kind == PF_MAP_EXEC ? CM_EXEC : CM_ALIAS, f };
	return 0;
}

static int op_unmap(uintptr_t va)
{
	int s = slot_of(va);

	if (s < 0 || M->pt[s].kind == CM_NONE)
		return -1;
	M->pt[s].kind = CM_NONE;
	return 0;
}

static bool op_lookup(uintptr_t va, uint64_t *f, unsigned *kind)
{
	int s = slot_of(va);

	if (s < 0 || M->pt[s].kind == CM_NONE)
		return false; /* the linear map is writable: never ours */
	*f = M->pt[s].pa;
	*kind = M->pt[s].kind == CM_EXEC ? PF_MAP_EXEC : PF_MAP_ALIAS;
	return true;
}

static const struct pageframe_ops model_ops = { op_clean, op_inval, op_inval_all,
						op_map,   op_unmap, op_lookup };

/* --- the random driver ---------------------------------------------------- */
struct drv {
	uint64_t rng;
	bool pending[NFRAMES], touched[NFRAMES];
	unsigned long ops, fetches, eager_seqs;
	struct pageframe_stats st;
};

static uint64_t rnd(struct drv *d, uint64_t n)
{
	d->rng ^= d->rng >> 12;
	d->rng ^= d->rng << 25;
	d->rng ^= d->rng >> 27;
	return (d->rng * 0x2545f4914f6cdd1dull >> 16) % n;
}

static void publish(struct drv *d, unsigned f)
{
	if (d->pending[f]) {
		CHECK(flush_dcache_page(frame_pa(f)) == 0, "flush_dcache_page");
		d->pending[f] = false;
	}
}

static unsigned frame_of(uint64_t pa)
{
	unsigned n = (unsigned)((pa - RAM_BASE) / PAGE_SIZE);
	return n < BANK_FRAMES ? n : n - HOLE_FRAMES;
}

/* A random slot in the given state (CM_NONE: free), or -1. */
static int pick_slot(struct drv *d, enum cm_kind kind)
{
	unsigned start = (unsigned)rnd(d, CM_SLOTS);

	for (unsigned j = 0; j < CM_SLOTS; j++) {
		unsigned s = (start + j) % CM_SLOTS;
		if (M->pt[s].kind == kind)
			return (int)s;
	}
	return -1;
}

static void write_random(struct drv *d, unsigned f, unsigned off, unsigned len)
{
	uint8_t buf[PAGE_SIZE];

	for (unsigned j = 0; j < len; j++)
		buf[j] = (uint8_t)rnd(d, 256);
	cm_write(M, (uintptr_t)frame_pa(f) + off, buf, len);
	d->pending[f] = d->touched[f] = true;
}

static void one_op(struct drv *d)
{
	unsigned f = (unsigned)rnd(d, NFRAMES), r = (unsigned)rnd(d, 100), off, len;
	uint8_t buf[PAGE_SIZE];
	int s;

	d->ops++;
	if (r < 20) { /* CPU stores through the linear map */
		off = (unsigned)rnd(d, PAGE_SIZE);
		len = 1 + (unsigned)rnd(d, 256);
		write_random(d, f, off, len < PAGE_SIZE - off ? len : PAGE_SIZE - off);
	} else if (r < 26) { /* copy_page(f, src) */
		unsigned src = (f + 1 + (unsigned)rnd(d, NFRAMES - 1)) % NFRAMES;
		cm_read(M, (uintptr_t)frame_pa(src), buf, PAGE_SIZE);
		cm_write(M, (uintptr_t)frame_pa(f), buf, PAGE_SIZE);
		d->pending[f] = d->touched[f] = true;
	} else if (r < 40) { /* flush_dcache_page, most often of a frame just written */
		for (unsigned j = 0; j < NFRAMES && rnd(d, 2); j++)
			if (d->pending[(f + j) % NFRAMES]) {
				f = (f + j) % NFRAMES;
				break;
			}
		d->pending[f] = true;
		publish(d, f);
	} else if (r < 54) { /* map executable (10) or as a data alias (4) */
		if ((s = pick_slot(d, CM_NONE)) >= 0)
			CHECK(pageframe_map(cm_slot_va((unsigned)s), frame_pa(f),
					    r < 50 ? PF_MAP_EXEC : PF_MAP_ALIAS) == 0,
			      "pageframe_map");
	} else if (r < 63) { /* unmap */
		if ((s = pick_slot(d, rnd(d, 3) ? CM_EXEC : CM_ALIAS)) >= 0)
			CHECK(pageframe_unmap(cm_slot_va((unsigned)s)) == 0, "pageframe_unmap");
	} else if (r < 89) { /* fetch: checked (20), speculative (6) */
		if ((s = pick_slot(d, CM_EXEC)) < 0)
			return;
		bool check = r < 83;
		if (check)
			publish(d, frame_of(M->pt[s].pa));
		off = (unsigned)rnd(d, PAGE_SIZE / 4) * 4;
		len = rnd(d, 4) ? 4 : 64;
		cm_fetch(M, cm_slot_va((unsigned)s) + off,
			 len < PAGE_SIZE - off ? len : PAGE_SIZE - off, check);
		d->fetches++;
	} else if (r < 94) { /* read through a data alias */
		if ((s = pick_slot(d, CM_ALIAS)) < 0)
			return;
		publish(d, frame_of(M->pt[s].pa));
		off = (unsigned)rnd(d, PAGE_SIZE - 64);
		cm_read(M, cm_slot_va((unsigned)s) + off, buf, 1 + rnd(d, 64));
	} else { /* read through the linear map */
		off = (unsigned)rnd(d, PAGE_SIZE - 128);
		cm_read(M, (uintptr_t)frame_pa(f) + off, buf, 1 + rnd(d, 128));
	}
}

static void add_stats(struct pageframe_stats *t, const struct pageframe_stats *s)
{
	unsigned long *a = (unsigned long *)t;
	const unsigned long *b = (const unsigned long *)s;

	for (size_t j = 0; j < sizeof(*t) / sizeof(*a); j++)
		a[j] += b[j];
}

static void sequence(struct drv *d, const struct pageframe_cpu *claim)
{
	unsigned n = 8 + (unsigned)rnd(d, 57);
	bool eager = rnd(d, 4) == 0; /* the eager policy must be as coherent */

	if (pageframe_init(banks, 2, &model_ops, claim)) {
		CHECK(0, "pageframe_init failed");
		return;
	}
	pageframe_set_policy(eager ? PF_POLICY_EAGER : PF_POLICY_LAZY);
	d->eager_seqs += eager;
	memset(d->pending, 0, sizeof(d->pending));
	memset(d->touched, 0, sizeof(d->touched));
	pageframe_stats_reset();
	for (unsigned j = 0; j < n; j++)
		one_op(d);
	for (unsigned s = 0; s < CM_SLOTS; s++)
		if (M->pt[s].kind != CM_NONE)
			CHECK(pageframe_unmap(cm_slot_va(s)) == 0, "final unmap");
	for (unsigned f = 0; f < NFRAMES; f++) {
		struct pageframe_info in;
		CHECK(pageframe_query(frame_pa(f), &in) == 0 && in.nmap == 0 && in.nexec == 0,
		      "frame %u still counted as mapped", f);
		if (d->touched[f])
			cm_check_lost(M, frame_pa(f), PAGE_SIZE);
	}
	add_stats(&d->st, pageframe_stats());
	pageframe_set_policy(PF_POLICY_LAZY);
	pageframe_reset();
}

/* One configuration: seqs sequences; prints one line; the violations. */
static unsigned long run(const struct cm_profile *p, struct cm_hw hw, struct pageframe_cpu claim,
			 unsigned long seqs, uint64_t seed, unsigned long *total_ops)
{
	struct cm m;
	struct drv d = { .rng = seed * 0x9e3779b97f4a7c15ull | 1 };
	unsigned long v;

	if (!cm_init(&m, p, hw, RAM_BASE, MEM_BYTES, seed)) {
		printf("no memory for the model\n");
		exit(2);
	}
	M = &m;
	for (unsigned long j = 0; j < seqs; j++)
		sequence(&d, &claim);
	cm_final_clean_check(&m);
	v = cm_violations(&m);
	printf("%-15s hw IDC %d DIC %d, policy IDC %d DIC %d: %lu seqs (%lu eager), %lu ops (%lu "
	       "fetches); "
	       "flush_dcache_page %lu (%lu deferred), page flushes %lu; %lu evictions; "
	       "violations: %lu stale fetch, %lu stale alias, %lu bad read, %lu lost write%s%s\n",
	       p->name, hw.idc, hw.dic, claim.idc, claim.dic, seqs, d.eager_seqs, d.ops, d.fetches,
	       d.st.flush_calls, d.st.deferred, d.st.page_flushes, m.st.evictions, m.v.stale_fetch,
	       m.v.stale_alias, m.v.bad_read, m.v.lost_write, v ? "; first: " : "", m.v.first);
	*total_ops += d.ops;
	cm_free(&m);
	M = NULL;
	return v;
}

static const struct cm_profile *find_profile(const char *name)
{
	for (size_t j = 0; j < sizeof(profiles) / sizeof(profiles[0]); j++)
		if (!strcmp(profiles[j].name, name))
			return &profiles[j];
	return NULL;
}

int main(int argc, char **argv)
{
	unsigned long ops = 0, seqs = 0, bad = 0, caught = 0, runs = 0;

	if (argc >= 4) { /* one run, for the mutants: exit 1 on any violation */
		const struct cm_profile *p = find_profile(argv[1]);
		struct cm_hw hw = { atoi(argv[2]) != 0, atoi(argv[3]) != 0 };
		if (!p)
			return 2;
		struct pageframe_cpu c = { hw.idc, hw.dic, p->i_vipt };
		unsigned long n = argc > 4 ? strtoul(argv[4], NULL, 0) : SEQS;
		return run(p, hw, c, n, argc > 5 ? strtoull(argv[5], NULL, 0) : 1, &ops) ? 1 : 0;
	}
	for (size_t j = 0; j < sizeof(profiles) / sizeof(profiles[0]); j++)
		for (unsigned b = 0; b < 4; b++) {
			const struct cm_profile *p = &profiles[j];
			struct cm_hw hw = { b & 1, b >> 1 & 1 };
			struct pageframe_cpu c = { hw.idc, hw.dic, p->i_vipt };
			bad += run(p, hw, c, SEQS, 1 + j * 4 + b, &ops) != 0;
			seqs += SEQS;
			runs++;
		}
	/* A policy told a bit (IDC = 1, DIC = 2) the hardware lacks must be caught. */
	for (unsigned b = 0; b < 4; b++)
		for (unsigned c = 0; c < 4; c++) {
			if ((c & b) != b || c == b)
				continue;
			struct cm_hw hw = { b & 1, b >> 1 & 1 };
			struct pageframe_cpu pc = { c & 1, c >> 1 & 1, profiles[0].i_vipt };
			printf("(told %s, which the hardware lacks: must be caught) ",
			       pc.idc && !hw.idc ? (pc.dic && !hw.dic ? "IDC+DIC" : "IDC") : "DIC");
			caught += run(&profiles[0], hw, pc, 2000, 100 + b * 4 + c, &ops) != 0;
			runs++;
		}
	printf("host-lazy-flush: %s: %lu configurations x %lu = %lu random sequences, %lu "
	       "operations in all, %lu with violations (want 0); %lu of 5 claimed-bit mismatches "
	       "caught\n",
	       bad || caught != 5 || failures ? "FAIL" : "PASS", runs - 5, SEQS, seqs, ops, bad,
	       caught);
	if (failures)
		printf("%u of %u driver checks failed\n", failures, checks);
	return bad || caught != 5 || failures ? 1 : 0;
}
