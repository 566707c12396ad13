/* SPDX-License-Identifier: BSD-2-Clause */
/* The image's identity: see arch/image.h. */
#include "arch/image.h"

#include <stdio.h>

#include "arch/out.h"

#ifndef BRINGUP_VERSION
#define BRINGUP_VERSION "unknown" /* built outside the Makefile */
#endif

/* A constant: printing it costs the boot nothing beyond the string. */
const char bringup_version[] = BRINGUP_VERSION;

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
