/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * wdt_corpus DIR...: the watchdogs Debian's kernel trees name, counted with
 * Debian's libfdt (not our reader): every enabled node (no status, or
 * "okay"/"ok": the devicetree specification's status property) that is a
 * watchdog by its generic node name ("watchdog", devicetree specification
 * 2.2.2) or whose compatible names one a driver of lib/watchdog handles.
 * Prints, per compatible string (every entry of a node's list), how many
 * trees have an enabled such node and how many nodes, then the trees with at least one such node
 * and the trees where one of bringup's drivers applies (board/fdt_watchdog.c must pick the same
 * node: compared here, a disagreement fails). Exit 1 on a disagreement or an
 * unreadable tree.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "board/fdt_watchdog.h"
#include "lib/fdt/fdt.h"
#include "lib/fdt/fdt_addr.h"
#include "lib/watchdog/watchdog.h"

#define MAXC 256
static struct {
	char name[64];
	unsigned trees, nodes;
} tally[MAXC];
static unsigned ntally, ntrees, nwith, nours, nbad, nuntr;

static void count(const char *c, int unused)
{
	unsigned i;

	for (i = 0; i < ntally && strcmp(tally[i].name, c); i++)
		;
	if (i == ntally) {
		if (ntally == MAXC)
			return;
		snprintf(tally[ntally++].name, sizeof(tally[0].name), "%s", c);
	}
	tally[i].nodes++;
	(void)unused;
}

static const struct wdt_driver *ours(const char *list, int len)
{
	for (int i = 0; i < len;) {
		const char *s = list + i;
		WDT_EACH_DRIVER(d)
		for (unsigned k = 0; k < d->ncompat; k++)
			if (!strcmp(s, d->compat[k]))
				return d;
		i += (int)strlen(s) + 1;
	}
	return NULL;
}

static void one_tree(const char *path)
{
	FILE *fp = fopen(path, "rb");
	static char buf[1 << 20];
	size_t n;
	char seen[MAXC] = { 0 };
	int any = 0, oursnode = -1, node, len, depth = 0;
	struct wdt_desc w;
	struct fdt f;

	if (!fp || (n = fread(buf, 1, sizeof(buf), fp)) == 0 || fdt_open(&f, buf, n) < 0) {
		printf("FAIL %s: unreadable\n", path);
		nbad++;
		if (fp)
			fclose(fp);
		return;
	}
	fclose(fp);
	ntrees++;
	for (node = fdt_next_node(&f, -1, &depth); node >= 0;
	     node = fdt_next_node(&f, node, &depth)) {
		const char *name = fdt_node_name(&f, node);
		const char *c = fdt_getprop(&f, node, "compatible", &len);

		if (!c || len <= 0 || !fdt_node_is_enabled(&f, node))
			continue;
		if (strncmp(name, "watchdog", 8) && !ours(c, len))
			continue;
		any = 1;
		for (int i = 0; i < len; i += (int)strlen(c + i) + 1) {
			unsigned k;

			count(c + i, 0);
			for (k = 0; k < ntally && strcmp(tally[k].name, c + i); k++)
				;
			if (k < ntally && !seen[k]) {
				seen[k] = 1;
				tally[k].trees++;
			}
		}
		if (oursnode < 0 && ours(c, len))
			oursnode = node;
	}
	nwith += any;
	nours += oursnode >= 0;
	/* board/fdt_watchdog.c must take the same first node. */
	int r = board_read_watchdog(buf, n, &w);
	char want[96] = "";

	if (oursnode >= 0 && fdt_node_path(&f, oursnode, want, sizeof(want)) < 0)
		want[0] = 0;
	uint64_t b, sz;
	if (r < 0 && oursnode >= 0 && fdt_node_reg(&f, oursnode, 0, &b, &sz) < 0) {
		/* Refused with the node's own reg untranslatable: agreed. */
		printf("# watchdog: %s: %s: reg not translatable (%s)\n", path, want,
		       fdt_strerror(r));
		nuntr++;
	} else if ((r == 0) != (oursnode >= 0) ||
		   (r == 0 && strncmp(w.path, want, sizeof(w.path) - 1))) {
		printf("FAIL %s: walk: %s, board_read_watchdog: %d %s\n", path,
		       oursnode >= 0 ? want : "none", r, r == 0 ? w.path : "");
		nbad++;
	}
}

static void walk(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char p[4096];
	struct stat st;

	if (!d)
		return;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		if (stat(p, &st))
			continue;
		if (S_ISDIR(st.st_mode))
			walk(p);
		else if (strlen(p) > 4 && !strcmp(p + strlen(p) - 4, ".dtb"))
			one_tree(p);
	}
	closedir(d);
}

static int by_trees(const void *a, const void *b)
{
	const typeof(tally[0]) *x = a, *y = b;
	return x->trees != y->trees ? (int)y->trees - (int)x->trees : strcmp(x->name, y->name);
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		walk(argv[i]);
	qsort(tally, ntally, sizeof(tally[0]), by_trees);
	for (unsigned i = 0; i < ntally; i++)
		if (tally[i].trees >= WDT_CORPUS_SHOW_MIN ||
		    ours(tally[i].name, strlen(tally[i].name) + 1))
			printf("# watchdog: %4u trees, %4u nodes: %s%s\n", tally[i].trees,
			       tally[i].nodes, tally[i].name,
			       ours(tally[i].name, strlen(tally[i].name) + 1) ? " (driver)" : "");
	printf("# watchdog: %u trees, %u name an enabled watchdog, %u one bringup drives (%u of "
	       "them at an address the tree does not translate); %u compatibles\n",
	       ntrees, nwith, nours, nuntr, ntally);
	if (!ntrees || nbad) {
		printf("FAIL: %u disagreements or unreadable trees\n", nbad);
		return 1;
	}
	return 0;
}
