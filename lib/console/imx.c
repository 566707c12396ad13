/* SPDX-License-Identifier: BSD-2-Clause */
/* Freescale/NXP i.MX UART, the fsl,imx21-uart family (i.MX6 Reference
 * Manual, IMX6DQRM, chapter 64: UTXD 0x40, UCR1 0x80, UCR2 0x84, UTS 0xb4
 * with TXFULL bit 4); 32-bit registers. */
#include "lib/console/console.h"

#define IMX_UCR1        0x80
#define IMX_UCR1_UARTEN (1u << 0)
#define IMX_UCR2        0x84
#define IMX_UCR2_SRST   (1u << 0) /* active low: 1 = not in reset */
#define IMX_UCR2_TXEN   (1u << 2)

/* The one bit of set-up bringup does: a UART the boot ROM left with its
 * transmitter off (QEMU's sabrelite does) would print nothing. The baud
 * rate stays as firmware left it. */
static void init(const struct uart_desc *u)
{
	uart_write(u, IMX_UCR1, uart_read(u, IMX_UCR1) | IMX_UCR1_UARTEN);
	uart_write(u, IMX_UCR2, uart_read(u, IMX_UCR2) | IMX_UCR2_TXEN | IMX_UCR2_SRST);
}

/* Linux drivers/tty/serial/imx.c gives all three the i.MX21 register set
 * (imx_uart_imx21_devdata, UTS at 0xb4). The i.MX 6UL/6ULL/7D/8M UARTs list
 * "fsl,imx6q-uart" as their last string, without fsl,imx21-uart. */
static const struct uart_compat compat[] = {
	UART_COMPAT("fsl,imx21-uart", 0, 4),
	UART_COMPAT("fsl,imx6q-uart", 0, 4),
	UART_COMPAT("fsl,imx53-uart", 0, 4),
};

UART_DRIVER(imx) = {
	.name = "i.MX",
	.compat = compat,
	.ncompat = UART_NCOMPAT(compat),
	.data = 0x40,
	.status = 0xb4,
	.full = 1u << 4,
	.init = init,
};
