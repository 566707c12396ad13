/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The byte-lane test against a data-mask line that does not mask
 * (tests/host/lib/memtest/memtest_model.h model_dm_unmasked), for the DRAM test
 * engine's host test (tests/host/lib/memtest/test_memtest.h): for each of the 8 byte
 * lanes, memtest_byte_lanes run uncached over the buffer must report errors
 * (at least every word of the first chunk, in each of the 20 of its 24
 * passes whose stores miss the lane), each confined to that byte lane and
 * printed as "..., byte lane N"; a fault-free run must report none, and a
 * cached run must do nothing (a narrow store into a cache line reaches
 * DRAM as a whole line).
 */
#include <stdio.h>
#include <string.h>

#include "lib/memtest/memtest.h"
#include "tests/host/common/check.h"
#include "tests/host/lib/memtest/memtest_model.h"
#include "tests/host/lib/memtest/test_memtest.h"

struct lanes_seen {
	int lane;
	unsigned long errors, wrong;
};

static void on_lane_error(const struct memtest_error *e, void *ctx)
{
	struct lanes_seen *s = ctx;
	uint64_t x = e->expected ^ e->actual, lane = 0xffull << (8 * s->lane);
	char buf[256], tail[24];

	s->errors++;
	if (s->lane < 0 || (x & ~lane) || !x || e->test != MT_BYTE_LANES) {
		s->wrong++;
		return;
	}
	memtest_format_error(buf, sizeof(buf), e);
	snprintf(tail, sizeof(tail), ", byte lane %d", s->lane);
	if (strlen(buf) < strlen(tail) || strcmp(buf + strlen(buf) - strlen(tail), tail) != 0) {
		if (s->wrong++ == 0)
			printf("# byte lane %d decoded as: %s\n", s->lane, buf);
	}
}

static unsigned long lanes_run(int lane, bool cached, unsigned long *wrong)
{
	struct memtest_range r = { 0, MODEL_BYTES, 0, MODEL_PA };
	struct lanes_seen s = { lane, 0, 0 };
	struct memtest t = { .ranges = &r,
			     .nranges = 1,
			     .cached = cached,
			     .line = 64,
			     .pa_of = pa_of,
			     .on_error = on_lane_error,
			     .ctx = &s };

	model_reset(NULL, 0, 64, model_rnd());
	model_dm_unmasked(lane);
	r.va = (uintptr_t)model_buf;
	memtest_byte_lanes(&t);
	CHECK(t.errors[MT_BYTE_LANES] == s.errors, "byte lanes: %llu errors counted, %lu reported",
	      (unsigned long long)t.errors[MT_BYTE_LANES], s.errors);
	*wrong = s.wrong;
	return s.errors;
}

unsigned tm_lanes_runs(void)
{
	unsigned long wrong, n;
	unsigned found = 0;

	n = lanes_run(-1, false, &wrong);
	CHECK(n == 0, "byte lanes, no fault: %lu errors", n);
	n = lanes_run(3, true, &wrong);
	CHECK(n == 0, "byte lanes, cached: %lu errors (a cached run must do nothing)", n);
	for (int lane = 0; lane < 8; lane++) {
		n = lanes_run(lane, false, &wrong);
		if (!CHECK(n >= 20ul * (MEMTEST_CHUNK / 8),
			   "data-mask line of byte lane %d (never masks) not found", lane))
			continue;
		if (CHECK(wrong == 0,
			  "data-mask line of byte lane %d: %lu of %lu errors not decoded to it",
			  lane, wrong, n))
			found++;
	}
	return found;
}
