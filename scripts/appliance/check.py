"""The checks on the emulated box, run by scripts/appliance-check.sh once
QEMU is started:

    python3 scripts/appliance/check.py WORK_DIR

WORK_DIR holds QEMU's sockets (qmp.sock, shell.sock), the speaker's
recording (speaker.wav) and receives the screens seen (screens/*.ppm). The
reference screens are drawn by the command in $APPLIANCE_REFERENCE (the
`appliance_reference` example) with the notices the box said at start.

Each check prints PASS or FAIL with what it saw; the last line counts them.
With APPLIANCE_STOP_ON_FAIL=1 (appliance-check.sh --stop-on-fail) the run
ends at the first FAIL: a box broken on purpose needs only the check that
catches it. Exit status 0 when all passed, 1 otherwise.
"""

import os
import re
import shlex
import struct
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from machine import Failure, Qmp, Shell, compare, read_ppm  # noqa: E402

WIDTH, HEIGHT = 800, 480
# A screen "matches" its reference when at most this share of its pixels
# differ by more than LEVEL in a channel, and the mean difference of a
# channel is at most MEAN. The box draws with the same software renderer
# and the same fonts: anything above this is a wrong screen, not noise.
SHARE, LEVEL, MEAN = 0.005, 24, 1.5
# Emulated (TCG) time: a Pi starts many times faster.
BOOT_TIMEOUT = 420
START_TIMEOUT = 240
# "Never a dead screen": from Tavola's first frame to the power cut the
# display is looked at every WATCH_EVERY s, whatever else the check does
# (the kills, the wait for the watchdog), and a blank screen (all one
# colour) for longer than DEAD_LIMIT s in a row fails. What may be seen
# instead of Tavola is the console saying why it stopped. The limit is
# emulated time: after a kill the screen stays blank until Tavola's next
# first frame (before the third quick failure the console says nothing),
# and Tavola takes 40 to 75 s to draw it here (a Pi: a few seconds).
WATCH_EVERY = 2.0
DEAD_LIMIT = 90.0
# The speaker's recording (QEMU's wav file: 16-bit samples): the self-test's
# sound is looked for only in what was recorded after it was asked for, and
# the last SILENCE_WINDOW s recorded before it (Tavola stopped) must be quiet.
LOUD, QUIET = 1000, 250
SILENCE_WINDOW = 2.0
# The self-test's processor time inside the emulated machine (user +
# system, over its wall time), on the simulated parts with no sound device
# (as on the desktop: what is measured is its waits' polls). A thread that
# spins takes a whole core; the self-test sleeps between its polls (1 % of
# its wall time on the desktop, held to 3 % there by
# scripts/cross-check.sh). Software emulation (TCG) runs the same work tens
# of times slower than a Pi (Tavola's start: 40 s here), which puts the
# desktop's 3 % above the cap scripts/cross-check.sh sets under emulation:
# half a core.
SELFTEST_CPU_SHARE = 0.5
DB = "/var/lib/tavola/.local/share/tavola/tavola.db"
QUICK_KILLS = 6
# Where the touches go (800×480): "Take it up" on the picker's offer of an
# unfinished game; the message line at the foot of every screen; the
# Shadows over Camelot tile; its "Begin the quest".
TAKE_UP = (215, 206)
MESSAGE_LINE_Y = 457
SOC_TILE = (598, 150)
BEGIN_QUEST = (612, 400)

work = sys.argv[1]
screens = os.path.join(work, "screens")
refs = os.path.join(work, "reference")
os.makedirs(screens, exist_ok=True)
passed, failed = [], []
t0 = time.monotonic()
STOP_ON_FAIL = os.environ.get("APPLIANCE_STOP_ON_FAIL") == "1"
stop = threading.Event()


class Stopped(Exception):
    """A check failed and the run was asked to end there."""


def log(text):
    print(f"appliance [{time.monotonic() - t0:6.1f} s] {text}", flush=True)


def check(name, ok, detail=""):
    (passed if ok else failed).append(name)
    log(f"{'PASS' if ok else 'FAIL'} {name}{': ' + detail if detail else ''}")
    if not ok and STOP_ON_FAIL:
        stop.set()
        if threading.current_thread() is threading.main_thread():
            raise Stopped()
    return ok


def going_on():
    """Ends the run here when the screen watcher's check failed and the run
    stops at the first failure."""
    if stop.is_set():
        raise Stopped()


qmp = Qmp(os.path.join(work, "qmp.sock"))
shots = 0


