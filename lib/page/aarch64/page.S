/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * AArch64 page copy and clear loops (contract: lib/page/page.h).
 *
 * The entries lib/page/page.h declares (page_copy_bytes, page_clear_bytes,
 * page_clear_one) read struct page_cfg, filled once at boot by page_init(),
 * and branch to the loop it names with that loop's arguments in registers:
 * nothing is chosen per call. The loops themselves take their parameters in
 * registers and are entered only through those three.
 *
 * Common to every routine here: pointers PAGE_SIZE aligned, bytes a non-zero
 * multiple of PAGE_SIZE (the loops step 512 B or 1 KiB, or 64 ZVA blocks),
 * dst and src disjoint or equal. No stack, no barrier: these are ordinary
 * stores, so a caller that hands the memory to another observer (a table
 * walk, a DMA master, another CPU) orders it itself, as after memset. All
 * addressing is PC-relative (the image is position independent).
 *
 * Copy: one pass of LDP/STP Q over 64 B steps, software pipelined by one step
 * (step i+1 is loaded before step i is stored), two 512 B halves per loop
 * iteration, each half's first access post-indexed so the pointers advance
 * for free. A PRFM PLDL1STRM goes out every `stride` bytes at pf_dist ahead,
 * from a third pointer (x5), so the distance is exact for every line;
 * stride is the CTR_EL0 line size (page_init picks the variant: 32, 64, 128
 * or 256), pf_dist is computed from it. PRFM never faults: reaching past the
 * end of the source is harmless. Cost per 64 B at stride 64: 2 LDP + 2 STP +
 * 1 PRFM, plus 3 instructions per KiB of loop control.
 *
 * Clear: DC ZVA, one instruction per block, one ADD per block to step. The
 * block size comes from DCZID_EL0 (via cache_info), 4 B .. 2 KiB. ARM ARM DDI
 * 0487 (K.a), the DC ZVA ("Data Cache Zero by VA") and DCZID_EL0
 * descriptions: the block containing the address is written with zeros as by
 * stores (no barrier implied), and DC ZVA to any type of Device memory takes
 * an alignment fault; D8.2.12.1 "Behavior when stage 1 address translation
 * is disabled": with the MMU off every data access is Device-nGnRnE. Hence
 * page_init() uses it only with the MMU on and DCZID_EL0.DZP clear (QEMU
 * does not fault: the tests cannot catch a wrong choice, the rule must
 * hold by construction). The fallback is STP of a zeroed Q register, 32 B
 * per instruction, valid on any memory type.
 */
#include "arch/asm.h"
#include "lib/page/page.h"

	.text

/* --- dispatch ---------------------------------------------------------- */

/*
 * void page_copy_bytes(void *dst, const void *src, size_t bytes)
 * Loads page_cfg.copy and .pf_dist and branches to that loop (x3 = pf_dist).
 * Clobbers: x9, x10, then what the loop clobbers (x0-x5, v0-v7). No stack.
 */
