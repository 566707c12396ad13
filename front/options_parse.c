/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The command-line parser (front/options.h): splits a line into words, looks
 * each key up in the table and checks its value, recording every problem.
 * Bounded: reads at most the size given, writes only into struct opt_line.
 * Plain C without the C library beyond string.h, so the host fuzzes this
 * very file (tests/host/front/fuzz_options.c).
 */
#include <string.h>

#include "front/options.h"

static bool is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool is_printable(unsigned char c)
{
	return c > ' ' && c < 0x7f;
}

const struct opt *opt_find(const char *key, size_t len)
{
	for (unsigned i = 0; i < options_count; i++)
		if (!strncmp(options_table[i].key, key, len) && !options_table[i].key[len])
			return &options_table[i];
	return NULL;
}

static void problem(struct opt_line *l, enum opt_err err, int word, unsigned offset,
		    unsigned char byte)
{
	if (word >= 0)
		l->word[word].refused = true;
	if (l->nproblems >= OPT_MAX_PROBLEMS) {
		l->dropped++;
		return;
	}
	l->problem[l->nproblems++] = (struct opt_problem){ err, word, offset, byte };
}

/* A number: decimal, or hexadecimal after 0x; false if none or it overflows
 * 64 bits. *end: the first byte after it. */
bool opt_number(const char *s, const char **end, uint64_t *v)
{
	unsigned base = 10;
	uint64_t x = 0;
	const char *p = s;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		base = 16, p += 2;
	const char *digits = p;
	for (;; p++) {
		unsigned d;
		if (*p >= '0' && *p <= '9')
			d = (unsigned)(*p - '0');
		else if (base == 16 && *p >= 'a' && *p <= 'f')
			d = (unsigned)(*p - 'a' + 10);
		else if (base == 16 && *p >= 'A' && *p <= 'F')
			d = (unsigned)(*p - 'A' + 10);
		else
			break;
		if (x > (UINT64_MAX - d) / base)
			return false;
		x = x * base + d;
	}
	*end = p;
	*v = x;
	return p != digits;
}

/* A size: a number with K, M, G or T (M if none). */
bool opt_size(const char *s, uint64_t *v)
{
	const char *end;
	unsigned shift = 20;

	if (!opt_number(s, &end, v))
		return false;
	switch (*end) {
	case 'K':
	case 'k': shift = 10; break;
	case 'M':
	case 'm': shift = 20; break;
	case 'G':
	case 'g': shift = 30; break;
	case 'T':
	case 't': shift = 40; break;
	case 0: break;
	default: return false;
	}
	if (*end && end[1])
		return false;
	if (*v > UINT64_MAX >> shift)
		return false;
	*v <<= shift;
	return true;
}

bool opt_range(const char *s, uint64_t *base, uint64_t *size)
{
	const char *end;

	if (!opt_number(s, &end, base) || *end != '+' || !opt_number(end + 1, &end, size) || *end)
		return false;
	return *size && *base + *size - 1 >= *base;
}

/* value is one of the '|'-separated words of list. */
static bool in_list(const char *list, const char *value)
{
	size_t n = strlen(value);

	if (strchr(value, '|'))
		return false;
	for (const char *p = list; p; p = strchr(p, '|'), p = p ? p + 1 : NULL)
		if (!strncmp(p, value, n) && (p[n] == '|' || !p[n]))
			return true;
	return false;
}

/* The value of a known key: OPT_OK or why not. */
enum opt_err opt_check(const struct opt *o, const char *value)
{
	uint64_t v, b;
	const char *end;

	if (o->kind == OPT_FLAG)
		return value ? OPT_FLAG_VALUE : OPT_OK;
	if (!value || !*value)
		return OPT_NO_VALUE;
	switch (o->kind) {
	case OPT_ENUM: return in_list(o->values, value) ? OPT_OK : OPT_BAD_VALUE;
	case OPT_UINT:
		if (o->values) {
			size_t n = strlen(o->values);
			if (strncmp(value, o->values, n))
				return OPT_BAD_VALUE;
			value += n;
		}
		if (!opt_number(value, &end, &v) || *end)
			return OPT_BAD_VALUE;
		return v < o->min || v > o->max ? OPT_OUT_OF_RANGE : OPT_OK;
	case OPT_SIZE:
		if (!opt_size(value, &v))
			return OPT_BAD_VALUE;
		return v < o->min || v > o->max ? OPT_OUT_OF_RANGE : OPT_OK;
	case OPT_RANGE: return opt_range(value, &b, &v) ? OPT_OK : OPT_BAD_VALUE;
	default: return OPT_OK;
	}
}

