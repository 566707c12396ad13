/* SPDX-License-Identifier: BSD-2-Clause */
/* A GICv3 ITS and the redistributors' LPI tables: see irq/gic_its.h. */
#include "irq/gic_its.h"

#include <malloc.h>
#include <string.h>

#include "arch/counter.h"
#include "cache/cache.h"
#include "irq/irq_priv.h"

#ifdef GIC_HOST_MODEL
#define its_wmb() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#else
#include "arch/sysreg.h"
/* Stores to normal memory observed before the register write that hands
 * them over (Linux irq-gic-v3-its.c its_flush_cmd: dsb(ishst)). */
#define its_wmb() dsb(ishst)
#endif

/* ITS control registers (IHI 0069H 12.19) and the translation frame. */
#define GITS_CTLR        0x0000
#define GITS_CTLR_EN     (1u << 0)
#define GITS_CTLR_QUIET  (1u << 31)
#define GITS_IIDR        0x0004
#define GITS_TYPER       0x0008
#define GITS_CBASER      0x0080
#define GITS_CWRITER     0x0088
#define GITS_CREADR      0x0090
#define GITS_BASER(n)    (0x0100 + 8 * (n))
#define GITS_TRANSLATER  0x10040
#define CREADR_STALLED   1u
#define TYPER_PHYSICAL   1u
#define TYPER_PTA        (1ull << 19)
#define TYPER_ITE(t)     ((unsigned)((t) >> 4 & 0xf) + 1)
#define TYPER_IDBITS(t)  ((unsigned)((t) >> 8 & 0x1f) + 1)
#define TYPER_DEVBITS(t) ((unsigned)((t) >> 13 & 0x1f) + 1)

/* Memory attribute fields of GITS_BASER / GITS_CBASER / GICR_PROPBASER /
 * GICR_PENDBASER: Shareability [11:10] (1 Inner Shareable), InnerCache
 * [61:59] (BASER, CBASER) or [9:7] (PROPBASER, PENDBASER): 1 Non-cacheable,
 * 7 read/write-allocate write-back. */
#define ATTR_SH_IS      (1ull << 10)
#define ATTR_SH(v)      ((v) >> 10 & 3)
#define BASER_VALID     (1ull << 63)
#define BASER_WB        (7ull << 59)
#define BASER_NC        (1ull << 59)
#define BASER_CACHE(v)  ((v) >> 59 & 7)
#define BASER_TYPE(v)   ((unsigned)((v) >> 56 & 7))
#define BASER_ENTRY(v)  ((unsigned)((v) >> 48 & 0x1f) + 1)
#define BASER_PSZ(v)    ((unsigned)((v) >> 8 & 3))
#define BASER_TYPE_DEV  1
#define BASER_TYPE_COLL 4
#define RD_WB           (7ull << 7)
#define RD_NC           (1ull << 7)
#define RD_CACHE(v)     ((v) >> 7 & 7)

/* Redistributor LPI registers, RD_base frame (IHI 0069H 12.11). */
#define GICR_CTLR        0x0000
#define GICR_CTLR_LPIS   1u
#define GICR_TYPER       0x0008
#define GICR_TYPER_PLPIS 1u
#define GICR_PROPBASER   0x0070
#define GICR_PENDBASER   0x0078
#define GICD_TYPER_LPIS  (1u << 17)
#define LPI_IDBITS       13 /* INTIDs below 16384: 8192 LPIs, an 8 KiB table */
#define LPI_PROP_GROUP1  2u /* bit 1 RES1 (IHI 0069H 5.1.1) */
#define LPI_PROP_ENABLE  1u
#define PEND_ALIGN       0x10000 /* GICR_PENDBASER: PA [51:16] */

/* Commands (IHI 0069H 5.3): 32 bytes, the number in DW0 [7:0]. */
#define CMD_MAPD    0x08
#define CMD_MAPC    0x09
#define CMD_MAPTI   0x0a
#define CMD_INV     0x0c
#define CMD_SYNC    0x05
#define CMDQ_SIZE   4096 /* 128 commands; GITS_CBASER.Size 0: one 4 KiB page */
#define ITS_WAIT_MS 100

struct its_info its_info;
static uint64_t *cmdq;
static unsigned cwriter;      /* byte offset of the next command */
static uint8_t mapped_dev[8]; /* DeviceIDs below 64 that have an ITT */
static irq_handler_fn lpi_fn;
static void *lpi_arg;

