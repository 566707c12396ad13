/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the DRAM test's errors add up to, in forms a board user can act on
 * (the image prints it after the run's summary when there were errors):
 *
 *   # memtest: faults: <n> errors at 0x<lowest>..0x<highest> (lowest and highest failing address)
 *   # memtest: failing data bits per 64-bit lane (address bits 5:3): lane 0 0x..., lane 5 0x...;
 * byte lanes 1 2 # memtest: errors per bank: bank 0 <n>, bank 1 <n> # memtest: bad pages as a
 * device-tree fragment: # / { # 	reserved-memory { # 		#address-cells = <2>; #
 * #size-cells = <2>; # 		ranges; # 		memtest-bad@40002000 {
 *   # 			reg = <0x0 0x40002000 0x0 0x1000>;
 *   # 			no-map;
 *   # 		};
 *   # 	};
 *   # };
 *   # memtest: end of fragment
 *   # memtest: the same for U-Boot (after "fdt addr"), before booting Linux:
 *   # fdt rsvmem add 0x40002000 0x1000
 *   # memtest: <k> more bad ranges (<p> pages) left out: the list stops at <max>
 *
 * A lane is a 64-bit word's place in a 64-byte burst (physical address bits
 * 5:3), a byte lane 8 data bits of every word (bits 8b..8b+7): a fault
 * confined to one shows as one. Only data errors (not the address tests',
 * whose xor is a whole pattern) count in the masks; every error counts in
 * the addresses, banks and pages. Pages are MEMTEST_FAULT_PAGE bytes,
 * adjacent bad pages one range, each range a no-map child of
 * /reserved-memory (devicetree reserved-memory binding: no-map, the OS must
 * not map or use it) and a /memreserve/ entry through U-Boot's fdt rsvmem
 * (cmd/fdt.c). The cells are the tree's root #address-cells / #size-cells
 * (the binding wants /reserved-memory's equal to the root's); 1 or 2 each.
 * At most MEMTEST_FAULT_MAX_PAGES distinct pages are kept (a further one is
 * counted in lost_pages, once per error); output stops after max_ranges
 * ranges and says how many were left out. No I/O: each line goes to `out`.
 */
#ifndef LIB_MEMTEST_FAULTS_H
#define LIB_MEMTEST_FAULTS_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/memtest/memtest.h"

#define MEMTEST_FAULT_PAGE      4096u
#define MEMTEST_FAULT_MAX_PAGES 4096u
#define MEMTEST_FAULT_LANES     8u  /* 64-bit words of a 64 B burst */
#define MEMTEST_FAULT_BANKS     16u /* banks counted apart; the rest in the last */

struct memtest_faults {
	uint64_t errors, lowest, highest;
	uint64_t lane_mask[MEMTEST_FAULT_LANES];
	uint64_t bank_errors[MEMTEST_FAULT_BANKS];
	uint64_t page[MEMTEST_FAULT_MAX_PAGES]; /* sorted page numbers (pa / MEMTEST_FAULT_PAGE) */
	unsigned npages;
	uint64_t lost_pages;
};

void memtest_faults_reset(struct memtest_faults *f);
void memtest_faults_add(struct memtest_faults *f, const struct memtest_error *e);
/* The lines above, each without its leading "# " (out adds it), or none
 * when there was no error. */
void memtest_faults_print(const struct memtest_faults *f, unsigned addr_cells, unsigned size_cells,
			  unsigned max_ranges, void (*out)(const char *line, void *ctx), void *ctx);

#endif
