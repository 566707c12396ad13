/* timer: the counter runs at a known, non-zero frequency. */
#include "arch/arch.h"
#include "boot/boot.h"
#include "lib/selftest/selftest.h"

SELFTEST(timer, advances)
{
	uint32_t hz = arch_counter_hz();
	uint64_t t0, t1;
	unsigned spins = 0;

	if (!boot.has_counter) {
		skip("no counter found on this CPU/platform");
		return;
	}
	if (hz)
		diag("counter frequency %lu Hz (DTB: %lu)", (unsigned long)hz,
		     (unsigned long)boot.hw.board.timer_hz);
	else
		diag("counter runs; its frequency is not discoverable (Cortex-A9 global timer)");
	t0 = arch_counter();
	do
		t1 = arch_counter();
	while (t1 == t0 && ++spins < 10000000);
	expect(t1 > t0, "counter stuck at %llu after %u reads", (unsigned long long)t0, spins);
}
