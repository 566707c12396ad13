/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The state smp_init() allocates and every part of smp/ reads (smp/smp.h
 * smp_state): the start methods, the work loop, the SCU. In a file of its
 * own: smp.c calls them, they read this, and nothing calls back.
 */
#include "smp/smp.h"
#include "smp/smp_priv.h"

struct smp_info *smp_state; /* allocated by smp_init: nothing in BSS but this */
