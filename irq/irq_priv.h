/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Inside irq/: the register access the two GIC drivers share (MMIO in the
 * image; the host model, tests/host/irq/gic_model.c, supplies its own with
 * GIC_HOST_MODEL), the per-CPU pointer, and the ops each driver fills.
 */
#ifndef IRQ_IRQ_PRIV_H
#define IRQ_IRQ_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "irq/gic_el3.h"
#include "irq/irq.h"

#ifdef GIC_HOST_MODEL
uint32_t gic_read32(uintptr_t a);
void gic_write32(uintptr_t a, uint32_t v);
uint64_t gic_read64(uintptr_t a);
void gic_write64(uintptr_t a, uint64_t v);
void gic_write8(uintptr_t a, uint8_t v);
struct irq_cpu *gic_model_this_cpu(void);
void gic_model_set_this_cpu(struct irq_cpu *c);
unsigned gic_model_core_id(void);
#define irq_core_id()      gic_model_core_id()
#define irq_cpu_ptr()      gic_model_this_cpu()
#define irq_set_cpu_ptr(c) gic_model_set_this_cpu(c)
#else
/* The GIC's registers are Device memory (the identity map: everything
 * not RAM below 4 GiB, and the tree's devices above): single-copy atomic
 * accesses of the register's width (IHI 0048B 4.1.4, IHI 0069H 12.1.3). */
static inline uint32_t gic_read32(uintptr_t a)
{
	return *(volatile uint32_t *)a;
}
static inline void gic_write32(uintptr_t a, uint32_t v)
{
	*(volatile uint32_t *)a = v;
}
static inline uint64_t gic_read64(uintptr_t a)
{
	return *(volatile uint64_t *)a;
}
static inline void gic_write64(uintptr_t a, uint64_t v)
{
	*(volatile uint64_t *)a = v;
}
static inline void gic_write8(uintptr_t a, uint8_t v)
{
	*(volatile uint8_t *)a = v; /* IPRIORITYR, ITARGETSR: byte-accessible */
}
#ifdef __aarch64__
#define irq_cpu_ptr()                                                                              \
	({                                                                                         \
		uintptr_t p_;                                                                      \
		__asm__ volatile("mrs %0, tpidr_el1" : "=r"(p_));                                  \
		(struct irq_cpu *)p_;                                                              \
	})
#define irq_set_cpu_ptr(c) __asm__ volatile("msr tpidr_el1, %0" ::"r"(c) : "memory")
#define irq_core_id()                                                                              \
	({                                                                                         \
		uint64_t m_;                                                                       \
		__asm__ volatile("mrs %0, mpidr_el1" : "=r"(m_));                                  \
		(unsigned)(m_ & 0xff);                                                             \
	})
#else
/* TPIDRPRW (DDI 0406C B4.1.150): PL1-only, free for the OS. */
#define irq_cpu_ptr()                                                                              \
	({                                                                                         \
		uintptr_t p_;                                                                      \
		__asm__ volatile("mrc p15, 0, %0, c13, c0, 4" : "=r"(p_));                         \
		(struct irq_cpu *)p_;                                                              \
	})
#define irq_set_cpu_ptr(c) __asm__ volatile("mcr p15, 0, %0, c13, c0, 4" ::"r"(c) : "memory")
/* MPIDR Aff0 (DDI 0406C B4.1.106): the core's number in its cluster. */
#define irq_core_id()                                                                              \
	({                                                                                         \
		uint32_t m_;                                                                       \
		__asm__ volatile("mrc p15, 0, %0, c0, c0, 5" : "=r"(m_));                          \
		(unsigned)(m_ & 0xff);                                                             \
	})
#endif
#endif

/* Distributor registers common to both (IHI 0048B 4.3, IHI 0069H 12.9). */
#define GICD_CTLR           0x000
#define GICD_TYPER          0x004
#define GICD_IIDR           0x008
#define GICD_IGROUPR        0x080
#define GICD_ISENABLER      0x100
#define GICD_ICENABLER      0x180
#define GICD_ISPENDR        0x200
#define GICD_ICPENDR        0x280
#define GICD_ICACTIVER      0x380
#define GICD_IPRIORITYR     0x400
#define GICD_ITARGETSR      0x800
#define GICD_ICFGR          0xc00
#define GICD_TYPER_LINES(t) ((((t)&0x1f) + 1) * 32)

