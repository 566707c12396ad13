/*
 * memory: the RAM the DTB describes is the RAM QEMU was given. The expected
 * size comes from outside the image: qemu-tests/boot.sh passes "mem=<-m>" on
 * the semihosting command line.
 */
#include <stdlib.h>
#include <string.h>

#include "boot/arch.h"
#include "boot/boot.h"
#include "boot/exception.h"
#include "lib/selftest.h"

struct cmdline_call {
	char buf[256];
	uintptr_t block[2];
	uintptr_t ret;
};

static void get_cmdline(void *arg)
{
	struct cmdline_call *c = arg;

	c->block[0] = (uintptr_t)c->buf;
	c->block[1] = sizeof(c->buf) - 1;
	c->ret = arch_semihost(SEMIHOST_SYS_GET_CMDLINE, (uintptr_t)c->block);
}

/* "mem=" value in bytes (QEMU -m syntax: number with an optional K/M/G/T), 0 if absent. */
static uint64_t cmdline_mem(const char *s)
{
	const char *m = strstr(s, "mem=");
	char *end;
	uint64_t v;

	if (!m)
		return 0;
	v = strtoull(m + 4, &end, 0);
	switch (*end) {
	case 'T': case 't': v <<= 10; /* fall through */
	case 'G': case 'g': v <<= 10; /* fall through */
	case 'K': case 'k': return v << 10;
	case 'M': case 'm': default: return v << 20;
	}
}

SELFTEST(memory, ram_size_matches)
{
	static struct cmdline_call c;
	uint64_t want, have = 0;

	if (boot.ram_from_platform) {
		skip("no DTB memory node: RAM is the platform default");
		return;
	}
	if (fault_probe(get_cmdline, &c, NULL) || c.ret != 0) {
		skip("no semihosting command line to compare with");
		return;
	}
	want = cmdline_mem(c.buf);
	if (!want) {
		skip("no mem= on the command line \"%s\"", c.buf);
		return;
	}
	for (unsigned i = 0; i < boot.board.nram; i++)
		have += boot.board.ram[i].size;
	diag("DTB RAM %llu MiB, QEMU -m %llu MiB", (unsigned long long)(have >> 20),
	     (unsigned long long)(want >> 20));
	expect(have == want, "DTB says %llu bytes of RAM, QEMU was given %llu", (unsigned long long)have,
	       (unsigned long long)want);
}
