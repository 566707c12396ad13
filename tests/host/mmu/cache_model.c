/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The cache model: see cache_model.h.
 *
 * TEST-ONLY mutant: MODEL_MUTANT_DROP_WRITEBACK makes an eviction drop a
 * dirty line instead of writing it back, to prove the lost-write check can
 * fire (tests/host/mmu/mmu.mk).
 */
#include "tests/host/mmu/cache_model.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t next_rand(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dull;
}

static __attribute__((noreturn, format(printf, 1, 2))) void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "cache model: driver bug: ");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n");
	va_end(ap);
	abort();
}

static __attribute__((format(printf, 3, 4))) void violate(struct cm *m, unsigned long *count,
							  const char *fmt, ...)
{
	va_list ap;

	if (!*count && !m->v.first[0]) {
		va_start(ap, fmt);
		vsnprintf(m->v.first, sizeof(m->v.first), fmt, ap);
		va_end(ap);
	}
	(*count)++;
}

static bool cache_init(struct cm_cache *c, struct cm_geom g)
{
	c->g = g;
	c->sets = g.size / (g.ways * g.line);
	c->shift = (unsigned)__builtin_ctz(g.line);
	if ((g.line & (g.line - 1)) || (c->sets & (c->sets - 1)) || !c->sets)
		return false;
	c->line = calloc((size_t)c->sets * g.ways, sizeof(*c->line));
	c->data = calloc((size_t)c->sets * g.ways, g.line);
	c->clock = 0;
	return c->line && c->data;
}

bool cm_init(struct cm *m, const struct cm_profile *p, struct cm_hw hw, uint64_t base,
	     uint64_t bytes, uint64_t seed)
{
	memset(m, 0, sizeof(*m));
	m->prof = *p;
	m->hw = hw;
	m->base = base;
	m->bytes = bytes;
	m->rng = seed | 1;
	m->mem = malloc(bytes);
	m->truth = malloc(bytes);
	if (!m->mem || !m->truth || !cache_init(&m->d, p->d) || !cache_init(&m->i, p->i))
		return false;
	for (uint64_t k = 0; k < bytes; k++)
		m->mem[k] = (uint8_t)next_rand(&m->rng);
	memcpy(m->truth, m->mem, bytes);
	return true;
}

void cm_free(struct cm *m)
{
	free(m->mem);
	free(m->truth);
	free(m->d.line);
	free(m->d.data);
	free(m->i.line);
	free(m->i.data);
}

unsigned long cm_violations(const struct cm *m)
{
	return m->v.stale_fetch + m->v.stale_alias + m->v.bad_read + m->v.lost_write;
}

/* VA -> PA through the linear map or the window. */
static uint64_t translate(struct cm *m, uintptr_t va, enum cm_kind *kind)
{
	if (va >= m->base && va - m->base < m->bytes) {
		*kind = CM_NONE; /* the linear map: read-write, not executable */
		return va;
	}
	if (va >= CM_WINDOW && va - CM_WINDOW < CM_SLOTS * PAGE_SIZE) {
		const struct cm_pte *e = &m->pt[(va - CM_WINDOW) / PAGE_SIZE];
		if (e->kind == CM_NONE)
			die("access to unmapped window VA 0x%lx", (unsigned long)va);
		*kind = e->kind;
		return e->pa + (va & (PAGE_SIZE - 1));
	}
	die("access to unmapped VA 0x%lx", (unsigned long)va);
}

static uint8_t *line_data(struct cm_cache *c, const struct cm_line *l)
{
	return c->data + (size_t)(l - c->line) * c->g.line;
}

static uint8_t *mem_at(struct cm *m, uint64_t pa)
{
	return m->mem + (pa - m->base);
}

/* The line holding pa, found through the set `index_addr` selects. */
static struct cm_line *lookup(struct cm_cache *c, uint64_t index_addr, uint64_t pa)
{
	unsigned set = (unsigned)(index_addr >> c->shift) & (c->sets - 1);
	struct cm_line *l = &c->line[(size_t)set * c->g.ways];
	uint64_t tag = pa >> c->shift;

	for (unsigned w = 0; w < c->g.ways; w++)
		if (l[w].valid && l[w].tag == tag)
			return &l[w];
	return NULL;
}