def screen(name):
    global shots
    going_on()
    shots += 1
    path = os.path.join(screens, f"{shots:02d}-{name}.ppm")
    return qmp.screendump(path)


def matches(image, ref_name):
    ref = read_ppm(os.path.join(refs, ref_name + ".ppm"))
    share, mean = compare(image, ref, LEVEL)
    return share <= SHARE and mean <= MEAN, f"{share * 100:.2f} % of pixels differ, mean {mean:.2f}"


def wait_for_screen(ref_name, timeout, label):
    """Screendumps until the display shows `ref_name`; returns (ok, detail, seconds)."""
    start = time.monotonic()
    detail = "no screen"
    while time.monotonic() - start < timeout:
        ok, detail = matches(screen(label), ref_name)
        if ok:
            return True, detail, time.monotonic() - start
        time.sleep(1.0)
    return False, detail, time.monotonic() - start


def main_pid(shell):
    going_on()
    return int(shell.run("systemctl show -p MainPID --value tavola")[1].strip() or 0)


def first_frames(shell):
    """The journal's "first frame on screen" lines since boot, with their
    monotonic times (seconds since the kernel started)."""
    going_on()
    out = shell.run("journalctl -b -u tavola -o short-monotonic --no-pager | grep 'first frame on screen' || true")[1]
    return [float(m.group(1)) for m in re.finditer(r"\[\s*([0-9.]+)\]", out)]


def wait_started(shell, known, timeout):
    """Waits until Tavola has drawn one more first frame than `known`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        frames = first_frames(shell)
        if len(frames) > known:
            return frames
        time.sleep(2)
    raise Failure(f"Tavola drew no first frame in {timeout} s")


def wait_new_pid(shell, old, timeout, meanwhile):
    """Waits for Tavola's process to be another than `old`; returns it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pid = main_pid(shell)
        if pid and pid != old:
            return pid
        meanwhile()
        time.sleep(0.5)
    raise Failure(f"Tavola did not start again within {timeout} s")


console_seen = [False]


def note_console(image):
    """Notes a screen of text on the console (see kind_of)."""
    if not console_seen[0] and kind_of(image) == "console":
        console_seen[0] = True


def is_dead(image):
    """A screen with nothing on it: all but a few pixels one colour."""
    counts = {}
    for i in range(0, len(image.pixels), 3 * 7):
        key = image.pixels[i : i + 3]
        counts[key] = counts.get(key, 0) + 1
    return max(counts.values()) >= 0.998 * sum(counts.values())


def kind_of(image):
    """What the display shows: "dead" (blank), "console" (text in the
    console's 16 colours at most) or "tavola" (a drawn screen: its
    anti-aliased text and pictures have many more)."""
    if is_dead(image):
        return "dead"
    return "console" if image.colours() <= 16 else "tavola"


def first_tavola_screen(timeout):
    """Looks at the display every second until it shows a drawn screen,
    neither blank nor the console's text; returns the seconds waited, or
    None, and what was seen meanwhile."""
    start = time.monotonic()
    seen = {}
    path = os.path.join(screens, "first-frame.ppm")
    while time.monotonic() - start < timeout:
        going_on()
        kind = kind_of(qmp.screendump(path))
        seen[kind] = seen.get(kind, 0) + 1
        if kind == "tavola":
            return time.monotonic() - start, seen
        time.sleep(1.0)
    return None, seen


