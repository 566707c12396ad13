/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which SPIs the device tree gives to a device, so that a test that pends
 * an SPI by software can take one no device drives: a live line wired to a
 * peripheral would be taken again (Linux configures SPIs level-sensitive,
 * drivers/irqchip/irq-gic.c gic_dist_config), and under Secure firmware a
 * Secure device's SPI is Group 0.
 *
 * board_gic_spi_free(blob, size, gic_compat, nlines) opens the blob, finds
 * the first enabled node compatible with gic_compat (the binding
 * board_read_gic matched), and marks every SPI (GIC binding: first cell 0,
 * INTID 32 + the second cell) named by a node whose interrupt parent (its
 * own or an ancestor's interrupt-parent) is that GIC, through `interrupts`
 * or an `interrupts-extended` entry with its phandle, or an interrupt-map
 * entry (a bus or PCI nexus) whose parent is the GIC; disabled nodes too
 * (their line may still be wired). Returns the highest INTID below nlines
 * no node names, 0 if every SPI is named, or a negative fdt error (no such
 * GIC, a malformed tree). Only reads the blob; no allocation, no output.
 */
#ifndef BOARD_FDT_SPI_H
#define BOARD_FDT_SPI_H

#include <stddef.h>

int board_gic_spi_free(const void *blob, size_t size, const char *gic_compat, unsigned nlines);

#endif
