/* SPDX-License-Identifier: BSD-2-Clause */
/* A MIDR decoded by the part table: see arch/midr.h. */
#include "arch/midr.h"

#include <stdio.h>

void cpu_midr_text(uint32_t midr, char *buf, size_t n)
{
	const char *name = cpu_part_name(midr);

	if (name)
		snprintf(buf, n, "%s r%up%u", name, (unsigned)MIDR_VARIANT(midr),
			 (unsigned)MIDR_REVISION(midr));
	else
		snprintf(buf, n, "implementer 0x%02x part 0x%03x r%up%u",
			 (unsigned)MIDR_IMPLEMENTER(midr), (unsigned)MIDR_PART(midr),
			 (unsigned)MIDR_VARIANT(midr), (unsigned)MIDR_REVISION(midr));
}