class Watch(threading.Thread):
    """The display looked at every WATCH_EVERY s on its own thread (the
    check's other waits read the journal, not the screen): the spells of
    blank screen, and of no Tavola on it."""

    NAME = "never a dead screen"

    def __init__(self):
        super().__init__(daemon=True)
        self.halt = threading.Event()
        self.paused = threading.Event()
        self.lock = threading.Lock()
        self.looks = 0
        self.dead_since = None  # when the current blank spell began
        self.gone_since = None  # when Tavola was last off the screen
        self.longest_dead = 0.0
        self.longest_gone = 0.0
        self.failed = False
        self.spells = 0

    def run(self):
        path = os.path.join(screens, "watch.ppm")
        while not self.halt.is_set():
            if not self.paused.is_set():
                try:
                    image = qmp.screendump(path)
                except (Failure, OSError) as e:
                    log(f"the screen watcher could not look: {e}")
                else:
                    self.note(kind_of(image), image)
            self.halt.wait(WATCH_EVERY)

    def note(self, kind, image):
        now = time.monotonic()
        with self.lock:
            if self.paused.is_set():
                return
            self.looks += 1
            if kind == "console":
                console_seen[0] = True
            if kind == "tavola":
                self._end(now)
                return
            if self.gone_since is None:
                self.gone_since = now
            if kind != "dead":
                self._end_dead(now)
                return
            if self.dead_since is None:
                self.dead_since = now
                self.spells += 1
                image.write_ppm(os.path.join(screens, f"dead-{self.spells:02d}-at-{now - t0:.0f}s.ppm"))
            dead = now - self.dead_since
            self.longest_dead = max(self.longest_dead, dead)
            if dead > DEAD_LIMIT and not self.failed:
                self.failed = True
                check(self.NAME, False, f"the screen has been blank for {dead:.0f} s (at most {DEAD_LIMIT:.0f} s)")

    def _end_dead(self, now):
        if self.dead_since is not None:
            self.longest_dead = max(self.longest_dead, now - self.dead_since)
            self.dead_since = None

    def _end(self, now):
        self._end_dead(now)
        if self.gone_since is not None:
            self.longest_gone = max(self.longest_gone, now - self.gone_since)
            self.gone_since = None

    def pause(self):
        """The check itself stops Tavola (the self-test): not the box's doing."""
        with self.lock:
            self.paused.set()
            self._end(time.monotonic())

    def resume(self):
        self.paused.clear()

    def finish(self):
        self.halt.set()
        self.join()
        with self.lock:
            self._end(time.monotonic())
            if self.failed:
                log(f"the screen was blank at most {self.longest_dead:.0f} s in a row ({self.spells} times)")
            else:
                check(
                    self.NAME,
                    self.longest_dead <= DEAD_LIMIT and self.looks > 0,
                    f"{self.looks} looks, every {WATCH_EVERY:.0f} s: blank at most {self.longest_dead:.0f} s in a row "
                    f"({self.spells} times; the limit {DEAD_LIMIT:.0f} s), Tavola off the screen at most "
                    f"{self.longest_gone:.0f} s",
                )


