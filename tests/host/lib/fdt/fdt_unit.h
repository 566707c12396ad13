/* SPDX-License-Identifier: BSD-2-Clause */
/* fdt_unit.h — shared between the parts of the fdt unit test. */
#ifndef BRINGUP_FDT_UNIT_H
#define BRINGUP_FDT_UNIT_H

#include "board/board.h"
#include "lib/fdt/fdt.h"
#include "tests/host/common/testutil.h"

/* A blob from the test directory, in an exact-size heap buffer; exits on
 * error. */
uint8_t *load_dtb(const char *name, size_t *len);
/* The same, opened with fdt_open() (a failure counted and said); the
 * buffer is returned for free(). */
uint8_t *open_dtb(const char *name, struct fdt *f);

/* Part 1: the reader's navigation (fdt_unit_nav.c). */
void test_strerror(void);
void test_navigation(void);

/* Part 2: malformed blobs (fdt_unit_bad.c). */
void test_malformed(void);
/* Part 3: reserved memory (fdt_unit_reserved.c). */
void test_reserved(void);
/* Part 4: /cpus (fdt_unit_cpus.c). */
void test_cpus(void);
/* Part 5: the console the command line names (fdt_unit_cmdline.c). */
void test_cmdline_console(void);

#endif
