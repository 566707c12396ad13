/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ARMv7-A exception decoding: DFSR/IFSR short-descriptor fault status in
 * words (ARM ARM DDI 0406C B3.13.3 "Fault Status Register encodings, VMSA
 * short-descriptor format"), DFAR/IFAR, the faulting PC and mode.
 */
#include <stdio.h>
#include <string.h>

#include "arch/armv7/frame.h"
#include "arch/armv7/sysreg.h"
#include "arch/decode.h"
#include "arch/out.h"

enum { V_RESET, V_UNDEF, V_SVC, V_PABT, V_DABT, V_HYP, V_IRQ, V_FIQ };

static const char *const vector_names[8] = {
	"reset",
	"undefined instruction",
	"supervisor call",
	"prefetch abort",
	"data abort",
	"hyp trap (unused)",
	"IRQ",
	"FIQ",
};

struct fs_desc {
	uint8_t fs;     /* FS[4:0] = DFSR[10] : DFSR[3:0] */
	uint8_t status; /* enum fault_status */
	uint8_t level;
	const char *text;
};

static const struct fs_desc fs_table[] = {
	{ 0x01, FSTAT_ALIGNMENT, 0, "alignment fault" },
	{ 0x02, FSTAT_OTHER, 0, "debug event" },
	{ 0x03, FSTAT_ACCESS_FLAG, 1, "access flag fault, section" },
	{ 0x04, FSTAT_OTHER, 0, "fault on instruction cache maintenance" },
	{ 0x05, FSTAT_TRANSLATION, 1, "translation fault, section" },
	{ 0x06, FSTAT_ACCESS_FLAG, 2, "access flag fault, page" },
	{ 0x07, FSTAT_TRANSLATION, 2, "translation fault, page" },
	{ 0x08, FSTAT_EXTERNAL, 0, "synchronous external abort" },
	{ 0x09, FSTAT_OTHER, 1, "domain fault, section" },
	{ 0x0b, FSTAT_OTHER, 2, "domain fault, page" },
	{ 0x0c, FSTAT_EXTERNAL, 1, "external abort on translation table walk, level 1" },
	{ 0x0d, FSTAT_PERMISSION, 1, "permission fault, section" },
	{ 0x0e, FSTAT_EXTERNAL, 2, "external abort on translation table walk, level 2" },
	{ 0x0f, FSTAT_PERMISSION, 2, "permission fault, page" },
	{ 0x10, FSTAT_OTHER, 0, "TLB conflict abort" },
	{ 0x16, FSTAT_EXTERNAL, 0, "asynchronous external abort" },
	{ 0x18, FSTAT_OTHER, 0, "asynchronous parity error on memory access" },
	{ 0x19, FSTAT_OTHER, 0, "synchronous parity error on memory access" },
	{ 0x1c, FSTAT_OTHER, 1, "parity error on translation table walk, level 1" },
	{ 0x1e, FSTAT_OTHER, 2, "parity error on translation table walk, level 2" },
};

/* The faulting (or interrupted) instruction from the exception's LR. */
static uint32_t fault_pc(const struct exc_frame *f, unsigned vector)
{
	bool thumb = f->spsr & PSR_T;

	switch (vector) {
	case V_UNDEF:
	case V_SVC: return f->ret - (thumb ? 2 : 4);
	case V_DABT: return f->ret - 8;
	default: return f->ret - 4;
	}
}

void exception_where(const struct exc_frame *f, unsigned vector, uintptr_t *pc, uintptr_t *addr)
{
	*pc = fault_pc(f, vector);
	*addr = vector == V_DABT   ? read_cp15(CP15_DFAR)
		: vector == V_PABT ? read_cp15(CP15_IFAR)
				   : 0;
}

void exception_decode(const struct exc_frame *f, unsigned vector, struct fault_info *out)
{
	const struct fs_desc *d = NULL;
	uint32_t fsr = 0, fs;

	memset(out, 0, sizeof(*out));
	out->pc = fault_pc(f, vector);
	switch (vector) {
	case V_UNDEF: out->cls = FAULT_UNDEFINED; break;
	case V_SVC: out->cls = FAULT_SYSCALL; break;
	case V_PABT:
		out->cls = FAULT_INSN_ABORT;
		fsr = read_cp15(CP15_IFSR);
		out->addr = read_cp15(CP15_IFAR);
		break;
	case V_DABT:
		out->cls = FAULT_DATA_ABORT;
		fsr = read_cp15(CP15_DFSR);
		out->addr = read_cp15(CP15_DFAR);
		out->write = fsr & (1 << 11);
		break;
	default: out->cls = FAULT_OTHER; break;
	}
	out->syndrome = fsr;
	if (vector == V_PABT || vector == V_DABT) {
		fs = (fsr & 0xf) | ((fsr >> 6) & 0x10);
		for (unsigned i = 0; i < sizeof(fs_table) / sizeof(fs_table[0]); i++)
			if (fs_table[i].fs == fs)
				d = &fs_table[i];
		out->status = d ? d->status : FSTAT_OTHER;
		out->level = d ? d->level : 0;
		if (vector == V_PABT && fs == 0x02)
			out->cls = FAULT_BREAKPOINT; /* BKPT is a prefetch abort, debug event */
		snprintf(out->text, sizeof(out->text), "%s: %s%s (FS 0x%02x)", vector_names[vector],
			 vector == V_DABT ? (out->write ? "write, " : "read, ") : "",
			 d ? d->text : "unknown fault status", (unsigned)fs);
	} else {
		snprintf(out->text, sizeof(out->text), "%s at 0x%08lx", vector_names[vector & 7],
			 (unsigned long)out->pc);
	}
}

bool exception_is_sync(unsigned vector)
{
	return vector == V_UNDEF || vector == V_SVC || vector == V_PABT || vector == V_DABT;
}

void exception_redirect(struct exc_frame *f, void (*to)(void))
{
	f->ret = (uintptr_t)to & ~1u;
	f->spsr = (f->spsr & ~PSR_T) | ((uintptr_t)to & 1 ? PSR_T : 0);
}

static const char *mode_name(unsigned mode)
{
	switch (mode & MODE_MASK) {
	case MODE_USR: return "USR";
	case MODE_FIQ: return "FIQ";
	case MODE_IRQ: return "IRQ";
	case MODE_SVC: return "SVC";
	case MODE_MON: return "MON";
	case MODE_ABT: return "ABT";
	case MODE_HYP: return "HYP";
	case MODE_UND: return "UND";
	case MODE_SYS: return "SYS";
	default: return "?";
	}
}

void exception_report(const struct exc_frame *f, unsigned vector)
{
	struct fault_info fi;
	char line[160];
	uint32_t banked[2] = { 0, 0 };
	unsigned mode = f->spsr & MODE_MASK;

	exception_decode(f, vector, &fi);
	if (mode != MODE_HYP && mode != MODE_MON)
		banked_sp_lr(mode, banked);
	out_puts("\nBail out! unexpected exception\n");
	snprintf(line, sizeof(line),
		 "!! %s\n!! DFSR 0x%08lx DFAR 0x%08lx IFSR 0x%08lx IFAR 0x%08lx\n", fi.text,
		 (unsigned long)read_cp15(CP15_DFSR), (unsigned long)read_cp15(CP15_DFAR),
		 (unsigned long)read_cp15(CP15_IFSR), (unsigned long)read_cp15(CP15_IFAR));
	out_puts(line);
	snprintf(line, sizeof(line),
		 "!! PC 0x%08lx LR 0x%08lx SP 0x%08lx CPSR 0x%08lx (%s mode, %s, %c%c%c)\n",
		 (unsigned long)fi.pc, (unsigned long)banked[1], (unsigned long)banked[0],
		 (unsigned long)f->spsr, mode_name(mode), f->spsr & PSR_T ? "Thumb" : "ARM",
		 f->spsr & 0x100 ? 'A' : '-', f->spsr & 0x80 ? 'I' : '-',
		 f->spsr & 0x40 ? 'F' : '-');
	out_puts(line);
	for (unsigned i = 0; i < 13; i += 4) {
		int n = snprintf(line, sizeof(line), "!!");
		for (unsigned j = i; j < i + 4 && j < 13; j++)
			n += snprintf(line + n, sizeof(line) - n, " r%-2u %08lx", j,
				      (unsigned long)f->r[j]);
		snprintf(line + n, sizeof(line) - n, "\n");
		out_puts(line);
	}
}
