/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the corpus test's files share (fdt_corpus.c, fdt_corpus_cpus.c):
 * the disagreement count and the comparisons that print a DIFF line and
 * count it; the /cpus checks of one tree (FAILs returned), their summary
 * lines (false: below the start-method floor) and how many CPUs were
 * compared with libfdt.
 */
#ifndef TESTS_HOST_LIB_FDT_FDT_CORPUS_H
#define TESTS_HOST_LIB_FDT_FDT_CORPUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Entries in each of the corpus's tallies (compatibles, start methods). */
#define CORPUS_MAX_TALLY 64

extern unsigned ndiff;
void same_u64(const char *file, const char *field, uint64_t ours, uint64_t libfdt);
void same_str(const char *file, const char *field, const char *ours, const char *libfdt);

unsigned corpus_check_cpus(const char *file, const uint8_t *raw, const uint8_t *blob, size_t n);
bool corpus_cpus_report(void);
unsigned corpus_cpus_compared(void);

#endif
