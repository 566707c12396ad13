/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The serial console: transmit-only UART drivers, and the one console the
 * image writes to, described by a struct uart_desc (from the device tree or
 * a platform's defaults; board/ fills it).
 *
 * Contract:
 * - The UART is assumed configured (baud rate, pins, clock) by firmware or
 *   QEMU; a driver's init does only what transmitting needs (an enable bit).
 * - Every wait is bounded (UART_TX_POLL_LIMIT reads of the status register):
 *   a UART that never drains loses characters rather than hanging the image.
 * - Before console_init(), or with no driver, output is dropped.
 * - console_init() also makes the console the base layer's sink (arch/out.h),
 *   so exception reports and the EXIT line reach it.
 *
 * Drivers own their device-tree compatibles: each struct uart_driver lists
 * the strings it handles and the register layout each implies when a node
 * does not say. A driver registers itself (UART_DRIVER below), so adding a
 * UART is one file here with its driver (mostly data: struct uart_driver)
 * and its register model for host-uart (tests/host/lib/console/test_uart.h UART_MODEL),
 * which refuses a driver without one.
 */
#ifndef LIB_CONSOLE_H
#define LIB_CONSOLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct uart_desc;

struct uart_compat {
	const char *compat;
	uint8_t len;          /* strlen(compat) */
	uint8_t shift, width; /* implied reg-shift / reg-io-width */
};
#define UART_COMPAT(str, shift_, width_)                                                           \
	{                                                                                          \
		str, sizeof(str) - 1, shift_, width_                                               \
	}

/*
 * How a driver transmits. Most UARTs are one data register and one status
 * bit that says the FIFO (or holding register) is full: data, status and
 * full describe them, and console.c does the rest. Offsets are bytes from
 * the base with 32-bit accesses, or, with `indexed`, register numbers
 * scaled by reg_shift and accessed reg_io_width wide (the 8250 family).
 * A UART that needs more sets tx_full / tx instead.
 */
struct uart_driver {
	const char *name; /* for the report: "PL011" */
	const struct uart_compat *compat;
	unsigned ncompat;
	uint16_t data, status;
	uint32_t full;      /* status bits that mean "no room" ... */
	bool full_if_clear; /* ... when clear instead of set (16550 THRE) */
	bool indexed;
	void (*init)(const struct uart_desc *u);       /* NULL: nothing to set up */
	bool (*tx_full)(const struct uart_desc *u);    /* NULL: from status/full */
	void (*tx)(const struct uart_desc *u, char c); /* NULL: write data */
};
#define UART_NCOMPAT(c) (sizeof(c) / sizeof((c)[0]))

/*
 * UART_DRIVER(id) = { .name = ..., ... }: a driver, as the object uart_<id>,
 * in the linker section uart_drivers, where board/fdt_compat.c and the host
 * tests find every driver linked in (the way Linux's OF_EARLYCON_DECLARE
 * puts an early console in the __earlycon_table section). The image's
 * linker script keeps the section (linker/<arch>.ld); a host program gets
 * __start_/__stop_ from the linker, as GNU ld defines them for an orphan
 * section whose name is a C identifier. The declarations are weak: a host
 * program that links no driver has no such section, and then no driver.
 * The alignment is stated (the struct's own): a compiler may align a large
 * object further by itself, and the gaps would break the section as an
 * array.
 *
 * The section's order (the link order) decides nothing: a node's compatible
 * list picks by its own order, its first entry that any driver handles
 * (board/fdt_compat.c), and no string is two drivers' (host-uart checks
 * that each classifies to its own driver).
 */
#define UART_DRIVER(id_)                                                                           \
	__attribute__((used, section("uart_drivers"), aligned(sizeof(void *))))                    \
	const struct uart_driver uart_##id_
/* For code that names one driver (a platform's console, a test). */
#define UART_DRIVER_EXTERN(id_) extern const struct uart_driver uart_##id_

extern const struct uart_driver __start_uart_drivers[] __attribute__((weak));
extern const struct uart_driver __stop_uart_drivers[] __attribute__((weak));
#define UART_EACH_DRIVER(d_)                                                                       \
	for (const struct uart_driver *d_ = __start_uart_drivers; d_ < __stop_uart_drivers; d_++)

struct uart_desc {
	const struct uart_driver *driver; /* NULL: no console */
	uint64_t base;                    /* CPU physical address of register 0 */
	uint32_t reg_shift;               /* register i is at base + (i << reg_shift) */
	uint32_t reg_io_width;            /* access size in bytes (1 or 4) */
	uint32_t clock_hz;                /* input clock, 0 if the tree does not say */
	char path[64];                    /* node path, truncated, NUL-terminated */
};

#define UART_TX_POLL_LIMIT 1000000 /* ~ms at any plausible baud rate; then drop */

void console_init(const struct uart_desc *uart);
/*
 * The fault fallback. A console that faults (nothing at its address, its
 * clock off) is replaced by, in order and each tried once: `write` (the
 * image passes semihosting output, arch/exit.h; it returns false where
 * there is none), then `uart` (an identified platform's console, kept by
 * pointer: it must outlive the run, as platform data does; NULL: none). console_fail_over()
 * switches to the next one, says so in one "#" line, and returns false when none is left (output is
 * then dropped). arch/trap.c calls it for a fault taken while the console wrote (arch/out.h); a
 * start-up probe calls it for a fault in console_init() or console_touch(), which reads the status
 * register once.
 */
void console_set_fallbacks(bool (*write)(const char *s, size_t n), const struct uart_desc *uart);
bool console_fail_over(void);
void console_touch(void);
void console_putc(char c); /* "\n" is sent as "\r\n" */
void console_write(const char *s, size_t n);
void console_puts(const char *s);
/* The driver's name, "none" without one. */
const char *uart_name(const struct uart_driver *d);

/* For drivers: the register at `off` as the driver addresses it (above).
 * These and the fixed-width accesses below are the MMIO seam (mmio.c); a
 * host test links its own register model in their place. */
uint32_t uart_read(const struct uart_desc *u, unsigned off);
void uart_write(const struct uart_desc *u, unsigned off, uint32_t v);
/* For UARTs whose registers differ in width (SCIF: 8-bit data, 16-bit
 * status and control; Samsung's byte-wide UTXH): one access of that many
 * bits at byte offset `off`, whatever the driver's `indexed` says. */
uint16_t uart_read16(const struct uart_desc *u, unsigned off);
void uart_write16(const struct uart_desc *u, unsigned off, uint16_t v);
void uart_write8(const struct uart_desc *u, unsigned off, uint8_t v);
/* For tx hooks with a handshake: read the register at `off` (uart_read)
 * until (value & mask) is nonzero (set) or zero (!set), at most
 * UART_TX_POLL_LIMIT times. Whether it came. */
bool uart_wait(const struct uart_desc *u, unsigned off, uint32_t mask, bool set);

#endif
