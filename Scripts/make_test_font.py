#!/usr/bin/env python3
r"""Generate Tests/Fixtures/OneEm.ttf (and its OneEm.ttx dump).

OneEm is a synthetic test font for exact layout arithmetic, in the spirit of
Minikin's tests/data/Ascii.ttf: every spacing glyph is exactly 1 em wide, so at
size 10 every character is 10 pt wide and the line height is 10 pt.

    unitsPerEm          1000
    advance             1000 for every spacing glyph (incl. space, U+00A0, U+2026)
                        0 for U+0301 (mark), U+00AD (soft hyphen), U+2028
    hhea                ascender 800, descender -200, lineGap 0
    OS/2                sTypoAscender 800, sTypoDescender -200, sTypoLineGap 0,
                        usWinAscent 800, usWinDescent 200, USE_TYPO_METRICS set
    outlines            box (100,0)-(900,700); g j p q y: box (100,-200)-(900,700);
                        U+0301: box (100,750)-(400,900); no outline for
                        space, U+00A0, U+00AD, U+2028
    kerning             GPOS 'kern': A V -200 (the only pair); no GSUB at all
    GDEF                U+0301 (acutecomb) is a mark, all other glyphs are bases
    cmap                format 4 (platform 3/1 and 0/3)

Regenerate with:  python3 Scripts/make_test_font.py
The output is deterministic (fixed head.created/modified, no recalculated
timestamp), so re-running produces a byte-identical file.

Verification (hb-shape from HarfBuzz 6.0.0, fontTools 4.68.0):

    $ python3 Scripts/make_test_font.py && sha256sum Tests/Fixtures/OneEm.ttf
    wrote Tests/Fixtures/OneEm.ttf (104 glyphs)
    wrote Tests/Fixtures/OneEm.ttx
    782aa5d0508a0629ff68497abb9dae6b17a4e29ed25305d94078948d99535937  Tests/Fixtures/OneEm.ttf
    (a second run prints the same sha256)

    $ hb-shape Tests/Fixtures/OneEm.ttf "AVA b"
    [A=0+800|V=1+1000|A=2+1000|space=3+1000|b=4+1000]
    $ hb-shape Tests/Fixtures/OneEm.ttf --font-size=1000 "Hello"
    [H=0+1000|e=1+1000|l=2+1000|l=3+1000|o=4+1000]
    $ hb-shape Tests/Fixtures/OneEm.ttf --font-size=10 "AV"
    [A=0+8|V=1+10]
    $ hb-shape Tests/Fixtures/OneEm.ttf --features=-kern "AV"
    [A=0+1000|V=1+1000]
    $ hb-shape Tests/Fixtures/OneEm.ttf --font-size=10 --show-extents "gA"
    [g=0+10<1,7,8,-9>|A=1+10<1,7,8,-7>]
    $ hb-shape Tests/Fixtures/OneEm.ttf "$(printf 'e\u0301 \u00a0\u2026\u00c4\u00e4\u00df x\u00ady\u2028z')"
    [e=0+1000|acutecomb=0+0|space=2+1000|uni00A0=3+1000|ellipsis=4+1000|Adieresis=5+1000|adieresis=6+1000|germandbls=7+1000|space=8+1000|x=9+1000|space=10+0|y=11+1000|uni2028=12+0|z=13+1000]

    Notes: without --font-size hb-shape scales to unitsPerEm, so advances are in
    font units. "AV" kerns to 1800 units (1.8 em); "VA" is not kerned. HarfBuzz
    renders the default-ignorable soft hyphen (U+00AD) as the space glyph with
    advance 0 (space=10+0). The combining acute joins cluster 0 of "e" with
    advance 0. The descender box of "g" reaches -2 pt at size 10 (y-bearing 7,
    height -9).
"""

from __future__ import annotations

import os
import sys

from fontTools import agl
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.fontBuilder import FontBuilder
from fontTools.misc.timeTools import timestampFromString
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(REPO_ROOT, "Tests", "LayoutSimTests", "Fixtures")
TTF_PATH = os.path.join(FIXTURES, "OneEm.ttf")
TTX_PATH = os.path.join(FIXTURES, "OneEm.ttx")

UPEM = 1000
ASCENDER = 800
DESCENDER = -200
FAMILY = "LayoutSim OneEm"
STYLE = "Regular"
VERSION = "Version 1.000"
# Fixed timestamp so that the output is byte-identical on every run.
TIMESTAMP = timestampFromString("Wed Jan 01 00:00:00 2025")

# Code points, in glyph order (after .notdef).
CODE_POINTS = (
    list(range(0x20, 0x7F))  # printable ASCII
    + [0x00A0, 0x00AD, 0x00C4, 0x00DF, 0x00E4, 0x0301, 0x2026, 0x2028]
)
ZERO_ADVANCE = {0x0301, 0x00AD, 0x2028}  # combining acute, soft hyphen, line separator
NO_OUTLINE = {0x0020, 0x00A0, 0x00AD, 0x2028}
DESCENDER_LETTERS = set(map(ord, "gjpqy"))

BOX = (100, 0, 900, 700)
DESCENDER_BOX = (100, -200, 900, 700)
MARK_BOX = (100, 750, 400, 900)


def glyph_name(cp: int) -> str:
    return agl.UV2AGL.get(cp, "uni%04X" % cp)


