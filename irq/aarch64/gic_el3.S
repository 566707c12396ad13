/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What firmware does to a GIC before a Non-secure kernel runs, for a run
 * bringup entered at EL3 (no firmware below it): every interrupt made Group
 * 1 Non-secure and the Secure-only enables set, so that the irq tests at
 * Non-secure EL1 can use them (ARM IHI 0048B 4.3.6 GICD_IGROUPR, 4.4.1
 * GICC_CTLR, 4.4.2 GICC_PMR; IHI 0069H 12.9.4 GICD_CTLR, 12.9.15
 * GICD_IGRPMODR, 12.11.44 GICR_WAKER; TF-A drivers/arm/gic/v2/gicv2_main.c
 * and v3/gicv3_main.c do the same at boot). Run at EL3 through
 * SMC_BRINGUP_CALL_EL3 (arch/aarch64/sysreg.h) by irq/gic_v2.c and
 * irq/gic_v3.c.
 */
#include "arch/asm.h"
#include "arch/reg_assert.h"
#include "irq/gic_el3.h"

#define GICD_CTLR      0x000
#define GICD_TYPER     0x004
#define GICD_IGROUPR   0x080
#define GICD_IGRPMODR  0xd00
#define GICC_CTLR      0x000
#define GICC_PMR       0x004
#define GICR_WAKER     0x014
#define GICR_PWRR      0x024      /* GIC-600/700 only (their TRMs, GICR_PWRR) */
#define GICD_IIDR      0x008
#define GICR_SGI       0x10000
/* The bits written (IHI 0048B 4.3.1 GICD_CTLR, 4.4.1 GICC_CTLR, Secure
 * copies; IHI 0069H 12.9.4 GICD_CTLR, Secure access, DS 0): GICv2 EnableGrp0
 * and EnableGrp1 in both (GICC_CTLR.FIQEn 0: Group 0 stays IRQ); GICv3
 * EnableGrp1NS, and ARE_S and ARE_NS, affinity routing for both states. */
#define GICV2_ENABLE_GRP0   (1 << 0)
#define GICV2_ENABLE_GRP1   (1 << 1)
#define GICD_CTLR_GRP1NS    (1 << 1)
#define GICD_CTLR_ARE_S     (1 << 4)
#define GICD_CTLR_ARE_NS    (1 << 5)
#define V2_DIST_ENABLE      (GICV2_ENABLE_GRP1 | GICV2_ENABLE_GRP0)
#define V2_CPU_ENABLE       (GICV2_ENABLE_GRP1 | GICV2_ENABLE_GRP0)
#define V3_DIST_ARE         (GICD_CTLR_ARE_NS | GICD_CTLR_ARE_S)
#define V3_DIST_G1NS        GICD_CTLR_GRP1NS
#define GICD_TYPER_ITLINES  0x1f /* ITLinesNumber, [4:0] */
#define GICC_PMR_ALL        0xff /* the mask at its lowest: every priority above 0xff passes */
REG_ASSERT(V2_DIST_ENABLE == 0x3);
REG_ASSERT(V2_CPU_ENABLE == 0x3);
REG_ASSERT(V3_DIST_ARE == 0x30);
REG_ASSERT(V3_DIST_G1NS == 0x2);
#define RWP            31
#define WAKER_PSLEEP   1          /* bit numbers */
#define WAKER_CASLEEP  2
#define POLLS          0x100000   /* a bound on each register wait */

/* Wait for bit \bit of the register at [\base, #\off] to read 0, at most
 * POLLS reads; x0 = 1 if it never did. Clobbers x12, x13. */
.macro wait_clear base, off, bit
	mov	x13, #POLLS
