/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * host-options: the option registry's parser (front/options_parse.c) and
 * accessors (front/options.c), natively with ASan/UBSan. Each kind of bad
 * input gives its named problem and the word is not used: an unknown key, a
 * value that does not parse or is out of range, a flag given a value, a key
 * given none, "=value", a key given twice, a byte outside printable ASCII, an
 * overlong line, one with no NUL within its size, too many words; numbers
 * that overflow 64 bits; problem texts cut to any buffer size; the
 * semihosting rule (a line of only a program's name is no command line);
 * Linux's words (a boot loader's line) ignored and marked, bringup's keys
 * misspelt still refused, and no word of Linux's list near a key of ours.
 * With an argument: "markdown" or "help" prints the table that way, "dict"
 * the keys as a libFuzzer dictionary (make options-doc, the fuzzer).
 */
#include <stdlib.h>

#include "front/options.h"
#include "tests/host/common/check.h"

CHECK_COUNTERS;

static struct opt_line l;

/* Parses s; true if exactly the problems want (in order) were recorded,
 * each with a text naming needle (NULL: any). */
static bool parse_expect(const char *s, size_t size, const enum opt_err *want, unsigned n,
			 const char *needle)
{
	char buf[200];
	bool ok = opt_parse(&l, s, size) == n && l.nproblems == n;

	for (unsigned i = 0; ok && i < n; i++) {
		opt_problem_text(&l, &l.problem[i], buf, sizeof(buf));
		ok = l.problem[i].err == want[i] && (!needle || strstr(buf, needle));
		if (!ok)
			printf("# problem %u: %s (%s)\n", i, buf, opt_err_name(l.problem[i].err));
	}
	return ok;
}

#define EXPECT1(s, e, needle)                                                                      \
	CHECK(parse_expect(s, strlen(s) + 1, (enum opt_err[]){ e }, 1, needle), "%s: want %s", s,  \
	      opt_err_name(e))

static void words_and_values(void)
{
	CHECK(parse_expect("", 1, NULL, 0, NULL) && l.nwords == 0, "empty line");
	CHECK(parse_expect("  mem=256M \t memtest=off\n", 27, NULL, 0, NULL) && l.nwords == 2 &&
		      !strcmp(l.word[0].key, "mem") && !strcmp(l.word[0].value, "256M") &&
		      !strcmp(l.word[1].value, "off"),
	      "two words, white space around them");
	CHECK(parse_expect("help", 5, NULL, 0, NULL) && l.word[0].value == NULL, "a flag");
	EXPECT1("memtst=full", OPT_UNKNOWN, "unknown key \"memtst\"");
	EXPECT1("memtest_cache=of", OPT_BAD_VALUE, "memtest_cache=of");
	EXPECT1("memtest_passes=2x", OPT_BAD_VALUE, "memtest_passes=2x");
	EXPECT1("memtest=fulll", OPT_BAD_VALUE, "memtest takes off|quick|full");
	EXPECT1("memtest=off|quick", OPT_BAD_VALUE, "memtest=off|quick");
	EXPECT1("memtest=of", OPT_BAD_VALUE, NULL);
	EXPECT1("memtest=offf", OPT_BAD_VALUE, NULL);
	EXPECT1("memtest_passes=65", OPT_OUT_OF_RANGE, "takes 0..64");
	EXPECT1("psci_cycles=0", OPT_OUT_OF_RANGE, NULL);
	EXPECT1("memtest_passes=-1", OPT_BAD_VALUE, NULL);
	CHECK(parse_expect("memtest_passes= 1", 18, (enum opt_err[]){ OPT_NO_VALUE, OPT_UNKNOWN },
			   2, NULL),
	      "\"memtest_passes=\", then \"1\"");
	EXPECT1("memtest_fault=alias:20", OPT_OUT_OF_RANGE, "alias:12..19");
	EXPECT1("memtest_fault=13", OPT_BAD_VALUE, NULL);
	EXPECT1("memtest_seed=18446744073709551616", OPT_BAD_VALUE, NULL); /* 2^64 */
	EXPECT1("memtest_seed=0x10000000000000000", OPT_BAD_VALUE, NULL);
	CHECK(parse_expect("memtest_seed=18446744073709551615", 34, NULL, 0, NULL), "2^64 - 1");
	EXPECT1("mem=16777216T", OPT_BAD_VALUE, NULL); /* 2^64 bytes */
	EXPECT1("mem=256MB", OPT_BAD_VALUE, NULL);
	EXPECT1("mem=0", OPT_OUT_OF_RANGE, NULL);
	EXPECT1("memtest_range=0x40000000", OPT_BAD_VALUE, NULL);
	EXPECT1("memtest_range=0x40000000+0", OPT_BAD_VALUE, NULL);
	EXPECT1("memtest_range=0xfffffffffffff000+0x2000", OPT_BAD_VALUE, NULL); /* wraps */
	EXPECT1("memtest", OPT_NO_VALUE, "memtest takes off|quick|full");
	EXPECT1("memtest=", OPT_NO_VALUE, NULL);
	EXPECT1("help=1", OPT_FLAG_VALUE, "help takes no value");
	EXPECT1("=5", OPT_NO_KEY, "=5");
	EXPECT1("crash=oops", OPT_BAD_VALUE, "undef|abort|stack|el2|el3");
	CHECK(parse_expect("mem=1G mem=2G", 14, (enum opt_err[]){ OPT_REPEATED }, 1, "mem=2G") &&
		      !l.word[0].refused && l.word[1].refused,
	      "a repeated key: the first kept");
	/* Which one is used, by value; mem= (make run puts its own first, from
	 * MEM=: qemu-tests/boot.sh) points to MEM=. */
	EXPECT1("memtest=full memtest=off", OPT_REPEATED, "the first, memtest=full, is used");
	EXPECT1("mem=256M mem=128M", OPT_REPEATED, "the first, mem=256M, is used (make run puts");
	EXPECT1("mem=256M mem=128M", OPT_REPEATED, "MEM=128M");
}

