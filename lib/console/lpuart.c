/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * NXP LPUART, the i.MX 7ULP / 8 / 9 layout (Linux drivers/tty/serial/
 * fsl_lpuart.c): 32-bit little-endian registers after four unused words
 * (IMX_REG_OFF 0x10), so STAT at 0x14 (TDRE bit 23: the TX FIFO holds no
 * more than its watermark), CTRL at 0x18 (TE bit 19), DATA at 0x1c. The
 * console polls TDRE and writes DATA (lpuart32_console_putchar). Not this
 * layout: fsl,vf610-lpuart (8-bit registers), fsl,ls1021a-lpuart
 * (big-endian) and fsl,ls1028a-lpuart (no register offset).
 */
#include "lib/console/console.h"

#ifndef UART_MUTANT_LPUART_NO_REG_OFF /* TEST-ONLY: the Layerscape offsets */
#define LPUART_REG_OFF 0x10
#else
#define LPUART_REG_OFF 0x00
#endif
#define LPUART_STAT      (LPUART_REG_OFF + 0x04)
#define LPUART_STAT_TDRE (1u << 23)
#define LPUART_CTRL      (LPUART_REG_OFF + 0x08)
#define LPUART_CTRL_TE   (1u << 19)
#define LPUART_DATA      (LPUART_REG_OFF + 0x0c)

/* Linux's console write sets TE (lpuart32_console_write). */
static void init(const struct uart_desc *u)
{
	uart_write(u, LPUART_CTRL, uart_read(u, LPUART_CTRL) | LPUART_CTRL_TE);
}

/* Linux's table for this layout; the i.MX 8QM and 93 list one of these
 * after their own string. */
static const struct uart_compat compat[] = {
	UART_COMPAT("fsl,imx7ulp-lpuart", 0, 4),
	UART_COMPAT("fsl,imx8ulp-lpuart", 0, 4),
	UART_COMPAT("fsl,imx8qxp-lpuart", 0, 4),
};

UART_DRIVER(lpuart) = {
	.name = "LPUART",
	.compat = compat,
	.ncompat = UART_NCOMPAT(compat),
	.data = LPUART_DATA,
	.status = LPUART_STAT,
	.full = LPUART_STAT_TDRE,
	.full_if_clear = true,
	.init = init,
};
