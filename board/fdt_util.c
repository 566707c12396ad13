/* SPDX-License-Identifier: BSD-2-Clause */
/* Property helpers of the board reads: board/fdt_util.h. */
#include "board/fdt_util.h"

#include <string.h>

#include "board/fdt_bad.h"

/* Copy the first string of a property, truncated, always terminated. */
void fdt_board_copy_string(char *dst, size_t size, const void *list, int len)
{
	size_t l = 0;
	const char *s = fdt_stringlist_get(list, len, 0, &l);
	if (l > size - 1)
		l = size - 1;
	if (s)
		memcpy(dst, s, l);
	dst[s ? l : 0] = '\0';
}

bool fdt_board_prop_is(const struct fdt *f, int node, const char *name, const char *want)
{
	int len;
	const void *v = fdt_getprop(f, node, name, &len);
	size_t l;
	const char *s = fdt_stringlist_get(v, v ? len : 0, 0, &l);
	return s && l == strlen(want) && memcmp(s, want, l) == 0;
}

int fdt_board_opt_u32(const struct fdt *f, int node, const char *name, uint32_t *v)
{
	int e = fdt_prop_u32(f, node, name, v), len = 0;

	if (e == FDT_ERR_BADVALUE)
		return fdt_getprop(f, node, name, &len), fdt_bad_prop_node(f, node, name, len);
	return e == FDT_ERR_NOTFOUND ? FDT_OK : e;
}
