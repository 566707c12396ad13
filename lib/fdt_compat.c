/*
 * fdt_compat.c: the compatibles bringup acts on, and the classifier the
 * board scanner runs on every node's "compatible" list. Contract in
 * fdt_scan.h.
 */
#include "fdt_scan.h"

#include <string.h>

/* Compatibles we can drive, with the register layout each implies when the
 * node does not say (reg-shift, reg-io-width).  PL011 first: some SoCs list
 * both a PL011 and a vendor string. */
static const struct uart_type uart_table[] = {
	{ "arm,pl011", UART_PL011, 0, 1 },
	/* SBSA generic UART: a PL011 subset (no baud/line control, those
	 * registers read as zero and ignore writes), so a PL011 driver works. */
	{ "arm,sbsa-uart", UART_PL011, 0, 1 },
	{ "ns16550a", UART_NS16550, 0, 1 },
	{ "ns16550", UART_NS16550, 0, 1 },
	{ "ns16450", UART_NS16550, 0, 1 },
	{ "ns8250", UART_NS16550, 0, 1 },
	{ "snps,dw-apb-uart", UART_NS16550, 0, 1 },    /* trees set shift 2, width 4 */
	{ "nvidia,tegra20-uart", UART_NS16550, 2, 1 }, /* later Tegras list it too */
	/* The Pi's mini UART: 16550 registers at a 4-byte stride, 32-bit only
	 * (Linux 8250_bcm2835aux hard-codes this; the tree does not say). */
	{ "brcm,bcm2835-aux-uart", UART_NS16550, 2, 4 },
	/* TI OMAP/AM UARTs: 16C750-compatible, 4-byte stride implied. */
	{ "ti,omap2-uart", UART_NS16550, 2, 1 },
	{ "ti,omap3-uart", UART_NS16550, 2, 1 },
	{ "ti,omap4-uart", UART_NS16550, 2, 1 },
	{ "ti,am3352-uart", UART_NS16550, 2, 1 },
	{ "ti,am654-uart", UART_NS16550, 2, 1 },
	{ "ti,dra742-uart", UART_NS16550, 2, 1 },
	/* Freescale/NXP i.MX UARTs (i.MX6 and the rest of the imx21 family):
	 * their own register set, 32-bit registers. */
	{ "fsl,imx21-uart", UART_IMX, 0, 4 },
	/* Cadence UART: Zynq-7000 trees list xlnx,xuartps + cdns,uart-r1p8,
	 * ZynqMP ones xlnx,zynqmp-uart + cdns,uart-r1p12; 32-bit registers. */
	{ "xlnx,xuartps", UART_CADENCE, 0, 4 },
	{ "cdns,uart-r1p8", UART_CADENCE, 0, 4 },
	{ "cdns,uart-r1p12", UART_CADENCE, 0, 4 },
};

#define NUARTS (sizeof uart_table / sizeof uart_table[0])

static const struct {
	const char *compat;
	unsigned bit;
} other_table[] = {
	{ "arm,armv8-timer", C_TIMER8 },
	{ "arm,armv7-timer", C_TIMER7 },
	{ "arm,psci-1.0", C_PSCI10 },
	{ "arm,psci-0.2", C_PSCI02 },
	{ "arm,psci", C_PSCI },
	{ "fixed-clock", C_FIXED_CLOCK },
	{ "arm,pl310-cache", C_PL310 },
	{ "arm,cortex-a9-global-timer", C_GTIMER },
	{ "arm,cortex-a9-twd-timer", C_TWD },
};

#define NOTHERS (sizeof other_table / sizeof other_table[0])

/* Built on first use: the first characters of every compatible in the two
 * tables as a bitmap (a string starting otherwise is none of ours), and
 * each entry's length (compared before any byte is). */
static uint32_t first_chars[8];
static uint8_t uart_len[NUARTS], other_len[NOTHERS];
static bool tables_ready;

static void init_tables(void)
{
	tables_ready = true;
	for (unsigned i = 0; i < NUARTS; i++) {
		uint8_t c = (uint8_t)uart_table[i].compat[0];
		first_chars[c / 32] |= 1u << (c % 32);
		uart_len[i] = (uint8_t)strlen(uart_table[i].compat);
	}
	for (unsigned i = 0; i < NOTHERS; i++) {
		uint8_t c = (uint8_t)other_table[i].compat[0];
		first_chars[c / 32] |= 1u << (c % 32);
		other_len[i] = (uint8_t)strlen(other_table[i].compat);
	}
}

/* Each string is compared only with the table entries of its length and
 * first character: most nodes name none of ours, and this runs for every
 * node at every boot. */
unsigned fdt_classify_compat(const void *list, int len, const struct uart_type **uart)
{
	const char *p = list, *end = p + (len > 0 ? len : 0);
	unsigned bits = 0, best = NUARTS;

	if (!tables_ready)
		init_tables();
	while (p < end) {
		const char *z = memchr(p, 0, (size_t)(end - p));
		size_t n = z ? (size_t)(z - p) : (size_t)(end - p);
		uint8_t c0 = (uint8_t)p[0];
		if (!(first_chars[c0 / 32] & (1u << (c0 % 32)))) { /* none of ours starts so */
			p += n + 1;
			continue;
		}
		for (unsigned i = 0; i < best; i++)
			if (uart_len[i] == n && uart_table[i].compat[0] == p[0] &&
			    !memcmp(uart_table[i].compat, p, n))
				best = i;
		for (unsigned i = 0; i < NOTHERS; i++)
			if (other_len[i] == n && other_table[i].compat[0] == p[0] &&
			    !memcmp(other_table[i].compat, p, n))
				bits |= other_table[i].bit;
		p += n + 1;
	}
	*uart = best < NUARTS ? &uart_table[best] : NULL;
	return bits;
}

const struct uart_type *fdt_uart_type(const void *compat, int len)
{
	const struct uart_type *t = NULL;
	if (compat)
		fdt_classify_compat(compat, len, &t);
	return t;
}
