/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * smp: every CPU the tree lists is started (smp/smp.h) and reported, then
 * checked on itself: identity, cache geometry, MMU on with the boot CPU's
 * tables (the identity walk, text read-only, its own stack guard page), an
 * exception decoded there, a set/way clean of its own L1 to LoUIS, the page
 * routines, on each CPU in turn (smp: each_cpu; a failure names the CPU).
 * With more than GROUP_ABOVE CPUs online, alike CPUs share a report line.
 */
#include <inttypes.h>
#include <malloc.h>
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "arch/exception.h"
#include "arch/midr.h"
#include "arch/psci.h"
#include "arch/sysreg.h"
#include "boot/boot.h"
#include "cache/cache.h"
#include "lib/fdt/fdt.h"
#include "lib/page/page.h"
#include "lib/selftest/selftest.h"
#include "mmu/mmu.h"
#include "selftests/smp_cpu_state.h"
#include "smp/smp.h"

#ifdef __aarch64__
#define ARCH_UDF "udf #0"
#else
#define ARCH_UDF ".word 0xe7f000f0"
#endif

static const char *const state_name[] = {
	"absent", "starting", "online", "off", "failed", "refused"
};

/* Up to this many online CPUs, one report line each (the boards' rows). */
#define GROUP_ABOVE 8
#define LINE_MAX    400

/* ", " between the runs of consecutive values of v[0..n) ("0x1-0xb, 0x100"). */
static void runs_text(const uint64_t *v, unsigned n, const char *fmt, char *buf, size_t size)
{
	size_t k = 0;

	buf[0] = 0;
	for (unsigned i = 0; i < n && k < size; i++) {
		unsigned j = i;
		while (j + 1 < n && v[j + 1] == v[j] + 1)
			j++;
		k += (size_t)snprintf(buf + k, size - k, i ? ", " : "");
		if (k < size)
			k += (size_t)snprintf(buf + k, size - k, fmt, v[i]);
		if (j > i && k < size) {
			k += (size_t)snprintf(buf + k, size - k, "-");
			if (k < size)
				k += (size_t)snprintf(buf + k, size - k, fmt, v[j]);
		}
		i = j;
	}
}

/* The online CPUs' lines: text[i] is cpu i's report after its MPIDR (""
 * for a CPU not online). The boot CPU, and any CPU whose text no other
 * shares, on a line of its own; CPUs alike in everything but MPIDR (part,
 * revision, errata, cache geometry) on one, with their count, indices and
 * MPIDRs. */
static void print_grouped(const struct smp_info *s, char (*text)[LINE_MAX])
{
	uint64_t *idx = calloc(s->ncpu, sizeof(*idx)), *mpidr = calloc(s->ncpu, sizeof(*mpidr));
	bool *done = calloc(s->ncpu, sizeof(*done));
	char a[LINE_MAX], b[LINE_MAX];

	if (!idx || !mpidr || !done) {
		diag("smp: no memory to group the CPUs' lines");
		free(idx), free(mpidr), free(done);
		return;
	}
	for (unsigned i = 0; i < s->ncpu; i++) {
		unsigned n = 0;
		if (done[i] || !text[i][0])
			continue;
		for (unsigned j = i; j < s->ncpu; j++)
			if (!done[j] && !s->cpu[j].is_boot && !s->cpu[i].is_boot &&
			    !strcmp(text[i], text[j]))
				idx[n] = j, mpidr[n++] = s->cpu[j].mpidr, done[j] = true;
		if (n < 2) {
			diag("cpu%u: MPIDR 0x%08" PRIx64 ", %s", i, s->cpu[i].mpidr, text[i]);
			continue;
		}
		runs_text(idx, n, "%" PRIu64, a, sizeof(a));
		runs_text(mpidr, n, "0x%" PRIx64, b, sizeof(b));
		diag("cpus %s (%u alike): MPIDR %s, %s", a, n, b, text[i]);
	}
	free(idx), free(mpidr), free(done);
}

