#!/usr/bin/python3
"""Boots the kiosk image built by tools/kiosk-vm/run under QEMU and checks it from the host.

Stages: the headless reference frames on the host; the boot (until the guest agent greets); the kernel DRM device
and the units systemd started; the demo scene at fixed manual-clock times, both as the guest daemon draws it
(animctl screenshot inside the guest) and as the virtual GPU scans it out (QMP screendump, DRM output only),
against the host's headless frames; DPMS; hotplug driven by a real HPD interrupt (QEMU's D-Bus display,
SetUIInfo); a killed daemon restarted by systemd; rotation; page-flip pacing; the splash; GBM + EGL scan-out with
the GLES renderer; two connectors in one scene; input through the virtio tablet and keyboard (input_checks.py).
Writes <work>/report.txt and exits 1 when any check failed.

Tolerance: a frame matches when at most 1 % of its pixels differ by more than 2/255 in any channel and none by
more than 64/255 (the GLES renderer's tolerance in Tests/IntegrationTests/DemoGoldenTests.swift, since the guest
may draw with Mesa's llvmpipe while the host reference uses the software renderer).
"""

import argparse
import base64
import io
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

import numpy
from PIL import Image

from input_checks import input_checks
from seat_checks import SEAT_TIME, seat_checks

# The demo's group runs 0…2 s and the spinner's two half turns 0…2 s: five times across the scene.
TIMES = [0.0, 0.25, 0.5, 0.75, 1.5]
SIZE = (640, 480)
MAX_CHANNEL_DIFFERENCE = 2
REQUIRED_FRACTION = 0.99
WORST_CHANNEL_DIFFERENCE = 64
# animserverd --rotation is clockwise: the panel shows the upright scene turned a quarter turn clockwise, and the
# scene is the panel's size with width and height swapped.
ROTATION = 90
ROTATION_TIME = 0.5
# Seconds between samples of the monotonic clock's frame count (the clock runs at a tenth of real speed).
MONOTONIC_SAMPLE_INTERVAL = 1.0
# How long the screen may take to show a new clock time's frame (TCG emulation is slow).
SCREEN_TIMEOUT = 15
# Seconds to wait for the kernel's own hotplug uevent before triggering the card's change event (the sysfs
# fallback, bochs only).
HOTPLUG_WAIT = 3
# The virtual panel's physical size (640x480 at 96 dpi). Every SetUIInfo names it: QEMU drops a SetUIInfo equal to
# the console's previous one, and a console starts with all zeros, so a bare 0x0 "unplug" as the first call
# would never reach the guest.
PANEL_MM = (169, 127)
# virtio-gpu's second head, off until SetUIInfo gives it a size (the two-connector checks).
HEADS = 2
# A blanked display: QEMU shows a placeholder (a message on a plain background), so nearly all one colour.
BLANK_FRACTION = 0.95
EXPECTED_DRIVERS = {"virtio": {"virtio_gpu"}, "bochs": {"bochs-drm", "bochs"}}


class CheckFailed(Exception):
    pass


class Report:
    """Check results in order; each line is PASS, FAIL or INFO."""

    def __init__(self, path):
        self.path = path
        self.lines = []
        self.failures = 0

    def add(self, verdict, name, detail=""):
        if verdict == "FAIL":
            self.failures += 1
        line = f"{verdict:4} {name}" + (f": {detail}" if detail else "")
        self.lines.append(line)
        print(f"vmcheck: {line}", flush=True)

    def check(self, ok, name, detail=""):
        self.add("PASS" if ok else "FAIL", name, detail)
        return ok

    def write(self, header):
        with open(self.path, "w") as f:
            f.write(header + "\n")
            f.write("\n".join(self.lines) + "\n")
            f.write(f"\n{self.failures} failed check(s)\n")


def compare(actual, expected):
    """(passes, text) for two HxWx3 uint8 arrays under the stated tolerance."""
    if actual.shape != expected.shape:
        return False, f"size {actual.shape[1]}x{actual.shape[0]}, expected {expected.shape[1]}x{expected.shape[0]}"
    difference = numpy.abs(actual.astype(numpy.int16) - expected.astype(numpy.int16)).max(axis=2)
    within = float((difference <= MAX_CHANNEL_DIFFERENCE).mean())
    worst = int(difference.max())
    passes = within >= REQUIRED_FRACTION and worst <= WORST_CHANNEL_DIFFERENCE
    return passes, f"{within * 100:.3f} % of pixels within {MAX_CHANNEL_DIFFERENCE}/255, worst {worst}/255"


def opaque_rgb(image):
    """An image as HxWx3 over black, as a scanout shows it (screenshots are straight-alpha RGBA PNGs)."""
    rgba = numpy.asarray(image.convert("RGBA"), dtype=numpy.float64)
    rgb = rgba[:, :, :3] * (rgba[:, :, 3:4] / 255.0)
    return numpy.rint(rgb).astype(numpy.uint8)


def save_difference(actual, expected, path):
    difference = numpy.abs(actual.astype(numpy.int16) - expected.astype(numpy.int16)).astype(numpy.uint8)
    Image.fromarray(numpy.minimum(difference.astype(numpy.uint16) * 8, 255).astype(numpy.uint8)).save(path)


def run(command, **kwargs):
    return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs)


