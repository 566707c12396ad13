/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * host-its: irq/gic_its.c unchanged (but for its register access,
 * GIC_HOST_MODEL) against a model of an ITS and four redistributors that
 * reads memory the way a real ITS does: from memory, not from the CPU's
 * caches, unless its GITS_BASER/GITS_CBASER/GICR_PROPBASER keep the Inner
 * Shareable attribute the driver writes (IHI 0069H 12.19.1, 12.19.3,
 * 12.11.31: a Non-shareable ITS does not snoop). QEMU has no caches and
 * always keeps it, so this is where the rule is proven.
 *
 * "Memory" is what the driver handed over: every dcache_clean_inval_to_mem
 * call snapshots its range. A non-coherent ITS reading a command, a table
 * entry's configuration byte (at INV) finds the newest snapshot holding it;
 * a byte the CPU has since changed, or never cleaned, is a stale read and
 * fails the run ("not cleaned to PoC"). The model also follows the
 * commands (MAPC, MAPD, MAPTI, INV) and delivers a GITS_TRANSLATER write to
 * the CPU whose redistributor the event's collection names.
 * Built as mutants (tests/host/irq/irq.mk): -DITS_HOST_FAULT=ITS_FAULT_NO_CLEAN
 * (nothing cleaned), and the coherence decided without the read-back.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/counter.h"
#include "irq/gic_its.h"
#include "irq/irq_priv.h"
#include "tests/host/common/check.h"

CHECK_COUNTERS;
struct irq_info irq_info;

/* The driver's tables live as long as the run, as in the image: never
 * freed, not leaks. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "detect_leaks=0";
}

#define ITS   0x8080000u
#define DIST  0x8000000u
#define RD0   0x80a0000u
#define NCPU  4
#define RD(i) (RD0 + (i)*0x20000u)

/* --- memory as the ITS sees it ------------------------------------- */
struct snap {
	uintptr_t a;
	size_t n;
	uint8_t *b;
};
static struct snap snaps[4096];
static unsigned nsnaps;
static bool coherent; /* the model's ITS snoops (keeps Inner Shareable) */
static bool pta;      /* GITS_TYPER.PTA: RDbase is the redistributor's address */
static unsigned stale;

int dcache_clean_inval_to_mem(uintptr_t start, size_t size)
{
	if (nsnaps == sizeof(snaps) / sizeof(snaps[0]))
		abort();
	snaps[nsnaps].a = start, snaps[nsnaps].n = size;
	snaps[nsnaps].b = malloc(size);
	memcpy(snaps[nsnaps++].b, (void *)start, size);
	return 0;
}

/* n bytes at a as the ITS reads them; a stale byte is reported. */
static void its_mem(uintptr_t a, void *out, size_t n, const char *what)
{
	uint8_t *o = out;

	memcpy(out, (void *)a, n);
	if (coherent)
		return;
	for (size_t i = 0; i < n; i++) {
		int s = (int)nsnaps - 1;

		while (s >= 0 && !(a + i >= snaps[s].a && a + i < snaps[s].a + snaps[s].n))
			s--;
		if (s < 0 || snaps[s].b[a + i - snaps[s].a] != o[i]) {
			printf("its-model: %s at %#lx: memory holds %s, the CPU wrote 0x%02x: not "
			       "cleaned to PoC for a non-coherent ITS\n",
			       what, (unsigned long)(a + i),
			       s < 0 ? "nothing it was given" : "other bytes", o[i]);
			stale++;
			return;
		}
	}
}

/* --- the ITS and the redistributors -------------------------------- */
static uint64_t baser[8] = { 1ull << 56 | 7ull << 48 | 2u << 8, 4ull << 56 | 7ull << 48 | 2u << 8 };
static uint64_t cbaser, cwriter, creadr, rd_prop[NCPU], rd_pend[NCPU];
static uint32_t its_ctlr, rd_ctlr[NCPU];
static uint64_t coll_rd[256]; /* ICID -> RDbase + 1 (0: unmapped) */
static uint32_t ev_lpi[64], ev_icid[64];
static bool ev_mapped[64], dev_mapped, lpi_on[64];
static unsigned got[NCPU][64];

