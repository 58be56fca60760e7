#!/usr/bin/env python3
r"""Generate Tests/Fixtures/AppleFonts/: small fonts that carry what matters about Apple's system fonts, for testing
`--apple-fonts` without Apple's files (which cannot be redistributed). Every width below is by design, so tests
compute expected widths by hand from this header.

unitsPerEm 1000 in every font; outlines are boxes; the file names are deliberately not Apple's (the index reads name
tables, not file names).

Core-A.ttf  -- the system font, variable like iOS's SFUI.ttf
    name        family ".SF UI", style "Regular", PostScript ".SFUI-Regular"; fvar named instances Regular, Medium,
                Semibold, Bold at wght 400, 510, 590, 700 (SF Pro's own values; the index reads them from here)
    fvar        wght 100..900, default 400; opsz 10..30, default 10
    advances    every glyph (space, A, V, a, i, period, ellipsis) 500 at wght 400 / opsz 10;
                +400 at wght 900 (linear in wght above 400: +80 per 100), -100 at opsz 30 (linear: -5 per pt)
                so advance(w, o) = 500 + 0.8 * (w - 400) - 5 * (o - 10)   (w >= 400, 10 <= o <= 30)
    kerning     GPOS A V: -100 at opsz 10, -40 at opsz 30 (linear), any weight
    trak        track 0 at sizes 10, 20, 30 pt: +50, 0, -30 units (interpolated linearly, clamped outside)
    STAT        present (varLib's), so the tracking applies
    hhea        ascender 900, descender -300, lineGap 0 (line height 1.2 em)
Core-B.ttc  -- a collection: "Thonburi" Regular and Bold (PostScript Thonburi, Thonburi-Bold)
    Thai ko kai U+0E01 and kho khai U+0E02: 600 (Regular), 650 (Bold); hhea 1000 / -400
    trak        +100 units at every size but no STAT table: not applied (Core Text tracks "modern fonts", those
                with STAT, as HarfBuzz's hb-ot-shape.cc gate says)
Core-C.ttc  -- a collection: "PingFang SC", "PingFang TC", "PingFang HK" (Regular)
    U+4E2D: 1000 (SC), 1050 (TC), 1100 (HK); hhea 1060 / -340
Core-D.ttf  -- "Hiragino Sans" W3 (PostScript HiraginoSans-W3): U+4E2D and U+3042 900; hhea 880 / -120

No Arabic, Devanagari, Hebrew, Korean or emoji font: those scripts stay with the stand-ins.

Regenerate with:  python3 Scripts/make_apple_test_fonts.py  (deterministic: fixed timestamps; fontTools 4.68.0)
"""

from __future__ import annotations

import os

from fontTools.designspaceLib import AxisDescriptor, DesignSpaceDocument, InstanceDescriptor, SourceDescriptor
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
from fontTools.fontBuilder import FontBuilder
from fontTools.misc.timeTools import timestampFromString
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont, newTable
from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry
from fontTools import varLib

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(REPO_ROOT, "Tests", "Fixtures", "AppleFonts")
UPEM = 1000
TIMESTAMP = timestampFromString("Wed Jan 01 00:00:00 2025")


def box(width: int, height: int = 700):
    pen = TTGlyphPen(None)
    if width > 0:
        pen.moveTo((50, 0))
        pen.lineTo((50, height))
        pen.lineTo((max(60, width - 50), height))
        pen.lineTo((max(60, width - 50), 0))
        pen.closePath()
    return pen.glyph()


def build(cmap: dict[int, str], advances: dict[str, int], names: dict[str, str], ascent: int, descent: int,
          features: str | None = None, weight_class: int = 400) -> TTFont:
    order = [".notdef"] + sorted(set(cmap.values()))
    fb = FontBuilder(UPEM, isTTF=True)
    fb.font.recalcTimestamp = False
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap(cmap)
    glyphs = {name: box(advances.get(name, 500) if name not in ("space",) else 0) for name in order}
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({name: (advances.get(name, 500), 50) for name in order})
    fb.setupHorizontalHeader(ascent=ascent, descent=descent, lineGap=0)
    fb.setupNameTable(names, mac=False)
    fb.setupOS2(version=4, achVendID="NONE", usWeightClass=weight_class, fsType=0, sTypoAscender=ascent,
                sTypoDescender=descent, sTypoLineGap=0, usWinAscent=ascent, usWinDescent=-descent)
    fb.setupPost()
    fb.setupHead(fontRevision=1.0, created=TIMESTAMP, modified=TIMESTAMP)
    if features:
        addOpenTypeFeaturesFromString(fb.font, features)
    return fb.font


SF_CMAP = {0x20: "space", 0x41: "A", 0x56: "V", 0x61: "a", 0x69: "i", 0x2E: "period", 0x2026: "ellipsis"}


