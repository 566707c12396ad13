/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fdt_oracle_uarts.c — the libfdt oracle's own table of the UARTs bringup
 * drives: for each compatible, the driver that must take it and the
 * register layout the compatible implies when the node gives no reg-shift
 * or reg-io-width. Written from the device-tree bindings (Linux
 * Documentation/devicetree/bindings/serial/) and the Linux drivers that
 * read them, not from lib/console/: a wrong default there shows in the
 * corpus as a disagreement. Contract in fdt_oracle_priv.h (or_uart_lookup).
 *
 * OR_NONE: the compatible implies no value. The drivers that address their
 * registers at fixed byte offsets with fixed access sizes (console.h: not
 * `indexed`) ignore both; for them the oracle reports only what the tree
 * says and the corpus compares no default.
 */
#include <string.h>

#include "tests/host/lib/fdt/fdt_oracle_priv.h"

/* 8250/16550 register sets (registers numbered as in the PC16550D data
 * sheet, `reg-shift` scales the number, `reg-io-width` the access). */
#define U8250 "8250/16550"

static const struct or_uart table[] = {
	/* 8250.yaml: reg-shift and reg-io-width optional, no default in the
	 * binding; Linux drivers/tty/serial/8250/8250_of.c takes absent as
	 * shift 0 and byte accesses (UPIO_MEM). */
	{ "ns16550a", U8250, 0, 1 },
	{ "ns16550", U8250, 0, 1 },
	{ "ns16450", U8250, 0, 1 },
	{ "ns8250", U8250, 0, 1 },
	/* snps-dw-apb-uart.yaml: both allowed, no default (its examples give
	 * 2 and 4); drivers/tty/serial/8250/8250_dw.c: absent as above. */
	{ "snps,dw-apb-uart", U8250, 0, 1 },
	/* 8250.yaml lists nvidia,tegra20-uart (later Tegras fall back to it)
	 * with no default; the Tegra UART's registers are 4 bytes apart and
	 * every Tegra tree in Linux arch/arm{,64}/boot/dts/nvidia/ says
	 * reg-shift = <2>, byte accesses. */
	{ "nvidia,tegra20-uart", U8250, 2, 1 },
	/* brcm,bcm2835-aux-uart.yaml has neither property: the mini UART's
	 * registers are 32-bit words 4 bytes apart
	 * (drivers/tty/serial/8250/8250_bcm2835aux.c: regshift 2, UPIO_MEM32). */
	{ "brcm,bcm2835-aux-uart", U8250, 2, 4 },
	/* 8250_omap.yaml allows neither property: the stride is the
	 * compatible's (drivers/tty/serial/8250/8250_omap.c: regshift 2,
	 * byte accesses, UPIO_MEM). */
	{ "ti,omap2-uart", U8250, 2, 1 },
	{ "ti,omap3-uart", U8250, 2, 1 },
	{ "ti,omap4-uart", U8250, 2, 1 },
	{ "ti,am3352-uart", U8250, 2, 1 },
	{ "ti,am654-uart", U8250, 2, 1 },
	{ "ti,dra742-uart", U8250, 2, 1 },
	/* pl011.yaml; arm,sbsa-uart.yaml: the SBSA generic UART, a PL011 subset. */
	{ "arm,pl011", "PL011", OR_NONE, OR_NONE },
	{ "arm,sbsa-uart", "PL011", OR_NONE, OR_NONE },
	/* cdns,uart.yaml */
	{ "xlnx,xuartps", "Cadence", OR_NONE, OR_NONE },
	{ "cdns,uart-r1p8", "Cadence", OR_NONE, OR_NONE },
	{ "cdns,uart-r1p12", "Cadence", OR_NONE, OR_NONE },
	/* fsl-imx-uart.yaml */
	{ "fsl,imx21-uart", "i.MX", OR_NONE, OR_NONE },
	{ "fsl,imx6q-uart", "i.MX", OR_NONE, OR_NONE },
	{ "fsl,imx53-uart", "i.MX", OR_NONE, OR_NONE },
	/* fsl-lpuart.yaml: the 32-bit register LPUARTs */
	{ "fsl,imx7ulp-lpuart", "LPUART", OR_NONE, OR_NONE },
	{ "fsl,imx8ulp-lpuart", "LPUART", OR_NONE, OR_NONE },
	{ "fsl,imx8qxp-lpuart", "LPUART", OR_NONE, OR_NONE },
	/* amlogic,meson-uart.yaml */
	{ "amlogic,meson6-uart", "Meson", OR_NONE, OR_NONE },
	{ "amlogic,meson8-uart", "Meson", OR_NONE, OR_NONE },
	{ "amlogic,meson8b-uart", "Meson", OR_NONE, OR_NONE },
	{ "amlogic,meson-gx-uart", "Meson", OR_NONE, OR_NONE },
	{ "amlogic,meson-g12a-uart", "Meson", OR_NONE, OR_NONE },
	{ "amlogic,meson-s4-uart", "Meson", OR_NONE, OR_NONE },
	{ "amlogic,meson-a1-uart", "Meson", OR_NONE, OR_NONE },
	{ "amlogic,meson-ao-uart", "Meson", OR_NONE, OR_NONE },
	/* qcom,msm-uartdm.yaml */
	{ "qcom,msm-uartdm", "MSM UARTDM", OR_NONE, OR_NONE },
	{ "qcom,msm-uartdm-v1.1", "MSM UARTDM", OR_NONE, OR_NONE },
	{ "qcom,msm-uartdm-v1.2", "MSM UARTDM", OR_NONE, OR_NONE },
	{ "qcom,msm-uartdm-v1.3", "MSM UARTDM", OR_NONE, OR_NONE },
	{ "qcom,msm-uartdm-v1.4", "MSM UARTDM", OR_NONE, OR_NONE },
	/* qcom,serial-geni-qcom.yaml: the debug UART of a GENI QUP */
	{ "qcom,geni-debug-uart", "GENI", OR_NONE, OR_NONE },
	/* marvell,armada-3700-uart.yaml */
	{ "marvell,armada-3700-uart", "Armada 3700", OR_NONE, OR_NONE },
	/* samsung_uart.yaml: reg-io-width 1 or 4, no default; Linux
	 * drivers/tty/serial/samsung_tty.c takes absent as byte accesses; the
	 * gs101 takes 32-bit ones (the same driver: it expects MMIO32). */
	{ "samsung,s5pv210-uart", "Samsung", OR_NONE, 1 },
	{ "samsung,exynos4210-uart", "Samsung", OR_NONE, 1 },
	{ "samsung,exynos5433-uart", "Samsung", OR_NONE, 1 },
	{ "samsung,exynos850-uart", "Samsung", OR_NONE, 1 },
	{ "apple,s5l-uart", "Samsung", OR_NONE, 1 },
	{ "axis,artpec8-uart", "Samsung", OR_NONE, 1 },
	{ "google,gs101-uart", "Samsung", OR_NONE, 4 },
	/* renesas,scif.yaml, renesas,hscif.yaml */
	{ "renesas,scif", "SCIF", OR_NONE, OR_NONE },
	{ "renesas,rcar-gen1-scif", "SCIF", OR_NONE, OR_NONE },
	{ "renesas,rcar-gen2-scif", "SCIF", OR_NONE, OR_NONE },
	{ "renesas,rcar-gen3-scif", "SCIF", OR_NONE, OR_NONE },
	{ "renesas,rcar-gen4-scif", "SCIF", OR_NONE, OR_NONE },
	{ "renesas,hscif", "SCIF", OR_NONE, OR_NONE },
	/* st,stm32-uart.yaml: the F4 register map, and the F7/H7 one */
	{ "st,stm32-uart", "STM32F4", OR_NONE, OR_NONE },
	{ "st,stm32f7-uart", "STM32F7", OR_NONE, OR_NONE },
	{ "st,stm32h7-uart", "STM32F7", OR_NONE, OR_NONE },
};

const struct or_uart *or_uart_lookup(const char *compat, size_t len)
{
	for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++)
		if (strlen(table[i].compat) == len && memcmp(table[i].compat, compat, len) == 0)
			return &table[i];
	return NULL;
}

const struct uart_driver *or_uart_driver(const struct or_uart *u)
{
	UART_EACH_DRIVER(d)
	if (strcmp(d->name, u->driver) == 0)
		return d;
	return NULL;
}
