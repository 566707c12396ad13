/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A platform is data: the board description bringup uses when no DTB is
 * passed (or the DTB lacks a part), plus where a DTB may be found when the
 * loader passed none in a register.
 *
 * How the platform is identified (board/discover.c), never guessed:
 * - by load address: among the platforms built into the image (those whose
 *   PLATFORM(...) names its architecture) but those identified by their tree
 *   only (tree_only: qemu-virt), one whose default RAM contains
 *   the address bringup is running at and whose `cpu_part` (if set) is the
 *   running CPU's. RAM bases differ between the QEMU machines (vexpress-a9
 *   0x60000000, vexpress-a15 0x80000000), so the load address identifies
 *   them. Where two claim it, the one a tree cannot name (no `compatible`)
 *   is chosen: the other's tree still names it. Two platforms of one image that could claim an
 * address and CPU alike are refused (make check-platforms), so the order of the section decides
 * nothing. If none matches, there is no platform (no longer the first one: that was a guess).
 * - by the tree: if a valid DTB's root is compatible with a platform's
 *   `compatible` (the root's strings in their own order, the first that a
 *   platform names; no string is two platforms': check-platforms), that
 *   platform is used instead (boards that share a RAM base), whatever the
 *   load address said.
 * With no platform, nothing of a platform's is used: the console is the
 * tree's, or there is none and bringup writes nothing (EXIT_NO_CONSOLE).
 * The console written before the DTB is read (boot/main.c) is only a
 * platform's identified by load address; after discovery, a platform's
 * default console only if the tree names none bringup drives. The limit of
 * "identified": a platform with cpu_part 0 and no tree_only claims any CPU
 * at its RAM base (vexpress-a9, vexpress-a15; raspi3b when no tree says
 * otherwise). QEMU's virt is tree_only: its RAM base and CPUs are those of
 * many boards (an i.MX8M, an Allwinner A64 at 0x40000000), and QEMU always
 * leaves its tree (x0 / r2 for a Linux image, the start of RAM otherwise),
 * whose root is "linux,dummy-virt". Its RAM window (ram_window: what the
 * memory map can decode as RAM, 255 GiB from 0x40000000) is where an image
 * handed no tree looks at the start of RAM for one (TF-A's default BL33
 * hand-over: x0 = 0, the image at 0x60000000), as a board's loader leaves
 * its tree in that board's DRAM: the tree found names the board, or none.
 *
 * To add a platform: platforms/<name>.c with one PLATFORM(id, arch...) =
 * { ... } naming its architectures; the build takes every file there.
 */
#ifndef BOARD_PLATFORM_H
#define BOARD_PLATFORM_H

#include <stdbool.h>
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
	/* A second such place: where the machine leaves it beside a -kernel
	 * image it started that then started bringup without a handover (a
	 * stub that starts the other CPUs); 0 = none. */
	uint64_t dtb_fallback_kernel;
	/* A root "compatible" entry of this platform's device trees, or NULL.
	 * A valid DTB whose root lists it selects this platform whatever the
	 * load address (orangepi-pc's RAM starts where virt's does): what the
	 * tree leaves out, the console above all, comes from this board. */
	const char *compatible;
	/* Identified by that compatible only, never by RAM base and CPU part:
	 * a machine whose RAM base and CPUs are any board's (QEMU's virt:
	 * 0x40000000 and any CPU, as an i.MX8M or an Allwinner A64 board).
	 * Its RAM default then only says where to look for its tree when no
	 * register carries one (dtb_fallback). */
	bool tree_only;
	/* With tree_only: the bytes from ram[0].base its memory map may decode
	 * as RAM (0: its default RAM's size). An image running anywhere in it
	 * looks for a tree at dtb_fallback (virt's RAM reaches far above its
	 * 128 MiB default, and TF-A enters BL33 at 0x60000000 with no tree in
	 * x0); the tree found there still names the board by its compatible. */
	uint64_t ram_window;
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

/*
 * PLATFORM(id, arch...) = { .name = ..., ... }: a platform, as the object
 * platform_<id>, for the architectures it names (aarch64, armv7: one or
 * both), in the linker section that lists them: platforms_aarch64,
 * platforms_armv7, platforms_aarch64_armv7. The build compiles every
 * platforms/<name>.c for both images; each image's linker script keeps the
 * sections that name its architecture and discards the others
 * (linker/<arch>.ld), so another architecture's platform is not in it.
 * The alignment is stated as for the UART drivers (lib/console/console.h).
 */
#define PLATFORM(id_, ...)                                                                         \
	__attribute__((used, section(PLATFORM_SECTION_(__VA_ARGS__, _2, _1)(__VA_ARGS__)),         \
		       aligned(sizeof(void *)))) const struct platform platform_##id_
#define PLATFORM_SECTION_(a_, b_, n_, ...) PLATFORM_SECTION##n_
#define PLATFORM_SECTION_1(a_)             "platforms_" #a_
#define PLATFORM_SECTION_2(a_, b_)         "platforms_" #a_ "_" #b_

/* The image's platforms: the sections its linker script keeps, in link
 * order, which decides nothing (choose_platform, board/discover.c). */
extern const struct platform __start_platforms[], __stop_platforms[];

#endif
