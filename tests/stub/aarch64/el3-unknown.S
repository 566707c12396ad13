/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Test stub, not part of bringup: EL3 firmware that leaves the EL2
 * registers bringup must not trust as reset leaves them, UNKNOWN, for the
 * matrix row a53-el3-unknown (qemu-tests/matrix/). QEMU resets them to
 * tidy values (SCTLR_EL2 0, VPIDR_EL2 = MIDR, VMPIDR_EL2 = MPIDR), which
 * the architecture does not promise (DDI 0487: SCTLR_EL2, VPIDR_EL2 and
 * VMPIDR_EL2 reset to architecturally UNKNOWN values); a board may hold
 * anything there. This stub writes values that are wrong but legal:
 *   SCTLR_EL2  its RES1 bits | C | I (EL2's caches "on"; MMU off)
 *   VPIDR_EL2  a Cortex-A57's MIDR, 0x411fd070 (what EL1 would read as MIDR)
 *   VMPIDR_EL2 0x80000f0f (what EL1 would read as MPIDR)
 * then enters bringup at EL3 as a cold boot: x0-x3 = 0, at STUB_ENTRY, where
 * the row loads it (-device loader). bringup must write each before it is
 * used: its report then shows the D-cache off and the real MIDR and MPIDR.
 *
 * Built by tests/stub/stub.mk as an ELF linked at STUB_LINK (above the
 * first MiB of virt's RAM, where QEMU puts the DTB when it boots an ELF),
 * which QEMU -kernel enters at EL3 with virt,secure=on,virtualization=on.
 * Build-time parameter (-D): STUB_ENTRY, bringup's entry point.
 */
#include "arch/asm.h"
#include "tests/stub/aarch64/cold-enter.h"

#define STUB_SCTLR_EL2  0x30c51834 /* RES1 (0x30c50830) | I (bit 12) | C (bit 2) */
#define STUB_VPIDR_EL2  0x411fd070 /* Cortex-A57 r1p0 */
#define STUB_VMPIDR_EL2 0x80000f0f /* affinity 0.0.15.15 */

	.text
/*
 * _head: not called from C. Entry state: EL3 after reset, MMU off. Never
 * returns. Clobbers: x0-x4. No stack.
 */
FUNC _head
	ldr	x0, =STUB_SCTLR_EL2
	msr	sctlr_el2, x0
	ldr	x0, =STUB_VPIDR_EL2
	msr	vpidr_el2, x0
	ldr	x0, =STUB_VMPIDR_EL2
	msr	vmpidr_el2, x0
	isb
	cold_enter
ENDFUNC _head

	.ltorg
