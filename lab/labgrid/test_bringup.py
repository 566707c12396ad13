# SPDX-License-Identifier: BSD-2-Clause
"""bringup's report as pytest cases (the run: conftest.py).

test_boot     the image reached its TAP header (else: labgrid's error, or
              "never reached TAP" with the console's last lines: a crash
              before the report, a board that did not boot)
test_tap[..]  one case per TAP line, named after its " - ": "ok" passes,
              "not ok" fails with the "#" lines before it, "# SKIP" skips,
              "# TODO" is an expected failure (TAP 13 directives)
test_plan     the results are numbered 1..N for the plan 1..N
test_exit_status  the EXIT: STATUS line came, with --bringup-status
"""
import pytest


def test_boot(bringup):
    if bringup.error:
        pytest.fail(f"the boot failed: {bringup.error}\nthe console ended:\n{bringup.tail()}", pytrace=False)
    if not bringup.tap:
        pytest.fail(f"no TAP report: the boot never reached TAP\nthe console ended:\n{bringup.tail()}", pytrace=False)


def test_tap(case):
    if case.directive == "SKIP":
        pytest.skip(case.reason or "skipped")
    if case.directive == "TODO":
        if case.result == "not ok":
            pytest.xfail(case.reason or "TODO")
        return
    if case.result == "not ok":
        pytest.fail("\n".join(case.diag + [f"not ok {case!r}"]), pytrace=False)


def test_plan(bringup):
    if not bringup.tap:
        pytest.skip("no TAP report (test_boot says why)")
    got = [c.number for c in bringup.cases]
    if bringup.plan is None:
        pytest.fail(f"no plan line 1..N; {len(got)} results", pytrace=False)
    if got != list(range(1, bringup.plan + 1)):
        pytest.fail(f"{len(got)} results numbered {got[:1]}..{got[-1:]} for the plan 1..{bringup.plan}", pytrace=False)


def test_exit_status(bringup, request):
    want = request.config.getoption("bringup_status")
    if bringup.status is None:
        pytest.fail(f"no EXIT line within {bringup.timeout:g} s: the run did not finish\n"
                    f"the console ended:\n{bringup.tail()}", pytrace=False)
    if bringup.status != want:
        pytest.fail(f"EXIT: STATUS={bringup.status}, expected {want}", pytrace=False)
