/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The run's command line read through the registry (front/options.h): the
 * parsed line, the accessors the modules call, problems in words, and the
 * table printed (help on the console; Markdown for the README).
 */
#include "front/options.h"

#include <stdio.h>
#include <string.h>

static struct opt_line run_line;
static const char *run_source = "none", *run_text = "";

/* The heading of the test hooks' part of help and of the README's list. */
#define HOOKS_WHAT                                                                                 \
	"test hooks (each breaks something on purpose, for the matrix to see a test catch it; "    \
	"not for a board's run)"
static size_t run_size = 1;
static bool parsed;

/* Parsed when first asked, not at boot: the boot's instruction count
 * (boot: discovery) stays the boot's. */
void options_init(const char *line, size_t size, const char *source)
{
	run_text = line;
	run_size = size;
	run_source = source;
	parsed = false;
}

static const struct opt_line *line(void)
{
	if (!parsed)
		opt_parse(&run_line, run_text, run_size);
	parsed = true;
	return &run_line;
}

const struct opt_line *options_line(void)
{
	return line();
}

const char *options_source(void)
{
	return run_source;
}

/* The word that gives key (accepted or not), or NULL. */
static const struct opt_word *find_word(const char *key)
{
	const struct opt *o = opt_find(key, strlen(key));
	const struct opt_line *l = line();

	/* The first: a repeated key's later words are refused. */
	for (unsigned i = 0; o && i < l->nwords; i++)
		if (l->word[i].def == o)
			return &l->word[i];
	return NULL;
}

enum opt_state option_get(const char *key, const char **value)
{
	const struct opt_word *w = find_word(key);

	if (value)
		*value = NULL;
	if (!w)
		return OPT_ABSENT;
	if (w->refused)
		return OPT_REFUSED;
	if (value)
		*value = w->value;
	return OPT_GIVEN;
}

bool option_is(const char *key, const char *value)
{
	const char *v;

	if (option_get(key, &v) != OPT_GIVEN)
		return false;
	return value ? v && !strcmp(v, value) : !v;
}

enum opt_state option_number(const char *key, uint64_t fallback, uint64_t *v)
{
	const struct opt *o = opt_find(key, strlen(key));
	const char *s, *end;
	enum opt_state st = option_get(key, &s);

	*v = fallback;
	if (st != OPT_GIVEN || !s) /* a flag has no number */
		return st;
	if (o->kind == OPT_SIZE)
		opt_size(s, v);
	else if (o->kind == OPT_UINT)
		opt_number(s + (o->values ? strlen(o->values) : 0), &end, v);
	return st;
}

enum opt_state option_range(const char *key, uint64_t *base, uint64_t *size)
{
	const struct opt *o = opt_find(key, strlen(key));
	const char *s;
	enum opt_state st = option_get(key, &s);

	*base = *size = 0;
	if (st == OPT_GIVEN && s && o->kind == OPT_RANGE)
		opt_range(s, base, size);
	return st;
}

const char *option_refusal(const char *key, char *buf, size_t size)
{
	const struct opt_word *w = find_word(key);

	if (!w || !w->refused)
		return NULL;
	for (unsigned i = 0; i < run_line.nproblems; i++)
		if (run_line.problem[i].word == w - run_line.word)
			return opt_problem_text(&run_line, &run_line.problem[i], buf, size);
	snprintf(buf, size, "%s=%s: refused", w->key, w->value ? w->value : "");
	return buf;
}

const char *opt_err_name(enum opt_err e)
{
	static const char *const names[] = {
		[OPT_OK] = "ok",
		[OPT_UNKNOWN] = "unknown key",
		[OPT_BAD_VALUE] = "value does not parse",
		[OPT_OUT_OF_RANGE] = "value out of range",
		[OPT_NO_VALUE] = "no value",
		[OPT_FLAG_VALUE] = "a flag given a value",
		[OPT_NO_KEY] = "no key",
		[OPT_REPEATED] = "key repeated",
		[OPT_NOT_ASCII] = "not printable ASCII",
		[OPT_TOO_LONG] = "line too long",
		[OPT_UNTERMINATED] = "line not terminated",
		[OPT_TOO_MANY] = "too many words",
	};

	return (unsigned)e < sizeof(names) / sizeof(names[0]) && names[e] ? names[e] : "?";
}

/* What a key takes, in words: "off|quick|full", "1..64", "alias:12..19". */
static const char *takes(const struct opt *o, char *buf, size_t size)
{
	switch (o->kind) {
	case OPT_FLAG: snprintf(buf, size, "no value"); break;
	case OPT_ENUM: snprintf(buf, size, "%s", o->values); break;
	case OPT_UINT:
		if (o->min == 0 && o->max == UINT64_MAX)
			snprintf(buf, size, "%sN", o->values ? o->values : "");
		else
			snprintf(buf, size, "%s%llu..%llu", o->values ? o->values : "",
				 (unsigned long long)o->min, (unsigned long long)o->max);
		break;
	case OPT_SIZE: snprintf(buf, size, "SIZE (K, M, G, T; M if none)"); break;
	case OPT_RANGE: snprintf(buf, size, "BASE+SIZE"); break;
	default: snprintf(buf, size, o->many ? "TEXT, repeatable" : "TEXT"); break;
	}
	return buf;
}

