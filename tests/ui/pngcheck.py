"""A tiny PNG reader (zlib + the five scanline filters), enough to look at our own screenshots."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

_CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}


def read_png(path: str | Path) -> tuple[int, int, int, list[bytes]]:
    """Return (width, height, channels, rows of raw pixel bytes). 8-bit, non-interlaced only."""
    data = Path(path).read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG file")
    pos, idat, header = 8, [], None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or interlace:
        raise ValueError("only 8-bit non-interlaced PNGs are read here")
    bpp = _CHANNELS[colour]
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev = [], bytes(stride)
    for y in range(height):
        start = y * (stride + 1)
        ftype, line = raw[start], raw[start + 1:start + 1 + stride]
        # the app's screenshots are written unfiltered (type 0): taken as they are; Up and Sub
        # are byte-wise sums done on whole rows at once; Average and Paeth byte by byte
        if ftype == 1:
            line = _prefix_sum(line, bpp)
        elif ftype == 2:
            line = _add_bytes(line, prev)
        elif ftype in (3, 4):
            line = _unfilter_slowly(ftype, bytearray(line), prev, bpp)
        rows.append(line)
        prev = line
    return width, height, bpp, rows


def _add_bytes(a: bytes, b: bytes) -> bytes:
    """Byte by byte (a + b) mod 256 of two rows of equal length, on whole rows as integers."""
    n = len(a)
    low, high = int.from_bytes(b"\x7f" * n, "little"), int.from_bytes(b"\x80" * n, "little")
    x, y = int.from_bytes(a, "little"), int.from_bytes(b, "little")
    return (((x & low) + (y & low)) ^ ((x ^ y) & high)).to_bytes(n, "little")


def _prefix_sum(line: bytes, bpp: int) -> bytes:
    """PNG's Sub filter undone: each byte plus the decoded byte ``bpp`` to its left, mod 256."""
    n = len(line)
    out, shift = line, bpp
    while shift < n:
        out = _add_bytes(out, bytes(shift) + out[:n - shift])
        shift *= 2
    return out


def _unfilter_slowly(ftype: int, line: bytearray, prev: bytes, bpp: int) -> bytes:
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        if ftype == 3:
            line[i] = (line[i] + (a + b) // 2) & 0xFF
        else:
            c = prev[i - bpp] if i >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            line[i] = (line[i] + pred) & 0xFF
    return bytes(line)


def colour_stats(path: str | Path, step: int = 3) -> dict:
    """Size, number of distinct colours and share of the most common one (sampled)."""
    width, height, bpp, rows = read_png(path)
    counts: dict[bytes, int] = {}
    for y in range(0, height, step):
        row = rows[y]
        for x in range(0, width, step):
            px = row[x * bpp:x * bpp + min(bpp, 3)]
            counts[px] = counts.get(px, 0) + 1
    total = sum(counts.values())
    return {"size": (width, height), "colours": len(counts), "top_share": max(counts.values()) / total}
