"""The kiosk VM's input checks (issue 18): QEMU's virtio tablet and keyboard, driven through QMP
`input-send-event`, reach animserverd through libinput, the devices opened through the daemon's libseat (logind)
session as its dedicated user with no `input` group; tablet points map onto the output at rotation 0 and 90; the
cursor the server draws follows the pointer on the screen; a VT switch closes the devices (each device gone) and
coming back opens them again. With the router and `animctl input --watch` built in (wt-input-server), the routed
events are shown too.

vmcheck.py calls input_checks() after the seat checks (or alone: ANIMSERVER_KIOSK_CHECKS=input); it leaves the
daemon and the demo as it found them.
"""

import base64
import os
import re
import time

from seat_checks import FLAGS_DROPIN, KIOSK_DROPIN, PARKED, SEAT_DROPIN, SEAT_DROPIN_SOURCE, DROPIN_DIR, vt_command

# QEMU's absolute axes run 0…0x7fff; libinput scales value / 0x8000 across the panel, so these land on whole
# pixels of the 640x480 panel: x = 51.2 per pixel (multiples of 5 px), y = 68.27 per pixel (multiples of 15 px).
ABS_RANGE = 0x8000
PANEL = (640, 480)
CONFIG = "/run/animserver-input.json"
LOG_TIMEOUT = 20
# The cursor's arrow: 16x24 pixels, its tip one pixel in from the image's top-left.
CURSOR_BOX = (16, 24)


def qmp_abs(x, y):
    """QMP events moving the tablet to panel pixel (x, y)."""
    return [{"type": "abs", "data": {"axis": "x", "value": round(x * ABS_RANGE / PANEL[0])}},
            {"type": "abs", "data": {"axis": "y", "value": round(y * ABS_RANGE / PANEL[1])}}]


def qmp_button(down, button="left"):
    return [{"type": "btn", "data": {"down": down, "button": button}}]


def qmp_key(qcode, down):
    return [{"type": "key", "data": {"down": down, "key": {"type": "qcode", "data": qcode}}}]


def send(qmp, events):
    qmp.execute("input-send-event", events=events)


def click(qmp, button="left"):
    """A press and a release in two evdev frames: libinput drops a button pressed and released within one."""
    send(qmp, qmp_button(True, button))
    time.sleep(0.1)
    send(qmp, qmp_button(False, button))


def scene_point(x, y, rotation):
    """The upright scene point shown at panel pixel (x, y) of the 640x480 panel turned `rotation` degrees
    clockwise (OutputRotation.scenePoint)."""
    w, h = PANEL
    return {0: (x, y), 90: (y, w - x), 180: (w - x, h - y), 270: (h - y, x)}[rotation]


def panel_point(x, y, rotation):
    """The panel pixel showing upright scene point (x, y) (OutputRotation.panelPoint): where a finger must go."""
    w, h = PANEL
    return {0: (x, y), 90: (w - y, x), 180: (w - x, h - y), 270: (y, h - x)}[rotation]