/* The attributes a non-coherent ITS keeps: shareability RAZ. */
static uint64_t keep(uint64_t v)
{
	return coherent ? v : v & ~(3ull << 10);
}

static void command(uint64_t off)
{
	uint64_t c[4];
	uintptr_t q = (uintptr_t)(cbaser & 0xffffffffff000ull);

	its_mem(q + off, c, sizeof(c), "command");
	uint32_t dev = (uint32_t)(c[0] >> 32), ev = (uint32_t)c[1];
	switch (c[0] & 0xff) {
	case 0x09: coll_rd[c[2] & 0xffff] = (c[2] >> 16 & 0x7ffffffffull) + 1; break;
	case 0x08: dev_mapped = dev == 0 && c[2] >> 63; break;
	case 0x0a:
		if (dev_mapped && ev < 64)
			ev_mapped[ev] = true, ev_lpi[ev] = (uint32_t)(c[1] >> 32),
			ev_icid[ev] = c[2] & 0xffff;
		break;
	case 0x0c:
		if (ev < 64 && ev_mapped[ev]) {
			uint8_t b;
			uintptr_t p = (uintptr_t)(rd_prop[0] & 0xffffffffff000ull);
			its_mem(p + ev_lpi[ev] - GIC_LPI_BASE, &b, 1, "LPI configuration byte");
			lpi_on[ev] = b & 1;
		}
		break;
	case 0x05: break;
	default: printf("its-model: command 0x%02x read\n", (unsigned)(c[0] & 0xff)), stale++;
	}
}

uint32_t gic_read32(uintptr_t a)
{
	if (a == DIST + GICD_TYPER)
		return 1u << 17 | 15u << 19;
	if (a == ITS)
		return its_ctlr | (its_ctlr & 1 ? 0 : 1u << 31);
	if (a == ITS + 4)
		return 0x43b;
	for (unsigned i = 0; i < NCPU; i++)
		if (a == RD(i))
			return rd_ctlr[i];
	printf("its-model: read32 of %#lx\n", (unsigned long)a), stale++;
	return 0;
}

uint64_t gic_read64(uintptr_t a)
{
	if (a == ITS + 8) /* Physical, ITE 8 B, 16 EventID and DeviceID bits, PTA */
		return 1 | 7u << 4 | 15u << 8 | 15u << 13 | (pta ? 1u << 19 : 0);
	if (a >= ITS + 0x100 && a < ITS + 0x140)
		return baser[(a - ITS - 0x100) / 8];
	if (a == ITS + 0x80)
		return cbaser;
	if (a == ITS + 0x90)
		return creadr;
	for (unsigned i = 0; i < NCPU; i++) {
		if (a == RD(i) + 8) /* Processor_Number i, PLPIS, affinity i */
			return (uint64_t)i << 32 | i << 8 | 1 | (i == NCPU - 1 ? 1u << 4 : 0);
		if (a == RD(i) + 0x70)
			return rd_prop[i];
		if (a == RD(i) + 0x78)
			return rd_pend[i];
	}
	printf("its-model: read64 of %#lx\n", (unsigned long)a), stale++;
	return 0;
}

void gic_write32(uintptr_t a, uint32_t v)
{
	if (a == ITS)
		its_ctlr = v & 1;
	else if (a == ITS + 0x10040) { /* GITS_TRANSLATER, DeviceID 0 */
		for (unsigned i = 0; v < 64 && ev_mapped[v] && lpi_on[v] && i < NCPU; i++)
			if (coll_rd[ev_icid[v]] == (pta ? RD(i) >> 16 : i) + 1)
				got[i][v]++;
	} else
		for (unsigned i = 0; i < NCPU; i++)
			if (a == RD(i))
				rd_ctlr[i] = v & 1;
}