const char *opt_problem_text(const struct opt_line *l, const struct opt_problem *p, char *buf,
			     size_t size)
{
	const struct opt_word *w = p->word >= 0 ? &l->word[p->word] : NULL;
	const char *k = w ? w->key : "", *v = w && w->value ? w->value : "";
	const char *eq = w && w->value ? "=" : "";
	char t[96];

	switch (p->err) {
	case OPT_UNKNOWN:
		snprintf(buf, size, "%s%s%s: unknown key \"%s\" (help lists the keys)", k, eq, v,
			 k);
		break;
	case OPT_BAD_VALUE:
	case OPT_OUT_OF_RANGE:
		snprintf(buf, size, "%s=%s: \"%s\" %s: %s takes %s", k, v, v,
			 p->err == OPT_BAD_VALUE ? "does not parse" : "is out of range", k,
			 takes(w->def, t, sizeof(t)));
		break;
	case OPT_NO_VALUE:
		snprintf(buf, size, "%s%s: no value: %s takes %s", k, eq, k,
			 takes(w->def, t, sizeof(t)));
		break;
	case OPT_FLAG_VALUE: snprintf(buf, size, "%s=%s: %s takes no value", k, v, k); break;
	case OPT_NO_KEY: snprintf(buf, size, "=%s: a value with no key", v); break;
	case OPT_REPEATED: {
		/* The word kept is the first of its key. make run (qemu-tests/boot.sh)
		 * writes mem= from its MEM= before the words of ARGS=, so a second
		 * mem= is the user's: MEM= is the way to give it. */
		const struct opt_word *first = w;
		bool mem = !strcmp(k, "mem");

		for (int i = 0; i < p->word; i++)
			if (l->word[i].def == w->def) {
				first = &l->word[i];
				break;
			}
		snprintf(buf, size, "%s%s%s: %s given again: the first, %s%s%s, is %s%s%s%s", k, eq,
			 v, k, first->key, first->value ? "=" : "",
			 first->value ? first->value : "",
			 first->refused ? "kept (and refused: none is used)" : "used",
			 mem ? " (make run puts mem= from MEM= first: give MEM=" : "", mem ? v : "",
			 mem ? ")" : "");
		break;
	}
	case OPT_NOT_ASCII:
		snprintf(buf, size,
			 "byte 0x%02x at offset %u is not printable ASCII: its word ignored",
			 p->byte, p->offset);
		break;
	case OPT_TOO_LONG:
		snprintf(buf, size, "the line is %zu bytes, over %u: cut at byte %u", l->size,
			 OPT_LINE_MAX - 1, p->offset);
		break;
	case OPT_UNTERMINATED:
		snprintf(buf, size, "the line has no NUL within its %u bytes", p->offset);
		break;
	case OPT_TOO_MANY:
		snprintf(buf, size, "more than %u words: the rest ignored (from offset %u)",
			 OPT_MAX_WORDS, p->offset);
		break;
	default: snprintf(buf, size, "%s", opt_err_name(p->err)); break;
	}
	return buf;
}

static void help_lines(bool hooks)
{
	char t[96];

	for (unsigned i = 0; i < options_count; i++) {
		const struct opt *o = &options_table[i];
		if (o->hook != hooks)
			continue;
		printf("# help: %s%s%s%s%s%s: %s (%s)\n", o->key, o->kind == OPT_FLAG ? "" : "=",
		       o->kind == OPT_FLAG ? "" : takes(o, t, sizeof(t)),
		       o->dflt[0] ? " [default " : "", o->dflt, o->dflt[0] ? "]" : "", o->help,
		       o->owner);
	}
}

void options_help(void)
{
	printf("# help: the command line: words key=value (bootargs, or semihosting's)\n");
	printf("# help: the options:\n");
	help_lines(false);
	printf("# help: %s:\n", HOOKS_WHAT);
	help_lines(true);
}

/* '|' escaped for a Markdown table cell. */
static void cell(const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			putchar('\\');
		putchar(*s);
	}
}

static void markdown_rows(bool hooks)
{
	char t[96];

	printf("| %s | takes | default | read by | what |\n|---|---|---|---|---|\n",
	       hooks ? "test hook (breaks something on purpose)" : "option");
	for (unsigned i = 0; i < options_count; i++) {
		const struct opt *o = &options_table[i];
		if (o->hook != hooks)
			continue;
		printf("| `%s%s` | ", o->key, o->kind == OPT_FLAG ? "" : "=");
		cell(takes(o, t, sizeof(t)));
		printf(" | %s | `%s` | ", o->dflt[0] ? o->dflt : "-", o->owner);
		cell(o->help);
		printf(" |\n");
	}
}

void options_markdown(void)
{
	markdown_rows(false);
	printf("\n"); /* then the hooks, a table of their own */
	markdown_rows(true);
}
