/* SPDX-License-Identifier: BSD-2-Clause */
/* Two clusters behind a CCI-400: smp/smp_cci.h. */
#include "smp/smp_cci.h"

#include "arch/counter.h"
#include "boot/boot.h"
#include "lib/fdt/fdt.h"
#include "lib/fdt/fdt_addr.h"
#include "smp/smp.h"
#include "smp/smp_mmio.h"

#define CCI_STATUS         0xc /* bit 0: a snoop/DVM enable change is pending */
#define CCI_CHANGE_PENDING 1u
#define CCI_PORT_ENABLE    3u /* port control: snoop and DVM requests */
#define CCI_WAIT_MS        10

/*
 * The trampoline (ARM state; no stack; clobbers r0-r2), as assembled from
 * tests/host/smp/cci_tramp.S (host-smp-methods compares the words):
 *	MRC MPIDR into r0; UBFX r0, r0, #8, #1 (Aff1: cluster 0 or 1)
 *	ADR r1, ports; LDR r1, [r1, r0, LSL #2] (its slave interface)
 *	MOV r0, #3; STR r0, [r1] (snoop + DVM; MMU off: Device order)
 *	LDR r1, status; MOV r2, #0x100000
 * 1:	SUBS r2, r2, #1; BEQ 2f; LDR r0, [r1]; TST r0, #1; BNE 1b
 * 2:	MOV r0, #0; LDR pc, entry
 *	ports: port0, port1; status: CCI + 0xc; entry: secondary_entry
 */
uint32_t smp_cci_tramp[SMP_CCI_TRAMP_WORDS] __attribute__((aligned(64))) = {
	0xee100fb0, 0xe7e00450, 0xe28f102c, 0xe7911100, 0xe3a00003, 0xe5810000, 0xe59f1024,
	0xe3a02601, 0xe2522001, 0x0a000002, 0xe5910000, 0xe3100001, 0x1afffffa, 0xe3a00000,
	0xe59ff008, 0,          0,          0,          0,
};

/* The slave interface of cluster k: the cci-control-port of the first CPU
 * node whose reg is in that cluster. */
static bool port_of(const struct fdt *f, unsigned k, uint64_t *port)
{
	int cpus = fdt_path_offset(f, "/cpus");
	uint32_t reg, ph;
	uint64_t sz;

	for (int n = cpus >= 0 ? fdt_first_child(f, cpus) : -1; n >= 0; n = fdt_next_sibling(f, n))
		if (fdt_prop_u32(f, n, "reg", &reg) == FDT_OK && (reg >> 8 & 0xff) == k &&
		    fdt_prop_u32(f, n, "cci-control-port", &ph) == FDT_OK) {
			int p = fdt_node_by_phandle(f, ph);
			return p >= 0 && fdt_node_reg(f, p, 0, port, &sz) == FDT_OK;
		}
	return false;
}

bool smp_cci_find(const void *dtb, size_t size, struct smp_cci *cci)
{
	struct fdt f;

	return fdt_open(&f, dtb, size) == FDT_OK &&
	       board_compatible_reg(dtb, size, "arm,cci-400", &cci->base) == FDT_OK &&
	       port_of(&f, 0, &cci->port[0]) && port_of(&f, 1, &cci->port[1]);
}

void smp_cci_boot_port(const struct smp_cci *cci, unsigned boot_cluster)
{
	uint64_t port = cci->port[boot_cluster & 1];
	struct deadline d;

	if ((smp_mmio_r32(port) & CCI_PORT_ENABLE) == CCI_PORT_ENABLE)
		return;
	smp_mmio_w32(port, smp_mmio_r32(port) | CCI_PORT_ENABLE);
	deadline_start(&d, CCI_WAIT_MS);
	while ((smp_mmio_r32(cci->base + CCI_STATUS) & CCI_CHANGE_PENDING) && !deadline_passed(&d))
		;
}

uint32_t smp_cci_trampoline(const struct smp_cci *cci)
{
	smp_cci_tramp[SMP_CCI_TRAMP_CODE] = (uint32_t)cci->port[0];
	smp_cci_tramp[SMP_CCI_TRAMP_CODE + 1] = (uint32_t)cci->port[1];
	smp_cci_tramp[SMP_CCI_TRAMP_CODE + 2] = (uint32_t)(cci->base + CCI_STATUS);
	smp_cci_tramp[SMP_CCI_TRAMP_CODE + 3] = (uint32_t)(uintptr_t)secondary_entry;
	smp_mmio_clean(smp_cci_tramp, sizeof smp_cci_tramp);
	return (uint32_t)(uintptr_t)smp_cci_tramp;
}
