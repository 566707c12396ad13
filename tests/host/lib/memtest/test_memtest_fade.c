/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The bit fade runs of the DRAM test engine's host test
 * (tests/host/lib/memtest/test_memtest.h): a leaky cell that loses a 1 only while the
 * engine waits must be named by bit_fade and by nothing before it.
 */
#include "lib/memtest/memtest.h"
#include "tests/host/common/check.h"
#include "tests/host/lib/memtest/memtest_model.h"
#include "tests/host/lib/memtest/test_memtest.h"

/* bit_fade: a leaky cell loses a 1 while the engine waits, and only then;
 * the wait is the test's. Uncached the buffer is the memory; cached the
 * cell in DRAM loses it (model_leak), which a verify sees only from memory:
 * after the clean that leaves the line invalid. */
struct leak {
	size_t word;
	unsigned bit, waits;
	bool cached;
};

static void leak_wait(void *ctx)
{
	struct leak *l = ctx;

	l->waits++;
	if (l->bit < 64 && l->cached)
		model_leak(l->word, l->bit);
	else if (l->bit < 64)
		model_buf[l->word] &= ~((uint64_t)1 << l->bit); /* charge lost: reads 0 */
}

static void leak_error(const struct memtest_error *e, void *ctx)
{
	struct leak *l = ctx;

	CHECK(e->test == MT_BIT_FADE && e->pa == MODEL_PA + 8 * l->word &&
		      (e->expected ^ e->actual) == (uint64_t)1 << l->bit,
	      "bit fade: error at 0x%llx xor 0x%llx, the leak is word %u bit %u",
	      (unsigned long long)e->pa, (unsigned long long)(e->expected ^ e->actual),
	      (unsigned)l->word, l->bit);
}

void tm_fade_runs(unsigned runs, bool cached)
{
	for (unsigned i = 0; i < runs; i++) {
		struct leak l = { model_rnd_below(MODEL_WORDS), i ? model_rnd_below(64) : 64, 0,
				  cached };
		struct memtest_range r = { 0, MODEL_BYTES, 0, MODEL_PA };
		size_t line = cached ? 32u << model_rnd_below(3) : 64;
		struct memtest t = { .ranges = &r,
				     .nranges = 1,
				     .cached = cached,
				     .line = line,
				     .pa_of = pa_of,
				     .on_error = leak_error,
				     .ctx = &l };

		model_reset(NULL, 0, line, model_rnd());
		r.va = (uintptr_t)model_buf;
		memtest_march_c(&t); /* no wait: the leak does not show */
		memtest_bit_fade(&t, leak_wait, &l);
		CHECK(l.waits == 2 && t.errors[MT_MARCH_C] == 0 &&
			      t.errors[MT_BIT_FADE] == (l.bit < 64 ? 1u : 0u),
		      "bit fade run %u (%s, line %u, leak %s): %u waits, %llu March errors, "
		      "%llu fade errors",
		      i, cached ? "cached" : "uncached", (unsigned)line,
		      l.bit < 64 ? "yes" : "none", l.waits,
		      (unsigned long long)t.errors[MT_MARCH_C],
		      (unsigned long long)t.errors[MT_BIT_FADE]);
	}
}