def recording():
    """The speaker's recording so far: its bytes and the size of one frame
    (all channels' samples), from the wav header QEMU wrote."""
    try:
        with open(os.path.join(work, "speaker.wav"), "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return b"", 4, 48000
    if len(data) < 44:
        return data, 4, 48000
    channels, rate = struct.unpack("<HI", data[22:28])
    bits = struct.unpack("<H", data[34:36])[0]
    if bits != 16:
        raise Failure(f"the speaker's recording has {bits}-bit samples, not 16")
    return data, channels * 2, rate


def loudest(data, start, end, frame):
    """The loudest sample between byte offsets `start` and `end` of the
    recording, the header (44 bytes) left out, cut at whole frames."""
    start = max(44, 44 + (start - 44) // frame * frame)
    end = 44 + (max(end, 44) - 44) // frame * frame
    if end <= start:
        return 0
    return max(abs(s) for (s,) in struct.iter_unpack("<h", data[start:end]))


def run():
    log("waiting for the machine to boot")
    shell = Shell(os.path.join(work, "shell.sock"), timeout=BOOT_TIMEOUT)
    log("the console answers")

    # --- the unit at boot, as its own user -----------------------------------------
    waited, seen = first_tavola_screen(START_TIMEOUT)
    seen = ", ".join(f"{n} {kind}" for kind, n in sorted(seen.items()))
    if waited is None:
        check("first frame", False, f"no screen drawn by Tavola within {START_TIMEOUT} s of the console answering ({seen})")
        raise Failure("Tavola never drew on the display")
    frames = wait_started(shell, 0, 60)
    check(
        "first frame",
        True,
        f"drawn on the display {waited:.0f} s after the console answered (looks: {seen}); kernel start to "
        f"Tavola's first frame: {frames[0]:.1f} s (emulated, not a Pi's)",
    )
    watch = Watch()
    watch.start()
    pid = main_pid(shell)
    user = shell.run(f"ps -o user= -p {pid}")[1].strip()
    check("the unit runs Tavola as its own user", user == "tavola", f"pid {pid} runs as {user!r}")
    enabled = shell.run("systemctl is-enabled tavola", check=False)[1].strip()
    check("the unit is enabled at boot", enabled == "enabled", enabled)

    # --- what it said at start, and the reference screens ---------------------------
    said = shell.run("journalctl -b -u tavola -o cat --no-pager | sed -n 's/^tavola: //p'")[1]
    notices = []
    for line in said.splitlines():
        line = line.strip()
        if line.startswith("first frame on screen"):
            break
        if line and line not in notices:
            notices.append(line)
    log(f"the box said at start: {notices}")
    reference = shlex.split(os.environ["APPLIANCE_REFERENCE"])
    subprocess.run(reference + [refs, str(WIDTH), str(HEIGHT), "en"] + notices, check=True, stdout=subprocess.DEVNULL)

    # --- the picker on the DRM display -----------------------------------------------
    ok, detail, waited = wait_for_screen("picker", 60, "picker")
    check("the game picker is drawn on the display", ok, detail)
    said = "; ".join(notices) or "nothing said"
    check(
        "the box is taken for the Raspberry Pi its device tree names",
        any("Raspberry Pi 6 Model B" in n for n in notices)
        and not any(n.startswith("This machine is not a Raspberry Pi") for n in notices),
        said,
    )
    for part, bus in (("reader", "spi"), ("pad", "i2c")):
        check(f"the missing {part} is named", any(part in n.lower() or bus in n.lower() for n in notices), said)

    # --- every warning on the screen: a touch on the message line lists them -----------
    qmp.touch(100, MESSAGE_LINE_Y, WIDTH, HEIGHT)
    ok, detail, _ = wait_for_screen("messages", 20, "messages")
    check(f"the {len(notices)} messages are listed on the screen", ok, detail)
    qmp.touch(WIDTH // 2, 10, WIDTH, HEIGHT)
    ok, detail, _ = wait_for_screen("picker", 20, "picker")
    check("the list closes with a touch beside it", ok, detail)

    # --- the speaker: the self-test names the device that played ----------------------
    watch.pause()
    shell.run("systemctl stop tavola")
    as_tavola = (
        "runuser -u tavola -- env HOME=/var/lib/tavola TAVOLA_SETTINGS=/etc/tavola/settings.toml "
        "TAVOLA_VOICES=/usr/local/share/tavola/voices /usr/local/bin/tavola"
    )
    size_before = len(recording()[0])
    # Its times (wall, user, system) on the last line: bash's `time`.
    _, out = shell.run(f"TIMEFORMAT='%R %U %S'; time {as_tavola} selftest --lang en --wait 1", timeout=300, check=False)
    line = next((l for l in out.splitlines() if l.startswith(("PASS speaker", "FAIL speaker"))), "")
    log(f"the self-test said: {line!r}; its times (wall, user, system): {out.strip().splitlines()[-1]}")
    data, frame, rate = recording()
    after = loudest(data, size_before, len(data), frame)
    before = loudest(data, size_before - int(SILENCE_WINDOW * rate) * frame, size_before, frame)
    check(
        "the self-test names the speaker that played",
        line.startswith("PASS speaker: played on") and "(usb)" in line,
        line or out[-300:],
    )
    check(
        "sound reached the USB speaker",
        after > LOUD and before <= QUIET,
        f"after the self-test was started: {(len(data) - size_before) / (frame * rate):.1f} s recorded, loudest "
        f"sample {after} (more than {LOUD} wanted); the last {SILENCE_WINDOW:.0f} s recorded before it: loudest {before} "
        f"(at most {QUIET})",
    )

    # --- the self-test's processor time, with its threads ----------------------------
    # As the tavola user without its groups: no sound device opens (the audio
    # group's), and the self-test's speaker is missing, as on the desktop.
    _, out = shell.run(
        "TIMEFORMAT='%R %U %S'; time setpriv --reuid=tavola --regid=tavola --clear-groups env HOME=/var/lib/tavola "
        "TAVOLA_SETTINGS=/etc/tavola/settings.toml /usr/local/bin/tavola selftest --sim --lang en --seats 10 --wait 5 2>/dev/null "
        "| grep -c '^PASS'",
        timeout=600,
        check=False,
    )
    log(f"selftest --sim without a sound device: {out.strip().splitlines()[0] if out.strip() else '?'} checks passed")
    times = out.strip().splitlines()[-1].split() if out.strip() else []
    try:
        wall, spent = float(times[0]), float(times[1]) + float(times[2])
    except (IndexError, ValueError):
        raise Failure(f"the self-test's times not read: {out[-300:]!r}")
    check(
        "the self-test's processor time in the emulated machine is within its budget",
        spent <= SELFTEST_CPU_SHARE * wall,
        f"selftest --sim: {spent:.2f} s of processor time in {wall:.1f} s ({100 * spent / wall:.1f} % of a core; "
        f"at most {100 * SELFTEST_CPU_SHARE:.0f} %)",
    )
    known = len(first_frames(shell))
    shell.run("systemctl start tavola")
    wait_started(shell, known, START_TIMEOUT)
    watch.resume()

    # --- a crash loop: killed as soon as it starts, again and again --------------------
    known = len(first_frames(shell))
    pid = main_pid(shell)
    started = time.monotonic()
    said_why = False
    for k in range(1, QUICK_KILLS + 1):
        if k > 1:
            pid = wait_new_pid(shell, pid, 240, lambda: note_console(screen(f"crash-{k}")))
        shell.run(f"kill -KILL {pid}")
    restarts = shell.run("systemctl show -p NRestarts --value tavola")[1].strip()
    back = False
    while time.monotonic() - started < 420:
        image = screen("crash-loop-over")
        note_console(image)
        if matches(image, "picker")[0] and len(first_frames(shell)) > known:
            back = True
            break
        time.sleep(2)
    state = shell.run("systemctl is-failed tavola", check=False)[1].strip()
    check(
        f"killed {QUICK_KILLS} times as it started, Tavola comes back on the screen",
        back and state != "failed",
        f"after {time.monotonic() - started:.0f} s; the unit {state}, restarted {restarts} times",
    )
    check(
        "while it waits to start again, the console says what happened",
        console_seen[0],
        "text on the console" if console_seen[0] else "the screen stayed blank or showed Tavola",
    )

    # --- a hung screen is restarted by the watchdog ------------------------------------
    pid = main_pid(shell)
    known = len(first_frames(shell))
    shell.run(f"kill -STOP {pid}")
    started = time.monotonic()
    try:
        wait_started(shell, known, 300)
        back = wait_for_screen("picker", 60, "after-watchdog")[0]
    except Failure:
        back = False
    said = shell.run("journalctl -b -u tavola --no-pager | grep -i watchdog || true")[1].strip().splitlines()
    check(
        "a hung Tavola is restarted by the watchdog",
        back and main_pid(shell) != pid and bool(said),
        f"after {time.monotonic() - started:.0f} s: {said[-1] if said else 'no watchdog in the journal'}",
    )
    if not back:
        # Not restarted: the rest of the checks need a running Tavola.
        known = len(first_frames(shell))
        shell.run(f"kill -KILL {pid}", check=False)
        wait_started(shell, known, START_TIMEOUT)
        wait_for_screen("picker", 60, "picker-again")

    # --- a power cut in the middle of a game ----------------------------------------------
    qmp.touch(*SOC_TILE, WIDTH, HEIGHT)
    ok, detail, _ = wait_for_screen("soc-setup", 30, "soc-setup")
    check("a touch chooses Shadows over Camelot", ok, detail)
    qmp.touch(*BEGIN_QUEST, WIDTH, HEIGHT)
    ok, detail, _ = wait_for_screen("soc-board", 60, "soc-board")
    check("a touch begins the quest", ok, detail)
    export = f"runuser -u tavola -- /usr/local/bin/tavola export 1 --db {DB}"
    before = shell.run(export)[1]
    # The power cut reboots the machine: its dark start is the boot's.
    watch.finish()
    qmp.command("system_reset")
    log("the power is cut (system_reset) and comes back")
    shell.wait_ready(BOOT_TIMEOUT)
    wait_started(shell, 0, START_TIMEOUT)
    ok, detail, _ = wait_for_screen("offer", 60, "offer")
    check("after the power cut, the unfinished game is offered", ok, detail)
    qmp.touch(*TAKE_UP, WIDTH, HEIGHT)
    ok, detail, _ = wait_for_screen("resumed", 60, "resumed")
    check("taken up, the game is where it was", ok, detail)
    after = shell.run(export)[1]
    lost = [l for l in before.splitlines() if l not in after.splitlines()]
    check(
        "nothing acknowledged was lost",
        before.strip() != "" and not lost,
        f"{len(before.splitlines())} lines before the cut, {len(after.splitlines())} after, {len(lost)} lost",
    )
    fsck = shell.run("journalctl -b -k --no-pager | grep -i 'EXT4-fs (vda)' || true")[1].strip()
    log(f"the file system after the cut: {fsck.splitlines()[-1] if fsck else 'nothing said'}")
    return shell


def main():
    try:
        run()
    except Stopped:
        log("stopped at the first failure, as asked")
    except Failure as e:
        try:
            check("the box answered", False, str(e))
        except Stopped:
            pass
    log(f"{len(passed)} passed, {len(failed)} failed")
    print(f"appliance: {len(passed)} passed, {len(failed)} failed", flush=True)
    return 0 if not failed else 1


sys.exit(main())