def wait_until(predicate, timeout, interval=0.1, what="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise CheckFailed(f"timed out after {timeout} s waiting for {what}")


def reference_frames(bin_dir, frames_dir, size=SIZE, times=TIMES, prefix="host"):
    """The host's headless rendering of the demo scene at `times` (software renderer, manual clock)."""
    folder = tempfile.mkdtemp(prefix="kiosk-vm-ref-")
    sock = os.path.join(folder, "animserver.sock")
    env = dict(os.environ, ANIMSERVER_SOCKET=sock)
    daemon_log = open(os.path.join(frames_dir, f"{prefix}-animserverd.log"), "w")
    daemon = subprocess.Popen(
        [f"{bin_dir}/animserverd", "--output", "headless", "--size", f"{size[0]}x{size[1]}", "--clock", "manual",
         "--renderer", "software"], env=env, stdout=daemon_log, stderr=subprocess.STDOUT)
    demo = None
    try:
        wait_until(lambda: os.path.exists(sock), 10, what="the host daemon's socket")
        demo = subprocess.Popen([f"{bin_dir}/animdemo", "--timeout", "60"], env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        wait_until(lambda: layer_count(subprocess.run([f"{bin_dir}/animctl", "status", "--json"], env=env,
                                                      capture_output=True, text=True).stdout) == 3,
                   30, what="the demo's 3 layers on the host daemon")
        frames = {}
        for t in times:
            run([f"{bin_dir}/animctl", "clock", "set", str(t)], env=env)
            path = os.path.join(frames_dir, f"{prefix}-{int(t * 1000)}ms.png")
            run([f"{bin_dir}/animctl", "screenshot", path], env=env)
            frames[t] = Image.open(path)
            frames[t].load()
        run([f"{bin_dir}/animctl", "clock", "set", "5"], env=env)
        demo.wait(timeout=30)
        return frames
    finally:
        for process in (demo, daemon):
            if process and process.poll() is None:
                process.send_signal(signal.SIGTERM)
                process.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


def layer_count(status_json):
    try:
        return json.loads(status_json).get("layers")
    except (json.JSONDecodeError, AttributeError):
        return None


class LineSocket:
    """A Unix stream socket read line by line with a deadline."""

    def __init__(self, path, timeout, alive):
        def connect():
            if not alive():
                raise CheckFailed("QEMU exited (see qemu.log next to the report)")
            return self._connect(path)

        self.sock = wait_until(connect, timeout, what=f"QEMU's socket {path}")
        self.buffer = b""

    @staticmethod
    def _connect(path):
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(path)
            return s
        except OSError:
            return None

    def readline(self, timeout):
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise CheckFailed(f"no answer within {timeout} s")
            self.sock.settimeout(remaining)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                continue
            if not chunk:
                raise CheckFailed("the socket closed")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode()

    def send(self, text):
        self.sock.sendall(text.encode() + b"\n")


class QMP:
    def __init__(self, path, alive):
        self.line = LineSocket(path, 30, alive)
        self.line.readline(30)  # the greeting
        self.execute("qmp_capabilities")

    def execute(self, command, **arguments):
        self.line.send(json.dumps({"execute": command, "arguments": arguments}))
        while True:
            message = json.loads(self.line.readline(60))
            if "return" in message:
                return message["return"]
            if "error" in message:
                raise CheckFailed(f"QMP {command}: {message['error']}")


class Agent:
    """The guest's kiosk-agent on the virtio-serial port."""

    def __init__(self, path, alive):
        self.line = LineSocket(path, 30, alive)

    def wait_ready(self, timeout):
        while True:
            line = self.line.readline(timeout)
            if line.startswith("AGENT-READY"):
                return float(line.split()[1])

    def run(self, command, timeout=90):
        """(exit status, output) of a shell command in the guest."""
        self.line.send(command)
        while True:
            line = self.line.readline(timeout)
            if line.startswith("RESULT "):
                _, status, *payload = line.split(" ", 2)
                return int(status), base64.b64decode(payload[0] if payload else "").decode(errors="replace")


class DisplayBus:
    """A private D-Bus session bus for QEMU's D-Bus display (`-display dbus`): its console objects
    /org/qemu/Display1/Console_N take SetUIInfo, which is how a display client tells QEMU the size of the window
    showing head N; virtio-gpu turns it into a VIRTIO_GPU_EVENT_DISPLAY config interrupt — the virtual monitor's
    hot-plug-detect line — with head N enabled (a size) or disabled (0x0)."""

    def __init__(self, folder):
        self.process = subprocess.Popen(
            ["dbus-daemon", "--session", "--nofork", "--print-address=1", f"--address=unix:dir={folder}"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.address = self.process.stdout.readline().strip()
        if not self.address:
            raise CheckFailed("dbus-daemon printed no address")
        self.env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=self.address)

    def set_ui_info(self, head, width, height):
        """SetUIInfo on head's console: a size connects the head's connector, 0x0 disconnects it."""
        result = subprocess.run(
            ["gdbus", "call", "--session", "--dest", "org.qemu", "--object-path", f"/org/qemu/Display1/Console_{head}",
             "--method", "org.qemu.Display1.Console.SetUIInfo", str(PANEL_MM[0]), str(PANEL_MM[1]), "0", "0",
             str(width), str(height)], env=self.env, capture_output=True, text=True, timeout=30)
        if result.returncode != 0:
            raise CheckFailed(f"SetUIInfo on Console_{head}: {result.stderr.strip()}")

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=10)


class Hotplug:
    """Plugs and unplugs a head's display. virtio-gpu: a real HPD interrupt through the D-Bus display's SetUIInfo
    (the guest's virtio_gpu driver re-reads the display info and the kernel sends the drm change uevent itself).
    bochs-display has no such event: the fallback forces the guest connector's sysfs `status` and, when the kernel
    sends no uevent for that, triggers the card's change event with udevadm."""

    def __init__(self, bus, gpu):
        self.bus = bus
        self.genuine = gpu == "virtio"
        # virtio-gpu shows QEMU's placeholder for a scan-out the guest turned off; bochs-display goes on showing
        # its video memory with the CRTC off, so there only the kernel's state says the display is dark.
        self.screen_blanks = gpu == "virtio"

    def describe(self):
        return "QEMU's SetUIInfo (virtio-gpu display event, the kernel's own uevent)" if self.genuine else \
            "the sysfs connector override (fallback: bochs-display has no display event)"

    def set(self, guest, head, connected, size=SIZE):
        if self.genuine:
            self.bus.set_ui_info(head, *(size if connected else (0, 0)))
        else:
            state = "detect" if connected else "off"
            guest(f"echo {state} >$(ls -d /sys/class/drm/card0-* | sed -n {head + 1}p)/status")


def screendump(qmp, path, head=0):
    qmp.execute("screendump", filename=path, device="gpu", head=head)
    image = Image.open(path)
    image.load()
    os.remove(path)
    return image


def screen_matching(qmp, frames_dir, name, expected, timeout, head=0):
    """The screen once it matches `expected`, or the last grab after `timeout` s: the flip for a new clock time
    lands a frame or more after `animctl clock set` returns, later under emulation."""
    deadline = time.monotonic() + timeout
    while True:
        screen = opaque_rgb(screendump(qmp, os.path.join(frames_dir, f"{name}.ppm"), head))
        passes, detail = compare(screen, expected)
        if passes or time.monotonic() > deadline:
            Image.fromarray(screen).save(os.path.join(frames_dir, f"{name}.png"))
            if not passes:
                save_difference(screen, expected, os.path.join(frames_dir, f"diff-{name}.png"))
            return passes, detail
        time.sleep(0.25)


def qemu_command(work, accel, gpu):
    device = {
        "virtio": f"virtio-gpu-pci,id=gpu,xres={SIZE[0]},yres={SIZE[1]},max_outputs={HEADS}",
        "bochs": f"bochs-display,id=gpu,xres={SIZE[0]},yres={SIZE[1]}",
    }[gpu]
    return [
        "qemu-system-x86_64",
        "-machine", f"q35,accel={accel}",
        # Nested KVM here refuses the host CPU's IA32_ARCH_CAPABILITIES MSR; the guest does not need it.
        "-cpu", "host,-arch-capabilities" if accel == "kvm" else "max",
        "-m", "2G", "-smp", "2",
        "-vga", "none", "-device", device,
        # The D-Bus display (on DisplayBus's private bus) takes SetUIInfo, the hotplug interrupt; screendump
        # grabs each head as before.
        "-display", "dbus",
        "-drive", f"file={work}/kiosk.img,format=raw,if=virtio",
        "-kernel", f"{work}/vmlinuz", "-initrd", f"{work}/initrd.img",
        "-append", "root=/dev/vda rw console=ttyS0 panic=-1",
        "-serial", f"file:{work}/serial.log",
        "-qmp", f"unix:{work}/qmp.sock,server=on,wait=off",
        "-device", "virtio-serial-pci",
        "-chardev", f"socket,id=agent,path={work}/agent.sock,server=on,wait=off",
        "-device", "virtserialport,chardev=agent,name=org.animserver.agent",
        # The input checks' devices, driven through QMP input-send-event: an absolute pointer and a keyboard.
        "-device", "virtio-tablet-pci,id=tablet", "-device", "virtio-keyboard-pci,id=keyboard",
        "-nic", "none", "-no-reboot",
    ]


def guest_checks(report, agent, qmp, hotplug, args, references, frames_dir):
    def guest(command, timeout=90):
        status, output = agent.run(command, timeout)
        return status, output.strip()

    _, state = guest("systemctl is-system-running --wait", timeout=320)
    _, failed = guest("systemctl --failed --no-legend --plain | cut -d' ' -f1 | tr '\\n' ' '")
    report.check(state == "running", "systemd finished booting", f"{state}; failed units: {failed or 'none'}")
    status, card = guest("test -c /dev/dri/card0 && ls /dev/dri")
    report.check(status == 0, "/dev/dri/card0 exists", card.replace("\n", " "))
    # virtio-gpu's card hangs off the PCI function (driver virtio-pci) through a virtio device (virtio_gpu).
    _, drivers = guest("for d in /sys/class/drm/card0/device/driver /sys/class/drm/card0/device/virtio*/driver; do "
                       "[ -e \"$d\" ] && basename \"$(readlink -f \"$d\")\"; done")
    found = drivers.split()
    report.check(bool(EXPECTED_DRIVERS[args.gpu] & set(found)), "card0's kernel driver",
                 f"{' → '.join(found)} (expected one of {sorted(EXPECTED_DRIVERS[args.gpu])})")
    _, connectors = guest("for c in /sys/class/drm/card0-*; do echo \"${c##*/} $(cat $c/status) "
                          "$(head -n 1 $c/modes)\"; done")
    report.check(f"connected {SIZE[0]}x{SIZE[1]}" in connectors, "a connected connector whose preferred mode is "
                 f"{SIZE[0]}x{SIZE[1]}", connectors.replace("\n", "; "))
    _, kernel = guest("uname -r")
    report.add("INFO", "guest kernel", kernel)

    for unit in ("animserverd.socket", "animserverd.service", "animdemo-kiosk.service"):
        _, state = guest(f"systemctl is-active {unit}")
        report.check(state == "active", f"systemd: {unit} active", state)
    _, flags = guest("tr '\\0' ' ' </proc/$(systemctl show -p MainPID --value animserverd.service)/cmdline")
    report.add("INFO", "animserverd started as", flags)
    status, text = guest("animctl status")
    report.check(status == 0, "animctl status in the guest", text.replace("\n", " | ")[:300])

    layers = wait_until(lambda: layer_count(guest("animctl status --json")[1]) == 3, 60,
                        what="the demo's 3 layers in the guest")
    report.check(bool(layers), "the demo client's scene is on the guest daemon (3 layers)")
    if args.checks == "input":
        input_checks(report, guest, qmp, args, frames_dir, references[SEAT_TIME])
        return

    for t in TIMES:
        name = f"{int(t * 1000)}ms"
        expected = references[t]
        status, text = guest(f"animctl clock set {t} >/dev/null && animctl screenshot /tmp/shot.png >/dev/null && "
                             "base64 -w0 /tmp/shot.png")
        if not report.check(status == 0, f"guest screenshot at {t} s", "" if status == 0 else text[:200]):
            continue
        shot = Image.open(io.BytesIO(base64.b64decode(text)))
        shot.save(os.path.join(frames_dir, f"guest-{name}.png"))
        actual_rgb, expected_rgb = opaque_rgb(shot), opaque_rgb(expected)
        passes, detail = compare(actual_rgb, expected_rgb)
        if not passes:
            save_difference(actual_rgb, expected_rgb, os.path.join(frames_dir, f"diff-guest-{name}.png"))
        report.check(passes, f"guest daemon's frame at {t} s matches the host's headless frame", detail)

        if args.output == "drm":
            passes, detail = screen_matching(qmp, frames_dir, f"screen-{name}", expected_rgb, SCREEN_TIMEOUT)
            report.check(passes, f"screendump at {t} s matches the host's headless frame", detail)
        else:
            screendump(qmp, os.path.join(frames_dir, f"screen-{name}.ppm")).save(
                os.path.join(frames_dir, f"screen-{name}.png"))
            report.add("INFO", f"screendump at {t} s saved, not compared (headless output: the daemon does not "
                       "drive the screen)")

    if args.output == "drm":
        power_checks(report, guest, qmp, frames_dir, opaque_rgb(references[TIMES[-1]]), hotplug)
        hotplug_checks(report, guest, qmp, frames_dir, opaque_rgb(references[TIMES[-1]]), hotplug)

    # Past the scene's end the demo's completion block runs and it exits 0.
    guest("animctl clock set 5")
    try:
        wait_until(lambda: guest("systemctl is-active animdemo-kiosk.service")[1] != "active", 30,
                   what="the demo client to exit")
        _, result = guest("systemctl show -p Result --value animdemo-kiosk.service")
        report.check(result == "success", "the demo client finished its scene and exited 0", result)
    except CheckFailed as error:
        report.check(False, "the demo client finished its scene and exited 0", str(error))

    if args.output == "drm":
        _, pacing = guest("animctl status | grep -iE 'vblank|hitch|photon|flip' || true")
        report.add("INFO", "pacing counters after the demo", pacing.replace("\n", " | ") or "(none in animctl status)")

    def daemon_state():
        _, text = guest("systemctl show -p MainPID,NRestarts,ActiveState animserverd.service")
        return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)

    before = daemon_state()
    killed_at = time.monotonic()
    guest("systemctl kill -s KILL animserverd.service")
    try:
        after = wait_until(lambda: (lambda s: s if s.get("ActiveState") == "active"
                                    and s.get("MainPID") not in ("0", before.get("MainPID"))
                                    and s.get("NRestarts") != before.get("NRestarts") else None)(daemon_state()),
                           30, interval=0.05, what="systemd to restart animserverd")
        report.check(True, "systemd restarted the killed daemon",
                     f"MainPID {before.get('MainPID')} → {after['MainPID']}, NRestarts {before.get('NRestarts')} → "
                     f"{after['NRestarts']}, active again after {time.monotonic() - killed_at:.2f} s")
    except CheckFailed as error:
        report.check(False, "systemd restarted the killed daemon", str(error))
    status, text = guest("animctl status")
    report.check(status == 0, "animctl status after the restart", text.replace("\n", " | ")[:200])

    rotation_checks(report, guest, qmp, args, frames_dir)
    live_rotation_checks(report, guest, qmp, args, frames_dir, references[ROTATION_TIME])
    monotonic_checks(report, guest, qmp, args, frames_dir)
    splash_checks(report, guest, qmp, args, frames_dir, references)
    seat_checks(report, guest, qmp, args, frames_dir, references[SEAT_TIME])
    input_checks(report, guest, qmp, args, frames_dir, references[SEAT_TIME])
    gles_checks(report, guest, qmp, hotplug, args, frames_dir, references)
    two_connector_checks(report, guest, qmp, hotplug, args, frames_dir)
    qmp_hotplug_probe(report, qmp)

# The GLES phase's times: the first frame compiles llvmpipe's shaders (seconds under TCG), later ones take about
# a second, so fewer times and a longer wait than the software renderer's.
GLES_TIMES = [0.0, 0.5, 1.5]
GLES_SCREEN_TIMEOUT = 40


def daemon_log(guest, pattern):
    """The running daemon's log lines (this process only) that match the extended regex `pattern`."""
    _, text = guest("journalctl -b --no-pager -o cat _PID=$(systemctl show -p MainPID --value animserverd.service) "
                    f"| grep -E '{pattern}' || true")
    return text


def gles_checks(report, guest, qmp, hotplug, args, frames_dir, references):
    """GBM + EGL scan-out on the kernel: virtio-gpu has no 3D here, so Mesa's GBM takes kms_swrast and EGL on the
    GBM platform draws with llvmpipe. The daemon restarted with --renderer gles must say so in its log, its
    screendumps must match the host's software frames within the GLES tolerance, turned by --rotation too, and an
    unplug and replug must relight the GBM surface."""
    if args.output != "drm":
        report.add("INFO", "GBM + EGL not checked: the headless output has no scan-out")
        return
    rotated = opaque_rgb(reference_frames(args.bin, frames_dir, size=(SIZE[1], SIZE[0]), times=[ROTATION_TIME],
                                          prefix="host-rotated")[ROTATION_TIME])
    status, text = restart_daemon(guest, "--renderer gles")
    if not report.check(status == 0, "daemon restarted with --renderer gles", text[:200]):
        return
    try:
        wait_until(lambda: layer_count(guest("animctl status --json")[1]) == 3, 60,
                   what="the demo's 3 layers on the GLES daemon")
        lit = daemon_log(guest, "display lit|renderer chosen")
        report.check("buffers=GBM + EGL" in lit and "renderer=gles" in lit, "GLES: the daemon scans out GBM + EGL "
                     "buffers drawn by the GLES renderer", lit.replace("\n", " | ")[:400])
        for t in GLES_TIMES:
            guest(f"animctl clock set {t}")
            passes, detail = screen_matching(qmp, frames_dir, f"screen-gles-{int(t * 1000)}ms",
                                             opaque_rgb(references[t]), GLES_SCREEN_TIMEOUT)
            report.check(passes, f"GLES: screendump at {t} s matches the host's software frame", detail)

        status, text = restart_daemon(guest, f"--renderer gles --rotation {ROTATION}")
        if not report.check(status == 0, f"daemon restarted with --renderer gles --rotation {ROTATION}", text[:200]):
            return
        wait_until(lambda: layer_count(guest("animctl status --json")[1]) == 3, 60,
                   what="the demo's 3 layers on the rotated GLES daemon")
        guest(f"animctl clock set {ROTATION_TIME}")
        turned = numpy.rot90(rotated, k=-1)
        passes, detail = screen_matching(qmp, frames_dir, "screen-gles-rotated", turned, GLES_SCREEN_TIMEOUT)
        report.check(passes, f"GLES: screendump shows the scene turned {ROTATION}° clockwise", detail)

        how, uevents = plug(guest, hotplug, 0, False)
        _, active = connector_power(guest)
        report.check(how is not None and active is not True, "GLES: unplug darkens the display (CRTC inactive)",
                     f"on {how}; {uevents} kernel uevent(s); CRTC active {active}")
        if how:
            check_blank(report, qmp, frames_dir, turned, hotplug, "GLES: screendump after unplug is blank",
                        shot="screen-gles-unplugged")
        how, uevents = plug(guest, hotplug, 0, True)
        passes, detail = screen_matching(qmp, frames_dir, "screen-gles-replug", turned, GLES_SCREEN_TIMEOUT) \
            if how else (False, "the daemon did not list the output as on")
        relit = daemon_log(guest, "display lit").splitlines()
        report.check(passes and len(relit) >= 2 and "GBM + EGL" in relit[-1], "GLES: replug relights the GBM "
                     "surface and the screendump shows the turned frame",
                     f"{detail}; {len(relit)} 'display lit' line(s), last: {relit[-1][:160] if relit else ''}")
    except CheckFailed as error:
        report.check(False, "GBM + EGL", str(error))
    finally:
        restart_daemon(guest, None)


# The two-connector phase: head 1 joins at the panel's size; --layout extend puts it right of head 0. Both heads
# are compared at the first time; at the second head 1 is off and head 0 must go on, at the third head 0 (the
# primary, the frame clock) is off and head 1 must go on. Forward only: the demo's animations are gone once the
# clock has passed their end.
TWO_TIMES = [0.5, 1.0, 1.5]
HEAD_NAMES = ("Virtual-1", "Virtual-2")
WIDE = (SIZE[0] * 2, SIZE[1])


def outputs_summary(listed):
    """`animctl output`'s lines without their mode lists."""
    return " | ".join(line for line in listed.splitlines() if not line.strip().startswith("modes:"))


def guest_screenshot(guest, extra=""):
    """The guest daemon's `animctl screenshot` as an image, or raises CheckFailed."""
    status, text = guest(f"animctl screenshot {extra} /tmp/shot.png >/dev/null && base64 -w0 /tmp/shot.png")
    if status != 0:
        raise CheckFailed(f"animctl screenshot {extra}: {text[:200]}")
    return Image.open(io.BytesIO(base64.b64decode(text)))


def two_connector_checks(report, guest, qmp, hotplug, args, frames_dir):
    """Two connectors, each an output of one scene: head 1 plugged through SetUIInfo, the daemon and the demo
    restarted on the 1280x480 scene (--layout extend), each head's screendump against its half of the host's
    1280x480 headless frame; one powered off while the other keeps showing; head 1 unplugged shrinks the scene
    back to 640x480."""
    status, _ = guest("animserverd --help | grep -q -- '--layout'")
    if status != 0 or args.output != "drm" or not hotplug.genuine:
        report.add("INFO", "two connectors not checked: " + (
            "this animserverd lights one connector (no --layout)" if status else
            "headless output" if args.output != "drm" else "bochs-display has one head"))
        return
    references = {t: opaque_rgb(frame) for t, frame in
                  reference_frames(args.bin, frames_dir, size=WIDE, times=TWO_TIMES, prefix="host-wide").items()}
    halves = {t: (frame[:, :SIZE[0]], frame[:, SIZE[0]:]) for t, frame in references.items()}
    watch_uevents(guest)
    try:
        before = kernel_uevents(guest)
        hotplug.set(guest, 1, True)
        wait_until(lambda: connector_status(guest, 1) == "connected", SCREEN_TIMEOUT, what="head 1 connected")
        report.check(True, "head 1 plugged: the kernel reports its connector connected",
                     f"{kernel_uevents(guest) - before} kernel drm change uevent(s)")
        # The demo lays its scene out once, for the size it finds: restart both on the two-head scene.
        guest("systemctl restart animserverd.service && systemctl restart animdemo-kiosk.service")
        wait_until(lambda: layer_count(guest("animctl status --json")[1]) == 3, 60,
                   what="the demo's 3 layers on the two-connector daemon")
        _, listed = guest("animctl output")
        lines = listed.splitlines()
        first = next((line for line in lines if line.startswith(f"{HEAD_NAMES[0]}:")), "")
        second = next((line for line in lines if line.startswith(f"{HEAD_NAMES[1]}:")), "")
        report.check(f"{SIZE[0]}x{SIZE[1]}+0+0" in first and f"{SIZE[0]}x{SIZE[1]}+{SIZE[0]}+0" in second and
                     "power on" in first and "power on" in second, "animctl output lists both connectors, "
                     "side by side (x, y), both on", outputs_summary(listed)[:300])
        t = TWO_TIMES[0]
        guest(f"animctl clock set {t}")
        passes, detail = compare(opaque_rgb(guest_screenshot(guest)), references[t])
        report.check(passes, f"two connectors: the daemon's {WIDE[0]}x{WIDE[1]} scene at {t} s matches the "
                     "host's headless frame", detail)
        passes, detail = compare(opaque_rgb(guest_screenshot(guest, f"--output {HEAD_NAMES[1]}")), halves[t][1])
        report.check(passes, f"animctl screenshot --output {HEAD_NAMES[1]} is the right half of the host's frame",
                     detail)
        for head in (0, 1):
            passes, detail = screen_matching(qmp, frames_dir, f"screen-head{head}-{int(t * 1000)}ms",
                                             halves[t][head], SCREEN_TIMEOUT, head=head)
            report.check(passes, f"two connectors: screendump of head {head} at {t} s is the "
                         f"{'left' if head == 0 else 'right'} half of the host's frame", detail)

        # Each head powered off in turn (head 1, then head 0, whose flips are the frame clock): the other must go
        # on to the next time, and the head powered on again shows its half of it.
        for off, later in ((1, TWO_TIMES[1]), (0, TWO_TIMES[2])):
            other, name = 1 - off, HEAD_NAMES[off]
            status, text = guest(f"animctl output --output {name} --power off")
            listed = next((line for line in text.splitlines() if line.startswith(f"{name}:")), "")
            report.check(status == 0 and "power off" in listed, f"animctl output --output {name} --power off",
                         outputs_summary(text)[:300])
            blank = blank_screen(qmp, frames_dir, halves[t][off], SCREEN_TIMEOUT, head=off,
                                 name=f"screen-head{off}-power-off")
            guest(f"animctl clock set {later}")
            shot = f"screen-head{other}-{int(later * 1000)}ms-other-off"
            passes, detail = screen_matching(qmp, frames_dir, shot, halves[later][other], SCREEN_TIMEOUT, head=other)
            report.check(blank is not None and passes, f"head {off} powered off is blank while head {other} goes "
                         f"on (its half at {later} s)", f"head {off} {'blank' if blank else 'not blank'}; head "
                         f"{other}: {detail}")
            guest(f"animctl output --output {name} --power on")
            passes, detail = screen_matching(qmp, frames_dir, f"screen-head{off}-{int(later * 1000)}ms-power-on",
                                             halves[later][off], SCREEN_TIMEOUT, head=off)
            report.check(passes, f"head {off} powered on shows its half at {later} s", detail)
            t = later

        before = kernel_uevents(guest)
        hotplug.set(guest, 1, False)
        try:
            size = wait_until(lambda: (lambda image: image.size if image.size == SIZE else None)(
                guest_screenshot(guest)), SCREEN_TIMEOUT, interval=0.5, what=f"the scene back to {SIZE}")
        except CheckFailed:
            size = guest_screenshot(guest).size
        _, listed = guest("animctl output")
        report.check(size == SIZE and connector_status(guest, 1) == "disconnected", "head 1 unplugged: the scene "
                     f"is {SIZE[0]}x{SIZE[1]} again", f"scene {size[0]}x{size[1]}; {kernel_uevents(guest) - before} "
                     f"uevent(s); {outputs_summary(listed)[:200]}")
    except CheckFailed as error:
        report.check(False, "two connectors", str(error))
    finally:
        if connector_status(guest, 1) != "disconnected":
            hotplug.set(guest, 1, False)


def qmp_hotplug_probe(report, qmp):
    """What QEMU answers when asked over QMP to take the display away (last: an accepted device_del would remove
    the card): reported, not required — the hotplug checks use the D-Bus display's SetUIInfo instead."""
    version = qmp.execute("query-version")["qemu"]
    report.add("INFO", "QEMU", f"{version['major']}.{version['minor']}.{version['micro']}")
    for command, arguments in (("set_link", {"name": "gpu", "up": False}), ("device_del", {"id": "gpu"})):
        try:
            qmp.execute(command, **arguments)
            answer = "accepted"
        except CheckFailed as error:
            answer = str(error)
        report.add("INFO", f"QMP {command} of the GPU", answer)


def connector_power(guest):
    """(the card0 connector's DPMS from sysfs, whether its CRTC is active per the DRM debugfs state or None)."""
    _, dpms = guest("for c in /sys/class/drm/card0-*; do [ \"$(cat $c/status)\" = connected ] && cat $c/dpms; done")
    _, state = guest("mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug; "
                     "grep -E '^\\s*active=' /sys/kernel/debug/dri/0/state | head -n 1")
    active = state.split("=", 1)[1].strip() if "=" in state else None
    return dpms.strip(), None if active is None else active == "1"


def blank_screen(qmp, frames_dir, frame, timeout, head=0, name="screen-power-off"):
    """The screen once it no longer shows `frame` and is (nearly) one colour — QEMU's placeholder for a display
    the guest turned off — or None after `timeout` s."""
    deadline = time.monotonic() + timeout
    while True:
        screen = opaque_rgb(screendump(qmp, os.path.join(frames_dir, f"{name}.ppm"), head))
        colours, counts = numpy.unique(screen.reshape(-1, 3), axis=0, return_counts=True)
        uniform = counts.max() / counts.sum()
        if (screen.shape != frame.shape or not compare(screen, frame)[0]) and uniform >= BLANK_FRACTION:
            Image.fromarray(screen).save(os.path.join(frames_dir, f"{name}.png"))
            return colours[counts.argmax()], uniform
        if time.monotonic() > deadline:
            Image.fromarray(screen).save(os.path.join(frames_dir, f"{name}.png"))
            return None
        time.sleep(0.25)


def check_blank(report, qmp, frames_dir, frame, hotplug, name, head=0, shot="screen-power-off"):
    """The check that the screendump blanks (not the frame, nearly one colour), or an INFO line where the virtual
    GPU does not blank its screen (bochs-display). The blank screen, None when not blank or not checked."""
    if not hotplug.screen_blanks:
        report.add("INFO", f"{name}: not checked (bochs-display shows its video memory with the CRTC off)")
        return None
    blank = blank_screen(qmp, frames_dir, frame, SCREEN_TIMEOUT, head=head, name=shot)
    report.check(blank is not None, name,
                 f"{blank[1] * 100:.2f} % of pixels are {tuple(int(c) for c in blank[0])}" if blank else
                 f"still the frame or not uniform after {SCREEN_TIMEOUT} s")
    return blank


def power_checks(report, guest, qmp, frames_dir, frame, hotplug):
    """`animctl output --power off` blanks the screen (CRTC inactive, connector DPMS off); `--power on` lights
    it again with the same frame."""
    dpms, active = connector_power(guest)
    report.add("INFO", "before --power off", f"connector DPMS {dpms}, CRTC active {active}")
    status, text = guest("animctl output --power off")
    if not report.check(status == 0 and "power off" in text, "animctl output --power off",
                        text.splitlines()[0] if text else ""):
        return
    check_blank(report, qmp, frames_dir, frame, hotplug, "screendump after --power off is blank, not the frame")
    dpms, active = connector_power(guest)
    report.check(dpms == "Off" and active is not True, "after --power off the connector's DPMS is Off and the CRTC "
                 "inactive", f"DPMS {dpms}, CRTC active {active}")
    status, text = guest("animctl output --power on")
    if not report.check(status == 0 and "power on" in text, "animctl output --power on",
                        text.splitlines()[0] if text else ""):
        return
    passes, detail = screen_matching(qmp, frames_dir, "screen-power-on", frame, SCREEN_TIMEOUT)
    report.check(passes, "screendump after --power on shows the frame again", detail)
    dpms, active = connector_power(guest)
    report.check(dpms == "On" and active is not False, "after --power on the connector's DPMS is On and the CRTC "
                 "active", f"DPMS {dpms}, CRTC active {active}")


UEVENT_LOG = "/run/vmcheck-uevents.log"


def watch_uevents(guest):
    """Starts recording the kernel's drm uevents in the guest (udevadm monitor --kernel) into UEVENT_LOG."""
    guest(f"pgrep -f 'udevadm monitor --kernel' >/dev/null || setsid -f udevadm monitor --kernel "
          f"--subsystem-match=drm >{UEVENT_LOG} 2>&1 </dev/null")


def kernel_uevents(guest):
    """How many drm `change` uevents the kernel has sent since watch_uevents."""
    _, count = guest(f"grep -c ' change ' {UEVENT_LOG} || true")
    return int(count) if count.isdigit() else 0


def plug(guest, hotplug, head, connected, name=None, size=SIZE):
    """Plugs or unplugs `head` and waits until the daemon lists its output as on or off (`name`: the output
    to look at, else any). (how the daemon learned it, the kernel's uevents for it) or (None, …) when it did not."""
    power = "on" if connected else "off"
    before = kernel_uevents(guest)
    hotplug.set(guest, head, connected, size)

    def listed():
        lines = guest("animctl output")[1].splitlines()
        return any(f"power {power}" in line and (name is None or line.startswith(f"{name}:")) for line in lines)

    how = "the kernel's own uevent"
    try:
        wait_until(listed, SCREEN_TIMEOUT if hotplug.genuine else HOTPLUG_WAIT, what=f"the output listed power {power}")
    except CheckFailed:
        how = None
        if not hotplug.genuine:
            guest("udevadm trigger --action=change /sys/class/drm/card0")
            try:
                wait_until(listed, SCREEN_TIMEOUT, what=f"the output listed power {power}")
                how = f"the card's change event from udevadm trigger (the kernel sent none within {HOTPLUG_WAIT} s)"
            except CheckFailed:
                pass
    return how, kernel_uevents(guest) - before


def connector_status(guest, head):
    """The kernel's view of head's connector: sysfs `status` (connected, disconnected)."""
    return guest(f"cat $(ls -d /sys/class/drm/card0-* | sed -n {head + 1}p)/status")[1]


def hotplug_checks(report, guest, qmp, frames_dir, frame, hotplug):
    """Unplug and replug of the lit connector, and a daemon started with no display connected, driven by
    `hotplug` (virtio-gpu: a real HPD interrupt from QEMU's D-Bus display)."""
    status, daemon = guest("animserverd --help | grep -q -- '--splash' && echo new")
    if daemon != "new":
        report.add("INFO", "hotplug not checked: this animserverd predates hotplug")
        return
    report.add("INFO", "hotplug driven by", hotplug.describe())
    watch_uevents(guest)

    how, uevents = plug(guest, hotplug, 0, False)
    state = connector_status(guest, 0)
    if not report.check(how is not None and state == "disconnected", "unplug: the kernel reports the connector "
                        "disconnected and the daemon darkened the display (animctl output: power off)",
                        f"sysfs status {state}; on {how}; {uevents} kernel drm change uevent(s)"):
        plug(guest, hotplug, 0, True)
        return
    if hotplug.genuine:
        report.check(uevents >= 1, "unplug: the kernel sent the drm change uevent itself (HPD interrupt)",
                     f"{uevents} uevent(s)")
    check_blank(report, qmp, frames_dir, frame, hotplug, "screendump after unplug is blank, not the frame")
    dpms, active = connector_power(guest)
    report.check(active is not True, "after unplug the CRTC is inactive", f"connector DPMS {dpms}, CRTC active "
                 f"{active}")
    status, text = guest(f"animctl clock set {TIMES[-1]} >/dev/null && animctl screenshot /tmp/shot.png >/dev/null "
                         "&& base64 -w0 /tmp/shot.png")
    if report.check(status == 0, "unplugged: the daemon still draws (animctl screenshot)",
                    "" if status == 0 else text[:200]):
        passes, detail = compare(opaque_rgb(Image.open(io.BytesIO(base64.b64decode(text)))), frame)
        report.check(passes, "unplugged: the daemon's own frame is still the scene", detail)

    # Started with no display: the daemon waits (does not exit) and lights the connector once it appears.
    guest("systemctl restart animserverd.service && systemctl restart animdemo-kiosk.service")
    try:
        wait_until(lambda: layer_count(guest("animctl status --json")[1]) == 3, 60,
                   what="the demo's 3 layers on the daemon started without a display")
        _, state = guest("systemctl is-active animserverd.service")
        _, listed = guest("animctl output")
        report.check(state == "active" and "power off" in listed and connector_status(guest, 0) == "disconnected",
                     "started with no display connected: the daemon runs, dark, with the demo's scene",
                     f"{state}; {listed.splitlines()[0] if listed else ''}")
        guest(f"animctl clock set {TIMES[-1]}")
    except CheckFailed as error:
        report.check(False, "started with no display connected", str(error))

    how, uevents = plug(guest, hotplug, 0, True)
    state = connector_status(guest, 0)
    if not report.check(how is not None and state == "connected", "replug: the kernel reports the connector "
                        "connected and the daemon lit it (animctl output: power on)",
                        f"sysfs status {state}; on {how}; {uevents} kernel drm change uevent(s)"):
        return
    passes, detail = screen_matching(qmp, frames_dir, "screen-replug", frame, SCREEN_TIMEOUT)
    report.check(passes, "screendump after replug shows the scene's frame", detail)
    _, journal = guest("journalctl -u animserverd.service -b --no-pager -o cat "
                       "| grep -E 'connectors changed|unplugged|plugged|waiting for one' | tail -n 6")
    report.add("INFO", "daemon log of the hotplug", journal.replace("\n", " | "))


def rotation_checks(report, guest, qmp, args, frames_dir):
    """Restarts the guest daemon turned by ROTATION and compares the scene and the panel with the host's frame."""
    status, _ = guest("animserverd --help | grep -q -- '--rotation'")
    if status != 0:
        report.add("INFO", "rotation not checked: this animserverd has no --rotation option (no DRM output yet)")
        return
    if args.output != "drm":
        report.add("INFO", "rotation not checked: the headless output has no panel to turn")
        return
    scene = (SIZE[1], SIZE[0])
    expected = opaque_rgb(reference_frames(args.bin, frames_dir, size=scene, times=[ROTATION_TIME],
                                           prefix="host-rotated")[ROTATION_TIME])
    status, text = restart_daemon(guest, f"--rotation {ROTATION}")
    if not report.check(status == 0, f"daemon restarted with --rotation {ROTATION}", text[:200]):
        return
    try:
        wait_until(lambda: layer_count(guest("animctl status --json")[1]) == 3, 60,
                   what="the demo's 3 layers on the rotated daemon")
        status, text = guest(f"animctl clock set {ROTATION_TIME} >/dev/null && animctl screenshot /tmp/shot.png "
                             ">/dev/null && base64 -w0 /tmp/shot.png")
        if report.check(status == 0, f"guest screenshot at {ROTATION_TIME} s, rotated", "" if status == 0 else text):
            shot = Image.open(io.BytesIO(base64.b64decode(text)))
            shot.save(os.path.join(frames_dir, "guest-rotated.png"))
            passes, detail = compare(opaque_rgb(shot), expected)
            report.check(passes, f"rotated daemon's screenshot is the upright {scene[0]}x{scene[1]} scene", detail)
        turned = numpy.rot90(expected, k=-1)  # a quarter turn clockwise
        passes, detail = screen_matching(qmp, frames_dir, "screen-rotated", turned, SCREEN_TIMEOUT)
        report.check(passes, f"screendump shows the scene turned {ROTATION}° clockwise", detail)
    except CheckFailed as error:
        report.check(False, "rotation", str(error))
    finally:
        restart_daemon(guest, None)


def live_rotation_checks(report, guest, qmp, args, frames_dir, reference):
    """Turns the running output through `animctl output --rotation 180` (the scene keeps its size, so the demo
    running in it stays as laid out): the screendump is the frame upside down while the daemon's screenshot stays
    upright; `--rotation 0` puts it back."""
    if args.output != "drm":
        return
    expected = opaque_rgb(reference)
    # The daemon as the image starts it, with the demo anew (the phase before left the daemon alone).
    status, text = guest("systemctl restart animdemo-kiosk.service")
    if not report.check(status == 0, "demo started again for the live rotation", text[:200]):
        return
    try:
        wait_until(lambda: layer_count(guest("animctl status --json")[1]) == 3, 60,
                   what="the demo's 3 layers before turning the output")
        status, text = guest(f"animctl clock set {ROTATION_TIME} >/dev/null && animctl output --rotation 180")
        if not report.check(status == 0 and "rotation 180" in text, "animctl output --rotation 180 on the running "
                            "daemon", text.replace("\n", " | ")[:200]):
            return
        passes, detail = screen_matching(qmp, frames_dir, "screen-live-180", numpy.rot90(expected, k=2),
                                         SCREEN_TIMEOUT)
        report.check(passes, "screendump after animctl output --rotation 180 is the frame upside down", detail)
        status, text = guest("animctl screenshot /tmp/shot.png >/dev/null && base64 -w0 /tmp/shot.png")
        if report.check(status == 0, "guest screenshot with the output turned 180°", "" if status == 0 else text):
            passes, detail = compare(opaque_rgb(Image.open(io.BytesIO(base64.b64decode(text)))), expected)
            report.check(passes, "the screenshot of the turned output is the upright scene", detail)
        status, text = guest("animctl output --rotation 0")
        report.check(status == 0 and "rotation 0" in text, "animctl output --rotation 0",
                     text.replace("\n", " | ")[:200])
        passes, detail = screen_matching(qmp, frames_dir, "screen-live-0", expected, SCREEN_TIMEOUT)
        report.check(passes, "screendump after animctl output --rotation 0 is the upright frame again", detail)
    except CheckFailed as error:
        report.check(False, "rotation through animctl output", str(error))


RUNTIME_DROPIN = "/run/systemd/system/animserverd.service.d/vmcheck.conf"


def restart_daemon(guest, extra_flags, before_demo="true", demo=True):
    """Restarts animserverd with `extra_flags` after the image's own (a runtime drop-in, gone at the next boot),
    runs `before_demo` in the guest, then starts the demo again (unless not `demo`); None removes the drop-in and
    restarts the daemon alone. (status, output)."""
    if extra_flags is None:
        return guest(f"rm -f {RUNTIME_DROPIN} && systemctl daemon-reload && systemctl restart animserverd.service")
    # The image's own flags (its drop-in), not the running daemon's, which may carry an earlier phase's extras.
    _, base = guest("sed -n 's/^ExecStart=\\(.\\+\\)$/\\1/p' /etc/systemd/system/animserverd.service.d/kiosk.conf")
    if "--clock" in extra_flags:
        base = base.replace("--clock manual", "").strip()
    return guest(f"mkdir -p {os.path.dirname(RUNTIME_DROPIN)} && printf '[Service]\\nExecStart=\\nExecStart=%s\\n' "
                 f"'{base} {extra_flags}' >{RUNTIME_DROPIN} && systemctl daemon-reload && "
                 f"systemctl restart animserverd.service && {before_demo}" +
                 (" && systemctl restart animdemo-kiosk.service" if demo else ""))


def frames_presented(guest):
    """output.pacing.framesPresented from the guest's animctl status, or None."""
    try:
        return json.loads(guest("animctl status --json")[1])["output"]["pacing"]["framesPresented"]
    except (json.JSONDecodeError, KeyError, TypeError):
        return None


def monotonic_checks(report, guest, qmp, args, frames_dir):
    """On the monotonic clock page-flip events drive the frames: the count of presented frames keeps growing
    while the demo animates, and the screen changes between grabs."""
    if args.output != "drm":
        return
    # A tenth of real speed stretches the demo's 2 s to 20 s, enough for slow sampling under emulation.
    status, text = restart_daemon(guest, "--clock monotonic", before_demo="animctl clock rate 0.1 >/dev/null")
    if not report.check(status == 0, "daemon restarted on the monotonic clock", text[:200]):
        return
    try:
        wait_until(lambda: layer_count(guest("animctl status --json")[1]) == 3, 60,
                   what="the demo's 3 layers on the monotonic daemon")
        counts, screens = [], []
        for _ in range(3):
            counts.append(frames_presented(guest))
            screens.append(opaque_rgb(screendump(qmp, os.path.join(frames_dir, "screen-monotonic.ppm"))))
            time.sleep(MONOTONIC_SAMPLE_INTERVAL)
        growing = None not in counts and counts[0] < counts[1] < counts[2]
        report.check(growing, "flip events keep the frame loop going while the demo animates",
                     f"output.pacing.framesPresented {counts}, {MONOTONIC_SAMPLE_INTERVAL} s apart")
        report.check(not numpy.array_equal(screens[0], screens[1]), "the screen moves on the monotonic clock")
        _, pacing = guest("animctl status | grep -iE 'pacing' || true")
        report.add("INFO", "pacing on the monotonic clock", pacing)
        # The kernel's vblank sequence numbers of the flips: one flip per vblank at most, never two.
        try:
            measured = json.loads(guest("animctl status --json")[1])["output"]["pacing"]
            report.check(measured["sharedVblanks"] == 0 and measured["framesPresented"] > 0,
                         "no two flips in one vblank (kernel sequence numbers)",
                         f"sharedVblanks {measured['sharedVblanks']} over {measured['framesPresented']} flips, "
                         f"missed vblanks {measured['missedVblanks']} (TCG draws slower than the refresh)")
        except (json.JSONDecodeError, KeyError, TypeError) as error:
            report.check(False, "no two flips in one vblank (kernel sequence numbers)", f"no pacing in status: {error}")
    except CheckFailed as error:
        report.check(False, "monotonic clock", str(error))
    finally:
        restart_daemon(guest, None)


SPLASH_PATH = "/run/animserver-splash.png"
# One colour, 2:1: fitted into 640x480 it is scaled exactly 2x to 640x320, rows 80…399, black above and below,
# with edges on whole pixels (so any filter gives the same picture).
SPLASH_SIZE = (320, 160)
SPLASH_COLOUR = (230, 120, 20)
SPLASH_MIDDLE = 0.125


def splash_frame():
    """What the screen shows of the splash: the image fitted and centred on black."""
    frame = numpy.zeros((SIZE[1], SIZE[0], 3), numpy.uint8)
    scale = min(SIZE[0] / SPLASH_SIZE[0], SIZE[1] / SPLASH_SIZE[1])
    width, height = round(SPLASH_SIZE[0] * scale), round(SPLASH_SIZE[1] * scale)
    left, top = (SIZE[0] - width) // 2, (SIZE[1] - height) // 2
    frame[top:top + height, left:left + width] = SPLASH_COLOUR
    return frame


def splash_checks(report, guest, qmp, args, frames_dir, references):
    """animserverd --splash: the splash shows from the start, stays whole at the first commit (no black frame),
    is half faded at 0.125 s after it and gone at 0.25 s."""
    status, _ = guest("animserverd --help | grep -q -- '--splash'")
    if status != 0 or args.output != "drm":
        report.add("INFO", "splash not checked: " + ("no --splash option" if status else "headless output"))
        return
    buffer = io.BytesIO()
    Image.new("RGB", SPLASH_SIZE, SPLASH_COLOUR).save(buffer, format="PNG")
    splash = splash_frame()
    middle = opaque_rgb(reference_frames(args.bin, frames_dir, times=[SPLASH_MIDDLE], prefix="host-splash")
                        [SPLASH_MIDDLE])
    blend = ((splash.astype(numpy.uint16) + middle) // 2).astype(numpy.uint8)
    status, text = guest(f"systemctl stop animdemo-kiosk.service && echo {base64.b64encode(buffer.getvalue()).decode()}"
                         f" | base64 -d >{SPLASH_PATH} && chmod 644 {SPLASH_PATH}")
    status, text = restart_daemon(guest, f"--splash {SPLASH_PATH}", demo=False)
    if not report.check(status == 0, "daemon restarted with --splash", text[:200]):
        return
    try:
        passes, detail = screen_matching(qmp, frames_dir, "screen-splash", splash, SCREEN_TIMEOUT)
        report.check(passes, "screendump before any client shows the splash, fitted and centred on black", detail)
        guest("systemctl restart animdemo-kiosk.service")
        wait_until(lambda: layer_count(guest("animctl status --json")[1]) == 3, 60,
                   what="the demo's 3 layers on the splash daemon")
        passes, detail = screen_matching(qmp, frames_dir, "screen-splash-commit", splash, SCREEN_TIMEOUT)
        report.check(passes, "screendump at the first commit still shows the whole splash (no black frame)", detail)
        guest(f"animctl clock set {SPLASH_MIDDLE}")
        passes, detail = screen_matching(qmp, frames_dir, "screen-splash-middle", blend, SCREEN_TIMEOUT)
        report.check(passes, f"screendump {SPLASH_MIDDLE} s after the commit is half splash, half scene", detail)
        guest("animctl clock set 0.25")
        passes, detail = screen_matching(qmp, frames_dir, "screen-splash-after", opaque_rgb(references[0.25]),
                                         SCREEN_TIMEOUT)
        report.check(passes, "screendump 0.25 s after the commit is the scene alone", detail)
    except CheckFailed as error:
        report.check(False, "splash", str(error))
    finally:
        restart_daemon(guest, None)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--work", required=True)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--output", choices=["drm", "headless"], required=True)
    parser.add_argument("--accel", choices=["kvm", "tcg"], required=True)
    parser.add_argument("--gpu", choices=sorted(EXPECTED_DRIVERS), required=True)
    # input: after the boot and the demo's first checks, the input checks alone (tools/kiosk-vm/input_checks.py).
    parser.add_argument("--checks", choices=["all", "input"], default="all")
    args = parser.parse_args()
    # A stopped run (Ctrl-C, timeout) still powers QEMU off in the finally below.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    work = os.path.abspath(args.work)
    frames_dir = os.path.join(work, "frames")
    shutil.rmtree(frames_dir, ignore_errors=True)
    os.makedirs(frames_dir)
    report = Report(os.path.join(work, "report.txt"))
    header = (f"kiosk-vm report {time.strftime('%Y-%m-%d %H:%M:%S')}: output {args.output}, GPU {args.gpu}, "
              f"accel {args.accel}, scene {SIZE[0]}x{SIZE[1]} at {TIMES} s\n"
              f"tolerance: ≥ {REQUIRED_FRACTION * 100:g} % of pixels within {MAX_CHANNEL_DIFFERENCE}/255 per "
              f"channel, none beyond {WORST_CHANNEL_DIFFERENCE}/255\n")

    started = time.monotonic()
    try:
        references = reference_frames(args.bin, frames_dir)
        report.add("INFO", f"host headless reference frames in {time.monotonic() - started:.1f} s")
    except (CheckFailed, subprocess.SubprocessError, OSError) as error:
        report.add("FAIL", "host headless reference frames", str(error))
        report.write(header)
        return 1

    for stale in ("qmp.sock", "agent.sock", "serial.log"):
        if os.path.exists(os.path.join(work, stale)):
            os.remove(os.path.join(work, stale))
    bus_folder = tempfile.mkdtemp(prefix="kiosk-vm-bus-")
    try:
        bus = DisplayBus(bus_folder)
    except (CheckFailed, OSError) as error:
        report.add("FAIL", "private D-Bus session bus for QEMU's D-Bus display", str(error))
        report.write(header)
        return 1
    qemu_log = open(os.path.join(work, "qemu.log"), "w")
    qemu = subprocess.Popen(qemu_command(work, args.accel, args.gpu), stdout=qemu_log, stderr=subprocess.STDOUT,
                            env=bus.env)
    boot_started = time.monotonic()
    try:
        alive = lambda: qemu.poll() is None  # noqa: E731
        qmp = QMP(os.path.join(work, "qmp.sock"), alive)
        agent = Agent(os.path.join(work, "agent.sock"), alive)
        uptime = agent.wait_ready(120 if args.accel == "kvm" else 600)
        report.check(True, "guest booted, agent ready",
                     f"{time.monotonic() - boot_started:.1f} s after QEMU started (guest uptime {uptime} s)")
        checks_started = time.monotonic()
        try:
            guest_checks(report, agent, qmp, Hotplug(bus, args.gpu), args, references, frames_dir)
        finally:
            _, journal = agent.run("journalctl -b --no-pager -o short-monotonic -u animserverd.service "
                                   "-u animserverd.socket -u animdemo-kiosk.service")
            with open(os.path.join(work, "guest-journal.txt"), "w") as f:
                f.write(journal + "\n")
        report.add("INFO", f"guest checks took {time.monotonic() - checks_started:.1f} s")
        agent.line.send("systemctl poweroff")
        qemu.wait(timeout=60)
    except (CheckFailed, OSError, subprocess.SubprocessError, ValueError) as error:
        report.add("FAIL", "kiosk VM", f"{error} (serial console: {work}/serial.log)")
    finally:
        if qemu.poll() is None:
            qemu.kill()
            qemu.wait()
        bus.close()
        shutil.rmtree(bus_folder, ignore_errors=True)
    report.add("INFO", f"VM run took {time.monotonic() - boot_started:.1f} s")
    report.write(header)
    print(f"vmcheck: report in {report.path}, frames in {frames_dir}", flush=True)
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