static void bad_bytes(void)
{
	char big[3 * OPT_LINE_MAX];
	size_t n = 0;

	/* Not ASCII: the word with it is ignored, named by offset and byte. */
	CHECK(parse_expect("mem=1G memtest=f\xc3\xbcll bench=1", 29,
			   (enum opt_err[]){ OPT_NOT_ASCII }, 1, "byte 0xc3 at offset 16") &&
		      l.nwords == 3 && l.word[1].refused && !l.word[2].refused,
	      "a UTF-8 word");
	EXPECT1("memtest=\x01off", OPT_NOT_ASCII, "byte 0x01");
	CHECK(strchr(l.text, '\x01') == NULL, "the echo shows no control byte: %s", l.text);
	/* Unterminated: the size ends it, nothing read past. */
	char *heap = malloc(12);
	memcpy(heap, "memtest=full", 12);
	CHECK(parse_expect(heap, 12, (enum opt_err[]){ OPT_UNTERMINATED }, 1, "within its 12") &&
		      l.nwords == 1 && !strcmp(l.word[0].value, "full"),
	      "no NUL within the size");
	free(heap);
	/* Overlong: cut after the last whole word that fits, named. */
	while (n + 12 < sizeof(big))
		memcpy(big + n, "memtest=off ", 12), n += 12;
	big[n] = 0;
	opt_parse(&l, big, n + 1);
	CHECK(l.nproblems > 0 && l.problem[0].err == OPT_TOO_LONG, "overlong: %s",
	      l.nproblems ? opt_err_name(l.problem[0].err) : "no problem");
	CHECK(l.nwords == OPT_MAX_WORDS || l.nwords * 12 <= OPT_LINE_MAX, "%u words", l.nwords);
	for (unsigned i = 0; i < l.nwords; i++)
		CHECK(!l.word[i].value || !strcmp(l.word[i].value, "off"), "word %u cut: %s", i,
		      l.word[i].value);
	/* Too many words: the rest ignored, named; repeats counted past the cap. */
	n = 0;
	for (unsigned i = 0; i < OPT_MAX_WORDS + 4; i++)
		memcpy(big + n, "x=1 ", 4), n += 4;
	big[n] = 0;
	opt_parse(&l, big, n + 1);
	CHECK(l.nwords == OPT_MAX_WORDS, "%u words kept", l.nwords);
	CHECK(l.nproblems == OPT_MAX_PROBLEMS && l.dropped > 0, "problems %u, dropped %u",
	      l.nproblems, l.dropped);
	/* The texts fit any buffer, cut and NUL-terminated. */
	opt_parse(&l, "memtst=full", 12);
	for (size_t size = 1; size < 64; size++) {
		char *b = malloc(size);
		opt_problem_text(&l, &l.problem[0], b, size);
		CHECK(strlen(b) < size, "text in %zu bytes", size);
		free(b);
	}
}