def box_glyph(box: tuple[int, int, int, int] | None):
    pen = TTGlyphPen(None)
    if box is not None:
        x0, y0, x1, y1 = box
        # Clockwise, as TrueType expects for outer contours.
        pen.moveTo((x0, y0))
        pen.lineTo((x0, y1))
        pen.lineTo((x1, y1))
        pen.lineTo((x1, y0))
        pen.closePath()
    return pen.glyph()


def outline_for(cp: int) -> tuple[int, int, int, int] | None:
    if cp in NO_OUTLINE:
        return None
    if cp == 0x0301:
        return MARK_BOX
    if cp in DESCENDER_LETTERS:
        return DESCENDER_BOX
    return BOX


def build() -> TTFont:
    cmap = {cp: glyph_name(cp) for cp in CODE_POINTS}
    glyph_order = [".notdef"] + [cmap[cp] for cp in CODE_POINTS]
    assert len(set(glyph_order)) == len(glyph_order)

    glyphs = {".notdef": box_glyph(BOX)}
    metrics = {".notdef": (UPEM, BOX[0])}
    for cp in CODE_POINTS:
        name = cmap[cp]
        box = outline_for(cp)
        glyphs[name] = box_glyph(box)
        advance = 0 if cp in ZERO_ADVANCE else UPEM
        metrics[name] = (advance, box[0] if box else 0)

    fb = FontBuilder(UPEM, isTTF=True)
    # TTFont.save() would otherwise stamp head.modified with the current time.
    fb.font.recalcTimestamp = False
    fb.setupGlyphOrder(glyph_order)
    fb.setupCharacterMap(cmap)
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=ASCENDER, descent=DESCENDER, lineGap=0)
    fb.setupNameTable(
        {
            "copyright": "Synthetic test font generated by layoutsim Scripts/make_test_font.py",
            "familyName": FAMILY,
            "styleName": STYLE,
            "uniqueFontIdentifier": "LayoutSim OneEm Regular; 1.000",
            "fullName": "LayoutSim OneEm Regular",
            "version": VERSION,
            "psName": "LayoutSimOneEm-Regular",
        },
        mac=False,
    )
    fb.setupOS2(
        version=4,
        achVendID="NONE",
        usWeightClass=400,
        usWidthClass=5,
        fsType=0,
        fsSelection=(1 << 6) | (1 << 7),  # REGULAR | USE_TYPO_METRICS
        sTypoAscender=ASCENDER,
        sTypoDescender=DESCENDER,
        sTypoLineGap=0,
        usWinAscent=ASCENDER,
        usWinDescent=-DESCENDER,
        sxHeight=700,
        sCapHeight=700,
        usDefaultChar=0,
        usBreakChar=0x20,
        usMaxContext=2,
        ulCodePageRange1=1,  # Latin 1
        ulCodePageRange2=0,
    )
    fb.setupPost(underlinePosition=-100, underlineThickness=50)
    fb.setupHead(
        fontRevision=1.0,
        created=TIMESTAMP,
        modified=TIMESTAMP,
        lowestRecPPEM=6,
    )
    fb.font["OS/2"].recalcUnicodeRanges(fb.font)

    bases = " ".join(n for n in glyph_order if n not in (".notdef", glyph_name(0x0301)))
    fea = f"""
languagesystem DFLT dflt;
languagesystem latn dflt;

table GDEF {{
    GlyphClassDef [{bases}], , [{glyph_name(0x0301)}], ;
}} GDEF;

feature kern {{
    pos A V -200;
}} kern;
"""
    addOpenTypeFeaturesFromString(fb.font, fea)
    return fb.font


def check(path: str) -> None:
    """Read the written file back and assert the spec."""
    f = TTFont(path)
    assert f["head"].unitsPerEm == UPEM
    assert f["head"].created == TIMESTAMP and f["head"].modified == TIMESTAMP
    hhea, os2 = f["hhea"], f["OS/2"]
    assert (hhea.ascent, hhea.descent, hhea.lineGap) == (800, -200, 0)
    assert (os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap) == (800, -200, 0)
    assert (os2.usWinAscent, os2.usWinDescent) == (800, 200)
    best = f.getBestCmap()
    assert sorted(best) == sorted(CODE_POINTS)
    assert all(st.format == 4 for st in f["cmap"].tables)
    hmtx = f["hmtx"]
    for cp in CODE_POINTS:
        expected = 0 if cp in ZERO_ADVANCE else UPEM
        assert hmtx[best[cp]][0] == expected, (hex(cp), hmtx[best[cp]])
    assert "GSUB" not in f and "kern" not in f
    assert f["name"].getDebugName(1) == FAMILY
    assert f["name"].getDebugName(2) == STYLE
    assert f["name"].getDebugName(5) == VERSION


def main() -> int:
    os.makedirs(FIXTURES, exist_ok=True)
    font = build()
    font.save(TTF_PATH)
    check(TTF_PATH)
    print(f"wrote {os.path.relpath(TTF_PATH, REPO_ROOT)} ({len(font.getGlyphOrder())} glyphs)")
    # Same output as `ttx -o OneEm.ttx OneEm.ttf`, read back from the saved file.
    TTFont(TTF_PATH).saveXML(TTX_PATH)
    print(f"wrote {os.path.relpath(TTX_PATH, REPO_ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
