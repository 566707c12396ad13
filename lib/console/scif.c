/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Renesas SCIF and HSCIF, the R-Car register layout (Linux
 * drivers/tty/serial/sh-sci.c, regtypes SCIx_SH4_SCIF / SCIF_BRG / HSCIF;
 * bits in sh-sci.h): SCSCR 0x08 16-bit (TE bit 5), SCFTDR 0x0c 8-bit,
 * SCFSR 0x10 16-bit (TDFE bit 5, "transmit FIFO data empty", i.e. at or
 * below the trigger level; TEND bit 6). SCFSR flags are cleared by writing
 * 0 to them (after reading 1) and left alone by writing 1.
 *
 * Per character, as sci_poll_put_char: wait for TDFE, write SCFTDR, write
 * SCFSR with TDFE and TEND 0 and every other flag 1 (0x9f: the upper
 * error-count bits are written 0 as sci_clear_SCxSR does) -- so the next
 * TDFE is about the FIFO after this character. The SCIFA/SCIFB and the
 * RZ/G2L-style SCIFs ("renesas,scif-r9a07g044"...) have other layouts and
 * compatibles: not this driver. The strings are Linux's (of_sci_match); HSCIF
 * nodes list "renesas,rcar-genN-hscif" and then "renesas,hscif".
 */
#include "lib/console/console.h"

#define SCIF_SCSCR      0x08
#define SCIF_SCSCR_TE   (1u << 5)
#define SCIF_SCFTDR     0x0c
#define SCIF_SCFSR      0x10
#define SCIF_SCFSR_TDFE (1u << 5)
#define SCIF_SCFSR_TEND (1u << 6)
/* SCIF_TDxE_CLEAR & ~SCIF_TEND & ~(SCIF_PERC | SCIF_FERC) */
#define SCIF_SCFSR_TX_CLEAR ((uint16_t)(0xffu & ~(SCIF_SCFSR_TDFE | SCIF_SCFSR_TEND)))

/* Linux's console write sets TE (and RE) in SCSCR (serial_console_write). */
static void init(const struct uart_desc *u)
{
	uart_write16(u, SCIF_SCSCR, (uint16_t)(uart_read16(u, SCIF_SCSCR) | SCIF_SCSCR_TE));
}

static bool tx_full(const struct uart_desc *u)
{
	return !(uart_read16(u, SCIF_SCFSR) & SCIF_SCFSR_TDFE);
}

static void tx(const struct uart_desc *u, char c)
{
	uart_write8(u, SCIF_SCFTDR, (uint8_t)c);
#ifndef UART_MUTANT_SCIF_NO_CLEAR /* TEST-ONLY: TDFE left set */
	uart_write16(u, SCIF_SCFSR, SCIF_SCFSR_TX_CLEAR);
#endif
}

static const struct uart_compat compat[] = {
	UART_COMPAT("renesas,scif", 0, 1),           UART_COMPAT("renesas,rcar-gen1-scif", 0, 1),
	UART_COMPAT("renesas,rcar-gen2-scif", 0, 1), UART_COMPAT("renesas,rcar-gen3-scif", 0, 1),
	UART_COMPAT("renesas,rcar-gen4-scif", 0, 1), UART_COMPAT("renesas,hscif", 0, 1),
};

UART_DRIVER(scif) = {
	.name = "SCIF",
	.compat = compat,
	.ncompat = UART_NCOMPAT(compat),
	.data = SCIF_SCFTDR,
	.status = SCIF_SCFSR,
	.init = init,
	.tx_full = tx_full,
	.tx = tx,
};
