/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Test stub, not part of bringup: a loader that starts bringup on another
 * CPU through PSCI, for the matrix rows that boot bringup on a CPU other
 * than CPU 0 (qemu-tests/matrix/, a53-psci-*). Built by
 * tests/stub/stub.mk as an arm64 Image; QEMU -kernel enters it on CPU 0 at
 * EL1 as a Linux kernel, x0 = the DTB (Linux Documentation/arch/arm64/
 * booting.rst). bringup itself is loaded by the row with -device loader at
 * STUB_ENTRY and not started.
 *
 * Build-time parameters (-D):
 *   STUB_TARGET_MPIDR  the CPU to start: CPU_ON's target_cpu, MPIDR_EL1
 *                      Aff3..Aff0 (virt: CPU n is n with GICv2; with GICv3,
 *                      16 per Aff1, so CPU 16 is 0x100)
 *   STUB_ENTRY         bringup's entry point, the address the row loads it at
 *   STUB_LATE          if defined: no handover. The target starts with
 *                      context_id 0 (no DTB), and this CPU then enters
 *                      bringup itself, also with x0 = 0, after a delay: two
 *                      CPUs enter without a handover, this one late, and
 *                      bringup must elect one and park the other.
 *
 * Without STUB_LATE: CPU_ON(target, STUB_ENTRY, context_id = the DTB), so
 * the target enters bringup with x0 = the DTB, as a loader's handover does
 * (PSCI DEN0022, CPU_ON: the target starts at entry_point_address with
 * x0 = context_id, at the caller's Exception level, MMU and caches off),
 * then CPU_OFF for this CPU.
 * SMC Calling Convention (DEN0028): function ID in x0, arguments x1-x3,
 * result in x0; HVC is the conduit of QEMU virt without EL2/EL3 firmware.
 *
 * On a PSCI failure, or if CPU_OFF returns, it says so through semihosting
 * (SYS_WRITE0) and exits with STUB_EXIT_* (SYS_EXIT), so the row fails
 * with a reason instead of timing out.
 */
#include "arch/asm.h"

#define PSCI_CPU_ON_64  0xc4000003 /* DEN0022, function IDs: CPU_ON, SMC64 */
#define PSCI_CPU_OFF    0x84000002 /* CPU_OFF */
#define SEMIHOST_WRITE0 0x04
#define SEMIHOST_EXIT   0x18
#define ADP_STOPPED_APPLICATION_EXIT 0x20026
#define STUB_EXIT_CPU_ON  70 /* CPU_ON returned an error (x0 < 0) */
#define STUB_EXIT_CPU_OFF 71 /* CPU_OFF returned */
/* STUB_LATE: spin iterations before entering bringup (the row runs without
 * -icount, its vCPUs in parallel; about 15 ms of QEMU here): long against
 * the target taking its election ticket (a few thousand instructions after
 * CPU_ON), short against bringup's run (about 100 ms), so this CPU enters
 * while the target runs bringup. */
#define STUB_LATE_DELAY   0x2000000

	.section .text.head, "ax"
/*
 * _head: the arm64 Image header (booting.rst layout), code0 branches to
 * start. Entry state: EL1 (or EL2), MMU off, x0 = DTB. Clobbers nothing.
 * No stack.
 */
FUNC _head
	b	start			/* code0 */
	.long	0			/* code1 */
	.quad	0			/* text_offset */
	.quad	stub_end - _head	/* image_size */
	.quad	0xa			/* flags: LE, 4 KiB pages, place anywhere */
	.quad	0, 0, 0
	.ascii	"ARM\x64"
	.long	0
ENDFUNC _head

/*
 * start: not called from C. Entry state: as _head. Never returns.
 * Clobbers: x0-x4, x19, flags. No stack.
 */
LOCAL_FUNC start
	mov	x19, x0			/* the DTB QEMU passed */
	ldr	x0, =PSCI_CPU_ON_64
	ldr	x1, =STUB_TARGET_MPIDR
	ldr	x2, =STUB_ENTRY
#ifdef STUB_LATE
	mov	x3, #0			/* context_id: no DTB, no handover */
#else
	mov	x3, x19			/* context_id: the DTB, the target's x0 */
#endif
	hvc	#0
	cbnz	x0, cpu_on_failed
#ifdef STUB_LATE
	ldr	x0, =STUB_LATE_DELAY
1:	subs	x0, x0, #1
	b.ne	1b
	mov	x0, #0			/* no DTB: this CPU too enters without a handover */
	mov	x1, #0
	mov	x2, #0
	mov	x3, #0
	ldr	x4, =STUB_ENTRY
	br	x4
#else
	ldr	x0, =PSCI_CPU_OFF
	hvc	#0
	adr	x1, msg_cpu_off
	mov	x2, #STUB_EXIT_CPU_OFF
	b	stub_fail
#endif
ENDFUNC start

/*
 * cpu_on_failed: not called from C. Entry state: from start, x0 = CPU_ON's
 * error. Clobbers: x1, x2, then what stub_fail does. No stack.
 */
LOCAL_FUNC cpu_on_failed
	adr	x1, msg_cpu_on
	mov	x2, #STUB_EXIT_CPU_ON
	b	stub_fail
ENDFUNC cpu_on_failed

/*
 * stub_fail: not called from C. x1 = message (NUL-terminated), x2 = exit
 * status. Prints the message and exits through semihosting (HLT #0xf000,
 * the A64 semihosting trap); parks if that returns. Clobbers: x0, x1, x3.
 * No stack.
 */
LOCAL_FUNC stub_fail
	mov	x0, #SEMIHOST_WRITE0
	hlt	#0xf000
	adr	x1, exit_block
	ldr	x0, =ADP_STOPPED_APPLICATION_EXIT
	str	x0, [x1]
	str	x2, [x1, #8]
	mov	x0, #SEMIHOST_EXIT
	hlt	#0xf000
1:	wfe
	b	1b
ENDFUNC stub_fail

	.ltorg
msg_cpu_on:
	.asciz	"stub: PSCI CPU_ON failed\n"
msg_cpu_off:
	.asciz	"stub: PSCI CPU_OFF returned\n"
	.balign	8
exit_block:
	.quad	0, 0
stub_end:
