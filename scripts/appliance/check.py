"""The checks on the emulated box, run by scripts/appliance-check.sh once
QEMU is started:

    python3 scripts/appliance/check.py WORK_DIR

WORK_DIR holds QEMU's sockets (qmp.sock, shell.sock), the speaker's
recording (speaker.wav) and receives the screens seen (screens/*.ppm). The
reference screens are drawn by the command in $APPLIANCE_REFERENCE (the
`appliance_reference` example) with the notices the box said at start.

Each check prints PASS or FAIL with what it saw; the last line counts them.
Exit status 0 when all passed, 1 otherwise.
"""

import os
import re
import shlex
import struct
import subprocess
import sys
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


def log(text):
    print(f"appliance [{time.monotonic() - t0:6.1f} s] {text}", flush=True)


def check(name, ok, detail=""):
    (passed if ok else failed).append(name)
    log(f"{'PASS' if ok else 'FAIL'} {name}{': ' + detail if detail else ''}")
    return ok


qmp = Qmp(os.path.join(work, "qmp.sock"))
shots = 0


def screen(name):
    global shots
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
    return int(shell.run("systemctl show -p MainPID --value tavola")[1].strip() or 0)


def first_frames(shell):
    """The journal's "first frame on screen" lines since boot, with their
    monotonic times (seconds since the kernel started)."""
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
    """Notes a screen of text on the console: words in the console's few
    colours (Tavola's screens have many), not a blank one."""
    if not console_seen[0] and not is_dead(image) and image.colours() <= 4:
        console_seen[0] = True


def is_dead(image):
    """A screen with nothing on it: all but a few pixels one colour."""
    counts = {}
    for i in range(0, len(image.pixels), 3 * 7):
        key = image.pixels[i : i + 3]
        counts[key] = counts.get(key, 0) + 1
    return max(counts.values()) >= 0.998 * sum(counts.values())


def speaker_level():
    """The loudest sample the speaker has played so far (16-bit), and the
    recording's length."""
    path = os.path.join(work, "speaker.wav")
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return 0, 0
    samples = data[44 : 44 + (len(data) - 44) // 2 * 2]
    peak = max((abs(s) for (s,) in struct.iter_unpack("<h", samples)), default=0)
    return peak, len(data)


def run():
    log("waiting for the machine to boot")
    shell = Shell(os.path.join(work, "shell.sock"), timeout=BOOT_TIMEOUT)
    log("the console answers")

    # --- the unit at boot, as its own user -----------------------------------------
    frames = wait_started(shell, 0, START_TIMEOUT)
    check("first frame", True, f"kernel start to Tavola's first frame: {frames[0]:.1f} s (emulated, not a Pi's)")
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
    shell.run("systemctl stop tavola")
    before, _ = speaker_level()
    _, size_before = speaker_level()
    _, out = shell.run(
        "runuser -u tavola -- env HOME=/var/lib/tavola TAVOLA_SETTINGS=/etc/tavola/settings.toml "
        "TAVOLA_VOICES=/usr/local/share/tavola/voices /usr/local/bin/tavola selftest --lang en --wait 1",
        timeout=300,
        check=False,
    )
    line = next((l for l in out.splitlines() if l.startswith(("PASS speaker", "FAIL speaker"))), "")
    log(f"the self-test said: {line!r}")
    peak, size = speaker_level()
    check(
        "the self-test names the speaker that played",
        line.startswith("PASS speaker: played on") and "(usb)" in line,
        line or out[-300:],
    )
    check(
        "sound reached the USB speaker",
        size > size_before and peak > 1000,
        f"{size - size_before} bytes recorded, loudest sample {peak} of 32767",
    )
    known = len(first_frames(shell))
    shell.run("systemctl start tavola")
    wait_started(shell, known, START_TIMEOUT)

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
    except Failure as e:
        check("the box answered", False, str(e))
    log(f"{len(passed)} passed, {len(failed)} failed")
    print(f"appliance: {len(passed)} passed, {len(failed)} failed", flush=True)
    return 0 if not failed else 1


sys.exit(main())
