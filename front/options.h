/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The option registry: every command-line key bringup reads, in one table
 * (front/options_table.c: key, allowed values or range, default, the module
 * that reads it, one line of help), and the parser of a command line against
 * it. Adding a key is one line of that table.
 *
 * A command line is words separated by spaces (tabs, newlines): "key=value",
 * or a bare flag ("help"). The parser (opt_parse) never writes past its
 * struct and never reads past the size it is given; what it cannot follow
 * it records as a problem, each named (enum opt_err, opt_problem_text):
 *   an unknown key, a value that does not parse or is out of range, a flag
 *   given a value or a key none, a key given twice (the first is kept), a
 *   byte that is not printable ASCII (the word is ignored), a line longer
 *   than OPT_LINE_MAX - 1 bytes (cut after its last whole word), a line not
 *   NUL-terminated within its size, more than OPT_MAX_WORDS words.
 * A word with a problem is not used: its key reads as refused (OPT_REFUSED),
 * never as a guess. At most OPT_MAX_PROBLEMS are kept (the rest counted).
 *
 * A boot loader's line is often Linux's (U-Boot's bootargs, a tree's
 * /chosen/bootargs): a word whose key is not the table's is Linux's, and is
 * ignored (struct opt_word linux_word, named in the report), not a problem, when
 * it is none of bringup's keys misspelt and it is one of Linux's well-known
 * parameters (front/options_linux.c), a module's parameter ("module.param",
 * a dot in the key) or a bare word ("rw", "quiet", "rootwait"). A key within
 * OPT_NEAR_EDITS edits of one of the table's (opt_near) is bringup's own
 * misspelt: unknown, as any other word (memtst=full, memtest.passes=2).
 *
 * The run's line: options_init() parses it once (boot/cmdline.c gives it);
 * the accessors below read it. The self-test "boot: cmdline" fails on every
 * problem; "help" prints the table (options_help).
 */
#ifndef FRONT_OPTIONS_H
#define FRONT_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define OPT_LINE_MAX     256 /* bytes of a command line, its NUL included */
#define OPT_MAX_WORDS    32
#define OPT_MAX_PROBLEMS 8

enum opt_kind {
	OPT_FLAG,  /* a bare word, no value */
	OPT_ENUM,  /* one of values ("off|quick|full") */
	OPT_UINT,  /* [values as a prefix, e.g. "alias:"] a number (decimal or 0x) in min..max */
	OPT_SIZE,  /* a number with K, M, G or T (M if none: QEMU's -m syntax), in min..max bytes */
	OPT_RANGE, /* BASE+SIZE, two numbers, SIZE > 0, not wrapping */
	OPT_TEXT,  /* any value, not empty */
};

struct opt {
	const char *key;
	enum opt_kind kind;
	const char *values; /* OPT_ENUM: the words, '|' between; OPT_UINT: a prefix or NULL */
	uint64_t min, max;  /* OPT_UINT, OPT_SIZE */
	const char *dflt;   /* what applies without the key, in words ("" none) */
	const char *owner;  /* the file that reads it */
	const char *help;   /* one line */
	/* A test hook (HOOK_*): it breaks bringup, or the RAM it tests, on
	 * purpose, so that the matrix sees a test catch it (a mutant, an
	 * injected fault, a crash); help and the README list the hooks apart
	 * from the options a board's user sets. */
	bool hook;
	/* A Linux parameter bringup reads too (console=, earlycon=): it may be
	 * given several times, as Linux takes it (several consoles), and each
	 * word is accepted; the reader picks among them. */
	bool many;
};

/* One line of the table each (front/options_table.c). */
#define OPTION_FLAG(k, owner, help)                                                                \
	{                                                                                          \
		k, OPT_FLAG, NULL, 0, 0, "", owner, help, false, false                             \
	}
#define OPTION_ENUM(k, vals, dflt, owner, help)                                                    \
	{                                                                                          \
		k, OPT_ENUM, vals, 0, 0, dflt, owner, help, false, false                           \
	}
#define OPTION_UINT(k, pfx, lo, hi, dflt, owner, help)                                             \
	{                                                                                          \
		k, OPT_UINT, pfx, lo, hi, dflt, owner, help, false, false                          \
	}
#define OPTION_SIZE(k, lo, hi, dflt, owner, help)                                                  \
	{                                                                                          \
		k, OPT_SIZE, NULL, lo, hi, dflt, owner, help, false, false                         \
	}
#define OPTION_RANGE(k, dflt, owner, help)                                                         \
	{                                                                                          \
		k, OPT_RANGE, NULL, 0, 0, dflt, owner, help, false, false                          \
	}
#define OPTION_TEXT(k, dflt, owner, help)                                                          \
	{                                                                                          \
		k, OPT_TEXT, NULL, 0, 0, dflt, owner, help, false, false                           \
	}

/* The same, for a test hook. */
#define HOOK_ENUM(k, vals, dflt, owner, help)                                                      \
	{                                                                                          \
		k, OPT_ENUM, vals, 0, 0, dflt, owner, help, true, false                            \
	}
#define HOOK_UINT(k, pfx, lo, hi, dflt, owner, help)                                               \
	{                                                                                          \
		k, OPT_UINT, pfx, lo, hi, dflt, owner, help, true, false                           \
	}
/* A Linux parameter bringup reads too (many: see struct opt). */
#define OPTION_LINUX(k, owner, help)                                                               \
	{                                                                                          \
		k, OPT_TEXT, NULL, 0, 0, "", owner, help, false, true                              \
	}

extern const struct opt options_table[];
extern const unsigned options_count;