/* Entered at EL3 (irq_info.el3): the Secure-only part firmware would have
 * done, run at EL3 by bringup's own monitor (irq/aarch64/gic_el3.S,
 * SMC_BRINGUP_CALL_EL3). 0, or 1 if one of its bounded waits ran out. */
#if defined(__aarch64__) && !defined(GIC_HOST_MODEL)
#include "arch/aarch64/sysreg.h"
uint64_t gic_el3_make_ns(unsigned version, uintptr_t gicd, uintptr_t cpu, unsigned what);
static inline uint64_t gic_el3(unsigned version, uintptr_t gicd, uintptr_t cpu, unsigned what)
{
	register uint64_t x0 __asm__("x0") = SMC_BRINGUP_CALL_EL3;
	register uint64_t x2 __asm__("x2") = (uintptr_t)gic_el3_make_ns;
	register uint64_t x4 __asm__("x4") = version, x5 __asm__("x5") = gicd;
	register uint64_t x6 __asm__("x6") = cpu, x7 __asm__("x7") = what;

	if (!irq_info.el3)
		return 0;
	__asm__ volatile("smc #0"
			 : "+r"(x0), "+r"(x2), "+r"(x4), "+r"(x5), "+r"(x6), "+r"(x7)
			 :
			 : "x1", "x3", "x8", "x9", "x10", "x11", "x12", "x13", "x14", "x15", "x16",
			   "x17", "memory");
	return x0;
}
#else
static inline uint64_t gic_el3(unsigned version, uintptr_t gicd, uintptr_t cpu, unsigned what)
{
	(void)version, (void)gicd, (void)cpu, (void)what;
	return 0;
}
#endif

struct gic_ops {
	int (*dist_init)(const struct gic_desc *d);
	int (*cpu_init)(struct irq_cpu *c);
	void (*enable)(unsigned id, bool on);
	bool (*is_enabled)(unsigned id); /* its ISENABLER bit read back */
	void (*priority)(unsigned id, uint8_t prio);
	void (*pending)(unsigned id, bool on);
	bool (*is_pending)(unsigned id);
	void (*pmr)(uint8_t pmr);
	void (*sgi)(unsigned id, const struct irq_cpu *to);
	/* to[0..n-1] in as few writes as the GIC allows; to NULL: all but self */
	void (*sgi_many)(unsigned id, const struct irq_cpu *const *to, unsigned n);
	void (*route)(unsigned id, const struct irq_cpu *to);
	bool (*eoi_split)(bool on); /* EOImode 1 on this CPU; false: the GIC has none */
	void (*deactivate)(unsigned id, unsigned src); /* GICC_DIR / ICC_DIR_EL1 */
	void (*entry)(void *frame);                    /* what the vectors call */
	void (*entry_noeoi)(void *frame); /* the same without the EOI (IRQ_FAULT_NO_EOI) */
};

extern const struct gic_ops gic_v2_ops, gic_v3_ops, bcm2836_ops;
/* irq/irq_state.c: the driver irq_init() chose (NULL before, or after a
 * failed init). */
extern const struct gic_ops *irq_ops;

/* irq/irq_state.c: the handler table, IRQ_SPURIOUS entries (every INTID an
 * acknowledge can return below the special ones: no bounds check on the
 * IRQ path), and the out-of-line rare cases. */
struct irq_slot {
	irq_handler_fn fn;
	void *arg;
};
extern struct irq_slot *irq_table
	__attribute__((visibility("hidden"))); /* no GOT load on the IRQ path */
void irq_unhandled(unsigned id);               /* disables it, counts it on this CPU */
void irq_spurious(void);                       /* counts an acknowledge of 1020..1023 */

/* After the acknowledge, for the drivers' entries (the IRQ path, kept
 * short: docs/interrupts.md "Speed"). */
static inline void irq_dispatch(unsigned id, unsigned src)
{
	const struct irq_slot *s = &irq_table[id];
	irq_handler_fn fn = s->fn;

	if (__builtin_expect(fn != NULL, 1))
		fn(id, src, s->arg);
	else
		irq_unhandled(id);
}

#endif
