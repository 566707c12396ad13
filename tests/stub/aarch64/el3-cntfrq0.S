/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Test stub, not part of bringup: EL3 firmware that leaves CNTFRQ_EL0 as a
 * cold reset may (DDI 0487: CNTFRQ_EL0 resets to an UNKNOWN value; boards'
 * boot ROMs leave it 0), for the matrix row a53-el3-cntfrq0
 * (qemu-tests/matrix/): QEMU resets it to its 62.5 MHz, so this stub
 * writes 0, on every CPU, then enters bringup at EL3 as a cold boot: x0-x3
 * = 0, at STUB_ENTRY (-device loader). bringup must program it from the
 * board (the tree's timer clock-frequency, else the platform's data).
 *
 * With STUB_OTHERS_HZ (the row clock-cntfrq-differs): CPU 0 keeps QEMU's
 * 62.5 MHz and every other CPU gets STUB_OTHERS_HZ, a firmware that
 * programmed CNTFRQ differently on its CPUs (OP-TEE optee_os issue 7620:
 * an i.MX7D's second CPU read 0); bringup's clock: cntfrq must fail.
 *
 * Built by tests/stub/stub.mk as an ELF linked at STUB_LINK_el3, which QEMU
 * -kernel enters at EL3 with virt,secure=on. Build-time parameters (-D):
 * STUB_ENTRY, bringup's entry point; STUB_OTHERS_HZ (optional), above.
 */
#include "arch/asm.h"
#include "tests/stub/aarch64/cold-enter.h"

	.text
/*
 * _head: not called from C. Entry state: EL3 after reset, MMU off. Never
 * returns. Clobbers: x0-x4. No stack.
 */
FUNC _head
#ifdef STUB_OTHERS_HZ
	mrs	x0, mpidr_el1
	and	x0, x0, #0xff		/* Aff0: virt's CPUs are 0..N-1 there */
	cbz	x0, 1f
	ldr	x0, =STUB_OTHERS_HZ
	msr	cntfrq_el0, x0
1:
#else
	msr	cntfrq_el0, xzr
#endif
	isb
	cold_enter
ENDFUNC _head

	.ltorg