/* Linux's words: ignored and marked, not problems; bringup's misspelt keys
 * still unknown; console= and earlycon= taken as often as given. */
static void linux_words(void)
{
	static const char line[] =
		"console=ttyS2,1500000n8 console=tty1 earlycon=uart8250,mmio32,0xfe660000 "
		"root=/dev/mmcblk0p2 rootwait rw initrd=0x44000000,8M quiet loglevel=7 cma=64M "
		"panic=10 net.ifnames=0 usbcore.autosuspend=-1 memtest=full";
	static const char *const linux_ones[] = {
		"root",     "rootwait", "rw",    "initrd",      "quiet",
		"loglevel", "cma",      "panic", "net.ifnames", "usbcore.autosuspend"
	};
	unsigned nlinux = 0;

	CHECK(parse_expect(line, sizeof(line), NULL, 0, NULL), "a Linux line: no problem");
	for (unsigned i = 0; i < l.nwords; i++) {
		const struct opt_word *w = &l.word[i];
		bool want = false;
		for (unsigned k = 0; k < sizeof(linux_ones) / sizeof(linux_ones[0]); k++)
			want |= !strcmp(w->key, linux_ones[k]);
		nlinux += w->linux_word;
		CHECK(w->linux_word == want && !w->refused && (w->def == NULL) == w->linux_word,
		      "%s: Linux's %d, refused %d", w->key, w->linux_word, w->refused);
	}
	CHECK(nlinux == 10, "%u Linux words", nlinux);
	CHECK(parse_expect("console=ttyS0 console=ttyAMA0 earlycon=a earlycon=b", 52, NULL, 0,
			   NULL) &&
		      l.nwords == 4 && !l.word[1].refused && !l.word[3].refused,
	      "console= and earlycon= repeated");
	/* Misspelt keys of bringup's: unknown, whatever Linux's rules say. */
	EXPECT1("memtest.passes=2", OPT_UNKNOWN, "unknown key \"memtest.passes\"");
	EXPECT1("memtest_pases=2", OPT_UNKNOWN, NULL);
	EXPECT1("memtset=full", OPT_UNKNOWN, NULL); /* two neighbours swapped: one edit */
	EXPECT1("hlep", OPT_UNKNOWN, "unknown key \"hlep\"");
	EXPECT1("men=256M", OPT_UNKNOWN, NULL);
	EXPECT1("burning=60", OPT_UNKNOWN, NULL);
	EXPECT1("earlycom=pl011,0x9000000", OPT_UNKNOWN, NULL);
	/* Neither a key of Linux's list, nor a module's, nor bare: unknown. */
	EXPECT1("splash=verbose", OPT_UNKNOWN, NULL);
	EXPECT1(".x=1", OPT_UNKNOWN, NULL);
	EXPECT1("x.=1", OPT_UNKNOWN, NULL);
	EXPECT1("1", OPT_UNKNOWN, NULL);
	CHECK(parse_expect("ro debug nokaslr S", 19, NULL, 0, NULL) && l.word[3].linux_word,
	      "bare words");
	CHECK(opt_near("memtst", 6) == opt_find("memtest", 7), "memtst is memtest misspelt");
	CHECK(opt_near("ro", 2) == NULL && opt_near("cma", 3) == NULL && opt_near("mem", 3) == NULL,
	      "ro, cma: no key of bringup's near; mem is one");
	/* The list: Linux's, none of them a key of bringup's or near one. */
	for (unsigned i = 0; i < opt_linux_count; i++) {
		const char *k = opt_linux_params[i];
		const struct opt *o = opt_near(k, strlen(k));
		CHECK(!opt_find(k, strlen(k)) && !o && opt_linux_word(k, strlen(k), true),
		      "Linux's %s is bringup's key or near %s", k, o ? o->key : "(none)");
	}
	for (unsigned i = 0; i < options_count; i++)
		CHECK(!opt_linux_word(options_table[i].key, strlen(options_table[i].key), true),
		      "%s: bringup's key taken for Linux's", options_table[i].key);
}

