/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Test stub, not part of bringup: a loader that starts bringup on another
 * CPU through PSCI, for the ARMv7 matrix row that boots bringup on CPU 1
 * (qemu-tests/matrix/, a15-psci-cpu1). Built by tests/stub/stub.mk as a
 * raw image; QEMU -kernel enters it on CPU 0 in SVC as a Linux kernel:
 * r0 = 0, r1 = machine type, r2 = the DTB (Linux
 * Documentation/arch/arm/booting.rst). bringup itself is loaded by the row
 * with -device loader at STUB_ENTRY and not started.
 *
 * Build-time parameters (-D):
 *   STUB_TARGET_MPIDR  the CPU to start: CPU_ON's target_cpu (MPIDR Aff2..Aff0)
 *   STUB_ENTRY         bringup's entry point, the address the row loads it at
 *
 * CPU_ON(target, secondary, context_id = the DTB), then CPU_OFF for this
 * CPU (PSCI DEN0022, CPU_ON and CPU_OFF; SMC Calling Convention DEN0028:
 * function ID in r0, arguments r1-r3, result in r0; HVC is the conduit of
 * QEMU virt without EL2/EL3 firmware). On AArch32 the target starts with
 * the context_id in r0 (DEN0022, CPU_ON), where the Linux ARM boot protocol
 * bringup follows wants the DTB in r2: so the target starts at secondary,
 * which moves it there, sets r0 = 0 and r1 = ~0 (no machine type: DT only)
 * and branches to bringup's entry point, as a loader's handover does.
 *
 * On a PSCI failure, or if CPU_OFF returns, it says so through semihosting
 * (SYS_WRITE0) and exits with STUB_EXIT_* (SYS_EXIT_EXTENDED), so the row
 * fails with a reason instead of timing out.
 */
#include "arch/asm.h"

	.syntax	unified
	.arm
	.arch	armv7-a
	.arch_extension virt

#define PSCI_CPU_ON_32  0x84000003 /* DEN0022, function IDs: CPU_ON, SMC32 */
#define PSCI_CPU_OFF    0x84000002 /* CPU_OFF */
#define SEMIHOST_WRITE0 0x04
#define SEMIHOST_EXIT_EXTENDED 0x20
#define ADP_STOPPED_APPLICATION_EXIT 0x20026
#define STUB_EXIT_CPU_ON  70 /* CPU_ON returned an error (r0 < 0) */
#define STUB_EXIT_CPU_OFF 71 /* CPU_OFF returned */

	.text
/*
 * _head: not called from C. Entry state: SVC (or HYP), MMU off, r2 = DTB.
 * Never returns. Clobbers: r0-r4, flags. No stack.
 */
FUNC _head
	mov	r4, r2			/* the DTB QEMU passed */
	ldr	r0, =PSCI_CPU_ON_32
	ldr	r1, =STUB_TARGET_MPIDR
	adr	r2, secondary
	mov	r3, r4			/* context_id: the DTB, the target's r0 */
	hvc	#0
	cmp	r0, #0
	adrne	r1, msg_cpu_on
	movne	r2, #STUB_EXIT_CPU_ON
	bne	stub_fail
	ldr	r0, =PSCI_CPU_OFF
	hvc	#0
	adr	r1, msg_cpu_off
	mov	r2, #STUB_EXIT_CPU_OFF
	b	stub_fail
ENDFUNC _head

/*
 * secondary: not called from C. Entry state: the target CPU, started by
 * CPU_ON: SVC, MMU and caches off, r0 = context_id (the DTB). Enters
 * bringup with the Linux ARM boot protocol's registers. Clobbers: r0-r3.
 * No stack.
 */
LOCAL_FUNC secondary
	mov	r2, r0			/* the DTB */
	mov	r0, #0
	mvn	r1, #0			/* machine type ~0: none, the DTB says it */
	ldr	r3, =STUB_ENTRY
	bx	r3
ENDFUNC secondary

/*
 * stub_fail: not called from C. r1 = message (NUL-terminated), r2 = exit
 * status. Prints the message and exits through semihosting (SVC 0x123456,
 * the A32 semihosting trap); parks if that returns. Clobbers: r0, r1, r3.
 * No stack.
 */
LOCAL_FUNC stub_fail
	mov	r0, #SEMIHOST_WRITE0
	svc	0x123456
	adr	r1, exit_block
	ldr	r0, =ADP_STOPPED_APPLICATION_EXIT
	str	r0, [r1]
	str	r2, [r1, #4]
	mov	r0, #SEMIHOST_EXIT_EXTENDED
	svc	0x123456
1:	wfe
	b	1b
ENDFUNC stub_fail

	.ltorg
msg_cpu_on:
	.asciz	"stub: PSCI CPU_ON failed\n"
msg_cpu_off:
	.asciz	"stub: PSCI CPU_OFF returned\n"
	.balign	4
exit_block:
	.word	0, 0
