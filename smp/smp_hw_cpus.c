/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CPUs of the boot CPU's cluster read from the hardware, for a board
 * whose tree lists none (or that has no tree: ATAGS loaders, QEMU vexpress
 * without -dtb). The decoding and which register, by MIDR, are
 * board/cores.h; this file reads the register. Used by smp_init() only when
 * no tree lists the CPUs and there is a way to start them: an identified
 * platform's method (platforms/<name>.c, its .smp) or, with no
 * handover, bringup's holding pen (every core entered the image).
 */
#include "board/cores.h"
#include "boot/boot.h"
#include "smp/smp.h"
#include "smp/smp_priv.h"

#include "arch/sysreg.h"
#define AFF0_MASK 0xffull /* MPIDR Aff0: the CPU within its cluster */

#ifdef __aarch64__
static uint32_t read_count_reg(enum hw_cores_src src)
{
	if (src != HW_CORES_L2CTLR_EL1)
		return 0;
	return (uint32_t)read_sysreg(s3_1_c11_c0_2); /* L2CTLR_EL1 */
}
#else
static uint32_t read_count_reg(enum hw_cores_src src)
{
	uintptr_t base;

	if (src == HW_CORES_L2CTLR)
		return read_cp15_(1, c9, c0, 2); /* L2CTLR */
	if (src != HW_CORES_SCU)
		return 0;
	/* PERIPHBASE: the tree's (the A9 timer nodes), else CBAR, the core's
	 * own record of where its private region is (Cortex-A9 MPCore TRM,
	 * "Configuration Base Address Register"); 0 on a uniprocessor. */
	base = boot.hw.board.a9_periphbase ? (uintptr_t)boot.hw.board.a9_periphbase
					   : read_cp15(CP15_CBAR) & 0xffffe000u;
	if (!base)
		return 0;
	return *(volatile uint32_t *)(base + SCU_CONFIG_OFFSET);
}
#endif

unsigned smp_hw_cpus(struct board_cpu *out, unsigned max, const char **src_name)
{
	enum hw_cores_src src;
	uint64_t me = this_cpu_mpidr();
	unsigned n;

#ifdef __aarch64__
	const bool aarch64 = true;
#else
	const bool aarch64 = false;
#endif

	src = hw_cores_source(arch_cpu_id(), aarch64);
	*src_name = hw_cores_source_name(src);
	if (src == HW_CORES_NONE)
		return 0;
	n = hw_cores_decode(src, read_count_reg(src));
	if (n > max)
		n = max;
	for (unsigned i = 0; i < n; i++)
		out[i] = (struct board_cpu){ .mpidr = (me & ~AFF0_MASK) | i, .start = NULL };
	return n;
}
