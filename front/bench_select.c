/* SPDX-License-Identifier: BSD-2-Clause */
/* Benchmark selection: see bench_select.h. */
#include "front/bench_select.h"

#include "front/options.h"

bool bench_selected(const char *name)
{
	return option_is("bench", "1") || (name && option_is("bench", name));
}