static void geometry_text(const struct cache_info *ci, char *buf, size_t size)
{
	static const char *const kind[] = { "", "I", "D", "D", "unified" };
	size_t n = 0;

	buf[0] = 0;
	for (unsigned l = 0; l < ci->nlevels && n < size; l++) {
		const struct cache_level *cl = &ci->level[l];
		const struct cache_desc *d = cl->d.line_bytes ? &cl->d : &cl->i;
		n += (size_t)snprintf(buf + n, size - n, "%sL%u %s %" PRIu64 " KiB %u-way %u B",
				      l ? ", " : "", l + 1, kind[cl->type], d->size >> 10, d->ways,
				      d->line_bytes);
		if (cl->type == CT_SEPARATE && n < size)
			n += (size_t)snprintf(buf + n, size - n, " + I %" PRIu64 " KiB %u-way %u B",
					      cl->i.size >> 10, cl->i.ways, cl->i.line_bytes);
	}
	if (!ci->nlevels)
		snprintf(buf, size, "no caches described");
}

SELFTEST(smp, online)
{
	const struct smp_info *s = smp_init();
	unsigned smallest = 0, ismallest = 0, startable = 0;
	char geo[200], name[48], errata[160];
	char(*text)[LINE_MAX] = calloc(s->ncpu, LINE_MAX);

	diag("smp: %u/%u cpus online (%s)", s->online, s->listed, s->method);
	if (s->hw_count)
		diag("smp: no tree lists the CPUs: %u in the boot CPU's cluster by %s", s->listed,
		     s->hw_count);
	if (s->err && s->err != FDT_ERR_NOTFOUND)
		diag("smp: %s",
		     s->err == SMP_ERR_GUARD   ? "the stacks' guard pages could not be unmapped"
		     : s->err == SMP_ERR_NOMEM ? "no memory for the CPUs' state and stacks"
					       : fdt_strerror(s->err));
	if (!expect(text != NULL, "no memory for the report"))
		return;
	/* big.LITTLE (the part table's roles): named only when both are up. */
	unsigned roles = 0;
	for (unsigned i = 0; i < s->ncpu; i++)
		if (s->cpu[i].state == SMP_ONLINE)
			roles |= cpu_part_flags(s->cpu[i].midr) & (PARTF_BIG | PARTF_LITTLE);
	bool big_little = roles == (PARTF_BIG | PARTF_LITTLE);
	for (unsigned i = 0; i < s->ncpu; i++) {
		const struct smp_cpu *c = &s->cpu[i];
		struct cache_info ci;
		const char *role;

		startable += c->can_start;
		if (c->state == SMP_REFUSED) { /* smp/smp.h: it parked, never online */
			expect(false,
			       "cpu%u (MPIDR 0x%" PRIx64
			       ", %s): refused: %s, the boot CPU %s: the NS "
			       "bit tags their cache lines and bus addresses apart",
			       i, c->mpidr ? c->mpidr : c->dt.mpidr, start_method_name(c->dt.start),
			       smp_security_name(c->security),
			       smp_security_name(s->cpu[s->boot].security));
			continue;
		}
		if (c->state != SMP_ONLINE) {
			if (c->can_start)
				expect(false,
				       "cpu%u (MPIDR 0x%" PRIx64 ", %s) did not come up: %s%s%s", i,
				       c->dt.mpidr, start_method_name(c->dt.start),
				       state_name[c->state], c->start_ret ? ", " : "",
				       c->start_ret ? psci_strerror(c->start_ret) : "");
			else
				diag("cpu%u: MPIDR 0x%" PRIx64 " not started (%s%s%s%s%s)", i,
				     c->dt.mpidr, c->dt.disabled ? "status disabled; " : "",
				     c->dt.start != NULL    ? start_method_name(c->dt.start)
				     : c->dt.method_name[0] ? "method "
							    : "no enable-method",
				     c->dt.start != NULL ? "" : c->dt.method_name,
				     c->dt.method_name[0] && c->dt.start == NULL ? " is not driven"
										 : "",
				     c->dt.start != NULL && !c->dt.disabled
					     ? ": not driven on this board"
					     : "");
			continue;
		}
		cache_decode(&ci, &c->cregs);
		geometry_text(&ci, geo, sizeof(geo));
		cpu_midr_text(c->midr, name, sizeof(name));
		smp_cpu_errata(c, s->online, errata, sizeof(errata));
		role = !big_little                           ? ""
		       : cpu_part_has(c->midr, PARTF_BIG)    ? ", big"
		       : cpu_part_has(c->midr, PARTF_LITTLE) ? ", LITTLE"
							     : "";
		snprintf(text[i], LINE_MAX, "MIDR 0x%08" PRIx32 " (%s%s)%s%s%s; %s", c->midr, name,
			 role, c->is_boot ? ", boot CPU" : "", errata[0] ? "; errata " : "", errata,
			 geo);
		if (s->online <= GROUP_ABOVE)
			diag("cpu%u: MPIDR 0x%08" PRIx64 ", %s", i, c->mpidr, text[i]);
		if (!smallest || ci.dline < smallest)
			smallest = ci.dline;
		if (!ismallest || ci.iline < ismallest)
			ismallest = ci.iline;
	}
	if (s->online > GROUP_ABOVE)
		print_grouped(s, text);
	free(text);
	if (s->listed > s->ncpu)
		diag("smp: %u more CPUs listed than bringup handles (SMP_MAX_CPUS %d)",
		     s->listed - s->ncpu, SMP_MAX_CPUS);
	if (smallest) {
		diag("smp: by-address stride for the system: D %u B, I %u B (the smallest lines "
		     "any "
		     "CPU reports)",
		     smallest, ismallest);
		/* cache/range.c steps by cache_info's lines, which smp_init lowered
		 * to the smallest any CPU reports (big.LITTLE parts differ): a
		 * larger stride would skip lines of the CPU with smaller ones. */
		expect(cache_info.dline <= smallest && cache_info.iline <= ismallest,
		       "by-address maintenance steps D %u / I %u B, but a CPU has %u / %u B lines",
		       cache_info.dline, cache_info.iline, smallest, ismallest);
	}
	if (!startable)
		skip(s->ncpu > 1 ? "no other CPU has a start method bringup drives" : "one CPU");
}

