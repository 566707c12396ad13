/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * boot: cmdline: the command line the run received, echoed, and every word
 * of it the option registry (front/options.h) could not follow: an unknown
 * key, a value that does not parse or is out of range, a key given twice,
 * a byte outside ASCII, a line too long. Each is named as given, so a typo
 * (memtst=full) fails here instead of running silently on the defaults.
 * Linux's words (a boot loader's line) are named as ignored; an earlycon=
 * that could not be the console is named, and fails when the user gave it.
 */
#include <stdio.h>
#include <string.h>

#include "boot/boot.h"
#include "boot/cmdline.h"
#include "front/options.h"
#include "lib/selftest/selftest.h"

/* Linux's words of the line (front/options.h), in one line: what was
 * ignored is named, so a word meant for bringup is seen not to act. */
static void linux_words(const struct opt_line *l)
{
	char buf[OPT_LINE_MAX + 8];
	size_t n = 0;

	buf[0] = 0;
	for (unsigned i = 0; i < l->nwords; i++) {
		const struct opt_word *w = &l->word[i];
		if (w->linux_word)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, " %s%s%s", w->key,
					      w->value ? "=" : "", w->value ? w->value : "");
		if (n >= sizeof(buf))
			n = sizeof(buf) - 1;
	}
	if (n)
		diag("cmdline: Linux's words, ignored:%s", buf);
}

/* earlycon= (board.h console rule 3): refused is a failure when the run's
 * line gave it (a console the user named, not taken); the tree's own
 * bootargs' only noted. */
static void earlycon(void)
{
	const struct board_info *b = &boot.hw.board;
	const struct board_earlycon_word *ec = &b->earlycon;
	bool users;

	if (ec->state == EARLYCON_NONE) {
		if (option_get("earlycon", NULL) == OPT_GIVEN)
			diag("cmdline: earlycon= not used: %s",
			     boot.hw.dtb_error || !boot.hw.dtb
				     ? "no device tree names the devices its address must be in"
				     : "no earlycon=NAME,... word");
		return;
	}
	users = !strcmp(ec->src, cmdline_source());
	if (ec->state == EARLYCON_USED || ec->state == EARLYCON_UNUSED)
		diag("cmdline: %.*s: %s at 0x%llx (%s), %s%s%s", (int)ec->len, ec->word,
		     uart_name(ec->uart.driver), (unsigned long long)ec->uart.base, ec->uart.path,
		     ec->state == EARLYCON_USED ? "the console" : "not used: the console is ",
		     ec->state == EARLYCON_USED ? "" : "by ",
		     ec->state == EARLYCON_USED ? "" : b->console_rule);
	else if (users)
		expect(false, "cmdline: %.*s: %s", (int)ec->len, ec->word,
		       fdt_earlycon_words(ec->state));
	else
		diag("cmdline: %s's %.*s: not used: %s", ec->src, (int)ec->len, ec->word,
		     fdt_earlycon_words(ec->state));
}

SELFTEST(boot, cmdline)
{
	const struct opt_line *l = options_line();
	char why[160];

	diag("cmdline: \"%s\" (%s)", l->text, cmdline_source());
	expect(!cmdline_semihost_unread(),
	       "the semihosting command line is longer than bringup reads: not read");
	for (unsigned i = 0; i < l->nproblems; i++)
		expect(false, "cmdline: %s", opt_problem_text(l, &l->problem[i], why, sizeof(why)));
	expect(!l->dropped, "cmdline: %u more problems", l->dropped);
	linux_words(l);
	earlycon();
}
