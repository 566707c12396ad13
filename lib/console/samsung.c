/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Samsung S5PV210/Exynos UARTs and their descendants (Apple S5L, Google
 * GS101, Axis ARTPEC-8). Registers from Linux drivers/tty/serial/samsung_tty.c
 * and include/linux/serial_s3c.h: UCON 0x04 (TX mode bits 3:2, 01 = IRQ or
 * polling), UFCON 0x08 (bit 0 FIFO mode), UTRSTAT 0x10 (bit 1 TXFE, transmit
 * buffer empty; bit 2 TXE, transmitter empty), UTXH 0x20.
 *
 * Which bit says "room": Linux's console polls UFSTAT's TX-full bit in FIFO
 * mode, whose position differs by SoC (bit 9 S3C2410/Apple, 14 S3C2440/
 * S3C64xx, 24 S5PV210/Exynos), and in non-FIFO mode UTRSTAT: TXE in
 * s3c24xx_serial_console_txrdy, TXFE in its early console
 * (samsung_early_busyuart). TXFE alone is what this driver polls, in
 * both modes: in FIFO mode the "buffer" is the FIFO, so TXFE set means the
 * FIFO is empty -- fewer characters in flight, never one too many. Linux
 * relies on UTRSTAT following the FIFO whatever the mode
 * (s3c24xx_serial_rx_enable waits for TXE without looking at UFCON), and
 * m1n1 (Asahi Linux's Apple loader) polls TXFE alone before each UTXH
 * write. Not in Linux's table, so not here: the S3C24xx (support
 * removed) and S3C6400 (ARMv6) UARTs, tesla,fsd-uart (not in samsung_tty.c;
 * no tree in the corpus).
 */
#include "lib/console/console.h"

#define SAMSUNG_UCON            0x04
#define SAMSUNG_UCON_TXMODE     (3u << 2)
#define SAMSUNG_UCON_TXMODE_CPU (1u << 2)
#define SAMSUNG_UTRSTAT         0x10
#define SAMSUNG_UTRSTAT_TXFE    (1u << 1)
#define SAMSUNG_UTXH            0x20

/* A UART whose TX mode is "disabled" sends nothing (Linux's console then
 * refuses to write, s3c24xx_port_configured); polling mode is the enable
 * bit. Firmware that used the UART left it set; DMA mode is left alone. */
static void init(const struct uart_desc *u)
{
	uint32_t ucon = uart_read(u, SAMSUNG_UCON);

	if (!(ucon & SAMSUNG_UCON_TXMODE))
		uart_write(u, SAMSUNG_UCON, ucon | SAMSUNG_UCON_TXMODE_CPU);
}

/* UTXH is written as Linux's wr_reg does: a byte (UPIO_MEM), or a 32-bit
 * word with reg-io-width 4 (UPIO_MEM32: GS101 always, others if the tree
 * says). Status and control are always read 32 bits wide (rd_regl). */
static void tx(const struct uart_desc *u, char c)
{
#ifndef UART_MUTANT_SAMSUNG_UTXH_32 /* TEST-ONLY: a 32-bit UTXH write whatever the width */
	if (u->reg_io_width != 4) {
		uart_write8(u, SAMSUNG_UTXH, (uint8_t)c);
		return;
	}
#endif
	uart_write(u, SAMSUNG_UTXH, (uint8_t)c);
}

static const struct uart_compat compat[] = {
	UART_COMPAT("samsung,s5pv210-uart", 0, 1),    UART_COMPAT("samsung,exynos4210-uart", 0, 1),
	UART_COMPAT("samsung,exynos5433-uart", 0, 1), UART_COMPAT("samsung,exynos850-uart", 0, 1),
	UART_COMPAT("apple,s5l-uart", 0, 1),          UART_COMPAT("axis,artpec8-uart", 0, 1),
	UART_COMPAT("google,gs101-uart", 0, 4), /* "gs101 always expects MMIO32" */
};

UART_DRIVER(samsung) = {
	.name = "Samsung",
	.compat = compat,
	.ncompat = UART_NCOMPAT(compat),
	.data = SAMSUNG_UTXH,
	.status = SAMSUNG_UTRSTAT,
	.full = SAMSUNG_UTRSTAT_TXFE,
	.full_if_clear = true,
	.init = init,
	.tx = tx,
};