const char *its_err(int err)
{
	switch (err) {
	case 0: return "ok";
	case ITS_ENODEV: return "no physical LPIs (GITS_TYPER.Physical or GICD_TYPER.LPIS 0)";
	case ITS_ENOMEM: return "no memory for the ITS tables";
	case ITS_EQUIET: return "GITS_CTLR.Quiescent never set after the ITS was disabled";
	case ITS_ECMD: return "a command was not consumed (GITS_CREADR did not reach GITS_CWRITER)";
	case ITS_ESTALL: return "the ITS stalled on a command (GITS_CREADR.Stalled)";
	case ITS_ELPIS:
		return "GICR_CTLR.EnableLPIs already set by an earlier stage: its tables are "
		       "unknown and GICR_PROPBASER can no longer change (IHI 0069H 12.11.2)";
	case ITS_ENOLPI: return "GICR_TYPER.PLPIS 0: the redistributor has no LPIs";
	case ITS_EBASER: return "a GITS_BASER did not take its table";
	default: return "unknown ITS error";
	}
}

/* Hands [p, p + n) to an ITS or redistributor that does not snoop:
 * clean+invalidate to PoC, so memory holds the CPU's bytes and no dirty
 * line is later written back over what the ITS wrote (Linux
 * gic_flush_dcache_to_poc). */
static void flush(const void *p, size_t n, bool coherent)
{
	if (!coherent && its_info.fault != ITS_FAULT_NO_CLEAN)
		dcache_clean_inval_to_mem((uintptr_t)p, n);
}

static void *table(size_t align, size_t n)
{
	void *p = memalign(align, n);

	if (p) {
		memset(p, 0, n);
		flush(p, n, false);
	}
	return p;
}

static bool wait_bits(uintptr_t reg, uint32_t mask, uint32_t want)
{
	struct deadline d;

	deadline_start(&d, ITS_WAIT_MS);
	while ((gic_read32(reg) & mask) != want)
		if (deadline_passed(&d))
			return false;
	return true;
}

/* One command: written at GITS_CWRITER's offset, made visible to the ITS
 * (cleaned to PoC where it does not snoop, else a DSB), CWRITER advanced,
 * GITS_CREADR polled (bounded) until the ITS has consumed it. */
static int its_cmd(uint64_t d0, uint64_t d1, uint64_t d2)
{
	uintptr_t b = its_info.base;
	uint64_t *c = cmdq + cwriter / 8;
	struct deadline d;
	uint64_t r;

	c[0] = d0, c[1] = d1, c[2] = d2, c[3] = 0;
	flush(c, 32, its_info.coherent);
	its_wmb();
	cwriter = (cwriter + 32) % CMDQ_SIZE;
	gic_write64(b + GITS_CWRITER, cwriter);
	its_info.cmds++;
	deadline_start(&d, ITS_WAIT_MS);
	while (((r = gic_read64(b + GITS_CREADR)) & ~31ull) != cwriter) {
		if (r & CREADR_STALLED)
			return ITS_ESTALL;
		if (deadline_passed(&d))
			return ITS_ECMD;
	}
	return 0;
}

/* One GITS_BASER: its table for `entries` entries, at the page size and
 * attributes the register keeps (written 4 KiB pages, Inner Shareable
 * write-back; what reads back decides). */
static int setup_baser(unsigned n, unsigned entries)
{
	uintptr_t reg = its_info.base + GITS_BASER(n);
	uint64_t v = gic_read64(reg), attr = BASER_WB | ATTR_SH_IS;
	static const unsigned psz[4] = { 4096, 16384, 65536, 65536 };

	for (int tries = 0; tries < 3; tries++) {
		unsigned page = psz[BASER_PSZ(v)], esz = BASER_ENTRY(v);
		size_t bytes = ((size_t)entries * esz + page - 1) / page * page;
		void *t = table(page, bytes);

		if (!t)
			return ITS_ENOMEM;
		v = BASER_VALID | attr | (v & (0x7ull << 56 | 0x1full << 48 | 3u << 8)) |
		    (uintptr_t)t | (bytes / page - 1);
		gic_write64(reg, v);
		v = gic_read64(reg);
		if ((v & 0xfffffffff000ull) == ((uintptr_t)t & 0xfffffffff000ull) &&
		    psz[BASER_PSZ(v)] == page) {
			if (!ATTR_SH(v) && BASER_CACHE(v) != 1) {
				/* Non-shareable: the ITS's accesses are not coherent;
				 * make them Non-cacheable, as Linux does. */
				attr = BASER_NC;
				gic_write64(reg, (v & ~(7ull << 59)) | BASER_NC);
				v = gic_read64(reg);
			}
			its_info.baser[n] = v;
			return 0;
		}
		free(t); /* another page size read back: again with it */
	}
	return ITS_EBASER;
}