static struct cm_line *victim(struct cm *m, struct cm_cache *c, uint64_t index_addr)
{
	unsigned set = (unsigned)(index_addr >> c->shift) & (c->sets - 1);
	struct cm_line *l = &c->line[(size_t)set * c->g.ways], *v = &l[0];

	for (unsigned w = 0; w < c->g.ways; w++)
		if (!l[w].valid)
			return &l[w];
	if (m->prof.random_repl)
		return &l[next_rand(&m->rng) % c->g.ways];
	for (unsigned w = 1; w < c->g.ways; w++)
		if (l[w].stamp < v->stamp)
			v = &l[w];
	return v;
}

static void writeback(struct cm *m, struct cm_line *l)
{
	memcpy(mem_at(m, l->tag * m->d.g.line), line_data(&m->d, l), m->d.g.line);
	l->dirty = false;
	m->st.writebacks++;
}

/* The D-cache line for pa, allocated (and filled from memory) on a miss. */
static struct cm_line *d_get(struct cm *m, uint64_t pa)
{
	struct cm_line *l = lookup(&m->d, pa, pa);

	if (!l) {
		l = victim(m, &m->d, pa);
		if (l->valid) {
			m->st.evictions++;
#ifndef MODEL_MUTANT_DROP_WRITEBACK /* TEST-ONLY: dirty data thrown away */
			if (l->dirty)
				writeback(m, l);
#endif
		}
		*l = (struct cm_line){ .tag = pa / m->d.g.line, .valid = true };
		memcpy(line_data(&m->d, l), mem_at(m, pa - pa % m->d.g.line), m->d.g.line);
	}
	l->stamp = ++m->d.clock;
	return l;
}

/* How much of [a, a + left) lies in a's line. */
static size_t piece(uint64_t a, size_t left, unsigned line)
{
	size_t k = line - (size_t)(a % line);

	return k < left ? k : left;
}

void cm_write(struct cm *m, uintptr_t va, const void *src, size_t n)
{
	enum cm_kind kind;
	const uint8_t *s = src;

	m->st.writes++;
	for (size_t done = 0, k; done < n; done += k) {
		k = piece(va + done, n - done, m->d.g.line);
		uintptr_t a = va + done;
		uint64_t pa = translate(m, a, &kind);
		struct cm_line *l;

		if (kind != CM_NONE)
			die("write through a read-only mapping at 0x%lx", (unsigned long)a);
		l = d_get(m, pa);
		memcpy(line_data(&m->d, l) + pa % m->d.g.line, s + done, k);
		memcpy(m->truth + (pa - m->base), s + done, k);
		l->dirty = true;
	}
}

static void compare(struct cm *m, unsigned long *count, const char *what, uintptr_t va, uint64_t pa,
		    const uint8_t *got, size_t n)
{
	const uint8_t *want = m->truth + (pa - m->base);

	if (!memcmp(got, want, n))
		return;
	for (size_t j = 0; j < n; j++)
		if (got[j] != want[j]) {
			violate(m, count, "%s at VA 0x%lx (PA 0x%llx): 0x%02x, last written 0x%02x",
				what, (unsigned long)(va + j), (unsigned long long)(pa + j), got[j],
				want[j]);
			return; /* one per access */
		}
}

void cm_read(struct cm *m, uintptr_t va, void *dst, size_t n)
{
	enum cm_kind kind = CM_NONE;
	uint8_t *d = dst;

	for (size_t done = 0, k; done < n; done += k) {
		k = piece(va + done, n - done, m->d.g.line);
		uintptr_t a = va + done;
		uint64_t pa = translate(m, a, &kind);

		if (kind == CM_ALIAS) { /* a reader at PoU: memory */
			memcpy(d + done, mem_at(m, pa), k);
			compare(m, &m->v.stale_alias, "stale alias read", a, pa, d + done, k);
		} else {
			struct cm_line *l = d_get(m, pa);
			memcpy(d + done, line_data(&m->d, l) + pa % m->d.g.line, k);
			compare(m, &m->v.bad_read, "bad data read", a, pa, d + done, k);
		}
	}
	m->st.alias_reads += kind == CM_ALIAS;
	m->st.data_reads += kind != CM_ALIAS;
}

