#!/usr/bin/python3
# SPDX-License-Identifier: BSD-2-Clause
"""make check-lava-schema (part of make test): lab/'s device dictionaries and
the jobs of lab/mkjob.sh against the schemas of the LAVA installed here.

usage: lab/check-schema.py JOB.yaml...   (the jobs make lava writes)

A device goes through what lava-server does with it: its dictionary is a
Jinja2 template, rendered with the job's context by a sandboxed environment
whose loader reads the devices folder, then the server's device types
(lava_scheduler_app/environment.py, Device.load_configuration in
lava_scheduler_app/models.py), then validated by the server's device schema
(lava_scheduler_app/schema.py validate_device: a key it does not know is
refused, the device marked Bad and its jobs left queued for ever) and by the
dispatcher's (lava_common/schemas/device.py). Every dictionary of
lab/devices/ is rendered with no context (the server's health check of a
device) and with each architecture's; the per-flow devices must render
their architecture's dictionary. A job is validated as lava-server takes a
submission: lava_scheduler_app/schema.py validate_submission and
lava_common.schemas.validate (lavacli jobs validate).

A U-Boot device must send something to stop the autoboot: with
interrupt-newline false, an empty interrupt_char (the default of LAVA's
base-uboot template) sends nothing.

The check is shown to bite: a dictionary with a top-level "device_type:"
(lab/devices/qemu-aarch64.yaml with that line planted), the Pi's dictionary
without its interrupt_char, and a job with a "device-type:" key must be
refused, the first and last with the server's own message.
"""
import glob
import os
import sys

import yaml

LAB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "devices")
DEVICE_TYPES = "/usr/share/lava-server/device-types"
CONTEXTS = ({}, {"arch": "arm64"}, {"arch": "arm"})

try:
    from django.conf import settings

    settings.configure(EXTRA_CONTEXT_VARIABLES=[])
    from jinja2 import FileSystemLoader
    from jinja2.sandbox import SandboxedEnvironment
    from lava_common.schemas import validate as dispatcher_job
    from lava_common.schemas.device import validate as dispatcher_device
    from lava_scheduler_app.schema import SubmissionException, validate_device, validate_submission
    from voluptuous import Invalid
except ImportError as exc:
    sys.exit("check-lava-schema: FAIL: %s (packages lava-server and lava-dispatcher: scripts/setup.sh installs them)" % exc)

env = SandboxedEnvironment(loader=FileSystemLoader([LAB, DEVICE_TYPES]), autoescape=False, trim_blocks=True)


def device_errors(text, name, ctx):
    """What the server and the dispatcher say of one rendered dictionary."""
    try:
        data = yaml.safe_load(env.from_string(text).render(**ctx))
    except Exception as exc:  # jinja2 and YAML errors alike
        return ["%s %s: does not render: %s" % (name, ctx, exc)], None
    errors = []
    try:
        validate_device(data)
    except SubmissionException as exc:
        errors.append("%s %s: lava-server refuses it: %s" % (name, ctx, exc))
    try:
        dispatcher_device(data)
    except Invalid as exc:
        errors.append("%s %s: the dispatcher refuses it: %s" % (name, ctx, exc))
    # What the dispatcher sends to stop U-Boot's countdown: the boot
    # method's interrupt_char before the constant, a newline unless
    # interrupt-newline is false (lava_dispatcher/actions/boot/__init__.py).
    uboot = ((data.get("actions") or {}).get("boot") or {}).get("methods", {}).get("u-boot")
    if isinstance(uboot, dict):
        const = (data.get("constants") or {}).get("u-boot", {})
        key = (uboot.get("parameters") or {}).get("interrupt_char", const.get("interrupt-character"))
        if not key and not const.get("interrupt-newline", True):
            errors.append("%s %s: sends nothing to stop U-Boot's autoboot (interrupt_char empty, interrupt-newline false)" %
                          (name, ctx))
    return errors, data


def job_errors(text, name):
    data = yaml.safe_load(text)
    errors = []
    try:
        validate_submission(data)
    except SubmissionException as exc:
        errors.append("%s: lava-server refuses it: %s" % (name, exc))
    try:
        dispatcher_job(data, strict=False)
    except Invalid as exc:
        errors.append("%s: lavacli jobs validate refuses it: %s" % (name, exc))
    return errors


def main():
    errors, ndev, njob = [], 0, 0
    paths = sorted(glob.glob(os.path.join(LAB, "*.yaml")) + glob.glob(os.path.join(LAB, "*.jinja2")))
    for path in paths:
        name = os.path.basename(path)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for ctx in CONTEXTS:
            errs, data = device_errors(text, name, ctx)
            errors += errs
            ndev += 1
            # A device of both architectures renders the one of the job.
            if data is not None and "{% include" in text:
                want = {"arm": "armv7"}.get(ctx.get("arch"), "aarch64")
                inc = [n for n in os.listdir(LAB) if n.endswith("-%s.yaml" % want) and "'%s'" % n in text]
                with open(os.path.join(LAB, inc[0]) if inc else os.devnull, encoding="utf-8") as f:
                    if not inc or data != yaml.safe_load(f):
                        errors.append("%s %s: does not render the %s dictionary" % (name, ctx, want))
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            errors += job_errors(f.read(), os.path.basename(path))
        njob += 1

    # The planted keys: the server's own refusal, word for word.
    with open(os.path.join(LAB, "qemu-aarch64.yaml"), encoding="utf-8") as f:
        planted = "device_type: qemu\n" + f.read()
    errs, _ = device_errors(planted, "qemu-aarch64.yaml with device_type:", {})
    want = "extra keys not allowed @ data['device_type']"
    if not any(want in e for e in errs):
        errors.append("a dictionary with a top-level device_type: was not refused with \"%s\" (%s)" % (want, errs))
    else:
        print("check-lava-schema: planted device_type: refused: %s" % errs[0])
    with open(os.path.join(LAB, "rpi3-01.jinja2"), encoding="utf-8") as f:
        planted = f.read().replace("{% set interrupt_char = ' ' %}", "")
    errs, _ = device_errors(planted, "rpi3-01.jinja2 without interrupt_char", {})
    want = "sends nothing to stop U-Boot's autoboot"
    if not any(want in e for e in errs):
        errors.append("rpi3-01.jinja2 without its interrupt_char was not refused with \"%s\" (%s)" % (want, errs))
    else:
        print("check-lava-schema: planted empty interrupt: refused: %s" % errs[0])
    if sys.argv[1:]:
        with open(sys.argv[1], encoding="utf-8") as f:
            planted = f.read().replace("\ndevice_type:", "\ndevice-type:", 1)
        errs = job_errors(planted, os.path.basename(sys.argv[1]) + " with device-type:")
        want = "extra keys not allowed @ data['device-type']"
        if not any(want in e for e in errs):
            errors.append("a job with device-type: was not refused with \"%s\" (%s)" % (want, errs))
        else:
            print("check-lava-schema: planted device-type: refused: %s" % errs[0])

    for e in errors:
        print("check-lava-schema: FAIL: %s" % e)
    if not errors:
        print("check-lava-schema: %d device dictionaries (%d renderings) and %d jobs pass lava-server's and the dispatcher's schemas" %
              (len(paths), ndev, njob))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
