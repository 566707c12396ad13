/*
 * The CPU start methods as data (one line each in board/cpu_methods.def),
 * in the shape of Linux's arch/arm64/kernel/cpu_ops.c: a list of methods,
 * each with a name and how the tree asks for it; how each starts a CPU is
 * boot/ (smp_start_<id>(), smp/smp.h). This half is plain data and one
 * lookup, linked by the image and by the host corpus test alike.
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
 */
#ifndef BOARD_CPU_METHODS_H
#define BOARD_CPU_METHODS_H

#include <stdbool.h>
#include <stddef.h>

enum cpu_start {
	CPU_START_NONE = -1, /* no method bringup drives */
#define CPU_METHOD(id, ...) CPU_START_##id,
#include "board/cpu_methods.def"
#undef CPU_METHOD
	CPU_START_COUNT
};

struct cpu_method_desc {
	const char *name;           /* for the report */
	const char *enable_methods; /* "a\0b\0": the enable-method strings it answers */
	bool psci_node;             /* a CPU naming none, with an enabled /psci */
	const char *root_compats;   /* "a\0b\0": a CPU naming none, on these machines */
};

extern const struct cpu_method_desc cpu_methods[CPU_START_COUNT];

/* The method of a CPU whose enable-method is `method` (NULL or "" when it
 * names none), in a tree with (psci) an enabled /psci node, whose root
 * compatible is the string list root/root_len (NULL: none). */
enum cpu_start cpu_method_find(const char *method, bool psci, const char *root, int root_len);
/* "psci", ...; "none" for CPU_START_NONE. */
const char *cpu_start_name(enum cpu_start s);

#endif
