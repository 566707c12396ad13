/* SPDX-License-Identifier: BSD-2-Clause */
/* The command line: see cmdline.h. */
#include "boot/cmdline.h"

#include <string.h>

#include "arch/arch.h"
#include "arch/exception.h"
#include "boot/boot.h"
#include "front/options.h"

/* Room past the registry's limit, so that a longer line reaches it and is
 * refused by name (OPT_TOO_LONG) rather than by QEMU. */
static char line[4 * OPT_LINE_MAX];
static bool unread; /* semihosting answered, but its line did not fit */
static const char *taken = "";
static const char *source = "none";

struct semihost_call {
	uintptr_t block[2];
	uintptr_t ret;
};

/* SYS_GET_CMDLINE: block = { buffer, its size }; QEMU writes the line and
 * its NUL, and fails (ret != 0) if it does not fit (semihosting for
 * AArch32 and AArch64, version 2.0, SYS_GET_CMDLINE 0x15). */
static void get_semihost_cmdline(void *arg)
{
	struct semihost_call *c = arg;

	c->block[0] = (uintptr_t)line;
	c->block[1] = sizeof(line) - 1;
	c->ret = arch_semihost(SEMIHOST_SYS_GET_CMDLINE, (uintptr_t)c->block);
}

const char *cmdline_semihost(void)
{
	static bool asked;
	static const char *words;
	struct semihost_call c = { { 0, 0 }, 1 };

	if (asked)
		return words;
	asked = true;
	/* No semihosting: the HLT/SVC faults and the probe catches it. */
	if (fault_probe(get_semihost_cmdline, &c, NULL))
		line[0] = 0;
	else if (c.ret != 0)
		line[0] = 0, unread = true;
	line[sizeof(line) - 1] = 0;
	return words = opt_semihost_words(line);
}

void cmdline_init(void)
{
	const char *b = boot.hw.board.bootargs;

	if ((taken = cmdline_semihost()) != NULL) {
		source = "semihosting";
		options_init(taken, strlen(taken) + 1, source);
	} else if (b) { /* the tree's string, NUL-terminated (board/fdt_board.c) */
		taken = b;
		source = "bootargs";
		options_init(b, strlen(b) + 1, source);
	} else {
		taken = "";
		options_init("", 1, source);
	}
}

const char *cmdline(void)
{
	return taken;
}

const char *cmdline_source(void)
{
	return source;
}

bool cmdline_semihost_unread(void)
{
	return unread;
}

bool cmdline_get(const char *key, char *buf, size_t size)
{
	const char *v;

	if (option_get(key, &v) != OPT_GIVEN)
		return false;
	if (size) {
		size_t n = v ? strnlen(v, size - 1) : 0;
		memcpy(buf, v ? v : "", n);
		buf[n] = 0;
	}
	return true;
}
