/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * For the AArch64 test stubs (tests/stub/aarch64/*.S), not part of bringup:
 * cold_enter enters bringup as a cold boot would, x0-x3 = 0 (no DTB, as
 * the Linux arm64 boot protocol's x0 = 0), at STUB_ENTRY (the stub's
 * build-time parameter). Never returns. Clobbers: x0-x4. No stack.
 */
#ifndef TESTS_STUB_AARCH64_COLD_ENTER_H
#define TESTS_STUB_AARCH64_COLD_ENTER_H

.macro cold_enter
	mov	x0, #0			/* no DTB: a cold entry */
	mov	x1, #0
	mov	x2, #0
	mov	x3, #0
	ldr	x4, =STUB_ENTRY
	br	x4
.endm

#endif