.Lwait\@:
	ldr	w12, [\base, #\off]
	tbz	w12, #\bit, .Ldone\@
	subs	x13, x13, #1
	b.ne	.Lwait\@
	mov	x0, #1
.Ldone\@:
.endm

/* GICR_PWRR (GIC-600 TRM; TF-A drivers/arm/gic/v3/gic600.c): RDPD, the
 * redistributor powered down; RDGPD/RDGPO, its group's power-down request
 * and state, equal when no transition is in flight. Present where the
 * GICD_IIDR ProductID/Implementer (mask 0xff000fff) names a GIC-600
 * (0x0200043b), GIC-600AE (0x0300043b) or GIC-700 (0x0400043b), as TF-A's
 * gicv3_rdistif_on chooses gic600_pwr_on. */
#define PWRR_RDPD      0          /* bit numbers */
#define PWRR_RDGPD     2
#define PWRR_RDGPO     3
#define IIDR_MODEL_MASK 0xff000fff
#define IIDR_GIC600    0x0200043b
#define IIDR_GIC700    0x0400043b
#define GICD_CTLR_ENABLES 0x7     /* EnableGrp0, EnableGrp1NS, EnableGrp1S */

	.text
/*
 * uint64_t gic_el3_make_ns(unsigned version, uintptr_t gicd, uintptr_t cpu,
 *                          unsigned what)
 * Not called from C at EL1: run at EL3 by SMC_BRINGUP_CALL_EL3, this
 * level's MMU off (the GIC is reached at its physical address, Device).
 * what & GIC_EL3_DIST: the distributor (every SPI's GICD_IGROUPR bit set,
 * GICv3 GICD_IGRPMODR clear: Group 1 Non-secure; GICv2 both groups
 * enabled; GICv3: the group enables cleared first, then affinity routing
 * for both states, then EnableGrp1NS, each write waited on GICD_CTLR.RWP:
 * an ARE change with a group enabled is UNPREDICTABLE (IHI 0069H 12.9.4;
 * TF-A gicv3_distif_init clears the enables, waits, then sets ARE).
 * what & GIC_EL3_CPU: this CPU's part (GICv2 cpu = its CPU interface: the
 * banked GICD_IGROUPR0, GICC_PMR 0xff so that Non-secure writes to it are
 * not ignored (IHI 0048B 4.4.2), both groups enabled; GICv3 cpu = its
 * redistributor: on a GIC-600/600AE/700 powered on first (GICR_PWRR.RDPD
 * 0, written until it reads 0, each write after no group transition is in
 * flight: TF-A gic600_pwr_on; else ProcessorSleep's clear leaves
 * ChildrenAsleep set), then woken, GICR_IGROUPR0 set, GICR_IGRPMODR0
 * clear). Returns 0, or 1 if a wait ran out.
 * Clobbers: x0-x15 and flags. No stack.
 */
FUNC gic_el3_make_ns
	mov	w9, #-1
	mov	x15, x0
	mov	x0, #0
	cmp	x15, #3
	b.eq	.Lv3
	tbz	x3, #(GIC_EL3_DIST - 1), 2f	/* GICv2, distributor */
	ldr	w10, [x1, #GICD_TYPER]
	and	w10, w10, #GICD_TYPER_ITLINES	/* IGROUPR words 1..N are the SPIs' */
	mov	x11, #1
1:	cmp	x11, x10
	b.hi	3f
	add	x12, x1, #GICD_IGROUPR
	str	w9, [x12, x11, lsl #2]
	add	x11, x11, #1
	b	1b
3:	mov	w12, #V2_DIST_ENABLE
	str	w12, [x1, #GICD_CTLR]
2:	tbz	x3, #(GIC_EL3_CPU - 1), 9f	/* GICv2, this CPU */
	str	w9, [x1, #GICD_IGROUPR]	/* banked: SGIs and PPIs */
	mov	w12, #GICC_PMR_ALL
	str	w12, [x2, #GICC_PMR]
	ldr	w12, [x2, #GICC_CTLR]
	orr	w12, w12, #V2_CPU_ENABLE
	str	w12, [x2, #GICC_CTLR]
9:	ret

.Lv3:
	tbz	x3, #(GIC_EL3_DIST - 1), 2f	/* GICv3, distributor */
#ifndef GIC_EL3_MUTANT_ARE_FIRST /* host-gic-el3: ARE with the enables' clear (caught) */
	ldr	w12, [x1, #GICD_CTLR]
	bic	w12, w12, #GICD_CTLR_ENABLES	/* the groups off, ARE as it is */
	str	w12, [x1, #GICD_CTLR]
	wait_clear x1, GICD_CTLR, RWP
#endif
6:	mov	w12, #V3_DIST_ARE		/* then ARE, every group disabled */
	str	w12, [x1, #GICD_CTLR]
	wait_clear x1, GICD_CTLR, RWP
5:	ldr	w10, [x1, #GICD_TYPER]
	and	w10, w10, #GICD_TYPER_ITLINES
	mov	x11, #1
1:	cmp	x11, x10
	b.hi	3f
	add	x12, x1, #GICD_IGROUPR
	str	w9, [x12, x11, lsl #2]
	add	x12, x1, #GICD_IGRPMODR
	str	wzr, [x12, x11, lsl #2]
	add	x11, x11, #1
	b	1b
3:	mov	w12, #(V3_DIST_ARE | V3_DIST_G1NS)
	str	w12, [x1, #GICD_CTLR]
	wait_clear x1, GICD_CTLR, RWP
2:	tbz	x3, #(GIC_EL3_CPU - 1), 9f	/* GICv3, this CPU's redistributor */
#ifdef GIC_EL3_MUTANT_NO_PWRR /* host-gic-el3: never powered on (caught) */
	b	7f
#endif
	ldr	w12, [x1, #GICD_IIDR]
	ldr	w13, =IIDR_MODEL_MASK
	and	w12, w12, w13
	ldr	w13, =IIDR_GIC600
	cmp	w12, w13
	b.lo	7f
	ldr	w13, =IIDR_GIC700
	cmp	w12, w13
	b.hi	7f
	ldr	w13, =IIDR_GIC600
	sub	w12, w12, w13
	tst	w12, #0x00ffffff		/* and implementer Arm, nothing in between */
	b.ne	7f
	mov	x13, #POLLS
8:	ldr	w12, [x2, #GICR_PWRR]		/* no group power transition in flight */
	ubfx	w14, w12, #PWRR_RDGPD, #1
	ubfx	w15, w12, #PWRR_RDGPO, #1
	cmp	w14, w15
	b.ne	10f
	str	wzr, [x2, #GICR_PWRR]		/* RDPD 0: power on */
	ldr	w12, [x2, #GICR_PWRR]
	tbz	w12, #PWRR_RDPD, 7f
10:	subs	x13, x13, #1
	b.ne	8b
	mov	x0, #1
7:	ldr	w12, [x2, #GICR_WAKER]
	bic	w12, w12, #(1 << WAKER_PSLEEP)
	str	w12, [x2, #GICR_WAKER]
	wait_clear x2, GICR_WAKER, WAKER_CASLEEP
5:	add	x12, x2, #GICR_SGI
	str	w9, [x12, #GICD_IGROUPR]	/* GICR_IGROUPR0: the same offset in SGI_base */
	str	wzr, [x12, #GICD_IGRPMODR]	/* GICR_IGRPMODR0 */
9:	ret
	.ltorg
ENDFUNC gic_el3_make_ns
