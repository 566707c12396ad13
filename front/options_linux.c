/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux's words on bringup's command line (front/options.h). A boot
 * loader's line is mostly Linux's: U-Boot passes its bootargs variable as
 * /chosen/bootargs (fdt_chosen(), boot/fdt_support.c), and a board's
 * environment holds the distribution's kernel command line there
 * ("console=ttyS2,1500000 root=/dev/mmcblk0p2 rootwait rw quiet"). Linux
 * itself takes what it does not know and hands it to init (Linux's
 * Documentation/admin-guide/kernel-parameters.rst, "The kernel parses
 * parameters from the kernel command line up to --"), so any word is
 * someone's: bringup ignores a word as Linux's only when it is clearly not a
 * misspelling of its own keys, and names it in the report.
 *
 * Plain C over string.h, as the parser (the host fuzzes both).
 */
#include <string.h>

#include "front/options.h"

/*
 * Linux's parameters that take a value and that boot loaders' lines carry,
 * each as Linux's Documentation/admin-guide/kernel-parameters.txt (v6.1)
 * lists it (ip= and nfsroot=: Documentation/admin-guide/nfs/nfsroot.rst).
 * Bare words (rw, ro, quiet, rootwait, nokaslr...) and module parameters
 * (net.ifnames=0, usbcore.autosuspend=-1) need no entry. console=,
 * earlycon= and mem= are keys of bringup's own (options_table.c). Kept
 * small: a word not here is refused as unknown, which a user reads; a word
 * here that was meant for bringup would be ignored, which nobody reads.
 */
const char *const opt_linux_params[] = {
	"root",         "rootfstype",    "rootflags",   "rootdelay",   "rootwait",
	"init",         "initrd",        "loglevel",    "panic",       "cma",
	"consoleblank", "earlyprintk",   "maxcpus",     "nr_cpus",     "ip",
	"nfsroot",      "mtdparts",      "resume",      "crashkernel", "coherent_pool",
	"fw_devlink",   "cgroup_enable", "swapaccount", "isolcpus",    "irqaffinity",
	"kgdboc",       "vmalloc",       "video",       "fbcon",       "lpj",
	"security",     "selinux",       "apparmor",    "audit",       "swiotlb",
	"hugepages",
};
const unsigned opt_linux_count = sizeof(opt_linux_params) / sizeof(opt_linux_params[0]);

#define NEAR_MAX 40 /* longer keys are compared only when lengths allow */

/* The optimal string alignment distance between a[0..n) and b[0..m), or
 * more than limit once it cannot be limit or less (rows of NEAR_MAX + 1). */
static unsigned edits(const char *a, size_t n, const char *b, size_t m, unsigned limit)
{
	unsigned d[3][NEAR_MAX + 1]; /* rows i - 2, i - 1, i */

	if (n > NEAR_MAX || m > NEAR_MAX || (n > m ? n - m : m - n) > limit)
		return limit + 1;
	for (size_t j = 0; j <= m; j++)
		d[1][j] = (unsigned)j;
	for (size_t i = 1; i <= n; i++) {
		unsigned *r = d[(i + 1) % 3], *p = d[i % 3], *pp = d[(i + 2) % 3], low;
		/* r is row i, p row i - 1, pp row i - 2 (its values unused at i = 1) */
		r[0] = low = (unsigned)i;
		for (size_t j = 1; j <= m; j++) {
			unsigned c = a[i - 1] != b[j - 1], v = p[j - 1] + c;
			if (p[j] + 1 < v)
				v = p[j] + 1;
			if (r[j - 1] + 1 < v)
				v = r[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    pp[j - 2] + 1 < v)
				v = pp[j - 2] + 1; /* two neighbours swapped */
			r[j] = v;
			if (v < low)
				low = v;
		}
		if (low > limit)
			return limit + 1;
	}
	return d[(n + 1) % 3][m];
}

/* key[0..len) is a key of the table (the parser's opt_find, kept apart:
 * the parser calls this file). */
static bool is_key(const char *key, size_t len)
{
	for (unsigned i = 0; i < options_count; i++)
		if (strlen(options_table[i].key) == len && !strncmp(options_table[i].key, key, len))
			return true;
	return false;
}

const struct opt *opt_near(const char *key, size_t len)
{
	if (is_key(key, len))
		return NULL;
	for (unsigned i = 0; i < options_count; i++) {
		const char *k = options_table[i].key;
		size_t m = strlen(k);
		unsigned limit = m <= 4 ? 1 : OPT_NEAR_EDITS;
		if (edits(key, len, k, m, limit) <= limit)
			return &options_table[i];
	}
	return NULL;
}

static bool is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Letters, digits, '_' and '-' (and '.' if dot): the characters of Linux's
 * parameter and module names. */
static bool is_name(const char *s, size_t n, bool dot)
{
	for (size_t i = 0; i < n; i++)
		if (!is_alpha(s[i]) && !(s[i] >= '0' && s[i] <= '9') && s[i] != '_' &&
		    s[i] != '-' && !(dot && s[i] == '.'))
			return false;
	return true;
}

bool opt_linux_word(const char *key, size_t len, bool has_value)
{
	const char *dot = memchr(key, '.', len);

	if (!len || is_key(key, len) || opt_near(key, len))
		return false;
	for (unsigned i = 0; i < opt_linux_count; i++)
		if (strlen(opt_linux_params[i]) == len && !strncmp(opt_linux_params[i], key, len))
			return true;
	/* module.param[=value]: a module name, a dot, a parameter name
	 * (kernel-parameters.rst "Module parameters"). */
	if (dot && dot != key && dot + 1 < key + len && is_name(key, len, true))
		return true;
	/* A bare word: Linux's flag, or init's argument. */
	return !has_value && is_alpha(key[0]) && is_name(key, len, false);
}
