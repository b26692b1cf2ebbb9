"""The kiosk VM's session checks (issue 5): animserverd as its dedicated user without the video and render groups,
in a logind session on tty1 of seat0 through libseat (systemd/animserverd-kiosk-seat.conf, the shipped drop-in);
a VT switch away pauses the display (no flips, the console shows) and coming back shows the frame again.

vmcheck.py calls seat_checks() once the other checks are done; it leaves the daemon and the demo as it found them.
"""

import base64
import json
import os
import time

SEAT_DROPIN_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "systemd",
                                  "animserverd-kiosk-seat.conf")
DROPIN_DIR = "/run/systemd/system/animserverd.service.d"
SEAT_DROPIN = f"{DROPIN_DIR}/seat.conf"
# Sorted after seat.conf: the VM's manual clock on top of the shipped command line.
FLAGS_DROPIN = f"{DROPIN_DIR}/zz-seat-flags.conf"
SEAT_FLAGS = "--output drm --session libseat --clock manual"
# The image's own drop-in (video and render groups, tty-force) is set aside while the seat one runs.
KIOSK_DROPIN = "/etc/systemd/system/animserverd.service.d/kiosk.conf"
PARKED = "/run/animserver-kiosk.conf.parked"
# The scene time the screen is compared at (the caller passes the host's frame at this time), and the one the
# clock is moved to while the VT is away (a frame the paused daemon must not flip).
SEAT_TIME = 0.5
PAUSED_TIME = 0.75
# How long a paused daemon is watched for flips.
PAUSE_WATCH = 2.0
LOG_TIMEOUT = 20


def vt_command(number):
    """Switches the active VT as chvt does (VT_ACTIVATE, then VT_WAITACTIVE on /dev/tty0): the image has perl-base,
    not kbd's chvt."""
    return (f"perl -e 'open(T, \"+<\", \"/dev/tty0\") or die $!; ioctl(T, 0x5606, {number}) or die \"VT_ACTIVATE: $!\";"
            f" ioctl(T, 0x5607, {number}) or die \"VT_WAITACTIVE: $!\"'")


