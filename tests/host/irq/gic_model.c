/* SPDX-License-Identifier: BSD-2-Clause */
/* The GICv2 register model: see gic_model.h. */
#include "tests/host/irq/gic_model.h"

#include <stdio.h>
#include <string.h>

#include "arch/exception.h"
#include "irq/irq_priv.h"

struct gic_model gm;
const unsigned gic_model_iface[GM_NCPU] = { 2, 0, 3, 1 };
void (*volatile arch_irq_handler)(struct exc_frame *f);

#define SPURIOUS 1023u

static void err(const char *what, uintptr_t a, uint32_t v)
{
	gm.errors++;
	printf("gic-model: cpu%u: %s (address 0x%lx, value 0x%x)\n", gm.cur, what, (unsigned long)a,
	       v);
}

/* The errors counted so far are kept: main's final check sees every
 * scenario's, not only the last one's. */
void gic_model_reset(void)
{
	unsigned errors = gm.errors;

	memset(&gm, 0, sizeof(gm));
	for (unsigned id = 0; id < 16; id++) /* SGIs: always edge (ICFGR0 read-only) */
		gm.edge[id] = true;
	gm.errors = errors;
}

void gic_model_line(unsigned id, bool high)
{
	if (high && !gm.level[id] && gm.edge[id])
		gm.pending[0][id] = true;
	gm.level[id] = high;
}

static unsigned row(unsigned cpu, unsigned id)
{
	return id < 32 ? cpu : 0;
}

static uint8_t running(unsigned cpu)
{
	return gm.nact[cpu] ? gm.act_prio[cpu][gm.nact[cpu] - 1] : 0xff;
}

static bool is_pending(unsigned cpu, unsigned id)
{
	return gm.pending[row(cpu, id)][id] || (id >= 32 && !gm.edge[id] && gm.level[id]);
}

/* The highest-priority pending, enabled, inactive interrupt for cpu
 * (lowest INTID on a tie), or SPURIOUS. */
static unsigned best(unsigned cpu)
{
	unsigned id, b = SPURIOUS;
	uint8_t bp = 0xff;

	if (!(gm.dctlr & 1))
		return SPURIOUS;
	for (id = 0; id < GM_LINES; id++) {
		unsigned r = row(cpu, id);
		if (!is_pending(cpu, id) || !gm.enabled[r][id] || gm.active[r][id])
			continue;
		if (id >= 32 && !(gm.targets[id] >> gic_model_iface[cpu] & 1))
			continue;
		if (gm.prio[r][id] < bp)
			bp = gm.prio[r][id], b = id;
	}
	return b;
}

bool gic_model_irq_line(unsigned cpu)
{
	unsigned b = best(cpu);

	return (gm.cctlr[cpu] & 1) && b != SPURIOUS && gm.prio[row(cpu, b)][b] < gm.pmr[cpu] &&
	       gm.prio[row(cpu, b)][b] < running(cpu);
}

unsigned gic_model_run(unsigned cpu, unsigned max)
{
	unsigned n = 0, saved = gm.cur;

	gm.cur = cpu;
	while (n < max && gic_model_irq_line(cpu)) {
		arch_irq_handler(NULL);
		n++;
	}
	gm.cur = saved;
	return n;
}

static uint32_t ack(unsigned cpu)
{
	unsigned id = gic_model_irq_line(cpu) ? best(cpu) : SPURIOUS, src = 0;
	unsigned r = row(cpu, id);

	if (id == SPURIOUS)
		return SPURIOUS;
	if (id < 16) {
		src = (unsigned)__builtin_ctz(gm.sgi_src[cpu][id]);
		gm.sgi_src[cpu][id] &= ~(1u << src);
		gm.pending[cpu][id] = gm.sgi_src[cpu][id] != 0;
	} else {
		gm.pending[r][id] = false;
	}
	gm.active[r][id] = true;
	gm.act_id[cpu][gm.nact[cpu]] = id;
	gm.act_src[cpu][gm.nact[cpu]] = src;
	gm.act_prio[cpu][gm.nact[cpu]++] = gm.prio[r][id];
	gm.acks[cpu]++;
	return id | src << 10;
}

static void eoi(unsigned cpu, uint32_t v)
{
	unsigned id = v & 0x3ff, src = v >> 10 & 7, n = gm.nact[cpu];

	if (id >= 1020) {
		err("EOI of a special INTID", GM_CPU + 0x10, v);
		return;
	}
	if (!n || gm.act_id[cpu][n - 1] != id) {
		err("EOI of an interrupt that is not the last one acknowledged", GM_CPU + 0x10, v);
		return;
	}
	if (id < 16 && gm.act_src[cpu][n - 1] != src) {
		err("EOI of an SGI with other source CPU bits than its acknowledge", GM_CPU + 0x10,
		    v);
		return;
	}
	gm.active[row(cpu, id)][id] = false;
	gm.nact[cpu]--;
	gm.eois[cpu]++;
}

/* Whether this access may touch id: not one the firmware kept Secure. */
static bool visible(unsigned id)
{
	return !gm.security || gm.group[row(gm.cur, id)][id];
}

