/* SPDX-License-Identifier: BSD-2-Clause */
/* The image's identity: see arch/image.h. */
#include "arch/image.h"

#include <stdio.h>

#include "arch/out.h"

#ifndef BRINGUP_VERSION
#define BRINGUP_VERSION "unknown" /* built outside the Makefile */
#endif

/* A constant: printing it costs the boot nothing beyond the string. */
/* A fixed size, so that the image's layout (and every count of retired
 * instructions over it, as the boot benchmark's) does not move with the
 * version string's length: git describe's differs from commit to commit. */
_Static_assert(sizeof(BRINGUP_VERSION) <= 64, "BRINGUP_VERSION longer than bringup_version");
const char bringup_version[64] = BRINGUP_VERSION;

intptr_t image_load_delta(void)
{
	return (intptr_t)((uintptr_t)__image_start - (uintptr_t)LINK_BASE_VALUE);
}

void image_report_where(void)
{
	char line[160];

	snprintf(line, sizeof(line),
		 "!! image: bringup %s, linked at 0x%lx, running at 0x%lx: load delta %+ld bytes\n",
		 bringup_version, (unsigned long)LINK_BASE_VALUE, (unsigned long)__image_start,
		 (long)image_load_delta());
	out_puts(line);
}
