/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * AArch64 exception decoding: ESR_EL1 exception class and ISS in words
 * (ARM ARM DDI 0487 D17.2.37 ESR_ELx; DFSC/IFSC encodings).
 */
#include <stdio.h>
#include <string.h>

#include "arch/aarch64/frame.h"
#include "arch/decode.h"
#include "arch/out.h"

struct ec_desc {
	uint8_t ec;
	uint8_t cls; /* enum fault_class */
	const char *text;
};

static const struct ec_desc ec_table[] = {
	{ 0x00, FAULT_UNDEFINED, "Unknown reason (undefined instruction)" },
	{ 0x01, FAULT_OTHER, "WFI/WFE trapped" },
	{ 0x07, FAULT_OTHER, "FP/SIMD access trapped" },
	{ 0x0e, FAULT_OTHER, "Illegal Execution state" },
	{ 0x15, FAULT_SYSCALL, "SVC instruction (AArch64)" },
	{ 0x16, FAULT_SYSCALL, "HVC instruction (AArch64)" },
	{ 0x17, FAULT_SYSCALL, "SMC instruction (AArch64)" },
	{ 0x18, FAULT_UNDEFINED, "MSR/MRS/system instruction trapped" },
	{ 0x20, FAULT_INSN_ABORT, "Instruction Abort from a lower Exception level" },
	{ 0x21, FAULT_INSN_ABORT, "Instruction Abort without a change in Exception level" },
	{ 0x22, FAULT_ALIGNMENT, "PC alignment fault" },
	{ 0x24, FAULT_DATA_ABORT, "Data Abort from a lower Exception level" },
	{ 0x25, FAULT_DATA_ABORT, "Data Abort without a change in Exception level" },
	{ 0x26, FAULT_ALIGNMENT, "SP alignment fault" },
	{ 0x2c, FAULT_OTHER, "Trapped floating-point exception" },
	{ 0x2f, FAULT_OTHER, "SError interrupt" },
	{ 0x30, FAULT_BREAKPOINT, "Breakpoint from a lower Exception level" },
	{ 0x31, FAULT_BREAKPOINT, "Breakpoint without a change in Exception level" },
	{ 0x32, FAULT_OTHER, "Software Step from a lower Exception level" },
	{ 0x33, FAULT_OTHER, "Software Step without a change in Exception level" },
	{ 0x34, FAULT_OTHER, "Watchpoint from a lower Exception level" },
	{ 0x35, FAULT_OTHER, "Watchpoint without a change in Exception level" },
	{ 0x3c, FAULT_BREAKPOINT, "BRK instruction (AArch64)" },
};

static const char *const vector_names[16] = {
	"current EL, SP_EL0, synchronous", "current EL, SP_EL0, IRQ",
	"current EL, SP_EL0, FIQ",         "current EL, SP_EL0, SError",
	"current EL, SP_ELx, synchronous", "current EL, SP_ELx, IRQ",
	"current EL, SP_ELx, FIQ",         "current EL, SP_ELx, SError",
	"lower EL AArch64, synchronous",   "lower EL AArch64, IRQ",
	"lower EL AArch64, FIQ",           "lower EL AArch64, SError",
	"lower EL AArch32, synchronous",   "lower EL AArch32, IRQ",
	"lower EL AArch32, FIQ",           "lower EL AArch32, SError",
};

static const struct ec_desc *ec_lookup(unsigned ec)
{
	for (unsigned i = 0; i < sizeof(ec_table) / sizeof(ec_table[0]); i++)
		if (ec_table[i].ec == ec)
			return &ec_table[i];
	return NULL;
}

/* DFSC/IFSC (ISS[5:0]) of an abort. */
static void decode_fsc(unsigned fsc, struct fault_info *out)
{
	out->level = fsc & 3;
	switch (fsc >> 2) {
	case 0x1: out->status = FSTAT_TRANSLATION; return;
	case 0x2: out->status = FSTAT_ACCESS_FLAG; return;
	case 0x3: out->status = FSTAT_PERMISSION; return;
	default: break;
	}
	out->level = 0;
	if (fsc == 0x21)
		out->status = FSTAT_ALIGNMENT;
	else if (fsc == 0x10 || (fsc >= 0x14 && fsc <= 0x17))
		out->status = FSTAT_EXTERNAL;
	else
		out->status = FSTAT_OTHER;
}

/* ESR_EL1 for an SError (EC 0x2f; DDI 0487 D17.2.37, "ISS encoding for an
 * SError exception"): IDS (bit 24) an IMPLEMENTATION DEFINED syndrome;
 * else DFSC [5:0] (0x00 uncategorized, 0x11 asynchronous SError), and with
 * RAS (DFSC 0x11) AET [12:10], the error's state, and EA [9]. */
