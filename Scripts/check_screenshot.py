#!/usr/bin/env python3
"""Checks a screenshot of layoutsim's HTML report (a PNG from headless Chromium) for what it must show:
green grid cells (strings that fit), red grid cells (strings failing at the default size), and dark glyph ink in
the failure pictures below the grid. Decodes the PNG with zlib only (8-bit RGB/RGBA, no interlace).

usage: python3 Scripts/check_screenshot.py SCREENSHOT.png
"""
import struct
import sys
import zlib


def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, "unsupported PNG"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            c = prev[x - channels] if x >= channels else 0
            if kind == 1: line[x] = (line[x] + a) & 255
            elif kind == 2: line[x] = (line[x] + b) & 255
            elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, channels, rows


def count(rows, channels, y0, y1, target, tolerance=12):
    n = 0
    for row in rows[y0:y1]:
        for x in range(0, len(row), channels):
            if all(abs(row[x + k] - target[k]) <= tolerance for k in range(3)):
                n += 1
    return n


width, height, channels, rows = read_png(sys.argv[1])
grid = (0, min(height, 420))           # the summary and the grid are at the top
pictures = (420, height)
green = count(rows, channels, *grid, (0x2d, 0xa4, 0x4e))
red = count(rows, channels, *grid, (0xa4, 0x0e, 0x26)) + count(rows, channels, *grid, (0xcf, 0x22, 0x2e))
ink = count(rows, channels, *pictures, (0x1f, 0x23, 0x28), tolerance=40)
hatch = count(rows, channels, *pictures, (0xff, 0xe3, 0xe0), tolerance=10)
print(f"{width}x{height}: green cells {green} px, red cells {red} px, glyph ink {ink} px, hidden-text hatch {hatch} px")
problems = [name for name, value in (("green grid cells", green), ("red grid cells", red),
                                     ("glyph ink in the pictures", ink), ("hatched hidden text", hatch)) if value < 200]
if problems:
    print("missing: " + ", ".join(problems))
    sys.exit(1)
print("ok: the report shows the grid and the pictures")
