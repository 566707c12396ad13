/*
 * memory: the RAM the DTB describes is the RAM QEMU was given. The expected
 * size comes from outside the image: qemu-tests/boot.sh passes "mem=<-m>" on
 * the semihosting command line (boot/cmdline.h).
 */
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "boot/boot.h"
#include "boot/cmdline.h"
#include "lib/selftest/selftest.h"

/* A size in QEMU -m syntax: a number with an optional K/M/G/T (default M). */
static uint64_t parse_size(const char *s)
{
	char *end;
	uint64_t v = strtoull(s, &end, 0);

	switch (*end) {
	case 'K':
	case 'k': return v << 10;
	case 'T':
	case 't': v <<= 10; /* fall through */
	case 'G':
	case 'g': v <<= 10; /* fall through */
	case 'M':
	case 'm':
	default: return v << 20;
	}
}

SELFTEST(memory, ram_size_matches)
{
	char mem[32];
	uint64_t want, have = 0;

	if (boot.hw.ram_from_platform) {
		skip("no DTB memory node: RAM is the platform default");
		return;
	}
	if (!cmdline_get("mem", mem, sizeof(mem)) || !(want = parse_size(mem))) {
		skip("no mem= on the command line \"%s\" to compare with", cmdline());
		return;
	}
	for (unsigned i = 0; i < boot.hw.board.nram; i++)
		have += boot.hw.board.ram[i].size;
	diag("DTB RAM %llu MiB, QEMU -m %llu MiB", (unsigned long long)(have >> 20),
	     (unsigned long long)(want >> 20));
	expect(have == want, "DTB says %llu bytes of RAM, QEMU was given %llu",
	       (unsigned long long)have, (unsigned long long)want);
}
