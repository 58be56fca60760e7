#!/usr/bin/env python3
"""Writes Tests/Fixtures/script-ink.json: shaped advances, ink extents and ICU line breaks
of tall-script strings (Thai, Arabic, Devanagari, Hebrew, Latin) in the bundled fonts, computed
independently of layoutsim's code:

  - hhea metrics, unitsPerEm and glyph bounds from fontTools 4.68.0 (glyf yMin/yMax for TrueType fonts,
    fontTools.pens.boundsPen.BoundsPen over the glyph set for the CFF font Inter);
  - shaping from HarfBuzz's command-line tool (hb-shape (HarfBuzz) 6.0.0, Debian libharfbuzz-bin):
        hb-shape --output-format=json --no-glyph-names --utf8-clusters FONT TEXT
    No --direction/--script flags: hb-shape guesses RTL + script from the text itself (the script checks
    that adding --direction=rtl for Arabic/Hebrew gives identical output).
    Clusters: with --utf8-clusters "cl" is a UTF-8 byte offset; it is converted here to a code point index
    and then to a UTF-16 offset (and cross-checked against hb-shape's default code-point-index clusters).
  - line breaks from PyICU 2.17 on ICU 72.1 (pip install PyICU, built against Debian libicu-dev 72):
        icu.BreakIterator.createLineInstance(icu.Locale(lang)), boundaries excluding 0, including the end,
    as UTF-16 offsets.

inkTopUnits / inkBottomUnits = max(dy + glyph yMax) / min(dy + glyph yMin) over all non-empty glyphs;
topCluster / bottomCluster = UTF-16 offset of the cluster of the glyph reaching that extreme; on ties the
first one in hb-shape's glyph order, which for RTL text is visual (left-to-right) order, i.e. the logically
LAST tied cluster. Ties are common (Arabic alef/lam tops, Devanagari matra headline tops, Thai baseline
overshoots), so topClustersAll / bottomClustersAll list every tied cluster, sorted ascending.

usage (from the repository root): python3 Scripts/make_script_fixture.py
"""
import json
import subprocess

import fontTools
import icu
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

OUT = "Tests/Fixtures/script-ink.json"
HB_ARGS = ["hb-shape", "--output-format=json", "--no-glyph-names", "--utf8-clusters"]

CASES = [
    ("NotoSansThai-Regular.ttf", "th", "ปั้น"),
    ("NotoSansThai-Regular.ttf", "th", "ฟ้า"),
    ("NotoSansThai-Regular.ttf", "th", "สวัสดีครับ ยินดีต้อนรับ"),
    ("NotoSansThai-Regular.ttf", "th", "กรุณาตรวจสอบการเชื่อมต่ออินเทอร์เน็ตของคุณ"),
    ("NotoSansArabic-Regular.ttf", "ar", "مرحبا بالعالم"),
    ("NotoSansArabic-Regular.ttf", "ar", "تم تنزيل ٣ ملفات"),
    ("NotoSansDevanagari-Regular.ttf", "hi", "नमस्ते दुनिया"),
    ("NotoSansDevanagari-Regular.ttf", "hi", "सेटिंग्स में अधिसूचनाएँ चालू करें"),
    ("NotoSansDevanagari-Regular.ttf", "hi", "र्कि"),
    ("NotoSansHebrew-Regular.ttf", "he", "שלום עולם"),
    ("Inter-Regular.otf", "en", "Agjpy ÅÉ"),
]
# Cases that also get ink relative to SF's box (SF Pro ascender 1950/2048 em, descender 494/2048 em).
SF_CASES = {0, 1}
SF_ASCENDER_PER_1000 = 1950 * 1000 / 2048  # 952.1484375
SF_DESCENDER_PER_1000 = 494 * 1000 / 2048  # 241.2109375


def utf16_len(s):
    return len(s.encode("utf-16-le")) // 2


def byte_to_utf16(text):
    """Maps each UTF-8 byte offset that starts a code point to (code point index, UTF-16 offset)."""
    table, byte, u16 = {}, 0, 0
    for i, ch in enumerate(text):
        table[byte] = (i, u16)
        byte += len(ch.encode("utf-8"))
        u16 += utf16_len(ch)
    table[byte] = (len(text), u16)
    return table


def shape(path, text, extra=()):
    return json.loads(subprocess.check_output(HB_ARGS + list(extra) + [path, text]))


