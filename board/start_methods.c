/* The CPU start methods' lookup: see board/start_methods.h. */
#include "board/start_methods.h"

#include <string.h>

/* Weak: a host program that links the tree reader without smp/methods/
 * (the fuzzer) has no such section, and then no method. */
extern const struct start_method __start_start_methods[] __attribute__((weak));
extern const struct start_method __stop_start_methods[] __attribute__((weak));

#define EACH_METHOD(m) for (const struct start_method *m = __start_start_methods; m < __stop_start_methods; m++)

/* Whether the list "a\0b\0" (NULL: empty) holds s. */
static bool in_list(const char *list, const char *s, size_t slen)
{
	for (const char *p = list; p && *p; p += strlen(p) + 1)
		if (strlen(p) == slen && !memcmp(p, s, slen))
			return true;
	return false;
}

const struct start_method *start_method_find(const char *method, bool psci, const char *root,
					 int root_len)
{
	if (method && *method) {
		EACH_METHOD(m)
		if (in_list(m->enable_methods, method, strlen(method)))
			return m;
		return NULL;
	}
	if (psci)
		EACH_METHOD(m)
	if (m->psci_node)
		return m;
	/* The root's compatible strings, each NUL-terminated within root_len. */
	for (int off = 0; root && off < root_len;) {
		const char *s = root + off;
		const char *nul = memchr(s, 0, (size_t)(root_len - off));
		size_t l = nul ? (size_t)(nul - s) : (size_t)(root_len - off);
		EACH_METHOD(m)
		if (l && in_list(m->root_compats, s, l))
			return m;
		off += (int)l + 1;
	}
	return NULL;
}

const char *start_method_name(const struct start_method *m)
{
	return m ? m->name : "none";
}
