/*
 * The serial console: PL011, 8250/16550-style or i.MX UART, described by a
 * struct board_uart (lib/board.h) from the DTB or the platform defaults.
 *
 * Transmit only; the UART is assumed already configured (baud rate, enable)
 * by firmware or QEMU. Every wait is bounded: a UART that never drains loses
 * characters rather than hanging the image. Before console_init(), or with a
 * UART_NONE console, output is dropped.
 */
#ifndef LIB_CONSOLE_H
#define LIB_CONSOLE_H

#include <stddef.h>
#include <stdint.h>

#include "lib/board.h"

void console_init(const struct board_uart *uart);
void console_putc(char c); /* "\n" is sent as "\r\n" */
void console_write(const char *s, size_t n);
void console_puts(const char *s);
/* "0x" and the value in hex, without printf (for reports from a fault). */
void console_puthex(uintptr_t v);
const char *uart_kind_name(int kind);

#endif