/* What a CPU checks on itself (smp_run on that CPU alone). */
struct self_check {
	bool mmu_on;
	bool translated;
	uint64_t pa;
	struct fault_info undef, text, guard;
	bool faulted, text_faulted, guard_faulted;
	bool setway_kept;
	int page_err;
	uint64_t page_sum;
	uint8_t *pages; /* 2 pages, from the boot CPU's heap */
};

static volatile uint32_t probe_word = 0x5eed;

static void do_udf(void *arg)
{
	(void)arg;
	__asm__ volatile(ARCH_UDF);
}

static void write_word(void *p)
{
	*(volatile uint32_t *)p = 0;
}

static void read_word(void *p)
{
	(void)*(volatile uint32_t *)p;
}

static void check_self(struct smp_cpu *self, void *arg)
{
	struct self_check *r = arg;
	uint8_t *src = r->pages, *dst = src + PAGE_SIZE;
	uint64_t sum = 0;

	(void)self;
	r->mmu_on = mmu_enabled();
	r->translated = arch_va_to_pa((uintptr_t)&probe_word, &r->pa);
	r->faulted = fault_probe(do_udf, NULL, &r->undef);
	/* The shared tables' permissions hold here, and so does this CPU's
	 * own stack guard page (the page below its stack). */
	r->text_faulted = fault_probe(write_word, (void *)(__image_start + 64), &r->text);
	r->guard_faulted = fault_probe(read_word, (void *)(self->stack_lo - PAGE_SIZE), &r->guard);
	probe_word = 0xa11ce;
	dcache_clean_inval_louis();
	r->setway_kept = probe_word == 0xa11ce;
	probe_word = 0x5eed;
	for (unsigned i = 0; i < PAGE_SIZE; i++)
		src[i] = (uint8_t)(i * 7 + self->index);
	clear_page(dst);
	r->page_err = (int)first_nonzero(dst, PAGE_SIZE) != PAGE_SIZE;
	copy_page(dst, src);
	r->page_err |= memcmp(dst, src, PAGE_SIZE) != 0;
	for (unsigned i = 0; i < PAGE_SIZE; i++)
		sum += dst[i];
	r->page_sum = sum;
}

