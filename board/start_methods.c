/* SPDX-License-Identifier: BSD-2-Clause */
/* The CPU start methods' lookup: see board/start_methods.h. */
#include "board/start_methods.h"

#include <string.h>

/* Weak: a host program that links the tree reader without smp/methods/
 * (the fuzzer) has no such section, and then no method. */
extern const struct start_method __start_start_methods[] __attribute__((weak));
extern const struct start_method __stop_start_methods[] __attribute__((weak));

/* Whether the list "a\0b\0" (NULL: empty) holds s. */
static bool in_list(const char *list, const char *s, size_t slen)
{
	for (const char *p = list; p && *p; p += strlen(p) + 1)
		if (strlen(p) == slen && !memcmp(p, s, slen))
			return true;
	return false;
}

/* The first method whose list (enable-methods if em, else root
 * compatibles) holds s, or with s NULL the first /psci one. */
static const struct start_method *first(bool em, const char *s, size_t slen)
{
	for (const struct start_method *m = __start_start_methods; m < __stop_start_methods; m++)
		if (s ? in_list(em ? m->enable_methods : m->root_compats, s, slen) : m->psci_node)
			return m;
	return NULL;
}

const struct start_method *start_method_find(const char *method, bool psci, const char *root,
					     int root_len)
{
	const struct start_method *m = NULL;

	if (method && *method)
		return first(true, method, strlen(method));
	if (psci && (m = first(false, NULL, 0)))
		return m;
	/* The root's compatible strings, each NUL-terminated within root_len. */
	for (int off = 0; root && off < root_len && !m;) {
		const char *s = root + off;
		const char *nul = memchr(s, 0, (size_t)(root_len - off));
		size_t l = nul ? (size_t)(nul - s) : (size_t)(root_len - off);

		if (l)
			m = first(false, s, l);
		off += (int)l + 1;
	}
	return m;
}

const char *start_method_name(const struct start_method *m)
{
	return m ? m->name : "none";
}