/* One word, NUL-terminated in l->buf at w. */
static void take_word(struct opt_line *l, char *w)
{
	unsigned i = l->nwords++;
	char *eq = strchr(w, '=');
	struct opt_word *ow = &l->word[i];

	ow->key = w;
	ow->value = NULL;
	if (eq) {
		*eq = 0;
		ow->value = eq + 1;
	}
	if (!*w) {
		problem(l, OPT_NO_KEY, (int)i, 0, 0);
		return;
	}
	ow->def = opt_find(w, strlen(w));
	if (!ow->def) {
		/* Linux's (front/options_linux.c): ignored, named by the report. */
		if (opt_linux_word(w, strlen(w), eq != NULL))
			ow->linux_word = true;
		else
			problem(l, OPT_UNKNOWN, (int)i, 0, 0);
		return;
	}
	for (unsigned k = 0; k < i && !ow->def->many; k++)
		if (l->word[k].def == ow->def) {
			problem(l, OPT_REPEATED, (int)i, 0, 0);
			return;
		}
	enum opt_err e = opt_check(ow->def, ow->value);
	if (e != OPT_OK)
		problem(l, e, (int)i, 0, 0);
}

unsigned opt_parse(struct opt_line *l, const char *s, size_t size)
{
	size_t n = 0, cut;

	memset(l, 0, sizeof(*l));
	while (n < size && s[n])
		n++;
	if (n == size && size)
		problem(l, OPT_UNTERMINATED, -1, (unsigned)size, 0);
	cut = n;
	if (n > OPT_LINE_MAX - 1) {
		/* Cut after the last whole word that fits. */
		cut = OPT_LINE_MAX - 1;
		while (cut > 0 && !is_space((unsigned char)s[cut]))
			cut--;
		problem(l, OPT_TOO_LONG, -1, (unsigned)cut, 0);
	}
	l->size = n;
	for (size_t i = 0; i < cut; i++)
		l->text[i] = is_printable((unsigned char)s[i]) ? s[i]
			     : is_space((unsigned char)s[i])   ? ' '
							       : '?';
	memcpy(l->buf, s, cut);
	for (size_t i = 0; i < cut;) {
		if (is_space((unsigned char)l->buf[i])) {
			l->buf[i++] = 0;
			continue;
		}
		size_t start = i, bad = cut;
		for (; i < cut && !is_space((unsigned char)l->buf[i]); i++)
			if (bad == cut && !is_printable((unsigned char)l->buf[i]))
				bad = i;
		if (l->nwords == OPT_MAX_WORDS) {
			problem(l, OPT_TOO_MANY, -1, (unsigned)start, 0);
			break;
		}
		unsigned char byte = bad != cut ? (unsigned char)l->buf[bad] : 0;
		if (i < cut)
			l->buf[i++] = 0;
		if (bad != cut) {
			/* Named, not interpreted: its key may be anything. */
			unsigned w = l->nwords++;
			l->word[w].key = "";
			problem(l, OPT_NOT_ASCII, (int)w, (unsigned)bad, byte);
			continue;
		}
		take_word(l, &l->buf[start]);
	}
	return l->nproblems + l->dropped;
}

const char *opt_semihost_words(const char *line)
{
	const char *rest = line + strcspn(line, " "), *w;

	rest += strspn(rest, " ");
	for (w = rest; *w;) {
		size_t n = strcspn(w, " ");
		const struct opt *o;
		/* Runs at boot: the table is searched only for a word without '='. */
		if (memchr(w, '=', n) || (n && (o = opt_find(w, n)) && o->kind == OPT_FLAG))
			return rest;
		w += n;
		w += strspn(w, " ");
	}
	return NULL;
}