void gic_write64(uintptr_t a, uint64_t v)
{
	if (a >= ITS + 0x100 && a < ITS + 0x140) {
		uint64_t *b = &baser[(a - ITS - 0x100) / 8];
		*b = keep((v & ~(0x7ull << 56 | 0x1full << 48)) |
			  (*b & (0x7ull << 56 | 0x1full << 48)));
	} else if (a == ITS + 0x80) {
		cbaser = keep(v);
	} else if (a == ITS + 0x88) {
		for (cwriter = v & 0xfffe0; creadr != cwriter; creadr = (creadr + 32) % 4096)
			command(creadr);
	} else {
		for (unsigned i = 0; i < NCPU; i++) {
			if (a == RD(i) + 0x70)
				rd_prop[i] = keep(v);
			if (a == RD(i) + 0x78)
				rd_pend[i] = keep(v);
		}
	}
}

void gic_write8(uintptr_t a, uint8_t v)
{
	(void)a, (void)v;
}

void deadline_start(struct deadline *d, unsigned ms)
{
	d->polls = ms * 1000ull;
}

bool deadline_passed(struct deadline *d)
{
	return !d->polls--;
}

#ifndef ITS_HOST_FAULT
#define ITS_HOST_FAULT ITS_FAULT_NONE
#endif

static void scenario(bool coh, bool rd_address)
{
	struct irq_cpu cpu[NCPU];
	int err;

	printf("host-its: a %s ITS, RDbase %s\n", coh ? "coherent (snooping)" : "non-coherent",
	       rd_address ? "an address (PTA 1)" : "a processor number");
	coherent = coh, pta = rd_address;
	memset(coll_rd, 0, sizeof(coll_rd));
	memset(&its_info, 0, sizeof(its_info));
	memset(got, 0, sizeof(got)), memset(ev_mapped, 0, sizeof(ev_mapped));
	memset(lpi_on, 0, sizeof(lpi_on)), memset(rd_ctlr, 0, sizeof(rd_ctlr));
	creadr = cwriter = 0;
	irq_info.dist = DIST;
	its_info.fault = ITS_HOST_FAULT;
	CHECK_EQ(err = its_init(ITS, NCPU), 0);
	CHECK(its_info.coherent == coh, "GITS_CBASER read back 0x%llx: coherent %d, want %d",
	      (unsigned long long)its_info.cbaser, its_info.coherent, coh);
	for (unsigned i = 0; i < NCPU && !err; i++) {
		cpu[i] = (struct irq_cpu){ .slot = i, .aff = i, .rd = RD(i), .ready = true };
		CHECK_EQ(its_lpi_cpu(&cpu[i]), 0);
		CHECK_EQ(its_map_cpu(i, &cpu[i]), 0);
		CHECK_EQ(its_map_event(its_cpu_devid, i, GIC_LPI_BASE + i, i), 0);
	}
	for (unsigned i = 0; i < NCPU && !err; i++) {
		CHECK_EQ(its_lpi_set(GIC_LPI_BASE + i, its_cpu_devid, i, &cpu[i], true), 0);
		its_translate(i);
		for (unsigned c = 0; c < NCPU; c++)
			CHECK(got[c][i] == (c == i),
			      "event %u: taken %u times on cpu%u (mapped to cpu%u)", i, got[c][i],
			      c, i);
	}
	CHECK(!stale,
	      "the ITS read %u stale or unexpected things: a non-coherent ITS needs "
	      "its commands and tables cleaned to PoC",
	      stale);
	stale = 0;
}

int main(void)
{
	scenario(true, false);
	scenario(false, false);
	scenario(false, true);
	printf("host-its: %u checks, %u failed\n", checks, failures);
	return failures ? 1 : 0;
}