static void accessors(void)
{
	const char *v;
	uint64_t x, base, size;
	char buf[120];
	static const char line[] = "mem=1G memtest=fulll memtest_passes=3 memtest_fault=alias:13 "
				   "memtest_range=0x44000000+0x100000 help smp_tlbi=local";

	options_init(line, sizeof(line), "host");
	CHECK(option_number("mem", 0, &x) == OPT_GIVEN && x == 1u << 30, "mem=1G: %llu",
	      (unsigned long long)x);
	CHECK(option_get("memtest", &v) == OPT_REFUSED && v == NULL, "memtest=fulll refused");
	CHECK(option_refusal("memtest", buf, sizeof(buf)) && strstr(buf, "memtest=fulll"), "%s",
	      buf);
	CHECK(option_refusal("mem", buf, sizeof(buf)) == NULL, "mem= not refused");
	CHECK(option_number("memtest_passes", 1, &x) == OPT_GIVEN && x == 3, "passes");
	CHECK(option_number("memtest_fault", 99, &x) == OPT_GIVEN && x == 13, "alias:13");
	CHECK(option_number("memtest_seed", 1, &x) == OPT_ABSENT && x == 1, "seed default");
	CHECK(option_range("memtest_range", &base, &size) == OPT_GIVEN && base == 0x44000000 &&
		      size == 0x100000,
	      "range");
	CHECK(option_is("help", NULL) && option_is("smp_tlbi", "local") &&
		      !option_is("smp_tlbi", "broadcast") && !option_is("smp_sb", "nobarrier"),
	      "flags and words");
	CHECK(!strcmp(options_source(), "host"), "source");
	/* A repeated key: the accessors answer with the first word, as the
	 * parser's problem says ("the first is used"). */
	static const char twice[] = "mem=1G mem=2G memtest=full memtest=off";
	options_init(twice, sizeof(twice), "host");
	CHECK(option_number("mem", 0, &x) == OPT_GIVEN && x == 1u << 30,
	      "mem=1G mem=2G: option_number answers %llu, not the first's 1G",
	      (unsigned long long)x);
	CHECK(option_get("memtest", &v) == OPT_GIVEN && v && !strcmp(v, "full"),
	      "memtest=full memtest=off: option_get answers %s, not the first's full",
	      v ? v : "(none)");
}

static void semihosting(void)
{
	const char *w;

	CHECK(opt_semihost_words("/usr/lib/u-boot/qemu_arm64/u-boot.bin") == NULL,
	      "a program's name alone is no command line");
	CHECK(opt_semihost_words("") == NULL && opt_semihost_words("bringup") == NULL &&
		      opt_semihost_words("bringup  some words") == NULL,
	      "no key=value word");
	w = opt_semihost_words("bringup mem=256M memtest=off");
	CHECK(w && !strcmp(w, "mem=256M memtest=off"), "the words after the name: %s",
	      w ? w : "(none)");
	w = opt_semihost_words("bringup help");
	CHECK(w && !strcmp(w, "help"), "a flag alone");
	CHECK(opt_semihost_words("mem=256M") == NULL, "the first word is the name, even with =");
}

/* Every key once, its default valid for its kind. */
static void table(void)
{
	for (unsigned i = 0; i < options_count; i++) {
		const struct opt *o = &options_table[i];
		CHECK(opt_find(o->key, strlen(o->key)) == o, "%s listed twice", o->key);
		CHECK(o->help && *o->help && !strchr(o->help, '|') && o->owner && *o->owner,
		      "%s: help and owner", o->key);
		if (o->kind == OPT_ENUM ||
		    (o->kind == OPT_UINT && o->dflt[0] >= '0' && o->dflt[0] <= '9'))
			CHECK(!o->dflt[0] || opt_check(o, o->dflt) == OPT_OK, "%s: default %s",
			      o->key, o->dflt);
	}
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "markdown")) {
		options_markdown();
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "help")) {
		options_help();
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "dict")) {
		for (unsigned i = 0; i < options_count; i++)
			printf("\"%s%s\"\n", options_table[i].key,
			       options_table[i].kind == OPT_FLAG ? "" : "=");
		return 0;
	}
	words_and_values();
	bad_bytes();
	linux_words();
	accessors();
	semihosting();
	table();
	return check_report("host-options");
}
