/* SPDX-License-Identifier: BSD-2-Clause */
/* A refused tree's reason in words: see fdt_refusal.h. */
#include "board/fdt_refusal.h"

#include <stdio.h>

#include "lib/fdt/fdt.h"

static uint32_t be32_at(const uint8_t *p, size_t off, size_t avail)
{
	return off + 4 <= avail ? (uint32_t)p[off] << 24 | (uint32_t)p[off + 1] << 16 |
					  (uint32_t)p[off + 2] << 8 | p[off + 3]
				: 0;
}

void fdt_refusal_header(struct fdt_refusal *r, const void *blob, size_t avail)
{
	const uint8_t *p = blob;

	/* Devicetree Specification 5.2: magic, totalsize, ..., version at
	 * +20, last_comp_version at +24. */
	r->magic = be32_at(p, 0, avail);
	r->totalsize = be32_at(p, 4, avail);
	r->version = be32_at(p, 20, avail);
	r->last_comp_version = be32_at(p, 24, avail);
	r->avail = avail > UINT32_MAX ? UINT32_MAX : (uint32_t)avail;
}

const char *fdt_refusal_words(const struct fdt_refusal *r, char *buf, size_t size)
{
	const struct fdt_bad *b = &r->bad;

	if (r->misaligned)
		snprintf(buf, size, "the pointer is not 4-byte aligned");
	else if (r->unreadable)
		snprintf(buf, size, "its header cannot be read (the access faulted)");
	else if (r->body_fault)
		snprintf(buf, size,
			 "reading it faulted at 0x%llx, inside its totalsize of %u bytes",
			 (unsigned long long)r->fault_addr, (unsigned)r->totalsize);
	else if (r->too_big)
		snprintf(buf, size, "totalsize %u bytes is over the limit of %u",
			 (unsigned)r->totalsize, (unsigned)FDT_MAX_TOTALSIZE);
	else if (r->err == FDT_ERR_MAGIC)
		snprintf(buf, size, "magic 0x%08x, not 0xd00dfeed: not a device tree",
			 (unsigned)r->magic);
	else if (r->err == FDT_ERR_VERSION)
		snprintf(buf, size, "version %u, last_comp_version %u: this reader takes 16 or 17",
			 (unsigned)r->version, (unsigned)r->last_comp_version);
	else if (r->err == FDT_ERR_TRUNCATED)
		snprintf(buf, size, "truncated: totalsize %u bytes, %u readable",
			 (unsigned)r->totalsize, (unsigned)r->avail);
	else if (r->err == FDT_ERR_BADVALUE && b->prop && b->node[0])
		snprintf(buf, size, "property %s of %s is malformed (%d bytes)", b->prop, b->node,
			 b->len);
	else if (r->err == FDT_ERR_BADVALUE && b->node[0])
		snprintf(buf, size,
			 "a malformed property in %s (#address-cells, #size-cells, ranges or a "
			 "child's reg)",
			 b->node);
	else
		snprintf(buf, size, "%s", fdt_strerror(r->err));
	return buf;
}
