/* Freescale/NXP i.MX UART, the fsl,imx21-uart family (i.MX6 Reference
 * Manual, IMX6DQRM, chapter 64: UTXD 0x40, UCR1 0x80, UCR2 0x84, UTS 0xb4);
 * 32-bit registers. */
#include "lib/console/console.h"

#define IMX_UTXD        0x40
#define IMX_UCR1        0x80
#define IMX_UCR1_UARTEN (1u << 0)
#define IMX_UCR2        0x84
#define IMX_UCR2_SRST   (1u << 0) /* active low: 1 = not in reset */
#define IMX_UCR2_TXEN   (1u << 2)
#define IMX_UTS         0xb4
#define IMX_UTS_TXFULL  (1u << 4)

static volatile uint32_t *regs(const struct uart_desc *u)
{
	return (volatile uint32_t *)(uintptr_t)u->base;
}

/* The one bit of set-up bringup does: a UART the boot ROM left with its
 * transmitter off (QEMU's sabrelite does) would print nothing. The baud
 * rate stays as firmware left it. */
static void init(const struct uart_desc *u)
{
	regs(u)[IMX_UCR1 / 4] |= IMX_UCR1_UARTEN;
	regs(u)[IMX_UCR2 / 4] |= IMX_UCR2_TXEN | IMX_UCR2_SRST;
}

static bool tx_full(const struct uart_desc *u)
{
	return regs(u)[IMX_UTS / 4] & IMX_UTS_TXFULL;
}

static void tx(const struct uart_desc *u, char c)
{
	regs(u)[IMX_UTXD / 4] = (uint8_t)c;
}

static const struct uart_compat compat[] = {
	UART_COMPAT("fsl,imx21-uart", 0, 4),
};

const struct uart_driver uart_imx = {
	.name = "i.MX",
	.compat = compat,
	.ncompat = sizeof(compat) / sizeof(compat[0]),
	.init = init,
	.tx_full = tx_full,
	.tx = tx,
};
