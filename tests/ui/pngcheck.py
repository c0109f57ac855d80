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
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        ftype, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 0xFF
            elif ftype == 2:
                line[i] = (line[i] + b) & 0xFF
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 0xFF
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


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