int its_init(uint64_t base, unsigned max_lpis)
{
	uintptr_t b = (uintptr_t)base;
	uint64_t v;
	int err;

	its_info.base = b;
	its_info.typer = gic_read64(b + GITS_TYPER);
	its_info.iidr = gic_read32(b + GITS_IIDR);
	if (!(its_info.typer & TYPER_PHYSICAL) ||
	    !(gic_read32(irq_info.dist + GICD_TYPER) & GICD_TYPER_LPIS))
		return ITS_ENODEV;
	its_info.pta = its_info.typer & TYPER_PTA;
	its_info.ite_size = TYPER_ITE(its_info.typer);
	its_info.idbits = TYPER_IDBITS(its_info.typer);
	its_info.devbits = TYPER_DEVBITS(its_info.typer);
	/* Disabled and quiescent before its tables change (12.19.4). */
	gic_write32(b + GITS_CTLR, gic_read32(b + GITS_CTLR) & ~GITS_CTLR_EN);
	if (!wait_bits(b + GITS_CTLR, GITS_CTLR_QUIET, GITS_CTLR_QUIET))
		return ITS_EQUIET;
	for (unsigned n = 0; n < 8; n++) {
		unsigned type = BASER_TYPE(gic_read64(b + GITS_BASER(n)));

		if (type == BASER_TYPE_DEV || type == BASER_TYPE_COLL)
			if ((err = setup_baser(n, type == BASER_TYPE_DEV ? 64 : IRQ_MAX_CPUS)))
				return err;
	}
	if (!(cmdq = table(65536, CMDQ_SIZE)))
		return ITS_ENOMEM;
	gic_write64(b + GITS_CBASER, BASER_VALID | BASER_WB | ATTR_SH_IS | (uintptr_t)cmdq);
	v = gic_read64(b + GITS_CBASER);
	if (!ATTR_SH(v)) { /* Non-shareable: Non-cacheable, commands cleaned */
		gic_write64(b + GITS_CBASER, (v & ~(7ull << 59)) | BASER_NC);
		v = gic_read64(b + GITS_CBASER);
	}
	its_info.cbaser = v;
	its_info.coherent = ATTR_SH(v) && BASER_CACHE(v) > 1;
	cwriter = 0;
	gic_write64(b + GITS_CWRITER, 0);
	/* The LPI configuration table: 2^(IDbits+1) - 8192 bytes, every LPI
	 * disabled, priority IRQ_PRIO_DEFAULT, Group 1 (5.1.1). */
	its_info.lpi_idbits = LPI_IDBITS;
	if (max_lpis > (1u << (LPI_IDBITS + 1)) - GIC_LPI_BASE)
		return ITS_ENOMEM;
	size_t n = (1u << (LPI_IDBITS + 1)) - GIC_LPI_BASE;
	if (!(its_info.prop = memalign(4096, n)))
		return ITS_ENOMEM;
	memset(its_info.prop, IRQ_PRIO_DEFAULT | LPI_PROP_GROUP1, n);
	flush(its_info.prop, n, false);
	memset(mapped_dev, 0, sizeof(mapped_dev));
	gic_write32(b + GITS_CTLR, GITS_CTLR_EN);
	return 0;
}

bool its_lpis_on(const struct irq_cpu *c)
{
	return gic_read32(c->rd + GICR_CTLR) & GICR_CTLR_LPIS;
}

