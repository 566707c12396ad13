/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target for the command-line parser (front/options_parse.c) and
 * the accessors over it (front/options.c), built with ASan and UBSan: any
 * bytes, any length, not NUL-terminated (libFuzzer's buffer ends exactly at
 * its size, so a read past it is caught). Beyond "no crash, no overflow",
 * every input must leave a consistent result, else abort():
 *   - at most OPT_MAX_WORDS words; every key and value inside buf, ending
 *     in a NUL inside buf; an accepted word is a table key whose value its
 *     kind accepts, and no key is accepted twice (but those Linux takes
 *     several times: console=, earlycon=); a word taken for Linux's is not
 *     refused, names no entry, and is no key of bringup's nor near one;
 *   - every problem has a name and its text fits any buffer;
 *   - a byte outside printable ASCII, a line with no NUL, a line over the
 *     limit each leave their named problem (or a count of dropped ones);
 *   - the echo (text) is printable ASCII.
 * Run by host-options (make test: 100,000 inputs) and make fuzz (2,000,000).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/options.h"

#define REQUIRE(c, ...)                                                                            \
	do {                                                                                       \
		if (!(c)) {                                                                        \
			fprintf(stderr, "options fuzz: " __VA_ARGS__);                             \
			fprintf(stderr, "\n");                                                     \
			abort();                                                                   \
		}                                                                                  \
	} while (0)

static struct opt_line l;

static bool inside(const struct opt_line *p, const char *s)
{
	return s >= p->buf && s < p->buf + sizeof(p->buf) &&
	       memchr(s, 0, (size_t)(p->buf + sizeof(p->buf) - s));
}

static bool has(const struct opt_line *p, enum opt_err e)
{
	for (unsigned i = 0; i < p->nproblems; i++)
		if (p->problem[i].err == e)
			return true;
	return p->dropped > 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	size_t len = strnlen(s, size);
	char small[17], big[300];

	opt_parse(&l, s, size);
	REQUIRE(l.nwords <= OPT_MAX_WORDS, "%u words", l.nwords);
	REQUIRE(l.nproblems <= OPT_MAX_PROBLEMS, "%u problems", l.nproblems);
	for (unsigned i = 0; i < l.nwords; i++) {
		const struct opt_word *w = &l.word[i];
		if (w->linux_word) { /* ignored: no entry, no problem, never a key misspelt */
			REQUIRE(!w->def && !w->refused && inside(&l, w->key) &&
					(!w->value || inside(&l, w->value)),
				"word %u: Linux's, but refused or a key's", i);
			REQUIRE(!opt_find(w->key, strlen(w->key)) &&
					!opt_near(w->key, strlen(w->key)),
				"word %u: %s taken for Linux's, a key of bringup's or near one", i,
				w->key);
			continue;
		}
		if (w->refused && !w->def)
			continue; /* unknown or not ASCII: its key may be "" */
		REQUIRE(inside(&l, w->key), "word %u key outside buf", i);
		REQUIRE(!w->value || inside(&l, w->value), "word %u value outside buf", i);
		if (w->refused)
			continue;
		REQUIRE(w->def && opt_check(w->def, w->value) == OPT_OK,
			"word %u accepted, invalid", i);
		for (unsigned k = 0; k < i; k++)
			REQUIRE(l.word[k].refused || l.word[k].def != w->def || w->def->many,
				"%s accepted twice", w->def->key);
	}
	for (unsigned i = 0; i < l.nproblems; i++) {
		const struct opt_problem *p = &l.problem[i];
		REQUIRE(p->err > OPT_OK && p->err <= OPT_TOO_MANY, "problem %u: error %d", i,
			p->err);
		REQUIRE(strcmp(opt_err_name(p->err), "?"), "problem %u unnamed", i);
		REQUIRE(p->word < (int)l.nwords, "problem %u: word %d of %u", i, p->word, l.nwords);
		opt_problem_text(&l, p, small, sizeof(small));
		opt_problem_text(&l, p, big, sizeof(big));
		REQUIRE(strlen(small) < sizeof(small) && big[0], "problem %u text", i);
	}
	if (len == size && size)
		REQUIRE(has(&l, OPT_UNTERMINATED), "no NUL within %zu bytes, not named", size);
	if (len > OPT_LINE_MAX - 1)
		REQUIRE(has(&l, OPT_TOO_LONG), "%zu bytes, not named too long", len);
	for (size_t i = 0; i < len && i < OPT_LINE_MAX - 1 && l.nwords < OPT_MAX_WORDS; i++)
		if ((unsigned char)s[i] >= 0x7f ||
		    ((unsigned char)s[i] < ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r'))
			REQUIRE(has(&l, OPT_NOT_ASCII) || has(&l, OPT_TOO_LONG) ||
					has(&l, OPT_TOO_MANY),
				"byte 0x%02x at %zu not named", (unsigned char)s[i], i);
	for (size_t i = 0; l.text[i]; i++)
		REQUIRE(i < sizeof(l.text) && l.text[i] >= ' ' && l.text[i] < 0x7f, "echo byte %zu",
			i);

	/* The accessors over the same bytes, for every key of the table. */
	options_init(s, size, "fuzz");
	for (unsigned i = 0; i < options_count; i++) {
		const char *k = options_table[i].key, *v;
		uint64_t x, b, z;
		enum opt_state st = option_get(k, &v);
		REQUIRE(st != OPT_GIVEN || v == NULL || inside(options_line(), v), "%s value", k);
		REQUIRE((option_refusal(k, big, sizeof(big)) != NULL) == (st == OPT_REFUSED),
			"%s refusal", k);
		option_number(k, 7, &x);
		option_range(k, &b, &z);
		option_is(k, "off");
	}
	(void)opt_semihost_words(l.text);
	return 0;
}
