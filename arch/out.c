/* SPDX-License-Identifier: BSD-2-Clause */
/* The base layer's output sink: see out.h. */
#include "arch/out.h"

static void (*writer)(const char *s, size_t n);
static bool (*fail_over)(void);
volatile bool out_busy_flag;

void out_set_fail_over(bool (*fn)(void))
{
	fail_over = fn;
}

bool out_writer_faulted(void)
{
	return out_busy_flag;
}

bool out_fail_over(void)
{
	out_busy_flag = false;
	return fail_over && fail_over();
}

void out_set_writer(void (*write)(const char *s, size_t n))
{
	writer = write;
}

void out_write(const char *s, size_t n)
{
	if (writer)
		writer(s, n);
}

void out_puts(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	out_write(s, n);
}

void out_puthex(uintptr_t v)
{
	char buf[2 + 2 * sizeof(v)];
	size_t n = 0;

	buf[n++] = '0';
	buf[n++] = 'x';
	for (int shift = (int)(8 * sizeof(v)) - 4; shift >= 0; shift -= 4)
		buf[n++] = "0123456789abcdef"[(v >> shift) & 0xf];
	out_write(buf, n);
}