#define ESR_EC_SERROR 0x2f
static void serror_text(uint32_t iss, char *buf, size_t size)
{
	static const char *const aet[8] = { "uncontainable (UC)",
					    "unrecoverable (UEU)",
					    "restartable (UEO)",
					    "recoverable (UER)",
					    "AET 4",
					    "AET 5",
					    "corrected (CE)",
					    "AET 7" };
	unsigned dfsc = iss & 0x3f;

	if (iss & (1u << 24))
		snprintf(buf, size, "SError interrupt: IMPLEMENTATION DEFINED syndrome 0x%06x",
			 (unsigned)(iss & 0xffffff));
	else if (dfsc == 0x11)
		snprintf(buf, size, "SError interrupt: asynchronous SError, %s, EA %u (ISS 0x%07x)",
			 aet[(iss >> 10) & 7], (unsigned)(iss >> 9 & 1), (unsigned)iss);
	else
		snprintf(buf, size, "SError interrupt: %s (DFSC 0x%02x, ISS 0x%07x)",
			 dfsc ? "DFSC reserved" : "uncategorized", dfsc, (unsigned)iss);
}

void exception_decode(const struct exc_frame *f, unsigned vector, struct fault_info *out)
{
	unsigned ec = (f->esr >> 26) & 0x3f;
	uint32_t iss = f->esr & 0x1ffffff;
	const struct ec_desc *d = ec_lookup(ec);

	memset(out, 0, sizeof(*out));
	out->cls = d ? d->cls : FAULT_OTHER;
	if (!exception_is_sync(vector))
		out->cls = FAULT_OTHER;
	out->syndrome = (uint32_t)f->esr;
	out->addr = f->far;
	out->pc = f->elr;
	if (out->cls == FAULT_DATA_ABORT || out->cls == FAULT_INSN_ABORT) {
		decode_fsc(iss & 0x3f, out);
		out->write = out->cls == FAULT_DATA_ABORT && (iss & (1 << 6));
	}
	if (ec == ESR_EC_SERROR)
		serror_text(iss, out->text, sizeof(out->text));
	else if (out->status == FSTAT_NONE)
		snprintf(out->text, sizeof(out->text), "%s (EC 0x%02x)",
			 d ? d->text : "unallocated exception class", ec);
	else if (out->status <= FSTAT_PERMISSION)
		snprintf(out->text, sizeof(out->text), "%s: %s%s, level %u", d->text,
			 out->cls == FAULT_DATA_ABORT ? (out->write ? "write, " : "read, ") : "",
			 fault_status_name(out->status), out->level);
	else
		snprintf(out->text, sizeof(out->text), "%s: %s%s (FSC 0x%02x)", d->text,
			 out->cls == FAULT_DATA_ABORT ? (out->write ? "write, " : "read, ") : "",
			 fault_status_name(out->status), iss & 0x3f);
}

void exception_where(const struct exc_frame *f, unsigned vector, uintptr_t *pc, uintptr_t *addr)
{
	(void)vector;
	*pc = f->elr;
	*addr = f->far;
}

bool exception_is_sync(unsigned vector)
{
	return (vector & 3) == 0;
}

void exception_redirect(struct exc_frame *f, void (*to)(void))
{
	f->elr = (uintptr_t)to;
}

void exception_report(const struct exc_frame *f, unsigned vector)
{
	struct fault_info fi;
	char line[160];
	static const char *const el_sp[] = { "EL0t", "?",    "?", "?", "EL1t", "EL1h", "?", "?",
					     "EL2t", "EL2h", "?", "?", "EL3t", "EL3h", "?", "?" };

	exception_decode(f, vector, &fi);
	out_puts("\nBail out! unexpected exception\n");
	snprintf(line, sizeof(line), "!! %s\n!! vector: %s\n", fi.text, vector_names[vector & 15]);
	out_puts(line);
	snprintf(line, sizeof(line),
		 "!! ESR_EL1 0x%08llx  FAR_EL1 0x%016llx\n!! ELR_EL1 0x%016llx  SPSR_EL1 0x%08llx "
		 "(%s, DAIF %c%c%c%c)\n",
		 (unsigned long long)f->esr, (unsigned long long)f->far, (unsigned long long)f->elr,
		 (unsigned long long)f->spsr, el_sp[f->spsr & 15], f->spsr & (1 << 9) ? 'D' : '-',
		 f->spsr & (1 << 8) ? 'A' : '-', f->spsr & (1 << 7) ? 'I' : '-',
		 f->spsr & (1 << 6) ? 'F' : '-');
	out_puts(line);
	for (unsigned i = 0; i < 32; i += 4) {
		int n = snprintf(line, sizeof(line), "!!");
		for (unsigned j = i; j < i + 4; j++) {
			char name[4];
			if (j < 31)
				snprintf(name, sizeof(name), "x%u", j);
			else
				strcpy(name, "sp");
			n += snprintf(line + n, sizeof(line) - n, " %-3s %016llx", name,
				      (unsigned long long)(j < 31 ? f->x[j] : f->sp));
		}
		snprintf(line + n, sizeof(line) - n, "\n");
		out_puts(line);
	}
}
