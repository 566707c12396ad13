/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The operation codes of the CACHE_TRACE host build: what each traced
 * instruction passes to trace_op() (tests/host/cache/cache_trace.c), the same for
 * both architectures. Preprocessor only: included by C and by assembly.
 */
#ifndef CACHE_TRACE_CODES_H
#define CACHE_TRACE_CODES_H

#define TRACE_ISW    1  /* DC ISW / DCISW */
#define TRACE_CSW    2  /* DC CSW / DCCSW */
#define TRACE_CISW   3  /* DC CISW / DCCISW */
#define TRACE_IVAC   4  /* DC IVAC / DCIMVAC */
#define TRACE_CVAC   5  /* DC CVAC / DCCMVAC */
#define TRACE_CVAU   6  /* DC CVAU / DCCMVAU */
#define TRACE_CIVAC  7  /* DC CIVAC / DCCIMVAC */
#define TRACE_IVAU   8  /* IC IVAU / ICIMVAU */
#define TRACE_IALLU  9  /* IC IALLU / ICIALLU */
#define TRACE_CLIDR  10 /* read CLIDR */
#define TRACE_MMFR2  11 /* read ID_AA64MMFR2_EL1 (AArch64) */
#define TRACE_CCSIDR 12 /* select with CSSELR, read CCSIDR */

#endif
