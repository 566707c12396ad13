# SPDX-License-Identifier: BSD-2-Clause
"""pytest glue: one bringup run on a labgrid target, one case per TAP line.

The cases exist only once the run is read, so the run happens when pytest
collects test_bringup.py (pytest_generate_tests), once per session, with
the target of --lg-env (labgrid's pytest plugin builds the Environment).
Anything that goes wrong on the way (QEMU or the power driver failing,
U-Boot refusing the image, no TAP header) is kept and reported by the case
test_boot, not raised: raised at collection it would be a collection error
and no case would say what failed. The target is powered off and cleaned up
right after the run (labgrid/environment.py cleanup), so no test needs the
plugin's fixtures.

Flows (the environment decides): a target with a UBootDriver gets the
image "bringup" staged by its TFTPProviderDriver if it has one (a real
board's TFTP server), is powered on (cycled), U-Boot's autoboot stopped,
its init_commands run (dhcp, tftp), bootargs set to --bringup-args and the
boot_command sent; else the QEMUDriver boots the image itself with
--bringup-args as boot_args. Then the console is read up to
"EXIT: STATUS=n" (arch/exit.h), at most --bringup-timeout seconds.
"""
import re
import time

import pytest
from pexpect import TIMEOUT
from labgrid.exceptions import NoDriverFoundError
from labgrid.step import steps

# U-Boot's own words when it cannot start the image (arch/arm/lib/image.c,
# arch/arm/lib/zimage.c, boot/bootm.c, boot/image-fdt.c): the boot fails
# at once instead of in a wait for boot_timeout.
UBOOT_ERRORS = ["Bad Linux ARM64 Image magic!", "Bad Linux ARM zImage magic!",
                "Wrong Image Format", "ERROR: Failed to allocate", "Retry count exceeded"]
TAP_LINE = re.compile(r"^(not ok|ok) (\d+)(?: - ([^#]*?))?\s*(?:#\s*(SKIP|TODO)\b\s*(.*))?$", re.I)


def pytest_addoption(parser):
    g = parser.getgroup("bringup")
    g.addoption("--bringup-args", default="", help="bringup's options (boot/cmdline.h), e.g. memtest_fault=alias:13")
    g.addoption("--bringup-status", type=int, default=0, help="the EXIT: STATUS the run must end with (default 0)")
    g.addoption("--bringup-timeout", type=float, default=30, help="seconds from the boot to the EXIT line (default 30)")
    g.addoption("--bringup-log", default=None, help="write the whole console (U-Boot's too) to this file")


class Case:
    def __init__(self, m, diag):
        self.result, self.number, self.name = m.group(1).lower(), int(m.group(2)), (m.group(3) or "").strip()
        self.directive, self.reason = (m.group(4) or "").upper(), (m.group(5) or "").strip()
        self.diag = diag

    def __repr__(self):
        return f"{self.number} - {self.name}"


class Run:
    """What the console said: the TAP cases, the plan, the status, or why not."""

    def __init__(self):
        self.raw, self.error, self.plan, self.status, self.cases = bytearray(), None, None, None, []
        self.tap, self.timeout, self.seconds = False, 0, 0.0

    def text(self):
        return self.raw.decode("utf-8", "replace").replace("\r", "")

    def tail(self, n=8):
        return "\n".join([line for line in self.text().split("\n") if line.strip()][-n:])

    def parse(self):
        lines = self.text().split("\n")
        if "TAP version 13" not in lines:
            return
        self.tap, diag = True, []
        for line in lines[lines.index("TAP version 13") + 1:]:
            m = TAP_LINE.match(line)
            if m:
                self.cases.append(Case(m, diag))
                diag = []
            elif line.startswith("#"):
                diag.append(line)
            elif re.match(r"^1\.\.\d+$", line) and self.plan is None:
                self.plan = int(line[3:])


def _capture(run):
    """Every byte any console reads (as labgrid's ConsoleLoggingReporter takes it)."""

    def notify(event):
        s = event.step
        if s.tag == "console" and str(s) == "read" and event.data.get("state") == "stop" and s.result:
            run.raw.extend(s.result)

    steps.subscribe(notify)
    return notify


def _driver(target, cls):
    try:
        return target.get_driver(cls, activate=False)
    except NoDriverFoundError:
        return None


def _boot(config, run):
    env = config._labgrid_env
    if env is None:
        raise pytest.UsageError("no labgrid environment: give --lg-env ENV.yaml (lab/labgrid/*.yaml)")
    args = config.getoption("bringup_args").strip()
    run.timeout = config.getoption("bringup_timeout")
    target = env.get_target("main")
    uboot = _driver(target, "UBootDriver")
    if uboot is None:
        _driver(target, "QEMUDriver").boot_args = args or None  # read when activated
        target.get_driver("PowerProtocol").cycle()
        console = target.get_driver("ConsoleProtocol")
    else:
        provider = _driver(target, "TFTPProviderDriver")
        if provider is not None:  # a real board's TFTP server: the image put in its folder
            target.activate(provider)
            provider.stage(env.config.get_image_path("bringup"))
        target.get_driver("PowerProtocol").cycle()
        target.activate(uboot)  # stops the autoboot, runs init_commands
        uboot.run_check(f"setenv bootargs '{args}'" if args else "setenv bootargs")
        uboot.boot("")
        console = uboot.console
        i, _, _, _ = console.expect([uboot.bootstring, TIMEOUT] + UBOOT_ERRORS, timeout=uboot.boot_timeout)
        if i == 1:
            raise RuntimeError(f"U-Boot did not say \"{uboot.bootstring}\" within {uboot.boot_timeout} s")
        if i > 1:
            raise RuntimeError(f"U-Boot refused the image: \"{UBOOT_ERRORS[i - 2]}\"")
    console.expect([r"EXIT: STATUS=(\d+)\r*\n", TIMEOUT], timeout=run.timeout)


def run_of(config):
    """The session's one run, made on first use."""
    run = getattr(config, "_bringup_run", None)
    if run is not None:
        return run
    run = config._bringup_run = Run()
    notify, start = _capture(run), time.monotonic()
    try:
        _boot(config, run)
    except pytest.UsageError:
        raise
    except Exception as e:  # kept for test_boot: see the module's text
        run.error = f"{type(e).__name__}: {e}"
    finally:
        try:
            config._labgrid_env.cleanup()  # powers QEMU off ("quit") and stops the drivers
        except Exception as e:
            run.error = run.error or f"clean-up: {type(e).__name__}: {e}"
        steps.unsubscribe(notify)
        run.seconds = time.monotonic() - start
    run.parse()
    m = re.findall(r"^EXIT: STATUS=(\d+)$", run.text(), re.M)
    run.status = int(m[-1]) if m else None
    log = config.getoption("bringup_log")
    if log:
        with open(log, "wb") as f:
            f.write(bytes(run.raw))
    return run


def pytest_generate_tests(metafunc):
    if "case" in metafunc.fixturenames:
        cases = run_of(metafunc.config).cases
        metafunc.parametrize("case", cases, ids=[c.name or str(c.number) for c in cases])


@pytest.fixture(scope="session")
def bringup(request):
    return run_of(request.config)