/* A bit-per-interrupt register write: set (on) or clear each bit given. */
static void bits(bool (*reg)[GM_LINES], uintptr_t off, uint32_t v, bool on)
{
	unsigned base = (unsigned)(off & 0x7f) * 8;

	for (unsigned b = 0; b < 32; b++)
		if (v >> b & 1 && base + b < GM_LINES && visible(base + b))
			reg[row(gm.cur, base + b)][base + b] = on;
}

static uint32_t bits_read(bool (*reg)[GM_LINES], uintptr_t off)
{
	unsigned base = (unsigned)(off & 0x7f) * 8;
	uint32_t v = 0;

	for (unsigned b = 0; b < 32 && base + b < GM_LINES; b++)
		if (visible(base + b))
			v |= (uint32_t)reg[row(gm.cur, base + b)][base + b] << b;
	return v;
}

static void dist_write(uintptr_t off, uint32_t v, unsigned width)
{
	unsigned c = gm.cur;

	if (off == GICD_CTLR)
		gm.dctlr = v & 1;
	else if (off >= GICD_ISENABLER && off < GICD_ISENABLER + 0x80)
		bits(gm.enabled, off, v, true);
	else if (off >= GICD_ICENABLER && off < GICD_ICENABLER + 0x80)
		bits(gm.enabled, off, v, false);
	else if (off >= GICD_ISPENDR && off < GICD_ISPENDR + 0x80) {
		for (unsigned b = 0; b < 32; b++) /* SGIs are pended through SPENDSGIR */
			if (v >> b & 1 && (off & 0x7f) * 8 + b >= 16)
				bits(gm.pending, off, 1u << b, true);
	} else if (off >= GICD_ICPENDR && off < GICD_ICPENDR + 0x80)
		bits(gm.pending, off, v, false);
	else if (off >= GICD_ICACTIVER && off < GICD_ICACTIVER + 0x80)
		bits(gm.active, off, v, false);
	else if (off >= GICD_IPRIORITYR && off < GICD_IPRIORITYR + GM_LINES)
		for (unsigned i = 0; i < width; i++) {
			unsigned id = (unsigned)(off - GICD_IPRIORITYR) + i;
			if (visible(id))
				gm.prio[row(c, id)][id] = (uint8_t)(v >> 8 * i);
		}
	else if (off >= GICD_ITARGETSR && off < GICD_ITARGETSR + GM_LINES) {
		for (unsigned i = 0; i < width; i++)
			if (off - GICD_ITARGETSR + i >= 32) /* 0-31 are read-only */
				gm.targets[off - GICD_ITARGETSR + i] = (uint8_t)(v >> 8 * i);
	} else if (off >= GICD_ICFGR && off < GICD_ICFGR + GM_LINES / 4) {
		/* Int_config[1] of each 2-bit field; 0 and 1 (SGIs, PPIs) read-only here */
		for (unsigned f = 0; f < 16; f++) {
			unsigned id = (unsigned)(off - GICD_ICFGR) * 4 + f;
			if (id >= 32)
				gm.edge[id] = v >> (2 * f + 1) & 1;
		}
	} else if (off == 0xf00) { /* GICD_SGIR */
		unsigned id = v & 15, list = v >> 16 & 0xff;
		if (v >> 24 & 3)
			err("SGIR target list filter not used by the driver", off, v);
		for (unsigned t = 0; t < GM_NCPU; t++)
			if (list >> gic_model_iface[t] & 1 && (!gm.security || gm.group[t][id])) {
				gm.sgi_src[t][id] |= 1u << gic_model_iface[c];
				gm.pending[t][id] = true;
			}
	} else if (off >= 0xf10 && off < 0xf20) { /* CPENDSGIR */
		for (unsigned i = 0; i < width; i++) {
			unsigned id = (unsigned)(off - 0xf10) + i;
			gm.sgi_src[c][id] &= ~(v >> 8 * i & 0xff);
			gm.pending[c][id] = gm.sgi_src[c][id] != 0;
		}
	} else if (off >= 0xf20 && off < 0xf30) { /* SPENDSGIR */
		for (unsigned i = 0; i < width; i++) {
			unsigned id = (unsigned)(off - 0xf20) + i;
			gm.sgi_src[c][id] |= v >> 8 * i & 0xff;
			gm.pending[c][id] = gm.sgi_src[c][id] != 0;
		}
	} else if (off >= GICD_IGROUPR && off < GICD_IGROUPR + 0x80)
		err("GICD_IGROUPR written (RAZ/WI Non-secure; the driver never writes it)", off, v);
	else
		err("write to an unmodelled distributor register", off, v);
}

