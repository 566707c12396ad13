/* The command line: see cmdline.h. */
#include "boot/cmdline.h"

#include <string.h>

#include "arch/arch.h"
#include "arch/exception.h"
#include "boot/boot.h"

static char line[256];

struct semihost_call {
	uintptr_t block[2];
	uintptr_t ret;
};

static void get_semihost_cmdline(void *arg)
{
	struct semihost_call *c = arg;

	c->block[0] = (uintptr_t)line;
	c->block[1] = sizeof(line) - 1;
	c->ret = arch_semihost(SEMIHOST_SYS_GET_CMDLINE, (uintptr_t)c->block);
}

/* /chosen/bootargs, which discovery found in the DTB (board.h). */
static void get_bootargs(void)
{
	if (boot.hw.board.bootargs) {
		strncpy(line, boot.hw.board.bootargs, sizeof(line) - 1);
		line[sizeof(line) - 1] = 0;
	}
}

void cmdline_init(void)
{
	struct semihost_call c = { { 0, 0 }, 1 };

	/* No semihosting: the HLT/SVC faults and the probe catches it. */
	if (fault_probe(get_semihost_cmdline, &c, NULL) || c.ret != 0)
		line[0] = 0;
	line[sizeof(line) - 1] = 0;
	if (!line[0])
		get_bootargs();
}

const char *cmdline(void)
{
	return line;
}

bool cmdline_get(const char *key, char *buf, size_t size)
{
	size_t klen = strlen(key);

	for (const char *p = line; (p = strstr(p, key)) != NULL; p += klen) {
		if ((p != line && p[-1] != ' ') || p[klen] != '=')
			continue;
		p += klen + 1;
		size_t n = strcspn(p, " ");
		if (n >= size)
			n = size - 1;
		memcpy(buf, p, n);
		buf[n] = 0;
		return true;
	}
	return false;
}
