"""Writes a PPM screen as a PNG, to look at: topng.py IN.ppm OUT.png"""

import struct
import sys
import zlib

sys.path.insert(0, __import__("os").path.dirname(__file__))
from machine import read_ppm  # noqa: E402


def write_png(image, path):
    raw = b"".join(
        b"\x00" + image.pixels[y * image.width * 3 : (y + 1) * image.width * 3] for y in range(image.height)
    )

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", image.width, image.height, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw, 6)))
        f.write(chunk(b"IEND", b""))


if __name__ == "__main__":
    write_png(read_ppm(sys.argv[1]), sys.argv[2])