int its_lpi_cpu(struct irq_cpu *c)
{
	uintptr_t rd = c->rd;
	size_t pend = (1u << (LPI_IDBITS + 1)) / 8;
	void *p;
	uint64_t v;

	if (!(gic_read64(rd + GICR_TYPER) & GICR_TYPER_PLPIS))
		return ITS_ENOLPI;
	if (gic_read32(rd + GICR_CTLR) & GICR_CTLR_LPIS)
		return ITS_ELPIS;
	/* The pending table: zeroed, 64 KiB aligned, its first 1 KiB (INTIDs
	 * below 8192) IMPLEMENTATION DEFINED and zero too (12.11.33). */
	if (!(p = table(PEND_ALIGN, pend < PEND_ALIGN ? PEND_ALIGN : pend)))
		return ITS_ENOMEM;
	gic_write64(rd + GICR_PROPBASER,
		    (uintptr_t)its_info.prop | RD_WB | ATTR_SH_IS | its_info.lpi_idbits);
	v = gic_read64(rd + GICR_PROPBASER);
	its_info.rd_coherent = ATTR_SH(v) && RD_CACHE(v) > 1;
	if (!ATTR_SH(v))
		gic_write64(rd + GICR_PROPBASER, (v & ~(7ull << 7)) | RD_NC);
	gic_write64(rd + GICR_PENDBASER,
		    (uintptr_t)p | (its_info.rd_coherent ? RD_WB | ATTR_SH_IS : RD_NC));
	its_wmb();
	gic_write32(rd + GICR_CTLR, gic_read32(rd + GICR_CTLR) | GICR_CTLR_LPIS);
	return 0;
}

uint64_t its_rdbase(const struct irq_cpu *c)
{
	if (its_info.fault == ITS_FAULT_AFF0 && !its_info.pta)
		return c->aff & 0xff; /* the bug: Aff0 taken for the processor number */
	/* PTA 1: the redistributor's physical address [51:16]; else its
	 * GICR_TYPER.Processor_Number [23:8] (IHI 0069H 5.3.7 MAPC). */
	return its_info.pta ? (uint64_t)c->rd >> 16 : gic_read64(c->rd + GICR_TYPER) >> 8 & 0xffff;
}

static struct irq_cpu *first_mapped;

int its_map_cpu(unsigned icid, struct irq_cpu *c)
{
	struct irq_cpu *t = c;
	int err;

	if (!first_mapped)
		first_mapped = c;
	if (its_info.fault == ITS_FAULT_TARGET)
		t = first_mapped; /* the bug: one target for every collection */
	if ((err = its_cmd(CMD_MAPC, 0, 1ull << 63 | its_rdbase(t) << 16 | icid)))
		return err;
	return its_cmd(CMD_SYNC, 0, its_rdbase(t) << 16);
}

int its_map_event(uint32_t dev, uint32_t event, uint32_t lpi, unsigned icid)
{
	int err;

	if (dev < 64 && !(mapped_dev[dev / 8] >> dev % 8 & 1)) {
		/* MAPD: an ITT of 2^Size+1 events (Size = 5: 64 events),
		 * 256-byte aligned (5.3.8). */
		unsigned bits = its_info.idbits < 6 ? its_info.idbits : 6;
		void *itt = table(256, (size_t)its_info.ite_size << bits);

		if (!itt)
			return ITS_ENOMEM;
		if ((err = its_cmd(CMD_MAPD | (uint64_t)dev << 32, bits - 1,
				   1ull << 63 | (uintptr_t)itt)))
			return err;
		mapped_dev[dev / 8] |= (uint8_t)(1u << dev % 8);
	}
	return its_cmd(CMD_MAPTI | (uint64_t)dev << 32, event | (uint64_t)lpi << 32, icid);
}

int its_lpi_set(uint32_t lpi, uint32_t dev, uint32_t event, const struct irq_cpu *c, bool on)
{
	uint8_t *p = &its_info.prop[lpi - GIC_LPI_BASE];
	int err;

	*p = (uint8_t)((*p & ~LPI_PROP_ENABLE) | (on ? LPI_PROP_ENABLE : 0));
	flush(p, 1, its_info.rd_coherent);
	its_wmb();
	if (its_info.fault == ITS_FAULT_NO_INV)
		return 0; /* the bug: the redistributor keeps its cached byte */
	/* INV: the redistributor reads the byte again; SYNC: done (5.3.13). */
	if ((err = its_cmd(CMD_INV | (uint64_t)dev << 32, event, 0)))
		return err;
	return its_cmd(CMD_SYNC, 0, its_rdbase(c) << 16);
}

void its_translate(uint32_t event)
{
	its_wmb();
	gic_write32(its_info.base + GITS_TRANSLATER, event);
}

void its_set_handler(irq_handler_fn fn, void *arg)
{
	lpi_arg = arg;
	lpi_fn = fn;
}

bool gic_lpi_dispatch(unsigned id)
{
	if (id < GIC_LPI_BASE)
		return false;
	if (lpi_fn)
		lpi_fn(id, IRQ_NO_SRC, lpi_arg);
	return true; /* EOIed by the caller, handled or not: LPIs have no active state */
}
