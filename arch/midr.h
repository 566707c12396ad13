/*
 * MIDR fields and the Arm part numbers bringup tells apart, for both
 * architectures (ARM ARM DDI 0406C B4.1.105 and DDI 0487 D17 MIDR: the
 * implementer in [31:24], the part number in [15:4]; each core's TRM gives
 * its part number). Usable from C and assembly.
 */
#ifndef ARCH_MIDR_H
#define ARCH_MIDR_H

#define MIDR_PART(midr)     (((midr) >> 4) & 0xfff)
#define MIDR_IMPLEMENTER(m) ((m) >> 24)
#define IMPLEMENTER_ARM     0x41
/* ARMv7-A cores */
#define PART_CORTEX_A5  0xc05
#define PART_CORTEX_A7  0xc07
#define PART_CORTEX_A8  0xc08
#define PART_CORTEX_A9  0xc09
#define PART_CORTEX_A12 0xc0d
#define PART_CORTEX_A15 0xc0f
#define PART_CORTEX_A17 0xc0e
/* ARMv8-A cores */
#define PART_CORTEX_A53 0xd03
#define PART_CORTEX_A57 0xd07
#define PART_CORTEX_A72 0xd08

#endif