FUNC page_copy_bytes, 16
	adrp	x9, page_cfg
	add	x9, x9, :lo12:page_cfg
	ldp	x10, x3, [x9, #PAGE_CFG_COPY]
	br	x10
ENDFUNC page_copy_bytes

/*
 * void page_clear_bytes(void *dst, size_t bytes)
 * x1 = dst + bytes (the end), x2 = page_cfg.zva_bytes, x3 = page_cfg.clear
 * (the loop entry, also its restart point), then branches to x3.
 * Clobbers: x1-x3, x9, then the loop's (x0, v0). No stack.
 */
FUNC page_clear_bytes, 16
	adrp	x9, page_cfg
	add	x9, x9, :lo12:page_cfg
	ldp	x2, x3, [x9, #PAGE_CFG_ZVA_BYTES]
	add	x1, x0, x1
	br	x3
ENDFUNC page_clear_bytes

/*
 * void page_clear_one(void *dst)
 * One page: x2 = page_cfg.zva_bytes, branches to page_cfg.clear_one (a body
 * that clears exactly PAGE_SIZE with no loop test).
 * Clobbers: x1-x3, x9, then the body's (x0, v0). No stack.
 */
FUNC page_clear_one, 16
	adrp	x9, page_cfg
	ldr	x2, [x9, #:lo12:page_cfg + PAGE_CFG_ZVA_BYTES]
	ldr	x3, [x9, #:lo12:page_cfg + PAGE_CFG_CLEAR_ONE]
	br	x3
ENDFUNC page_clear_one

/* --- copy -------------------------------------------------------------- */

/* Line n (0..7) of a half is loaded into q0-q3 (n even) or q4-q7 (n odd).
 * Line 0 post-indexes the pointer by 512: later lines use offsets below it. */
.macro ld_line n, nt
.if \nt
	.if \n % 2
	ldnp	q4, q5, [x1, #(\n * 64)]
	ldnp	q6, q7, [x1, #(\n * 64 + 32)]
	.else
	ldnp	q0, q1, [x1, #(\n * 64)]
	ldnp	q2, q3, [x1, #(\n * 64 + 32)]
	.endif
.elseif \n == 0
	ldp	q0, q1, [x1], #512
	ldp	q2, q3, [x1, #-480]
.elseif \n % 2
	ldp	q4, q5, [x1, #(\n * 64 - 512)]
	ldp	q6, q7, [x1, #(\n * 64 - 480)]
.else
	ldp	q0, q1, [x1, #(\n * 64 - 512)]
	ldp	q2, q3, [x1, #(\n * 64 - 480)]
.endif
.endm

.macro st_line n, nt
.if \nt
	.if \n % 2
	stnp	q4, q5, [x0, #(\n * 64)]
	stnp	q6, q7, [x0, #(\n * 64 + 32)]
	.else
	stnp	q0, q1, [x0, #(\n * 64)]
	stnp	q2, q3, [x0, #(\n * 64 + 32)]
	.endif
.elseif \n == 0
	stp	q0, q1, [x0], #512
	stp	q2, q3, [x0, #-480]
.elseif \n % 2
	stp	q4, q5, [x0, #(\n * 64 - 512)]
	stp	q6, q7, [x0, #(\n * 64 - 480)]
.else
	stp	q0, q1, [x0, #(\n * 64 - 512)]
	stp	q2, q3, [x0, #(\n * 64 - 480)]
.endif
.endm

/* The prefetches due at line n of the half at byte offset h of the KiB. */
.macro pf_line n, h, stride
.if ((\n * 64) % \stride) == 0
	prfm	pldl1strm, [x5, #(\h + \n * 64)]
.endif
.if \stride == 32
	prfm	pldl1strm, [x5, #(\h + \n * 64 + 32)]
.endif
.endm

/* 512 B: load line 0, then (load n, store n-1) for n = 1..7, store 7. */
.macro copy_half h, stride, nt
	pf_line	0, \h, \stride
	ld_line	0, \nt
	.irp	n, 1, 2, 3, 4, 5, 6, 7
	pf_line	\n, \h, \stride
	ld_line	\n, \nt
	st_line	"(\n - 1)", \nt
	.endr
	st_line	7, \nt
.if \nt
	add	x1, x1, #512
	add	x0, x0, #512
.endif
.endm

/*
 * page_copy_<pf|nt><stride>: not called from C. Entry state: from
 * page_copy_bytes' BR, LR its caller's, x0 dst, x1 src, x2 bytes (multiple
 * of 1 KiB), x3 prefetch distance (bytes); returns to LR.
 * pf: LDP/STP Q. nt: LDNP/STNP Q (non-temporal hint; no writeback form, so
 * two more ADDs per half: a benchmark variant, not chosen).
 * Clobbers: x0-x5, v0-v7, flags. No stack. No barrier (file header).
 */
.macro copy_variant name, stride, nt
FUNC \name, 64
	add	x4, x1, x2		/* x4 = src end */
	add	x5, x1, x3		/* x5 = prefetch pointer */
1:	copy_half 0, \stride, \nt
	copy_half 512, \stride, \nt
	add	x5, x5, #1024
	cmp	x1, x4
	b.ne	1b
	ret
ENDFUNC \name
.endm

	copy_variant page_copy_pf32, 32, 0
	copy_variant page_copy_pf64, 64, 0
	copy_variant page_copy_pf128, 128, 0
	copy_variant page_copy_pf256, 256, 0
	copy_variant page_copy_nt32, 32, 1
	copy_variant page_copy_nt64, 64, 1
	copy_variant page_copy_nt128, 128, 1
	copy_variant page_copy_nt256, 256, 1

/* --- clear: DC ZVA ----------------------------------------------------- */

/*
 * page_zva_loop: not called from C. Entry state: from page_clear_bytes' BR
 * (or page_zva_one_long), LR the C caller's, x0 dst, x1 end, x2 block
 * bytes, x3 = the entry point used, which is
 *     page_zva_loop + (PAGE_ZVA_UNROLL - U) * PAGE_ZVA_STEP_CODE_BYTES,
 * U = min(PAGE_ZVA_UNROLL, PAGE_SIZE / block), so each pass zeroes U blocks
 * and a pass never crosses the end (bytes is a multiple of PAGE_SIZE, and
 * PAGE_SIZE of U blocks). Per block: DC ZVA + ADD; per pass: CMP, B.HS, BR.
 * dst must be block aligned (it is page aligned, and block <= PAGE_SIZE).
 * Clobbers: x0, flags. No stack. DC ZVA (not a maintenance instruction:
 * ordinary stores, no barrier): see the file header.
 */
FUNC page_zva_loop, 64
1:	.rept	PAGE_ZVA_UNROLL
	dc	zva, x0
	add	x0, x0, x2
	.endr
2:	cmp	x0, x1
	b.hs	3f
	br	x3
3:	ret
	.if	(2b - 1b) != PAGE_ZVA_UNROLL * PAGE_ZVA_STEP_CODE_BYTES
	.error	"page_zva_loop: unrolled body size disagrees with lib/page/page.h"
	.endif
ENDFUNC page_zva_loop

/*
 * page_zva_one: not called from C. Entry state: from page_clear_one's BR,
 * LR the C caller's, x0 dst, x2 block bytes, entered at
 * page_zva_one + (PAGE_ZVA_UNROLL - P) * PAGE_ZVA_STEP_CODE_BYTES,
 * P = PAGE_SIZE / block <= PAGE_ZVA_UNROLL: exactly one page,
 * straight-line, no loop test. Clobbers: x0. No stack. DC ZVA as above.
 */
FUNC page_zva_one, 64
1:	.rept	PAGE_ZVA_UNROLL
	dc	zva, x0
	add	x0, x0, x2
	.endr
2:	ret
	.if	(2b - 1b) != PAGE_ZVA_UNROLL * PAGE_ZVA_STEP_CODE_BYTES
	.error	"page_zva_one: unrolled body size disagrees with lib/page/page.h"
	.endif
ENDFUNC page_zva_one

/*
 * page_zva_one_long: not called from C. Entry state: as page_zva_one, when
 * P > PAGE_ZVA_UNROLL (blocks < 64 B): page_zva_loop over one page.
 * Clobbers: x0, x1, x3, flags. No stack.
 */
FUNC page_zva_one_long
	add	x1, x0, #PAGE_SIZE
	adr	x3, page_zva_loop
	b	page_zva_loop
ENDFUNC page_zva_one_long

/* --- clear: store pairs ------------------------------------------------ */

/*
 * page_clear_stores_one, page_clear_stores: not called from C. Entry state:
 * from the BR of page_clear_one (x0 dst: one page) or page_clear_bytes
 * (x0 dst, x1 end), LR the C caller's; _one sets x1 and falls through.
 * STP of a zeroed Q register, 512 B per pass (16 STP, the first
 * post-indexed). Valid on any memory type: the MMU-off and DZP path.
 * Clobbers: x0, x1, v0, flags. No stack. No barrier.
 */
FUNC page_clear_stores_one, 64
	add	x1, x0, #PAGE_SIZE
ENDFUNC page_clear_stores_one
	/* fall through */
FUNC page_clear_stores
	movi	v0.2d, #0
1:	stp	q0, q0, [x0], #512
	.irp	off, 480, 448, 416, 384, 352, 320, 288, 256, 224, 192, 160, 128, 96, 64, 32
	stp	q0, q0, [x0, #-\off]
	.endr
	cmp	x0, x1
	b.ne	1b
	ret
ENDFUNC page_clear_stores