def input_checks(report, guest, qmp, args, frames_dir, reference):
    """`guest(command, timeout=90)` → (status, stripped output); `reference`: the host's headless frame (a PIL image)
    at the seat checks' scene time, which the screen shows with the cursor over it."""
    import vmcheck as vm
    from seat_checks import SEAT_TIME

    if args.output != "drm":
        report.add("INFO", "input not checked: the headless output opens no devices")
        return
    _, devices = guest("for d in /sys/class/input/event*; do echo \"${d##*/} $(cat $d/device/name)\"; done")
    report.check("QEMU Virtio Tablet" in devices and "QEMU Virtio Keyboard" in devices,
                 "the guest kernel has the virtio tablet and keyboard", devices.replace("\n", "; "))
    status, _ = guest("animserverd --help | grep -q -- '--session'")
    if status != 0:
        report.add("INFO", "input not checked: this animserverd has no --session option")
        return
    with open(SEAT_DROPIN_SOURCE, "rb") as f:
        dropin = base64.b64encode(f.read()).decode()

    def main_pid():
        return guest("systemctl show -p MainPID --value animserverd.service")[1]

    def daemon_log():
        return guest(f"journalctl -b -o cat _PID={main_pid()}")[1]

    def log_says(pattern, what, since=""):
        """Waits for a log line after `since` that matches `pattern`; swift-log writes the metadata
        (`key=value`, sorted) before the message, so a pattern names the message and the fields in any order
        with `&&`."""
        parts = pattern.split(" && ")

        def found():
            lines = daemon_log()[len(since):].splitlines()
            return any(all(re.search(part, line) for part in parts) for line in lines)

        return vm.wait_until(found, LOG_TIMEOUT, interval=0.5, what=what)

    def start(rotation, as_touch=False):
        flags = f"--output drm --session libseat --clock manual --log-level debug --config {CONFIG}"
        if rotation:
            flags += f" --rotation {rotation}"
        config = '{"cursor": "auto", "absolutePointerAsTouch": true}' if as_touch else '{"cursor": "auto"}'
        return guest(f"mkdir -p {DROPIN_DIR} && echo {dropin} | base64 -d >{SEAT_DROPIN} && "
                     f"echo '{config}' >{CONFIG} && "
                     f"printf '[Service]\\nExecStart=\\nExecStart=/usr/local/bin/animserverd {flags}\\n' "
                     f">{FLAGS_DROPIN} && {{ [ -e {PARKED} ] || mv {KIOSK_DROPIN} {PARKED}; }} && "
                     "systemctl daemon-reload && systemctl restart animserverd.service && "
                     "systemctl restart animdemo-kiosk.service")

    def pointer_lands(rotation, panel_xy):
        before = daemon_log()
        send(qmp, qmp_abs(*panel_xy))
        x, y = scene_point(*panel_xy, rotation)
        pattern = rf"input event && kind=pointerMotion\(to: .*Point\(x: {x}\.0, y: {y}\.0\)\)"
        try:
            log_says(pattern, f"the tablet's motion to scene ({x}, {y})", since=before)
            report.check(True, f"rotation {rotation}: the tablet at panel {panel_xy} moves the pointer to scene "
                         f"({x}, {y})")
        except vm.CheckFailed as error:
            lines = [line for line in daemon_log()[len(before):].splitlines() if "input event" in line]
            report.check(False, f"rotation {rotation}: the tablet at panel {panel_xy} moves the pointer to scene "
                         f"({x}, {y})", f"{error}; logged: {' | '.join(lines[-4:]) or 'no input event'}")

    try:
        status, text = start(0)
        if not report.check(status == 0, "input: daemon restarted in its logind session (debug log)", text[:300]):
            return
        pid = main_pid()
        _, groups = guest(f"for g in $(awk '/^Groups:/ {{ $1 = \"\"; print }}' /proc/{pid}/status); do "
                          "getent group $g | cut -d: -f1; done | tr '\\n' ' '")
        report.check("input" not in groups.split(), "the daemon has no input group",
                     f"supplementary groups: {groups.strip() or 'none'}")
        vm.wait_until(lambda: vm.layer_count(guest("animctl status --json")[1]) == 3, 60,
                      what="the demo's 3 layers on the input daemon")
        for name in ("QEMU Virtio Tablet", "QEMU Virtio Keyboard"):
            try:
                log_says(rf"input device added && name={name}", f"'{name}' added")
                report.check(True, f"libinput opened '{name}' through the logind session")
            except vm.CheckFailed as error:
                refused = [line for line in daemon_log().splitlines() if "input" in line][-4:]
                report.check(False, f"libinput opened '{name}' through the logind session",
                             f"{error}; {' | '.join(refused)}")
        _, fds = guest(f"ls -l /proc/{pid}/fd | grep -o '/dev/input/event[0-9]*' | sort -u | tr '\\n' ' '")
        report.add("INFO", "input nodes the daemon holds", fds or "none")

        guest(f"animctl clock set {SEAT_TIME}")
        pointer_lands(0, (100, 120))
        pointer_lands(0, (320, 240))
        before = daemon_log()
        click(qmp)
        try:
            log_says(r"kind=pointerButton\(button: 272, pressed: true\)", "the left button's press", since=before)
            log_says(r"kind=pointerButton\(button: 272, pressed: false\)", "the left button's release", since=before)
            report.check(True, "a click arrives as BTN_LEFT (272) pressed then released")
        except vm.CheckFailed as error:
            report.check(False, "a click arrives as BTN_LEFT (272) pressed then released", str(error))
        before = daemon_log()
        send(qmp, qmp_key("a", True) + qmp_key("a", False))
        try:
            log_says(r"kind=key\(code: 30, pressed: true\)", "KEY_A's press", since=before)
            log_says(r"kind=key\(code: 30, pressed: false\)", "KEY_A's release", since=before)
            report.check(True, "a key arrives as its evdev code (KEY_A = 30) pressed then released")
        except vm.CheckFailed as error:
            report.check(False, "a key arrives as its evdev code (KEY_A = 30) pressed then released", str(error))

        # The cursor is drawn at the pointer (its tip at (320, 240)) for five seconds after the last motion: the
        # screen is the scene but for the arrow's box.
        # Evdev reports only a change: the pointer moves away, then to the tip's place.
        send(qmp, qmp_abs(300, 225))
        time.sleep(0.2)
        send(qmp, qmp_abs(320, 240))
        expected = vm.opaque_rgb(reference)
        box = (slice(239, 239 + CURSOR_BOX[1]), slice(319, 319 + CURSOR_BOX[0]))
        deadline = time.monotonic() + vm.SCREEN_TIMEOUT
        while True:
            screen = vm.opaque_rgb(vm.screendump(qmp, os.path.join(frames_dir, "screen-cursor.ppm")))
            outside = screen.copy()
            outside[box] = expected[box]
            same_outside, detail_outside = vm.compare(outside, expected)
            inside_differs = bool(abs(screen[box].astype(int) - expected[box].astype(int)).max() > 64)
            if (same_outside and inside_differs) or time.monotonic() > deadline:
                break
            time.sleep(0.25)
        vm.Image.fromarray(screen).save(os.path.join(frames_dir, "screen-cursor.png"))
        report.check(same_outside and inside_differs, "the cursor is drawn at the pointer over the scene, and only "
                     "there", f"outside the arrow's box: {detail_outside}; inside it differs: {inside_differs}")
        hidden_after = 5.0 + 1.5
        time.sleep(hidden_after)
        passes, detail = vm.screen_matching(qmp, frames_dir, "screen-cursor-idle", expected, vm.SCREEN_TIMEOUT)
        report.check(passes, f"cursor auto: hidden again {hidden_after} s after the last motion", detail)
        # After the screen checks: it replaces the demo on screen with the card demo for a while.
        routing_checks(report, guest, qmp, 0, (320, 240))

        before = daemon_log()
        status, text = guest(vt_command(2))
        try:
            log_says(r"input devices closed: seat disabled", "the devices closed on the VT switch", since=before)
            gone = len(re.findall(r"kind=deviceGone", daemon_log()[len(before):]))
            report.check(gone >= 2, "VT switched away: the devices are closed, each reported gone",
                         f"{gone} deviceGone events")
        except vm.CheckFailed as error:
            report.check(False, "VT switched away: the devices are closed, each reported gone", str(error))
        before = daemon_log()
        guest(vt_command(1))
        try:
            log_says(r"input device added && name=QEMU Virtio Tablet", "the tablet reopened", since=before)
            pointer_lands(0, (200, 360))
            report.check(True, "VT back: the devices are opened again and events arrive")
        except vm.CheckFailed as error:
            report.check(False, "VT back: the devices are opened again and events arrive", str(error))

        status, text = start(90)
        if report.check(status == 0, "input: daemon restarted with --rotation 90", text[:300]):
            log_says(r"input device added && name=QEMU Virtio Tablet", "the tablet added at rotation 90")
            pointer_lands(90, (320, 120))
            pointer_lands(90, (600, 450))
            routing_checks(report, guest, qmp, 90, (320, 120))
        for rotation in (0, 90):
            card_checks(report, guest, qmp, frames_dir, rotation, start)
    except vm.CheckFailed as error:
        report.check(False, "input", str(error))
        _, journal = guest("journalctl -b -o cat -u animserverd.service | tail -n 20")
        report.add("INFO", "animserverd's journal", journal.replace("\n", " | ")[-1500:])
    finally:
        guest(vt_command(1))
        guest(f"rm -f {SEAT_DROPIN} {FLAGS_DROPIN} {CONFIG}; [ -e {PARKED} ] && mv {PARKED} {KIOSK_DROPIN}; "
              "systemctl daemon-reload && systemctl restart animserverd.service && "
              "systemctl restart animdemo-kiosk.service")