enum opt_err {
	OPT_OK,
	OPT_UNKNOWN,      /* no such key in the table */
	OPT_BAD_VALUE,    /* the value does not parse as the key's kind */
	OPT_OUT_OF_RANGE, /* a number outside min..max */
	OPT_NO_VALUE,     /* a key that takes a value, given none ("memtest", "memtest=") */
	OPT_FLAG_VALUE,   /* a flag given a value ("help=1") */
	OPT_NO_KEY,       /* "=value" */
	OPT_REPEATED,     /* a key given again: the first is kept */
	OPT_NOT_ASCII,    /* a byte outside printable ASCII: its word ignored */
	OPT_TOO_LONG,     /* longer than OPT_LINE_MAX - 1 bytes: cut */
	OPT_UNTERMINATED, /* no NUL within the size given */
	OPT_TOO_MANY,     /* more than OPT_MAX_WORDS words: the rest ignored */
};

struct opt_word {
	const char *key, *value; /* in opt_line.buf; value NULL for a bare word */
	const struct opt *def;   /* the table's entry, NULL if unknown */
	bool refused;            /* a problem names this word: not used */
	bool linux_word;         /* Linux's, not bringup's: ignored, no problem (def NULL) */
};

struct opt_problem {
	enum opt_err err;
	int word;           /* index into opt_line.word, or -1 (the line) */
	unsigned offset;    /* OPT_NOT_ASCII: where; OPT_TOO_LONG: where it was cut */
	unsigned char byte; /* OPT_NOT_ASCII: the byte */
};

struct opt_line {
	char text[OPT_LINE_MAX]; /* the line as taken (a byte outside ASCII shown as '?') */
	char buf[OPT_LINE_MAX];  /* the words, split in place */
	struct opt_word word[OPT_MAX_WORDS];
	unsigned nwords;
	struct opt_problem problem[OPT_MAX_PROBLEMS];
	unsigned nproblems, dropped; /* dropped: problems past OPT_MAX_PROBLEMS */
	size_t size;                 /* bytes read of the input */
};

/* Parses s (at most size bytes; it ends at its first NUL) into *l against the
 * table. Returns the number of problems (nproblems + dropped). */
unsigned opt_parse(struct opt_line *l, const char *s, size_t size);
/* Writes a problem in words, naming the word as given, into buf (always
 * NUL-terminated). Returns buf. */
const char *opt_problem_text(const struct opt_line *l, const struct opt_problem *p, char *buf,
			     size_t size);
/* Linux's words (front/options_linux.c). A key within this many edits
 * (insert, delete, substitute, swap two neighbours) of a table key is that
 * key misspelt; 1 for a key of 4 letters or less (mem, help). */
#define OPT_NEAR_EDITS 2
/* The table's key that key[0..len) misspells (within the edits above), or
 * NULL: none (an exact key is not a misspelling: opt_find). */
const struct opt *opt_near(const char *key, size_t len);
/* Whether the word key[0..len) (its value, if any, aside) is Linux's: not
 * the table's nor near one of its keys (opt_near), and one of Linux's
 * well-known parameters, a "module.param" key or a bare word beginning with
 * a letter. */
bool opt_linux_word(const char *key, size_t len, bool has_value);
/* Linux's well-known parameters this recognises (the list, for the tests). */
extern const char *const opt_linux_params[];
extern const unsigned opt_linux_count;

/* The name of an error, e.g. "unknown key". */
const char *opt_err_name(enum opt_err e);
/* The table entry for key (len bytes), or NULL. */
const struct opt *opt_find(const char *key, size_t len);
/* The value parsers the table's kinds use (false: does not parse). */
bool opt_number(const char *s, const char **end, uint64_t *v); /* decimal or 0x hex */
bool opt_size(const char *s, uint64_t *v);                     /* OPT_SIZE, in bytes */
bool opt_range(const char *s, uint64_t *base, uint64_t *size); /* OPT_RANGE */
/* A value (NULL: none given) checked against key's entry. */
enum opt_err opt_check(const struct opt *o, const char *value);

/* A semihosting command line: its first word is the program's name (QEMU
 * joins its arg= list, the name first; without arg= it falls back to the
 * -kernel file's name). The words after it if one of them is "key=value"
 * or a flag of the table ("help"); else NULL: it is no command line (so a
 * U-Boot run as -kernel does not hide its bootargs behind its file name). */
const char *opt_semihost_words(const char *line);

/* The run's line (front/options.c): line must stay valid; it is parsed when
 * first read. source: where it came from, for the echo. */
void options_init(const char *line, size_t size, const char *source);
const struct opt_line *options_line(void);
const char *options_source(void);

enum opt_state { OPT_ABSENT, OPT_GIVEN, OPT_REFUSED };
/* key's value text (NULL for a flag) if given and accepted. */
enum opt_state option_get(const char *key, const char **value);
/* The key was given and is value (an OPT_ENUM word, or a flag with value NULL). */
bool option_is(const char *key, const char *value);
/* The number key gives (OPT_UINT, OPT_SIZE: bytes), else fallback: when
 * absent, refused, or of another kind. */
enum opt_state option_number(const char *key, uint64_t fallback, uint64_t *v);
/* OPT_RANGE: BASE and SIZE (both 0 when absent, refused, or of another kind). */
enum opt_state option_range(const char *key, uint64_t *base, uint64_t *size);
/* Why key's word was refused, in words (the first problem naming it), into
 * buf; NULL if it was not. */
const char *option_refusal(const char *key, char *buf, size_t size);

/* The table on the console, one "# help: " line a key: the options, then
 * the test hooks under a line of their own. */
void options_help(void);
/* The table as the README's Markdown (scripts and make check-options-doc):
 * the options, then the test hooks, a table each. */
void options_markdown(void);

#endif
