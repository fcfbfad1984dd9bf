"""The emulated box, seen from outside: QEMU's monitor (QMP) for the screen,
the touches and the power, and a root shell on a virtio console for reading
the machine's state (which user runs Tavola, the system journal).

Only the standard library: the check runs on a fresh Debian machine.
"""

import json
import os
import re
import socket
import struct
import threading
import time


class Failure(Exception):
    """The machine did not answer as expected."""


def connect(path, timeout, what):
    """A Unix socket QEMU serves, once QEMU has opened it."""
    deadline = time.monotonic() + timeout
    while True:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(path)
            return sock
        except OSError:
            sock.close()
            if time.monotonic() > deadline:
                raise Failure(f"{what} did not open at {path}")
            time.sleep(0.2)


class Qmp:
    """QEMU's machine protocol on a Unix socket."""

    def __init__(self, path, timeout=60):
        self.sock = connect(path, timeout, "QEMU's monitor")
        self.file = self.sock.makefile("rwb", buffering=0)
        # One command at a time: the check's own and the screen watcher's
        # (check.py) share the socket.
        self.lock = threading.Lock()
        self._read()  # the greeting
        self.command("qmp_capabilities")

    def _read(self):
        line = self.file.readline()
        if not line:
            raise Failure("QEMU's monitor closed")
        return json.loads(line)

    def command(self, name, **args):
        with self.lock:
            return self._command(name, args)

    def _command(self, name, args):
        self.file.write(json.dumps({"execute": name, "arguments": args}).encode() + b"\n")
        while True:
            answer = self._read()
            if "return" in answer:
                return answer["return"]
            if "error" in answer:
                raise Failure(f"QMP {name}: {answer['error'].get('desc')}")
            # an asynchronous event (RESET, SHUTDOWN…): not ours

    def screendump(self, path):
        """The display as it is now, as an RGB image."""
        if os.path.exists(path):
            os.remove(path)
        self.command("screendump", filename=path)
        return read_ppm(path)

    def touch(self, x, y, width, height, hold=0.12):
        """A finger on the screen at (x, y) for `hold` seconds (a real
        finger's press lasts about 120 ms), through the virtio tablet."""
        ax = round(x * 32767 / (width - 1))
        ay = round(y * 32767 / (height - 1))
        move = [
            {"type": "abs", "data": {"axis": "x", "value": ax}},
            {"type": "abs", "data": {"axis": "y", "value": ay}},
        ]
        self.command("input-send-event", events=move)
        time.sleep(0.05)
        self.command("input-send-event", events=[{"type": "btn", "data": {"down": True, "button": "left"}}])
        time.sleep(hold)
        self.command("input-send-event", events=[{"type": "btn", "data": {"down": False, "button": "left"}}])


class Shell:
    """A root shell on the machine's virtio console (/dev/hvc0)."""

    def __init__(self, path, timeout=300):
        self.sock = connect(path, 30, "the console socket")
        self.buf = b""
        self.count = 0
        self.wait_ready(timeout)

    def _recv(self, until):
        self.sock.settimeout(max(0.05, until - time.monotonic()))
        try:
            data = self.sock.recv(65536)
        except socket.timeout:
            return False
        if not data:
            raise Failure("the console closed")
        self.buf += data
        return True

    def wait_ready(self, timeout):
        """Waits for the autologin shell, after a boot or a reset."""
        deadline = time.monotonic() + timeout
        self.buf = b""
        poke = 0.0
        while time.monotonic() < deadline:
            if time.monotonic() > poke:
                # Echo off and no prompt: only what the commands print comes back.
                self.sock.sendall(b"\nstty -echo 2>/dev/null; PS1=''; PS2=''; echo __U''P__\n")
                poke = time.monotonic() + 3
            self._recv(min(deadline, time.monotonic() + 0.5))
            if b"__UP__\r\n" in self.buf or b"__UP__\n" in self.buf:
                time.sleep(0.3)
                self._drain()
                return
        raise Failure(f"no shell on the console after {timeout} s")

    def _drain(self):
        end = time.monotonic() + 0.2
        while self._recv(end):
            pass
        self.buf = b""

    def run(self, command, timeout=120, check=True):
        """Runs `command`; returns its exit status and output (both streams)."""
        self.count += 1
        mark = f"__END_{self.count}_"
        self.buf = b""
        self.sock.sendall(f"{{ {command}\n}} 2>&1; echo {mark}$?__\n".encode())
        pattern = re.compile(re.escape(mark).encode() + rb"(\d+)__")
        deadline = time.monotonic() + timeout
        while True:
            found = pattern.search(self.buf)
            if found:
                out = self.buf[: found.start()].decode(errors="replace").replace("\r\n", "\n")
                rc = int(found.group(1))
                if check and rc != 0:
                    raise Failure(f"`{command}` exited with {rc}: {out.strip()[-600:]}")
                return rc, out
            if time.monotonic() > deadline:
                raise Failure(f"`{command}` did not finish in {timeout} s")
            self._recv(deadline)


def read_ppm(path):
    with open(path, "rb") as f:
        data = f.read()
    # P6\n<w> <h>\n<max>\n<bytes>, comments allowed
    tokens = []
    i = 0
    while len(tokens) < 4:
        while data[i : i + 1].isspace():
            i += 1
        if data[i : i + 1] == b"#":
            while data[i : i + 1] != b"\n":
                i += 1
            continue
        j = i
        while not data[j : j + 1].isspace():
            j += 1
        tokens.append(data[i:j])
        i = j
    if tokens[0] != b"P6" or tokens[3] != b"255":
        raise Failure(f"{path}: not an 8-bit PPM")
    w, h = int(tokens[1]), int(tokens[2])
    pixels = data[i + 1 : i + 1 + w * h * 3]
    if len(pixels) != w * h * 3:
        raise Failure(f"{path}: truncated")
    return Image(w, h, pixels)


class Image:
    def __init__(self, width, height, pixels):
        self.width, self.height, self.pixels = width, height, pixels

    def write_ppm(self, path):
        with open(path, "wb") as f:
            f.write(b"P6\n%d %d\n255\n" % (self.width, self.height))
            f.write(self.pixels)

    def crop(self, x, y, w, h):
        rows = []
        for row in range(y, y + h):
            start = (row * self.width + x) * 3
            rows.append(self.pixels[start : start + w * 3])
        return Image(w, h, b"".join(rows))

    def colours(self):
        """How many different colours it has (a dead screen has one or two)."""
        return len(set(struct.iter_unpack("3B", self.pixels)))


def compare(a, b, level=24):
    """How far apart two images of one size are: the share of pixels whose
    worst channel differs by more than `level`, and the mean difference of a
    channel (0 to 255)."""
    if (a.width, a.height) != (b.width, b.height):
        return 1.0, 255.0
    far = 0
    total = 0
    pa, pb = a.pixels, b.pixels
    for i in range(0, len(pa), 3):
        d0 = abs(pa[i] - pb[i])
        d1 = abs(pa[i + 1] - pb[i + 1])
        d2 = abs(pa[i + 2] - pb[i + 2])
        total += d0 + d1 + d2
        if max(d0, d1, d2) > level:
            far += 1
    n = a.width * a.height
    return far / n, total / (3 * n)
