#!/usr/bin/env python3
"""Fits SFKerningModel (Sources/LayoutSimSystemFont/SFKerningModel.swift) on SF's measured string widths.

    pip install uharfbuzz numpy
    python3 Scripts/fit_sf_kerning.py Tests/Fixtures/sf-metrics-ios26.json

For every measured (size, weight, string): W = the NSString width iOS 26.1 measured, A = the sum of SF's measured
per-character advances, N and P = the negative and positive kerning Inter (the shaping stand-in, `calt` off) puts on
the string at that size (HarfBuzz: shaped minus nominal advances). The model is W = A + N * factor(size, weight):
factor blends a Text and a Display factor per weight by SF's optical size (the blend read off the data), P is dropped.
The factors are fitted by least squares on the even sizes; errors are reported on the odd sizes (held out) and with
each string held out in turn.
"""
import json
import sys

import numpy as np
import uharfbuzz as hb

INTER = {"regular": "Regular", "medium": "Medium", "semibold": "SemiBold", "bold": "Bold"}


def blend(size):
    if size <= 18.375:
        return 0.0
    if size <= 24:
        return (size - 18.375) / (24 - 18.375) * 0.8182
    if size <= 28:
        return 0.8182 + (size - 24) / 4 * 0.1818
    return 1.0


def rows(reference):
    fonts = {w: hb.Font(hb.Face(hb.Blob.from_file_path(f"Fonts/Inter-{n}.otf"))) for w, n in INTER.items()}
    chars = reference["characters"]
    out = []
    for entry in reference["fonts"]:
        size, weight, advances = entry["size"], entry["weight"], entry["advances"]
        font = fonts[weight]
        upem = font.face.upem
        for text, measured in entry["strings"].items():
            buf = hb.Buffer()
            buf.add_str(text)
            buf.guess_segment_properties()
            hb.shape(font, buf, {"calt": False})
            kerns = [p.x_advance - font.get_glyph_h_advance(i.codepoint) for i, p in zip(buf.glyph_infos, buf.glyph_positions)]
            negative = sum(k for k in kerns if k < 0) * size / upem
            positive = sum(k for k in kerns if k > 0) * size / upem
            total = sum(advances[chars.index(c)] for c in text)
            out.append((size, weight, text, measured["nsString"], total, negative, positive))
    return out


def fit(data):
    factors = {}
    for weight in INTER:
        x = [[n * (1 - blend(s)), n * blend(s)] for s, w, t, m, a, n, p in data if w == weight]
        y = [m - a for s, w, t, m, a, n, p in data if w == weight]
        factors[weight], *_ = np.linalg.lstsq(np.array(x), np.array(y), rcond=None)
    return factors


def errors(data, factors=None):
    out = []
    for s, w, t, m, a, n, p in data:
        model = a + n + p if factors is None else a + factors[w][0] * n * (1 - blend(s)) + factors[w][1] * n * blend(s)
        out.append(abs(model - m) / m * 100)
    return np.array(out)


def summary(e):
    return f"worst {e.max():.3f} %, mean {e.mean():.3f} %, within 0.5 %: {np.mean(e <= 0.5) * 100:.1f} %"


def main():
    data = rows(json.load(open(sys.argv[1] if len(sys.argv) > 1 else "Tests/Fixtures/sf-metrics-ios26.json")))
    train = [r for r in data if r[0] % 2 == 0]
    test = [r for r in data if r[0] % 2 == 1]
    factors = fit(train)
    for weight, (text, display) in factors.items():
        print(f"{weight}: text {text:.4f}, display {display:.4f}")
    print("odd sizes, Inter's kerning:", summary(errors(test)))
    print("odd sizes, model:          ", summary(errors(test, factors)))
    for held in sorted({r[2] for r in data}):
        rest = [r for r in data if r[2] != held]
        only = [r for r in data if r[2] == held]
        print(f"{held!r} held out: model {summary(errors(only, fit(rest)))}; Inter's {summary(errors(only))}")


if __name__ == "__main__":
    main()
