/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_uart.h — the register models of tests/host/lib/console/test_uart.c: what the
 * harness (test_uart.c) and the models (test_uart_models.c,
 * test_uart_soc.c, test_uart_hs.c) share. Each model is written from the
 * UART's documentation as the driver file cites it (Linux driver, SoC
 * manual), not from the driver's tables: offsets and bits are spelled out
 * there again on purpose.
 */
#ifndef TESTS_HOST_LIB_CONSOLE_TEST_UART_H
#define TESTS_HOST_LIB_CONSOLE_TEST_UART_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/console/console.h"

/* One UART as a model sees it: its transmit FIFO (and shift register), the
 * characters it took, and what went wrong. */
struct uart_model_state {
	unsigned depth;    /* characters the TX FIFO holds */
	unsigned count;    /* characters in it now */
	bool busy;         /* the shift register holds one */
	unsigned k, reads; /* one character moves on every k status reads */
	bool never;        /* the line never drains: nothing ever moves */
	bool waited;       /* a status read told the driver to wait */
	unsigned long long accesses;
	char out[1024]; /* every character the FIFO took, in order */
	unsigned nout;
	unsigned protocol; /* writes the UART would lose or misread */
	unsigned bus;      /* unknown registers, wrong access widths */
	char first[160];   /* the first of those, in words */
};
extern struct uart_model_state ms;

/* A family's model: its registers behind the MMIO seam. rd/wr get the byte
 * offset from the UART's base and the access size in bytes. */
struct uart_model {
	const char *name;
	const struct uart_driver *drv; /* the driver under test */
	uint32_t shift, width;         /* the descriptor's reg-shift, reg-io-width */
	unsigned depth;
	void (*reset)(void); /* the state firmware left (after ms is reset) */
	uint32_t (*rd)(unsigned off, unsigned bytes);
	void (*wr)(unsigned off, unsigned bytes, uint32_t v);
	const char *(*init_check)(void); /* NULL if init set what it must */
};

/* UART_MODEL(id, name, driver, shift, width, depth, reset, rd, wr,
 * init_check): a model, as the object `id`, of the driver uart_<driver>
 * (lib/console/console.h UART_DRIVER), in the section uart_models, which
 * test_uart.c walks: every model there is run, and every driver in the
 * section uart_drivers must have one. A section named as a C identifier, as
 * uart_drivers: the linker gives __start_/__stop_, and clang's
 * AddressSanitizer puts no redzones between its entries (it leaves such
 * sections alone on ELF so that they stay arrays). */
#define UART_MODEL(id_, name_, drv_, ...)                                                          \
	UART_DRIVER_EXTERN(drv_);                                                                  \
	__attribute__((used, section("uart_models"), aligned(sizeof(void *))))                     \
	const struct uart_model id_ = { name_, &uart_##drv_, __VA_ARGS__ }
extern const struct uart_model __start_uart_models[], __stop_uart_models[];

/* Protocol violation (lost or misread data) / bus fault (no such register,
 * wrong width). printf-style. */
void model_violation(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void model_bus(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The access must be `want` bytes wide. */
void model_width(const char *reg, unsigned bytes, unsigned want);
/* An enable register must have gained the bits `want` and kept every
 * other: NULL, or what is wrong. */
const char *model_enabled(const char *name, uint32_t now, uint32_t before, uint32_t want);
/* An access to a register the model does not have (a bus fault). */
uint32_t model_unknown(unsigned off, unsigned bytes);
/* A status read: time passes (maybe one character moves on). */
void model_tick(void);
/* A character the driver wrote to the data register: into the FIFO, or,
 * if it is full, lost (a protocol violation unless the line never drains). */
void model_push(uint32_t c);
static inline bool model_full(void)
{
	return ms.count >= ms.depth;
}
static inline bool model_empty(void)
{
	return ms.count == 0;
}
static inline bool model_idle(void)
{
	return ms.count == 0 && !ms.busy;
}
/* The driver is told to wait (for the "it did wait at least once" check). */
static inline bool model_wait(bool w)
{
	ms.waited |= w;
	return w;
}

#endif
