/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * REG_ASSERT(condition); -- a check made when a file is built, the same from
 * C and from assembly: for the register values the headers compose from
 * named bits (arch/aarch64/sysreg_bits.h, arch/armv7/sysreg_bits.h), each
 * asserted equal to the number it was written as before, so that a bit
 * named at the wrong position stops the build of every file that includes
 * the header, .c or .S.
 *
 *   C:        _Static_assert(condition, "condition") (C11 6.7.10).
 *   Assembly: .if (condition) == 0 / .error "condition" / .endif (GNU as
 *             manual, ".if", ".error"; ';' separates statements on a line
 *             for A64 and A32 alike). An .S file goes through the C
 *             preprocessor first, which defines __ASSEMBLER__ for it.
 *
 * The message is the condition as written, e.g. "SCR_EL3_VALUE == 0x531":
 * GCC prints it after "static assertion failed:", as after "Error:". The
 * condition must be an integer constant expression both read the same way:
 * no casts or sizeof; the u and ull suffixes GNU as accepts (and ignores:
 * it computes in 64 bits, C in the operands' types, so keep values to
 * their register's width). Preprocessor only.
 */
#ifndef ARCH_REG_ASSERT_H
#define ARCH_REG_ASSERT_H

/* clang-format off */
#ifdef __ASSEMBLER__
#define REG_ASSERT(...) .if (__VA_ARGS__) == 0; .error #__VA_ARGS__; .endif
#else
#define REG_ASSERT(...) _Static_assert(__VA_ARGS__, #__VA_ARGS__)
#endif
/* clang-format on */

#endif