def routing_checks(report, guest, qmp, rotation, panel_xy):
    """With the router and `animctl input --watch` (issue 18's server side): a click of the tablet at `panel_xy` is
    routed with its scene point; only reported where this animctl has `input`."""
    status, _ = guest("animctl input --help 2>&1 | grep -q -- --watch")
    if status != 0:
        report.add("INFO", "routing not checked: this animctl has no `input` (the router is another branch)")
        return
    import vmcheck as vm

    # Input goes only to clients that subscribe: the card demo takes clicks on its scene (Layer.onPointer).
    guest("systemctl stop animdemo-kiosk.service; rm -f /tmp/watch.txt /tmp/card.txt; "
          "(ANIMSERVER_SOCKET=/run/animserver/animserver-0 timeout 40 animdemo --card --timeout 30 "
          ">/tmp/card.txt 2>&1 &)")
    try:
        vm.wait_until(lambda: "card ready" in guest("cat /tmp/card.txt")[1], 30, interval=0.5,
                      what="animdemo --card ready")
    except vm.CheckFailed as error:
        report.check(False, f"rotation {rotation}: animdemo --card for the click", f"{error}")
        return
    guest("(ANIMSERVER_SOCKET=/run/animserver/animserver-0 timeout 20 animctl input --watch >/tmp/watch.txt 2>&1 &)")
    time.sleep(1.5)
    send(qmp, qmp_abs(*panel_xy))
    click(qmp)
    time.sleep(3)
    _, watched = guest("cat /tmp/watch.txt")
    _, card = guest("cat /tmp/card.txt")
    guest("pkill -f 'animdemo --card'; systemctl start animdemo-kiosk.service")
    x, y = scene_point(*panel_xy, rotation)
    routed = re.search(r"pointer button .*scene \(([-\d.]+), ([-\d.]+)\).* button 0x110 down", watched)
    at = routed and (float(routed.group(1)), float(routed.group(2)))
    report.check(bool(at) and abs(at[0] - x) <= TABLET_STEP and abs(at[1] - y) <= TABLET_STEP,
                 f"rotation {rotation}: animctl input --watch shows the click routed at scene ({x}, {y})",
                 watched.replace("\n", " | ")[:400] or "nothing printed")
    report.check(f"click at ({float(x)}, {float(y)})" in card or bool(at) and "click at" in card,
                 f"rotation {rotation}: the card demo's onPointer gets the click", card.replace("\n", " | ")[-300:])


