/*
 * A platform is data: the board description bringup uses when no DTB is
 * passed (or the DTB lacks a part), plus where a DTB may be found when the
 * loader passed none in a register.
 *
 * How the platform is identified (board/discover.c), never guessed:
 * - by load address: among the platforms built into the image (Makefile
 *   PLATFORMS_<arch>), the first whose default RAM contains the address
 *   bringup is running at and whose `cpu_part` (if set) is the running
 *   CPU's. RAM bases differ between the QEMU machines (virt 0x40000000,
 *   vexpress-a9 0x60000000, vexpress-a15 0x80000000), so the load address
 *   identifies them. If none matches, there is no platform (no longer the
 *   first one: that was a guess).
 * - by the tree: if a valid DTB's root is compatible with a platform's
 *   `compatible`, that platform is used instead (boards that share a RAM
 *   base), whatever the load address said.
 * With no platform, nothing of a platform's is used: the console is the
 * tree's, or there is none and bringup writes nothing (EXIT_NO_CONSOLE).
 * The console written before the DTB is read (boot/main.c) is only a
 * platform's identified by load address; after discovery, a platform's
 * default console only if the tree names none bringup drives. The limit of
 * "identified": a platform with cpu_part 0 claims any CPU at its RAM base,
 * and a tree whose root names no built-in platform does not overrule it.
 *
 * To add a platform: platforms/<name>.c with one PLATFORM(...) and
 * its name in PLATFORMS_<arch> in the Makefile.
 */
#ifndef BOARD_PLATFORM_H
#define BOARD_PLATFORM_H

#include <stdint.h>

#include "arch/counter.h"
#include "board/board.h"
#include "irq/gic.h"

/* How the platform's secondary CPUs are started when no tree lists them
 * (smp/smp_methods.c drives the method; the core count comes from the
 * hardware, board/cores.h). */
enum platform_smp_method {
	PLATFORM_SMP_NONE = 0,
	/* Versatile Express: the entry address into the motherboard's SYS_FLAGS
	 * (SYS_FLAGSCLR / SYS_FLAGSSET at sysreg + 0x34 / + 0x30), then an SGI
	 * through the GIC distributor (smp/smp_methods.c). */
	PLATFORM_SMP_VEXPRESS,
};

struct platform_smp {
	enum platform_smp_method method;
	uint64_t sysreg; /* vexpress: the motherboard's system registers */
	uint64_t gicd;   /* vexpress: the GIC distributor */
	/* Allwinner (smp/methods/start_sunxi.c): the CPU configuration block and the
	 * PRCM, for a tree that names neither (the H3's). */
	uint64_t cpucfg, prcm;
};

struct platform {
	const char *name;
	struct board_info defaults;
	/* Where the machine leaves a DTB when it boots an image that is not a
	 * Linux kernel (QEMU virt: start of RAM); 0 = nowhere. Only used if
	 * a valid FDT header is found there. */
	uint64_t dtb_fallback;
	/* A root "compatible" entry of this platform's device trees, or NULL.
	 * A valid DTB whose root lists it selects this platform whatever the
	 * load address (orangepi-pc's RAM starts where virt's does): what the
	 * tree leaves out, the console above all, comes from this board. */
	const char *compatible;
	/* MIDR PartNum (bits 15:4) of the board's CPU, or 0 for any: tells
	 * apart boards that share a RAM base when no DTB does (the Pi 2's
	 * Cortex-A7, 0xc07, and the Zynq's Cortex-A9, 0xc09, both at 0). */
	uint16_t cpu_part;
	struct platform_smp smp; /* method NONE: only a tree's CPUs are started */
	/* What starts its system counter where no firmware did (n 0: nothing
	 * to start; arch/counter.h counter_module_start). */
	struct counter_module counter;
	/* The interrupt controller, for a run with no tree (version GIC_NONE:
	 * the platform names none; irq/gic.h). */
	struct gic_desc gic;
};

#define PLATFORM(id_)                                                                              \
	__attribute__((used, section("platforms"), aligned(sizeof(void *))))                       \
	const struct platform platform_##id_

extern const struct platform __start_platforms[], __stop_platforms[];

#endif
