/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The independent timers bringup can read (lib/clock/clock.h): for each its
 * compatible strings, how it counts, where its frequency is in the tree, and
 * a reader. Register offsets from the public manuals named at each.
 */
#include "lib/clock/clock.h"

#define REG(base, off) (*(volatile uint32_t *)((base) + (off)))

/* BCM2835 ARM Peripherals, 12 "System Timer": CLO (+0x04), the low word of
 * a free-running 64-bit counter at 1 MHz (the tree's clock-frequency,
 * Linux drivers/clocksource/bcm2835_timer.c). Nothing to start. */
static uint32_t bcm2835_read(uintptr_t base)
{
	return REG(base, 0x04);
}

/* ARM DDI 0271 (SP804), 3.2: Timer1Load (+0x00), Timer1Value (+0x04),
 * Timer1Control (+0x08): enable (bit 7), free-running (bit 6 clear), no
 * interrupt (bit 5 clear), prescale 1 (bits 3:2 = 0), 32-bit (bit 1). A
 * down counter from 0xffffffff, wrapping. Timer 1's TIMCLK is the clock the
 * node's first "clocks" entry names (on the Versatile Express through the
 * SP810's TimerEn0Sel: Linux drivers/clk/versatile/clk-sp810.c). */
static void sp804_start(uintptr_t base)
{
	REG(base, 0x08) = 0;
	REG(base, 0x00) = 0xffffffffu;
	REG(base, 0x08) = 0x80 | 0x02;
}

static uint32_t sp804_read(uintptr_t base)
{
	return REG(base, 0x04);
}

/* i.MX 6Dual/6Quad Reference Manual (IMX6DQRM), 30.6 "GPT Memory Map":
 * GPT_CR (+0x00), GPT_PR (+0x04), GPT_IR (+0x0c), GPT_CNT (+0x24). CR:
 * EN (bit 0), ENMOD (bit 1: the count restarts from 0 at enable), CLKSRC
 * (bits 8:6) 100 = ipg_clk_32k, the 32.768 kHz CKIL input (the tree's
 * /clocks/ckil), FRR (bit 9: free-run, no restart at compare 1). Disabled
 * before it is set up, as 30.5.1 asks. */
static void imx_gpt_start(uintptr_t base)
{
	REG(base, 0x00) = 0;
	REG(base, 0x0c) = 0;
	REG(base, 0x04) = 0;
	REG(base, 0x00) = 4u << 6 | 1u << 9 | 1u << 1;
	REG(base, 0x00) = 4u << 6 | 1u << 9 | 1u << 1 | 1u;
}

static uint32_t imx_gpt_read(uintptr_t base)
{
	return REG(base, 0x24);
}

/* Allwinner A10 User Manual, 1.10 "Timer Controller" (the A23/H3 timer has
 * the same first two timers): timer 1 at TMR1_CTRL
 * (+0x20), TMR1_INTV_VALUE (+0x24), TMR1_CUR_VALUE (+0x28). CTRL:
 * enable (bit 0), reload (bit 1, self-clearing: the interval is loaded),
 * clock source (bits 3:2) 01 = OSC24M, prescale 1 (bits 6:4 = 0),
 * continuous (bit 7 clear). A down counter (Linux
 * drivers/clocksource/timer-sun4i.c runs timer 1 so as its clocksource). */
static void sun4i_start(uintptr_t base)
{
	REG(base, 0x20) = 0;
	REG(base, 0x24) = 0xffffffffu;
	REG(base, 0x20) = 1u << 2 | 1u << 1;
	for (unsigned i = 0; i < 100000 && (REG(base, 0x20) & 2u); i++)
		;
	REG(base, 0x20) = 1u << 2 | 1u;
}

static uint32_t sun4i_read(uintptr_t base)
{
	return REG(base, 0x28);
}

/* ARM DDI 0224 (PL031), 3.3.1: RTCDR (+0x00), seconds, counting up once
 * enabled (firmware and QEMU leave it running). */
static uint32_t pl031_read(uintptr_t base)
{
	return REG(base, 0x00);
}

static const char *const bcm2835_compat[] = { "brcm,bcm2835-system-timer", NULL };
static const char *const sp804_compat[] = { "arm,sp804", NULL };
static const char *const imx_gpt_compat[] = { "fsl,imx6q-gpt",  "fsl,imx6dl-gpt", "fsl,imx6sl-gpt",
					      "fsl,imx6sx-gpt", "fsl,imx31-gpt",  NULL };
static const char *const sun4i_compat[] = { "allwinner,sun4i-a10-timer",
					    "allwinner,sun8i-a23-timer", NULL };
static const char *const pl031_compat[] = { "arm,pl031", NULL };

/* The sharpest first; the 1 Hz RTC, a coarse last resort, last. */
const struct clock_timer clock_timers[] = {
	{ "BCM2835 system timer", bcm2835_compat, 32, false, CLOCK_HZ_PROP, NULL, 0, NULL,
	  bcm2835_read },
	{ "SP804 timer 1", sp804_compat, 32, true, CLOCK_HZ_CLOCKS, NULL, 0, sp804_start,
	  sp804_read },
	{ "i.MX GPT (CKIL)", imx_gpt_compat, 32, false, CLOCK_HZ_NAMED, "ckil", 0, imx_gpt_start,
	  imx_gpt_read },
	{ "A10 timer 1", sun4i_compat, 32, true, CLOCK_HZ_CLOCKS, NULL, 0, sun4i_start,
	  sun4i_read },
	{ "PL031 RTC", pl031_compat, 32, false, CLOCK_HZ_FIXED, NULL, 1, NULL, pl031_read },
};
const unsigned clock_ntimers = sizeof clock_timers / sizeof clock_timers[0];
