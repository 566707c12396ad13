/* The CPU start methods as data: see board/cpu_methods.h. */
#include "board/cpu_methods.h"

#include <string.h>

const struct cpu_method_desc cpu_methods[CPU_START_COUNT] = {
#define CPU_METHOD(id, name_, em, psci_, rc)                                                       \
	[CPU_START_##id] = {                                                                       \
		.name = name_, .enable_methods = em, .psci_node = psci_, .root_compats = rc        \
	},
#include "board/cpu_methods.def"
#undef CPU_METHOD
};

/* Whether the list "a\0b\0" holds s. */
static bool in_list(const char *list, const char *s, size_t slen)
{
	for (const char *p = list; *p; p += strlen(p) + 1)
		if (strlen(p) == slen && !memcmp(p, s, slen))
			return true;
	return false;
}

enum cpu_start cpu_method_find(const char *method, bool psci, const char *root, int root_len)
{
	if (method && *method) {
		for (int i = 0; i < CPU_START_COUNT; i++)
			if (in_list(cpu_methods[i].enable_methods, method, strlen(method)))
				return (enum cpu_start)i;
		return CPU_START_NONE;
	}
	for (int i = 0; psci && i < CPU_START_COUNT; i++)
		if (cpu_methods[i].psci_node)
			return (enum cpu_start)i;
	/* The root's compatible strings, each NUL-terminated within root_len. */
	for (int off = 0; root && off < root_len;) {
		const char *s = root + off;
		const char *nul = memchr(s, 0, (size_t)(root_len - off));
		size_t l = nul ? (size_t)(nul - s) : (size_t)(root_len - off);
		for (int i = 0; i < CPU_START_COUNT; i++)
			if (l && in_list(cpu_methods[i].root_compats, s, l))
				return (enum cpu_start)i;
		off += (int)l + 1;
	}
	return CPU_START_NONE;
}

const char *cpu_start_name(enum cpu_start s)
{
	return s >= 0 && s < CPU_START_COUNT ? cpu_methods[s].name : "none";
}