# QEMU's tablet has 32,768 steps an axis: a point comes back within one step of a 640-point panel side.
TABLET_STEP = 640 / 32767 + 1e-9


# The card demo (animdemo --card): a 160x100 card centred at (320, 240) on a dark 640x480 root; a tap toggles it,
# a pan drags it. Its colours, and the background's.
CARD_BLUE = (51, 115, 242)
CARD_BACKGROUND = (20, 23, 31)


def card_checks(report, guest, qmp, frames_dir, rotation, start):
    """With the router and the SDK's gestures (issue 18's other branches): the tablet as a one-finger touchscreen
    (`absolutePointerAsTouch`) taps and drags the card demo at `rotation`, and a key reaches the client the tap
    focused. Only where this animdemo has --card and animctl input has --watch."""
    import vmcheck as vm

    status, _ = guest("animdemo --help 2>&1 | grep -q -- --card && animctl input --help 2>&1 | grep -q -- --watch")
    if status != 0:
        report.add("INFO", f"rotation {rotation}: card not checked: this animdemo has no --card or animctl no "
                   "input --watch (the SDK and the router are other branches)")
        return
    name = f"rotation {rotation}, tablet as touch"
    status, text = start(rotation, as_touch=True)
    if not report.check(status == 0, f"{name}: daemon restarted", text[:300]):
        return
    guest("systemctl stop animdemo-kiosk.service; rm -f /tmp/card.txt /tmp/watch.txt; "
          "(ANIMSERVER_SOCKET=/run/animserver/animserver-0 timeout 150 animdemo --card --timeout 140 "
          ">/tmp/card.txt 2>&1 &)")
    try:
        vm.wait_until(lambda: "card ready" in guest("cat /tmp/card.txt")[1], 30, interval=0.5,
                      what="animdemo --card ready")
    except vm.CheckFailed as error:
        report.check(False, f"{name}: animdemo --card", f"{error}: {guest('cat /tmp/card.txt')[1][:300]}")
        return
    guest("(ANIMSERVER_SOCKET=/run/animserver/animserver-0 timeout 60 animctl input --watch >/tmp/watch.txt 2>&1 &)")
    time.sleep(1.5)

    def tap(x, y):
        send(qmp, qmp_abs(*panel_point(x, y, rotation)))
        time.sleep(0.1)
        click(qmp)
        time.sleep(0.3)

    # Beside the card, then on it: one tap is recognised, the card's.
    tap(60, 60)
    tap(320, 240)
    try:
        vm.wait_until(lambda: "tap at" in guest("cat /tmp/card.txt")[1], 15, interval=0.5, what="the card's tap")
    except vm.CheckFailed:
        pass
    card = guest("cat /tmp/card.txt")[1]
    taps = card.count("tap at")
    report.check(taps == 1 and "orange, large" in card, f"{name}: a tap on the card toggles it, a tap beside it "
                 "does nothing", card.replace("\n", " | ")[-300:])
    watched = guest("cat /tmp/watch.txt")[1]
    downs = [(float(a), float(b)) for a, b in re.findall(r"touch down .*scene \(([-\d.]+), ([-\d.]+)\)", watched)]
    report.check(any(abs(a - 320) <= TABLET_STEP and abs(b - 240) <= TABLET_STEP for a, b in downs),
                 f"{name}: the tap is routed at scene (320, 240) (within a tablet step, {TABLET_STEP} pt)",
                 watched.replace("\n", " | ")[-400:])

    # The tap focused the card's client: a key reaches it.
    send(qmp, qmp_key("a", True))
    time.sleep(0.1)
    send(qmp, qmp_key("a", False))
    time.sleep(1)
    watched = guest("cat /tmp/watch.txt")[1]
    report.check(bool(re.search(r"key down .*code 30", watched)), f"{name}: a key reaches the focused client",
                 watched.replace("\n", " | ")[-300:])

    # A drag: down on the card, five steps right and down by (100, 60), the screen grabbed before the lift.
    send(qmp, qmp_abs(*panel_point(320, 240, rotation)))
    time.sleep(0.1)
    send(qmp, qmp_button(True))
    for step in range(1, 6):
        time.sleep(0.1)
        send(qmp, qmp_abs(*panel_point(320 + 20 * step, 240 + 12 * step, rotation)))
    time.sleep(1)
    if rotation == 0:
        deadline = time.monotonic() + vm.SCREEN_TIMEOUT
        while True:
            screen = vm.opaque_rgb(vm.screendump(qmp, os.path.join(frames_dir, f"screen-drag-{rotation}.ppm")))
            moved = [int(v) for v in screen[320, 450]]
            left = [int(v) for v in screen[200, 260]]
            near = lambda a, b: max(abs(p - q) for p, q in zip(a, b)) <= 40  # noqa: E731
            passes = near(moved, CARD_BLUE) or near(moved, (250, 140, 38))
            passes = passes and near(left, CARD_BACKGROUND)
            if passes or time.monotonic() > deadline:
                break
            time.sleep(0.25)
        vm.Image.fromarray(screen).save(os.path.join(frames_dir, f"screen-drag-{rotation}.png"))
        report.check(passes, f"{name}: a drag moves the card (screendump: the card at (450, 320), the background "
                     "where it was at (260, 200))", f"(450, 320) is {moved}, (260, 200) is {left}")
    send(qmp, qmp_button(False))
    try:
        vm.wait_until(lambda: "pan ended" in guest("cat /tmp/card.txt")[1], 15, interval=0.5, what="the pan's end")
        report.check(True, f"{name}: the drag is a pan that ends and springs back",
                     [line for line in guest("cat /tmp/card.txt")[1].splitlines() if "pan ended" in line][0][:200])
    except vm.CheckFailed as error:
        report.check(False, f"{name}: the drag is a pan that ends and springs back", str(error))
    guest("pkill -x animdemo; pkill -f 'animctl input --watch'; systemctl restart animdemo-kiosk.service")
