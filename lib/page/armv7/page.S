/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARMv7-A page copy and clear loops (contract: lib/page/page.h). ARM state.
 *
 * The entries lib/page/page.h declares (page_copy_bytes, page_clear_bytes,
 * page_clear_one) read struct page_cfg, filled once at boot by page_init(),
 * and branch to the loop it names: nothing is chosen per call. page_cfg is
 * reached through a PC-relative literal (the image is position
 * independent: never an absolute `ldr rX, =symbol`).
 *
 * Common to every routine here: pointers PAGE_SIZE aligned, bytes a non-zero
 * multiple of PAGE_SIZE (loops step 256 B), dst and src disjoint or equal.
 * No barrier: ordinary stores, ordered by the caller like memset's.
 *
 * Copy: LDM/STM of eight registers (32 B), PLD [src, pf_dist] at every
 * prefetch stride (32 or 64 B: the variant page_init picks at run time from
 * the CTR DminLine), pf_dist about three lines (from the same CTR value).
 * PLD never faults; reaching past the end of the source is harmless.
 * The fixed-32 choice (PAGE_COPY_FIXED32, the benchmark baseline) is the
 * 32 B stride with a 96 B distance whatever the CPU: a copy that assumes
 * 32 B lines instead of reading CTR.
 *
 * Clear: STM of eight zeroed registers (any memory type: the MMU-off path),
 * or NEON VST1 of four zeroed D registers (32 B, :128 aligned) when NEON
 * exists and the MMU is on (page_init decides).
 */
#include "arch/asm.h"
#include "lib/page/page.h"

	.syntax	unified
	.arm
	.arch	armv7-a
	.fpu	neon
	.text

/* ip = run-time address of page_cfg, from a PC-relative literal at \lit. */
.macro cfg_addr lit
	ldr	ip, \lit
1000:	add	ip, pc, ip
.endm
.macro cfg_literal lit
\lit:	.word	page_cfg - (1000b + 8)
.endm

/* --- dispatch ---------------------------------------------------------- */

/*
 * void page_copy_bytes(void *dst, const void *src, size_t bytes)
 * r3 = page_cfg.pf_dist, then branches to page_cfg.copy.
 * Clobbers: r3, ip, then the loop's (r0-r3, flags). Stack: the loop's.
 */
FUNC page_copy_bytes, 32
	cfg_addr 2f
	ldr	r3, [ip, #PAGE_CFG_PF_DIST]
	ldr	ip, [ip, #PAGE_CFG_COPY]
	bx	ip
	cfg_literal 2
ENDFUNC page_copy_bytes

/*
 * void page_clear_bytes(void *dst, size_t bytes)
 * r1 = dst + bytes (the end), then branches to page_cfg.clear.
 * Clobbers: r1, ip, then the loop's. Stack: the loop's.
 */
FUNC page_clear_bytes, 32
	cfg_addr 2f
	add	r1, r0, r1
	ldr	ip, [ip, #PAGE_CFG_CLEAR]
	bx	ip
	cfg_literal 2
ENDFUNC page_clear_bytes

/*
 * void page_clear_one(void *dst)
 * r1 = dst + PAGE_SIZE, then branches to page_cfg.clear_one.
 * Clobbers: as page_clear_bytes.
 */
FUNC page_clear_one, 32
	cfg_addr 2f
	add	r1, r0, #PAGE_SIZE
	ldr	ip, [ip, #PAGE_CFG_CLEAR_ONE]
	bx	ip
	cfg_literal 2
ENDFUNC page_clear_one

/* --- copy -------------------------------------------------------------- */

/*
 * page_copy_pf<stride>: not called from C. Entry state: from
 * page_copy_bytes' BX, LR its caller's, r0 dst, r1 src, r2 bytes (multiple
 * of 256), r3 prefetch distance (bytes); returns to LR.
 * Per 32 B: [PLD [r1, r3] when 32 B steps reach the stride] LDMIA r1!,
 * {r4-r11}; STMIA r0!, {r4-r11}. 256 B per loop pass.
 * Clobbers: r0-r3, flags. Stack: 32 bytes (r4-r11 saved). No barrier.
 */
.macro copy_variant name, stride
FUNC \name, 32
	push	{r4-r11}
	add	r2, r1, r2		/* r2 = src end */
1:	.irp	k, 0, 1, 2, 3, 4, 5, 6, 7
	.if	((\k * 32) % \stride) == 0
	pld	[r1, r3]
	.endif
	ldmia	r1!, {r4-r11}
	stmia	r0!, {r4-r11}
	.endr
	cmp	r1, r2
	bne	1b
	pop	{r4-r11}
	bx	lr
ENDFUNC \name
.endm

	copy_variant page_copy_pf32, 32
	copy_variant page_copy_pf64, 64

/* --- clear ------------------------------------------------------------- */

/*
 * page_clear_stores: not called from C. Entry state: from the BX of
 * page_clear_bytes or page_clear_one, LR the C caller's, r0 dst, r1 end.
 * STMIA of eight zeroed registers, 256 B per pass. Any memory type.
 * Clobbers: r0, r2, r3, flags. Stack: 24 bytes (r4-r9 saved). No barrier.
 */
FUNC page_clear_stores, 32
	push	{r4-r9}
	mov	r2, #0
	mov	r3, #0
	mov	r4, #0
	mov	r5, #0
	mov	r6, #0
	mov	r7, #0
	mov	r8, #0
	mov	r9, #0
1:	.rept	8
	stmia	r0!, {r2-r9}
	.endr
	cmp	r0, r1
	bne	1b
	pop	{r4-r9}
	bx	lr
ENDFUNC page_clear_stores

/*
 * page_clear_vst1: not called from C. Entry state: as page_clear_stores.
 * NEON: VST1.8 {d0-d3}, [r0:128]! (32 B), 256 B per pass. Only when NEON
 * exists (page_arch_simd) and the MMU is on.
 * Clobbers: r0, d0-d3, flags. No stack. No barrier.
 */
FUNC page_clear_vst1, 32
	vmov.i8	q0, #0
	vmov.i8	q1, #0
1:	.rept	8
	vst1.8	{d0-d3}, [r0:128]!
	.endr
	cmp	r0, r1
	bne	1b
	bx	lr
ENDFUNC page_clear_vst1