static uint32_t dist_read(uintptr_t off)
{
	if (off == GICD_CTLR)
		return gm.dctlr;
	if (off == GICD_TYPER) /* SecurityExtn, bit 10 */
		return (GM_LINES / 32 - 1) | (GM_NCPU - 1) << 5 | (uint32_t)gm.security << 10;
	if (off >= GICD_IGROUPR && off < GICD_IGROUPR + 0x80)
		return gm.security ? 0 : bits_read(gm.group, off); /* RAZ to Non-secure */
	if (off == GICD_IIDR)
		return 0x0200143b;
	if (off >= GICD_ISENABLER && off < GICD_ISENABLER + 0x80)
		return bits_read(gm.enabled, off);
	if (off >= GICD_ISPENDR && off < GICD_ISPENDR + 0x80) {
		uint32_t v = 0;
		for (unsigned b = 0; b < 32; b++) {
			unsigned id = (unsigned)(off & 0x7f) * 8 + b;
			if (id < GM_LINES)
				v |= (uint32_t)is_pending(gm.cur, id) << b;
		}
		return v;
	}
	if (off >= GICD_ICFGR && off < GICD_ICFGR + GM_LINES / 4) {
		uint32_t v = 0;
		for (unsigned f = 0; f < 16; f++)
			v |= (uint32_t)gm.edge[(off - GICD_ICFGR) * 4 + f] << (2 * f + 1);
		return v;
	}
	if (off >= GICD_ITARGETSR && off < GICD_ITARGETSR + 32) { /* banked: this CPU's bit */
		uint32_t v = 0;
		for (unsigned b = 0; b < 4; b++) /* a Secure-kept one's byte: RAZ */
			if (!gm.security || gm.group[gm.cur][off - GICD_ITARGETSR + b])
				v |= (1u << gic_model_iface[gm.cur]) << 8 * b;
		return v;
	}
	err("read of an unmodelled distributor register", off, 0);
	return 0;
}

static uint32_t cpu_read(uintptr_t off)
{
	switch (off) {
	case 0x00: return gm.cctlr[gm.cur];
	case 0x04: return gm.pmr[gm.cur];
	case 0x0c: return ack(gm.cur);
	}
	err("read of an unmodelled CPU interface register", off, 0);
	return 0;
}

static void cpu_write(uintptr_t off, uint32_t v)
{
	switch (off) {
	case 0x00:
		gm.cctlr[gm.cur] = v;
		if (v & (3u << 9))
			err("EOImode set: EOIR would not deactivate", off, v);
		return;
	case 0x04:
		if (!gm.pmr_locked) /* 5 priority bits, as QEMU's GIC and many parts */
			gm.pmr[gm.cur] = v & 0xf8;
		return;
	case 0x08: gm.bpr[gm.cur] = v & 7; return;
	case 0x10: eoi(gm.cur, v); return;
	}
	err("write to an unmodelled CPU interface register", off, v);
}

/* Non-banked: the copy an address selects (its CPU), the address made the
 * base copy's; banked: the accessing CPU. */
static unsigned copy_of(uintptr_t *a)
{
	unsigned n;

	if (!gm.offset || *a < GM_DIST)
		return gm.cur;
	n = (unsigned)((*a - GM_DIST) / gm.offset);
	if (n >= GM_NCPU)
		return gm.cur;
	*a -= n * gm.offset;
	return n;
}

uint32_t gic_read32(uintptr_t a)
{
	unsigned cur = gm.cur, who = copy_of(&a);
	uint32_t v = 0;

	gm.cur = who;
	if (a >= GM_DIST && a < GM_DIST + 0x1000)
		v = dist_read(a - GM_DIST);
	else if (a >= GM_CPU && a < GM_CPU + 0x2000)
		v = cpu_read(a - GM_CPU);
	else
		err("read outside the GIC", a, 0);
	gm.cur = cur;
	return v;
}

void gic_write32(uintptr_t a, uint32_t v)
{
	unsigned cur = gm.cur, who = copy_of(&a);

	gm.cur = who;
	if (a >= GM_DIST && a < GM_DIST + 0x1000)
		dist_write(a - GM_DIST, v, 4);
	else if (a >= GM_CPU && a < GM_CPU + 0x2000)
		cpu_write(a - GM_CPU, v);
	else
		err("write outside the GIC", a, v);
	gm.cur = cur;
}

void gic_write8(uintptr_t a, uint8_t v)
{
	unsigned cur = gm.cur, who = copy_of(&a);

	gm.cur = who;
	if (a >= GM_DIST && a < GM_DIST + 0x1000)
		dist_write(a - GM_DIST, v, 1);
	else
		err("byte write outside the distributor", a, v);
	gm.cur = cur;
}

unsigned gic_model_core_id(void)
{
	return gm.cur;
}

uint64_t gic_read64(uintptr_t a)
{
	err("64-bit read on a GICv2", a, 0);
	return 0;
}

void gic_write64(uintptr_t a, uint64_t v)
{
	err("64-bit write on a GICv2", a, (uint32_t)v);
}

struct irq_cpu *gic_model_this_cpu(void)
{
	return gm.tpidr[gm.cur];
}

void gic_model_set_this_cpu(struct irq_cpu *c)
{
	gm.tpidr[gm.cur] = c;
}

/* irq/irq.c's local mask calls: the model takes IRQs only in gic_model_run. */
void irq_local_enable(void)
{
}

void irq_local_disable(void)
{
}
