/*
 * fuzz_fdt.c — libFuzzer target: any byte string through fdt_open() and,
 * if accepted, through fdt_read_board() and the whole navigation API.
 *
 * The input is copied into a heap buffer that ends exactly where the input
 * ends (so ASan flags any over-read), at an odd address for odd-sized
 * inputs (so any alignment assumption shows up under UBSan).  Nothing may
 * crash or trip a sanitizer, and the results must keep board.h's promises.
 */
#include <stdlib.h>
#include <string.h>

#include "board/board.h"
#include "lib/fdt/fdt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void walk_all(const struct fdt *f, const uint8_t *blob, size_t size)
{
	int depth = 0, count = 0;
	char path[64];

	for (int n = fdt_next_node(f, -1, &depth); n >= 0; n = fdt_next_node(f, n, &depth)) {
		uint64_t base, sz;
		if (depth < 1 || depth > FDT_MAX_DEPTH)
			abort();
		/* These walk the tree from the root (O(tree) each): only for the
		 * first nodes, or big seeds make every run quadratic and slow. */
		if (count++ < 16) {
			if (fdt_node_path(f, n, path, sizeof path))
				abort();
			fdt_path_offset(f, path);
			fdt_node_reg(f, n, 0, &base, &sz);
		}
		for (int p = fdt_first_prop(f, n); p >= 0; p = fdt_next_prop(f, p)) {
			const char *name;
			int len;
			const uint8_t *v = fdt_prop_at(f, p, &name, &len);
			/* values and names must lie inside the blob */
			if (!v || len < 0 || v < blob || (size_t)(v - blob) + (size_t)len > size ||
			    (const uint8_t *)name < blob || (const uint8_t *)name >= blob + size)
				abort();
			fdt_stringlist_get(v, len, 1, NULL);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t shift = size & 1;
	uint8_t *buf = malloc(size + shift ? size + shift : 1);
	const uint8_t *blob = buf + shift;
	struct fdt f;
	struct board_info bi;

	if (!buf)
		return 0;
	memcpy(buf + shift, data, size);
	struct fdt f1;
	struct board_info b1;
	int e1 = fdt_open_board(&f1, blob, size, &b1);
	if (fdt_open(&f, blob, size) != FDT_OK && e1 == FDT_OK)
		abort(); /* the one-pass reader accepted what fdt_open rejects */
	if (fdt_open(&f, blob, size) == FDT_OK) {
		int e = fdt_read_board(&f, &bi);
		if (e1 != e || (e == FDT_OK && memcmp(&b1, &bi, sizeof bi)))
			abort(); /* the one-pass reader must agree with the two calls */
		if (e != FDT_OK && e != FDT_ERR_BADVALUE)
			abort(); /* board.h: malformed values are BADVALUE, nothing else */
		if (e == FDT_OK &&
		    (bi.nram > MEM_MAX_BANKS || !memchr(bi.model, 0, sizeof bi.model) ||
		     !memchr(bi.console.path, 0, sizeof bi.console.path)))
			abort();
		walk_all(&f, blob, size);
	}
	free(buf);
	return 0;
}