def sf_master(advance: int, kern: int) -> TTFont:
    names = {"familyName": ".SF UI", "styleName": "Regular", "psName": ".SFUI-Regular",
             "fullName": ".SF UI Regular", "uniqueFontIdentifier": ".SFUI-Regular; 1.000", "version": "Version 1.000"}
    advances = {name: advance for name in list(SF_CMAP.values()) + [".notdef"]}
    feature = "languagesystem DFLT dflt; languagesystem latn dflt;\nfeature kern { pos A V %d; } kern;" % kern
    return build(SF_CMAP, advances, names, 900, -300, feature)


def system_font() -> TTFont:
    doc = DesignSpaceDocument()
    for tag, name, low, default, high in (("wght", "Weight", 100, 400, 900), ("opsz", "Optical size", 10, 10, 30)):
        axis = AxisDescriptor()
        axis.tag, axis.name, axis.minimum, axis.default, axis.maximum = tag, name, low, default, high
        doc.addAxis(axis)
    # wght 100 master equals the default (no change below 400): advances only vary upward, as the header says.
    masters = [((400, 10), 500, -100), ((100, 10), 500, -100), ((900, 10), 900, -100), ((400, 30), 400, -40)]
    for (w, o), advance, kern in masters:
        source = SourceDescriptor()
        source.font = sf_master(advance, kern)
        source.location = {"Weight": w, "Optical size": o}
        source.familyName = ".SF UI"
        doc.addSource(source)
    for style, w in (("Regular", 400), ("Medium", 510), ("Semibold", 590), ("Bold", 700)):
        instance = InstanceDescriptor()
        instance.familyName = ".SF UI"
        instance.styleName = style
        instance.postScriptFontName = ".SFUI-" + style
        instance.location = {"Weight": w, "Optical size": 10}
        doc.addInstance(instance)
    font, _, _ = varLib.build(doc, exclude=["MVAR"])
    font["trak"] = trak_table({10.0: 50, 20.0: 0, 30.0: -30})
    font["name"].setName("Normal", 256, 3, 1, 0x409)
    font["head"].created = font["head"].modified = TIMESTAMP
    font.recalcTimestamp = False
    return font


def trak_table(values: dict[float, int]):
    trak = newTable("trak")
    trak.version = 1.0
    trak.format = 0
    horiz = TrackData()
    horiz[0.0] = TrackTableEntry(values, nameIndex=256)
    trak.horizData = horiz
    trak.vertData = TrackData()
    return trak


def thonburi(bold: bool) -> TTFont:
    style = "Bold" if bold else "Regular"
    advance = 650 if bold else 600
    names = {"familyName": "Thonburi", "styleName": style, "psName": "Thonburi-Bold" if bold else "Thonburi",
             "fullName": "Thonburi " + style, "version": "Version 1.000"}
    cmap = {0x0E01: "kokai", 0x0E02: "khokhai", 0x20: "space"}
    font = build(cmap, {"kokai": advance, "khokhai": advance, "space": 300}, names, 1000, -400,
                 weight_class=700 if bold else 400)
    # A trak table without STAT: Core Text (and HarfBuzz's gate) leave such an older font untracked.
    font["trak"] = trak_table({10.0: 100, 30.0: 100})
    font["name"].setName("Normal", 256, 3, 1, 0x409)
    return font


def cjk(family: str, ps: str, advance: int, ascent: int, descent: int, kana: bool = False) -> TTFont:
    names = {"familyName": family, "styleName": "W3" if kana else "Regular", "psName": ps, "fullName": family,
             "version": "Version 1.000"}
    cmap = {0x4E2D: "uni4E2D"}
    if kana:
        cmap[0x3042] = "uni3042"
    return build(cmap, {name: advance for name in cmap.values()}, names, ascent, descent)


def save(font: TTFont, name: str) -> None:
    font.recalcTimestamp = False
    font.save(os.path.join(OUT, name))


def main() -> None:
    os.makedirs(OUT, exist_ok=True)
    save(system_font(), "Core-A.ttf")
    for name, faces in (
        ("Core-B.ttc", [thonburi(False), thonburi(True)]),
        ("Core-C.ttc", [cjk("PingFang SC", "PingFangSC-Regular", 1000, 1060, -340),
                        cjk("PingFang TC", "PingFangTC-Regular", 1050, 1060, -340),
                        cjk("PingFang HK", "PingFangHK-Regular", 1100, 1060, -340)]),
    ):
        collection = TTCollection()
        for face in faces:
            # Round-trip each face so the collection writes compiled tables.
            path = os.path.join(OUT, "_face.ttf")
            face.save(path)
            loaded = TTFont(path)
            loaded.recalcTimestamp = False
            collection.fonts.append(loaded)
        collection.save(os.path.join(OUT, name))
        os.remove(os.path.join(OUT, "_face.ttf"))
    save(cjk("Hiragino Sans", "HiraginoSans-W3", 900, 880, -120, kana=True), "Core-D.ttf")
    for name in sorted(os.listdir(OUT)):
        print("wrote", os.path.join("Tests/Fixtures/AppleFonts", name), os.path.getsize(os.path.join(OUT, name)), "bytes")


if __name__ == "__main__":
    main()