class Bounds:
    def __init__(self, tt):
        self.tt = tt
        self.glyf = tt["glyf"] if "glyf" in tt else None
        self.glyph_set = tt.getGlyphSet()

    def y_bounds(self, gid):
        """(yMin, yMax) of glyph gid, or None for an empty glyph."""
        name = self.tt.getGlyphName(gid)
        if self.glyf is not None:
            g = self.glyf[name]
            if g.numberOfContours == 0:
                return None
            return g.yMin, g.yMax
        pen = BoundsPen(self.glyph_set)
        self.glyph_set[name].draw(pen)
        if pen.bounds is None:
            return None
        return pen.bounds[1], pen.bounds[3]


def num(x):
    return int(x) if float(x).is_integer() else x


def icu_line_breaks(text, lang):
    bi = icu.BreakIterator.createLineInstance(icu.Locale(lang))
    bi.setText(text)
    return [b for b in bi if b != 0]  # PyICU boundaries are UTF-16 offsets


fonts = {}
cases = []
for index, (font, lang, text) in enumerate(CASES):
    path = f"Fonts/{font}"
    if font not in fonts:
        fonts[font] = TTFont(path)
    tt = fonts[font]
    hhea = tt["hhea"]
    upem = tt["head"].unitsPerEm
    bounds = Bounds(tt)

    glyphs = shape(path, text)
    if lang in ("ar", "he"):
        assert shape(path, text, ["--direction=rtl"]) == glyphs, f"direction guess differs for {text!r}"
    default = json.loads(subprocess.check_output(
        ["hb-shape", "--output-format=json", "--no-glyph-names", path, text]))
    b2u = byte_to_utf16(text)
    assert [b2u[g["cl"]][0] for g in glyphs] == [g["cl"] for g in default], "cluster conversion mismatch"
    assert glyphs, f"no glyphs for {text!r}"
    notdef = [i for i, g in enumerate(glyphs) if g["g"] == 0]
    assert not notdef, f"{font} lacks glyphs for {text!r} (glyph 0 at {notdef})"

    inked = []  # (bottom, top, UTF-16 cluster) per non-empty glyph, in hb-shape's glyph order
    for g in glyphs:
        yb = bounds.y_bounds(g["g"])
        if yb is not None:
            inked.append((g["dy"] + yb[0], g["dy"] + yb[1], b2u[g["cl"]][1]))
    top_ink = max(hi for _, hi, _ in inked)
    bottom_ink = min(lo for lo, _, _ in inked)
    top = (top_ink, next(cl for _, hi, cl in inked if hi == top_ink))
    bottom = (bottom_ink, next(cl for lo, _, cl in inked if lo == bottom_ink))

    case = {
        "font": font, "lang": lang, "text": text, "utf16Length": utf16_len(text),
        "unitsPerEm": upem, "ascender": hhea.ascent, "descender": hhea.descent, "lineGap": hhea.lineGap,
        "glyphCount": len(glyphs),
        "hbShapeFlags": HB_ARGS[1:],
        "shapedAdvanceUnits": sum(g["ax"] for g in glyphs),
        "inkTopUnits": num(top[0]), "inkBottomUnits": num(bottom[0]),
        "topCluster": top[1], "bottomCluster": bottom[1],
        "topClustersAll": sorted({cl for _, hi, cl in inked if hi == top_ink}),
        "bottomClustersAll": sorted({cl for lo, _, cl in inked if lo == bottom_ink}),
        "icuLineBreaks": icu_line_breaks(text, lang),
    }
    if index in SF_CASES:
        case["inkAboveHheaAscenderUnits"] = num(top[0] - hhea.ascent)
        case["inkAboveSFAscenderPer1000"] = num(top[0] * 1000 / upem - SF_ASCENDER_PER_1000)
        case["inkBelowSFDescenderPer1000"] = num(-bottom[0] * 1000 / upem - SF_DESCENDER_PER_1000)
    cases.append(case)

hb_version = subprocess.check_output(["hb-shape", "--version"], text=True).splitlines()[0]
out = {
    "generator": (f"Scripts/make_script_fixture.py: {hb_version} "
                  f"`{' '.join(HB_ARGS)} FONT TEXT` (no direction/script flags; guessed); "
                  f"fontTools {fontTools.version} (glyf yMin/yMax, BoundsPen for CFF); "
                  f"PyICU {icu.VERSION} / ICU {icu.ICU_VERSION} BreakIterator.createLineInstance(Locale(lang))"),
    "sfAscenderPer1000": SF_ASCENDER_PER_1000,
    "sfDescenderPer1000": SF_DESCENDER_PER_1000,
    "clusterTieRule": "topCluster/bottomCluster: first tied glyph in hb-shape glyph order (visual order for RTL); "
                      "topClustersAll/bottomClustersAll: all tied clusters, ascending",
    "cases": cases,
}
with open(OUT, "w", encoding="utf-8") as f:
    f.write(json.dumps(out, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
print(f"wrote {OUT}")
