/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CPU start methods a tree can ask for, in the shape of Linux's
 * arch/arm64/kernel/cpu_ops.c (a method is a name, how the tree asks for it,
 * and how it starts a CPU). Each method is one file, smp/methods/start_<m>.c,
 * that registers itself with START_METHOD(m) = { ... } in the linker section
 * start_methods: its recognition strings beside its code. This half, the
 * lookup, is plain C over that section, linked by the image and by the host
 * tests alike.
 *
 * How a CPU's method is recognised, in Linux's order on ARMv7
 * (arch/arm/kernel/setup.c, devtree.c arm_dt_init_cpu_maps, psci_smp.c):
 * 1. its enable-method (the CPU's own, else /cpus'; the first string)
 *    names a method: that one, or none if bringup does not drive it (a
 *    board's own method keeps it: no fall-back);
 * 2. it names none and the tree has an enabled /psci node: the method whose
 *    psci_node is set (PSCI, Linux psci_smp_available());
 * 3. it names none: the method whose root compatibles hold one of the root
 *    node's compatible strings (the machine's own smp_ops, each
 *    arch/arm/mach-* DT_MACHINE_START .smp); else none.
 * No two methods may answer the same string (then the order of the section
 * would choose): host-fdt-unit checks it.
 */
#ifndef BOARD_START_METHODS_H
#define BOARD_START_METHODS_H

#include <stdbool.h>
#include <stddef.h>

struct smp_cpu; /* smp/smp.h: the CPU a method starts */

struct start_method {
	const char *name; /* for the report */
	const char
		*enable_methods;  /* "a\0b\0": the enable-method strings it answers (NULL: none) */
	bool psci_node;           /* a CPU naming none, with an enabled /psci */
	const char *root_compats; /* "a\0b\0": a CPU naming none, on these machines (NULL: none) */
	/* Starts c (its smp_args already published) and returns at once: 0 or
	 * a PSCI_RET_* error (smp/smp.h smp_start). */
	long (*start)(struct smp_cpu *c);
};

/* START_METHOD(id) = { .name = ..., ... }: a method in the section, as the
 * object start_method_<id> (smp/smp.h names the ones other code compares). */
#define START_METHOD(id_)                                                                          \
	__attribute__((used, section("start_methods"), aligned(sizeof(void *))))                   \
	const struct start_method start_method_##id_

extern const struct start_method __start_start_methods[], __stop_start_methods[];

/* The method of a CPU whose enable-method is `method` (NULL or "" when it
 * names none), in a tree with (psci) an enabled /psci node, whose root
 * compatible is the string list root/root_len (NULL: none); NULL if
 * bringup drives none. */
const struct start_method *start_method_find(const char *method, bool psci, const char *root,
					     int root_len);
/* Its name; "none" for NULL. */
const char *start_method_name(const struct start_method *m);

#endif