/* What an instruction fill sees at PoU: the D-cache too if IDC. */
static void pou_view(struct cm *m, uint64_t pa, uint8_t *out, size_t n)
{
	for (size_t done = 0, k; done < n; done += k) {
		uint64_t a = pa + done;
		struct cm_line *l = m->hw.idc ? lookup(&m->d, a, a) : NULL;

		k = piece(a, n - done, m->d.g.line);
		memcpy(out + done, l ? line_data(&m->d, l) + a % m->d.g.line : mem_at(m, a), k);
	}
}

void cm_fetch(struct cm *m, uintptr_t va, size_t n, bool check)
{
	enum cm_kind kind;
	uint8_t buf[256];

	m->st.fetches++;
	for (size_t done = 0, k; done < n; done += k) {
		k = piece(va + done, n - done, m->i.g.line);
		uintptr_t a = va + done;
		uint64_t pa = translate(m, a, &kind), ix = m->prof.i_vipt ? a : pa;
		unsigned off = (unsigned)(pa % m->i.g.line);

		if (kind != CM_EXEC)
			die("fetch from a non-executable VA 0x%lx", (unsigned long)a);
		if (m->hw.dic) { /* coherent I-cache: always what PoU holds */
			pou_view(m, pa, buf, k);
		} else {
			struct cm_line *l = lookup(&m->i, ix, pa);
			if (!l) {
				l = victim(m, &m->i, ix);
				*l = (struct cm_line){ .tag = pa / m->i.g.line, .valid = true };
				pou_view(m, pa - off, line_data(&m->i, l), m->i.g.line);
			}
			l->stamp = ++m->i.clock;
			memcpy(buf, line_data(&m->i, l) + off, k);
		}
		if (check)
			compare(m, &m->v.stale_fetch, "stale fetch", a, pa, buf, k);
	}
}

void cm_dc_clean(struct cm *m, uintptr_t va, size_t n)
{
	enum cm_kind kind;

	for (size_t done = 0, k; done < n; done += k) {
		k = piece(va + done, n - done, m->d.g.line);
		uint64_t pa = translate(m, va + done, &kind);
		struct cm_line *l = lookup(&m->d, pa, pa);

		if (l && l->dirty)
			writeback(m, l);
		m->st.dc_clean_lines++;
	}
}

void cm_ic_inval(struct cm *m, uintptr_t va, size_t n)
{
	enum cm_kind kind;

	for (size_t done = 0, k; done < n; done += k) {
		k = piece(va + done, n - done, m->i.g.line);
		uintptr_t a = va + done;
		uint64_t pa = translate(m, a, &kind);
		struct cm_line *l = lookup(&m->i, m->prof.i_vipt ? a : pa, pa);

		if (l)
			l->valid = false;
		m->st.ic_inval_lines++;
	}
}

void cm_ic_inval_all(struct cm *m)
{
	for (size_t j = 0; j < (size_t)m->i.sets * m->i.g.ways; j++)
		m->i.line[j].valid = false;
	m->st.ic_inval_all++;
}

unsigned long cm_check_lost(struct cm *m, uint64_t pa, size_t n)
{
	unsigned long before = m->v.lost_write;

	for (size_t done = 0, k; done < n; done += k) {
		k = piece(pa + done, n - done, m->d.g.line);
		uint64_t a = pa + done;
		struct cm_line *l = lookup(&m->d, a, a);
		const uint8_t *got = l ? line_data(&m->d, l) + a % m->d.g.line : mem_at(m, a);

		compare(m, &m->v.lost_write, "lost write", (uintptr_t)a, a, got, k);
	}
	return m->v.lost_write - before;
}

unsigned long cm_final_clean_check(struct cm *m)
{
	unsigned long before = m->v.lost_write;

	for (size_t j = 0; j < (size_t)m->d.sets * m->d.g.ways; j++)
		if (m->d.line[j].valid && m->d.line[j].dirty)
			writeback(m, &m->d.line[j]);
	for (uint64_t a = 0; a < m->bytes; a += PAGE_SIZE)
		if (memcmp(m->mem + a, m->truth + a, PAGE_SIZE))
			compare(m, &m->v.lost_write, "lost write after the final clean",
				(uintptr_t)(m->base + a), m->base + a, m->mem + a, PAGE_SIZE);
	return m->v.lost_write - before;
}