/* cpu i's checks, on itself (online: the caller checked). */
static bool per_cpu(const struct smp_info *s, unsigned i)
{
	bool ok = true;
	const struct smp_cpu *c = &s->cpu[i];
	struct self_check r;
	struct cache_info ci;

	/* Identity: its MPIDR is the tree's reg, and no other CPU's. */
	ok &= expect(mpidr_affinity(c->mpidr) == c->dt.mpidr,
		     "cpu%u reads MPIDR 0x%" PRIx64 ", the tree lists 0x%" PRIx64, i, c->mpidr,
		     c->dt.mpidr);
	for (unsigned j = 0; j < s->ncpu; j++)
		if (j != i && s->cpu[j].state == SMP_ONLINE)
			ok &= expect(s->cpu[j].mpidr != c->mpidr,
				     "cpu%u and cpu%u both read MPIDR 0x%" PRIx64, i, j, c->mpidr);
	/* Geometry: decodable, powers of two. */
	cache_decode(&ci, &c->cregs);
	ok &= expect(ci.dline >= 4 && !(ci.dline & (ci.dline - 1)) && ci.iline >= 4 &&
			     !(ci.iline & (ci.iline - 1)),
		     "cpu%u CTR 0x%" PRIx64 ": lines D %u, I %u", i, c->cregs.ctr, ci.dline,
		     ci.iline);
	for (unsigned l = 0; l < ci.nlevels; l++) {
		const struct cache_desc *d = &ci.level[l].d;
		if (d->line_bytes)
			ok &= expect(d->line_bytes >= ci.dline && d->ways && d->sets,
				     "cpu%u L%u: %u B lines (DminLine %u), %u ways, %u sets", i,
				     l + 1, d->line_bytes, ci.dline, d->ways, d->sets);
	}
	memset(&r, 0, sizeof(r));
	r.pages = memalign(PAGE_SIZE, 2 * PAGE_SIZE);
	if (!expect(smp_run(smp_mask_of(i), check_self, &r) == 0, "cpu%u did not finish its checks",
		    i))
		return false; /* the pages stay with the CPU that may still write them */
	free(r.pages);
	ok &= expect(r.mmu_on, "cpu%u runs with its MMU off", i);
	ok &= expect(r.translated && r.pa == (uintptr_t)&probe_word,
		     "cpu%u translates %p to 0x%" PRIx64 " (%s)", i, (void *)&probe_word, r.pa,
		     r.translated ? "not the identity" : "a fault");
	bool faults_ok = true;
	faults_ok &= expect(r.faulted && r.undef.cls == FAULT_UNDEFINED, "cpu%u: UDF %s", i,
			    r.faulted ? fault_class_name(r.undef.cls) : "did not fault");
	faults_ok &= expect(r.text_faulted && r.text.cls == FAULT_DATA_ABORT &&
				    r.text.status == FSTAT_PERMISSION,
			    "cpu%u: a write to text %s", i,
			    r.text_faulted ? fault_status_name(r.text.status) : "did not fault");
	faults_ok &= expect(r.guard_faulted && r.guard.cls == FAULT_DATA_ABORT &&
				    r.guard.status == FSTAT_TRANSLATION,
			    "cpu%u: a read of its stack guard page %s", i,
			    r.guard_faulted ? fault_status_name(r.guard.status) : "did not fault");
	ok &= faults_ok;
	ok &= expect(r.setway_kept, "cpu%u lost a write over its own set/way clean to LoUIS", i);
	ok &= expect(!r.page_err, "cpu%u: clear_page/copy_page gave wrong bytes", i);
	/* The sum that CPU read back from the copy, against the pattern it
	 * wrote (src[k] = k * 7 + i): a copy that moved nothing, or the wrong
	 * way, leaves equal pages that memcmp cannot tell from a right one. */
	uint64_t want = 0;
	for (unsigned k = 0; k < PAGE_SIZE; k++)
		want += (uint8_t)(k * 7 + i);
	ok &= expect(r.page_sum == want,
		     "cpu%u: the copied page sums to %" PRIu64 ", want %" PRIu64, i, r.page_sum,
		     want);
	/* The three faults the CPU provoked on purpose, named as such: the
	 * decoded exception alone would read as a crash. */
	if (faults_ok && s->online <= GROUP_ABOVE)
		diag("cpu%u: expected faults taken: UDF -> %s, write to text -> %s, stack guard "
		     "read -> %s",
		     i, fault_class_name(r.undef.cls), fault_status_name(r.text.status),
		     fault_status_name(r.guard.status));
	return ok;
}

SELFTEST(smp, each_cpu)
{
	const struct smp_info *s = smp_init();
	unsigned n = 0;
	bool ok = true;

	unsigned clear;

	for (unsigned i = 0; i < s->ncpu; i++)
		if (s->cpu[i].state == SMP_ONLINE)
			ok &= per_cpu(s, i), n++;
	clear = smp_state_report(s, &ok); /* ARMv7: security state, ACTLR.SMP/FW */
	if (ok)
		diag("smp: each of %u online CPUs checked itself", n);
	if (ok && clear)
		skip("%u of %u online CPUs without ACTLR.SMP/FW: out of coherency, and not "
		     "bringup's to set from here",
		     clear, n);
}
