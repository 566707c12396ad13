/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * STMicroelectronics STM32 USART/UART, both register layouts (Linux
 * drivers/tty/serial/stm32-usart.h, stm32f4_info / stm32f7_info /
 * stm32h7_info; 32-bit registers). TXE is bit 7 of the status register in
 * both (on the H7 with its FIFO on, the same bit is TXFNF, "TX FIFO not
 * full"); the console polls it and writes the data register
 * (stm32_usart_console_putchar). Of the SoCs with these UARTs only the
 * STM32MP1s (Cortex-A7, "st,stm32h7-uart") can run bringup; the F4/F7/H7
 * MCUs are Cortex-M.
 */
#include "lib/console/console.h"

#define STM32_SR_TXE   (1u << 7)
#define STM32_CR1_TE   (1u << 3)
#define STM32F4_SR     0x00
#define STM32F4_DR     0x04
#define STM32F4_CR1    0x0c
#define STM32F4_CR1_UE (1u << 13)
#define STM32F7_CR1    0x00
#define STM32F7_CR1_UE (1u << 0)
#define STM32F7_ISR    0x1c
#define STM32F7_TDR    0x28

/* Linux's console write sets the transmitter enable and the UART enable
 * (stm32_usart_console_write: USART_CR1_TE | BIT(uart_enable_bit)); the
 * rest of CR1 (word length, parity, oversampling) stays as firmware set it. */
static void init_f4(const struct uart_desc *u)
{
	uart_write(u, STM32F4_CR1, uart_read(u, STM32F4_CR1) | STM32_CR1_TE | STM32F4_CR1_UE);
}

static void init_f7(const struct uart_desc *u)
{
#ifndef UART_MUTANT_STM32_NO_TE /* TEST-ONLY: the transmitter left off */
	uart_write(u, STM32F7_CR1, uart_read(u, STM32F7_CR1) | STM32_CR1_TE | STM32F7_CR1_UE);
#else
	uart_write(u, STM32F7_CR1, uart_read(u, STM32F7_CR1) | STM32F7_CR1_UE);
#endif
}

static const struct uart_compat compat_f4[] = {
	UART_COMPAT("st,stm32-uart", 0, 4),
};

static const struct uart_compat compat_f7[] = {
	UART_COMPAT("st,stm32f7-uart", 0, 4),
	UART_COMPAT("st,stm32h7-uart", 0, 4),
};

/* F4 layout: SR 0x00, DR 0x04, CR1 0x0c with UE bit 13. */
UART_DRIVER(stm32f4) = {
	.name = "STM32F4",
	.compat = compat_f4,
	.ncompat = UART_NCOMPAT(compat_f4),
	.data = STM32F4_DR,
	.status = STM32F4_SR,
	.full = STM32_SR_TXE,
	.full_if_clear = true,
	.init = init_f4,
};

/* F7/H7 layout, the STM32MP1s' too: CR1 0x00 with UE bit 0, ISR 0x1c,
 * TDR 0x28. */
UART_DRIVER(stm32f7) = {
	.name = "STM32F7",
	.compat = compat_f7,
	.ncompat = UART_NCOMPAT(compat_f7),
	.data = STM32F7_TDR,
	.status = STM32F7_ISR,
	.full = STM32_SR_TXE,
	.full_if_clear = true,
	.init = init_f7,
};
