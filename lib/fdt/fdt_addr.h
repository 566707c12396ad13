/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_addr.h -- a node's "reg" in its parent's cells, translated to CPU
 * addresses through every ancestor's "ranges" (lib/fdt/fdt_addr.c), and the
 * helpers the board scan (board/fdt_scan.c) and the reserved-memory reader
 * build on. Freestanding; no allocation.
 */
#ifndef LIB_FDT_ADDR_H
#define LIB_FDT_ADDR_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/fdt/fdt.h"

/*
 * Entry `idx` of the node's "reg", in the parent's #address-cells /
 * #size-cells, with the address translated through the "ranges" of every
 * ancestor below the root (empty ranges = identity) to a CPU address.
 * FDT_OK; FDT_ERR_NOTFOUND if there is no such entry, a cell value does not
 * fit 64 bits, or the address is not translatable (an ancestor lacks
 * "ranges" or no range covers it); FDT_ERR_BADVALUE if reg or ranges has a
 * length that is not a whole number of entries, or cells are malformed.
 */
int fdt_node_reg(const struct fdt *f, int node, unsigned idx, uint64_t *base, uint64_t *size);

/* Translate `addr`, an address in the child address space of `bus`, to a
 * CPU address (as above; bus = the root means no translation). */
int fdt_translate(const struct fdt *f, int bus, uint64_t *addr);

/* len is a whole number (*count) of w-byte entries (false if not, or w 0). */
bool fdt_entries(int len, unsigned w, unsigned *count);
/* One bus: *addr (child address) through a "ranges" value (NULL: no ranges
 * property, NOTFOUND; empty: identity) with the bus's address cells ca, its
 * parent's pa and its size cells cs. NOTFOUND if no range holds it. */
int fdt_ranges_apply(const uint8_t *r, int len, unsigned ca, unsigned pa, unsigned cs,
		     uint64_t *addr);
/* A node's ancestry as fdt_node_chain() gives it: chain[0] is the root,
 * chain[n-1] the node. *addr, in the child address space of chain[k],
 * through the ranges of chain[k] .. chain[1] to a CPU address. */
int fdt_translate_chain(const struct fdt *f, const int *chain, int k, uint64_t *addr);
/* The "reg" of chain[n-1] in its parent's cells: *count entries of
 * 4 * (*ac + *sc) bytes. NOTFOUND without reg (or for the root). */
int fdt_reg_prop(const struct fdt *f, const int *chain, int n, const uint8_t **reg, unsigned *count,
		 unsigned *ac, unsigned *sc);
/* Entry idx (< count) of that reg, translated to a CPU address. */
int fdt_reg_get(const struct fdt *f, const int *chain, int n, const uint8_t *reg, unsigned ac,
		unsigned sc, unsigned idx, uint64_t *base, uint64_t *size);

#endif