def seat_checks(report, guest, qmp, args, frames_dir, reference):
    """`guest(command, timeout=90)` → (status, stripped output); `reference`: the host's headless frame (a PIL image)
    at SEAT_TIME s."""
    import vmcheck as vm

    if args.output != "drm":
        report.add("INFO", "session not checked: the headless output opens no device")
        return
    status, _ = guest("animserverd --help | grep -q -- '--session'")
    if status != 0:
        report.add("INFO", "session not checked: this animserverd has no --session option")
        return
    expected = vm.opaque_rgb(reference)
    with open(SEAT_DROPIN_SOURCE, "rb") as f:
        dropin = base64.b64encode(f.read()).decode()

    def main_pid():
        return guest("systemctl show -p MainPID --value animserverd.service")[1]

    def daemon_log():
        # By process: logind moves a PAM session's process into the session's scope, out of the unit's cgroup.
        return guest(f"journalctl -b -o cat _PID={main_pid()}")[1]

    def log_says(text, what):
        return vm.wait_until(lambda: text in daemon_log(), LOG_TIMEOUT, interval=0.5, what=what)

    status, text = guest(f"mkdir -p {DROPIN_DIR} && echo {dropin} | base64 -d >{SEAT_DROPIN} && "
                         f"printf '[Service]\\nExecStart=\\nExecStart=/usr/local/bin/animserverd {SEAT_FLAGS}\\n' "
                         f">{FLAGS_DROPIN} && mv {KIOSK_DROPIN} {PARKED} && systemctl daemon-reload && "
                         "systemctl restart animserverd.service && systemctl restart animdemo-kiosk.service")
    try:
        if not report.check(status == 0, "daemon restarted under systemd/animserverd-kiosk-seat.conf",
                            text[:300] or SEAT_FLAGS):
            _, journal = guest("journalctl -b -o cat -u animserverd.service | tail -n 15")
            report.add("INFO", "animserverd's journal", journal.replace("\n", " | ")[-1500:])
            return
        pid = main_pid()
        _, identity = guest(f"stat -c %U /proc/{pid}; for g in $(awk '/^Groups:/ {{ $1 = \"\"; print }}' "
                            f"/proc/{pid}/status); do getent group $g | cut -d: -f1; done | tr '\\n' ' '")
        user, _, groups = identity.partition("\n")
        _, cgroup = guest(f"cat /proc/{pid}/cgroup")
        report.add("INFO", "the seat daemon's cgroup", cgroup)
        report.check(user == "animserver" and not {"video", "render"} & set(groups.split()),
                     "the daemon runs as animserver without the video and render groups",
                     f"user {user}, supplementary groups: {groups.strip() or 'none'}")

        _, sessions = guest("loginctl list-sessions --no-legend")
        session = next((line.split()[0] for line in sessions.splitlines() if "animserver" in line.split()), None)
        properties = {}
        if session:
            _, shown = guest(f"loginctl show-session {session} -p Active -p Seat -p VTNr -p Type -p Class -p State")
            properties = dict(line.split("=", 1) for line in shown.splitlines() if "=" in line)
        report.check(properties.get("Active") == "yes" and properties.get("Seat") == "seat0",
                     "loginctl: the daemon's session is active on seat0",
                     f"session {session}: {properties}" if session else f"no session of animserver: {sessions}")

        vm.wait_until(lambda: vm.layer_count(guest("animctl status --json")[1]) == 3, 60,
                      what="the demo's 3 layers on the seat daemon")
        try:
            reported = json.loads(guest("animctl status --json")[1])["output"].get("session") or {}
        except (json.JSONDecodeError, KeyError, TypeError):
            reported = {}
        chosen = next((line for line in daemon_log().splitlines() if "session chosen" in line), "")
        report.check(reported.get("kind") == "libseat" and reported.get("backend") == "logind"
                     and "backend=logind" in chosen, "the daemon opened the card through libseat's logind backend",
                     f"animctl status: {reported}; log: {chosen[:200]}")

        guest(f"animctl clock set {SEAT_TIME}")
        passes, detail = vm.screen_matching(qmp, frames_dir, "screen-seat", expected, vm.SCREEN_TIMEOUT)
        report.check(passes, f"screendump at {SEAT_TIME} s in the session matches the host's headless frame", detail)

        status, text = guest(vt_command(2))
        _, active = guest("cat /sys/class/tty/tty0/active")
        report.check(status == 0 and active == "tty2", "chvt 2 (VT_ACTIVATE): tty2 is in the foreground",
                     text or active)
        log_says("seat disabled", "the daemon's 'seat disabled'")
        report.check(True, "the daemon paused on the VT switch (its log: seat disabled)")
        before = vm.frames_presented(guest)
        guest(f"animctl clock set {PAUSED_TIME}")
        time.sleep(PAUSE_WATCH)
        after = vm.frames_presented(guest)
        report.check(before is not None and before == after, "no flip while the VT is away, though the clock moved",
                     f"output.pacing.framesPresented {before} → {after} over {PAUSE_WATCH} s")
        screen = vm.opaque_rgb(vm.screendump(qmp, os.path.join(frames_dir, "screen-seat-tty2.ppm")))
        vm.Image.fromarray(screen).save(os.path.join(frames_dir, "screen-seat-tty2.png"))
        same, detail = vm.compare(screen, expected)
        report.check(not same, "screendump on tty2 shows the console, not the daemon's frame", detail)

        guest(f"animctl clock set {SEAT_TIME}")
        status, text = guest(vt_command(1))
        report.check(status == 0, "chvt 1 (VT_ACTIVATE): back to the daemon's VT", text)
        log_says("seat enabled", "the daemon's 'seat enabled'")
        passes, detail = vm.screen_matching(qmp, frames_dir, "screen-seat-back", expected, vm.SCREEN_TIMEOUT)
        report.check(passes, f"screendump after chvt 1 is the {SEAT_TIME} s frame again", detail)
        resumed = vm.frames_presented(guest)
        report.check(resumed is not None and after is not None and resumed > after,
                     "flips resume once the VT is back", f"output.pacing.framesPresented {after} → {resumed}")
    except vm.CheckFailed as error:
        report.check(False, "session", str(error))
        _, journal = guest("journalctl -b -o cat -u animserverd.service | tail -n 20")
        report.add("INFO", "animserverd's journal", journal.replace("\n", " | ")[-1500:])
    finally:
        guest(vt_command(1))
        guest(f"rm -f {SEAT_DROPIN} {FLAGS_DROPIN}; [ -e {PARKED} ] && mv {PARKED} {KIOSK_DROPIN}; "
              "systemctl daemon-reload && systemctl restart animserverd.service && "
              "systemctl restart animdemo-kiosk.service")
