#!/usr/bin/env python3
"""Builds the CJK and emoji stand-ins of the system cascade from Debian's font packages, reproducibly.

    pip install fonttools==4.68.0
    apt-get install fonts-noto-cjk fonts-noto-color-emoji
    python3 Scripts/make_cjk_emoji_standins.py Fonts/ [cjk] [emoji] [symbols]

Outputs (the SHA-256 of each is pinned in Fonts/README.md and checked by the tests):

- NotoSansCJK-Regular.otf, NotoSansCJK-Bold.otf: face 0 ("Noto Sans CJK JP") of Debian's NotoSansCJK-*.ttc
  (fonts-noto-cjk 1:20220127+repack1-1), subset to the CJK blocks below. Every glyph a Han character takes in
  Japanese, Simplified and Traditional Chinese, Hong Kong and Korean is kept with the `locl` feature that selects
  it by language, so Han variants follow the language as on iOS (PingFang SC/TC/HK, Hiragino Sans, Apple SD
  Gothic Neo). Vertical tables and hinting are dropped (layoutsim sets horizontal text and reads outlines unhinted).
- NotoSansCJKSymbols-Regular.otf, NotoSansCJKSymbols-Bold.otf: the same face 0 subset to the symbol blocks
  (SYMBOL_RANGES) that the emoji stand-in does not map, behind the CJK stand-in in the cascade: the symbols of the
  Japanese and Chinese character sets (◎ ♪ ∴ ⑩) that iOS's CJK fonts draw. A file of its own, so that the CJK
  stand-in (and every measurement made with it) stays as it was.
- LayoutSimEmoji.ttf: Noto Color Emoji's character map and sequence ligatures (`ccmp`: ZWJ sequences, flags,
  keycaps, skin tones) with every colour bitmap replaced by a plain box, and every advance and vertical metric set to
  Apple Color Emoji's. layoutsim measures and draws emoji as boxes: the bitmaps would make the repository 11 MB
  larger and layoutsim cannot draw them.
"""

import os
import sys

from fontTools import subset
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable

CJK_SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-{}.ttc"
EMOJI_SOURCE = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

# The blocks kept: Hangul Jamo, CJK Radicals, CJK Symbols and Punctuation, Hiragana, Katakana, Bopomofo, Hangul
# Compatibility Jamo, Katakana Phonetic Extensions, Enclosed CJK and CJK Compatibility, CJK Extension A, CJK Unified
# Ideographs, Hangul Jamo Extended-A, Hangul Syllables, Hangul Jamo Extended-B, CJK Compatibility Ideographs, CJK
# Compatibility Forms, Halfwidth and Fullwidth Forms.
CJK_RANGES = [
    (0x1100, 0x11FF), (0x2E80, 0x2FDF), (0x3000, 0x303F), (0x3040, 0x30FF), (0x3100, 0x312F), (0x3130, 0x318F),
    (0x31F0, 0x31FF), (0x3200, 0x33FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xA960, 0xA97F), (0xAC00, 0xD7AF),
    (0xD7B0, 0xD7FF), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF),
]

# The symbol blocks of the symbols stand-in (NotoSansCJKSymbols-*.otf): General Punctuation, Letterlike Symbols,
# Number Forms, Arrows, Mathematical Operators, Miscellaneous Technical, Enclosed Alphanumerics, Box Drawing, Block
# Elements, Geometric Shapes, Miscellaneous Symbols, Dingbats, Miscellaneous Symbols and Arrows, Enclosed
# Alphanumeric and Ideographic Supplements: the JIS X 0208 / GB 2312 / CP932 symbols (◎ ♪ ∴ ⑩) that Hiragino Sans
# and PingFang draw, as far as Noto Sans CJK JP has them (not ≒ U+2252 or ✕ U+2715). Code points the emoji stand-in
# maps are left out (iOS draws those as emoji, as layoutsim does).
SYMBOL_RANGES = [
    (0x2000, 0x206F), (0x2100, 0x218F), (0x2190, 0x21FF), (0x2200, 0x22FF), (0x2300, 0x23FF), (0x2460, 0x24FF),
    (0x2500, 0x257F), (0x2580, 0x259F), (0x25A0, 0x25FF), (0x2600, 0x26FF), (0x2700, 0x27BF), (0x2B00, 0x2BFF),
    (0x1F100, 0x1F1FF), (0x1F200, 0x1F2FF),
]

# Apple Color Emoji's own metrics (see Fonts/README.md, "Emoji"): advance 800 of 800 units (hb-shape output in
# harfbuzz#2679), ascender 1.0 em and descender -0.3125 em (harfbuzz#2148: 16 and -5 at 16 px), glyphs an em square
# shifted down by 0.15 em on iOS (wh0.github.io, "emoji metrics", 2024). layoutsim scales all of them to the size
# iOS draws emoji at (LayoutSimModel's EmojiSizing).
EMOJI_ADVANCE_EM = 1.0
EMOJI_INK_LEFT_EM = 0.0
EMOJI_INK_RIGHT_EM = 1.0
EMOJI_INK_BOTTOM_EM = -0.15
EMOJI_INK_TOP_EM = 0.85
EMOJI_ASCENDER_EM = 1.0
EMOJI_DESCENDER_EM = -0.3125
EMOJI_UNITS_PER_EM = 2048


def subset_cjk(style, out_path, unicodes, features):
    """Face 0 of Debian's NotoSansCJK-STYLE.ttc subset to `unicodes` with the layout `features`, no hinting, no
    vertical tables, every name kept, written to `out_path`."""
    options = subset.Options()
    options.font_number = 0
    options.layout_features = features
    options.hinting = False
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.recalc_timestamp = False
    options.drop_tables += ["VORG", "vhea", "vmtx", "BASE"]
    font = subset.load_font(CJK_SOURCE.format(style), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    subset.save_font(font, out_path, options)
    return out_path


def make_cjk(style, out_dir):
    return subset_cjk(
        style, os.path.join(out_dir, f"NotoSansCJK-{style}.otf"),
        [u for low, high in CJK_RANGES for u in range(low, high + 1)],
        ["locl", "ccmp", "kern", "liga", "calt", "ljmo", "vjmo", "tjmo"],
    )


def make_symbols(style, out_dir, emoji_path):
    """Face 0 of the same collection, subset to SYMBOL_RANGES minus the emoji stand-in's character map."""
    emoji = set(TTFont(emoji_path).getBestCmap())
    return subset_cjk(
        style, os.path.join(out_dir, f"NotoSansCJKSymbols-{style}.otf"),
        [u for low, high in SYMBOL_RANGES for u in range(low, high + 1) if u not in emoji],
        ["ccmp", "kern", "liga", "calt"],
    )


def box_glyph(advance_units, upem):
    pen = TTGlyphPen(None)
    left = round(EMOJI_INK_LEFT_EM * upem)
    right = round(EMOJI_INK_RIGHT_EM * upem)
    bottom = round(EMOJI_INK_BOTTOM_EM * upem)
    top = round(EMOJI_INK_TOP_EM * upem)
    pen.moveTo((left, bottom))
    pen.lineTo((left, top))
    pen.lineTo((right, top))
    pen.lineTo((right, bottom))
    pen.closePath()
    return pen.glyph()


def make_emoji(out_dir):
    source = TTFont(EMOJI_SOURCE)
    upem = source["head"].unitsPerEm
    assert upem == EMOJI_UNITS_PER_EM
    order = source.getGlyphOrder()
    font = TTFont(recalcTimestamp=False)
    font.setGlyphOrder(order)
    for tag in ["head", "hhea", "maxp", "OS/2", "name", "post", "GSUB"]:
        font[tag] = source[tag]
    font["post"].formatType = 2.0
    font["post"].extraNames = []
    font["post"].mapping = {}
    font["post"].glyphOrder = order
    advance = round(EMOJI_ADVANCE_EM * upem)
    glyf = newTable("glyf")
    glyf.glyphs = {}
    glyf.glyphOrder = order
    hmtx = newTable("hmtx")
    hmtx.metrics = {}
    empty = TTGlyphPen(None).glyph()
    for name in order:
        width, _ = source["hmtx"][name]
        if width > 0 and name != ".notdef":
            glyf.glyphs[name] = box_glyph(advance, upem)
            hmtx.metrics[name] = (advance, round(EMOJI_INK_LEFT_EM * upem))
        else:
            glyf.glyphs[name] = empty
            hmtx.metrics[name] = (0, 0)
    font["glyf"] = glyf
    font["hmtx"] = hmtx
    font["loca"] = newTable("loca")
    # The character map without the space and control characters Noto maps. Digits, '#' and '*' stay (keycap
    # sequences start with them); alone they take the fonts before this one in the cascade.
    cmap = {u: g for u, g in source.getBestCmap().items() if u > 0x20}
    from fontTools.ttLib.tables._c_m_a_p import cmap_format_12, cmap_format_4
    font["cmap"] = newTable("cmap")
    font["cmap"].tableVersion = 0
    low = cmap_format_4(4)
    low.platformID, low.platEncID, low.language = 3, 1, 0
    low.cmap = {u: g for u, g in cmap.items() if u <= 0xFFFF}
    full = cmap_format_12(12)
    full.platformID, full.platEncID, full.language = 3, 10, 0
    full.cmap = dict(cmap)
    font["cmap"].tables = [low, full]
    font["maxp"].tableVersion = 0x00010000
    for attribute, value in [("maxZones", 1), ("maxTwilightPoints", 0), ("maxStorage", 0), ("maxFunctionDefs", 0),
                             ("maxInstructionDefs", 0), ("maxStackElements", 0), ("maxSizeOfInstructions", 0),
                             ("maxComponentElements", 0), ("maxComponentDepth", 0), ("maxPoints", 0),
                             ("maxContours", 0), ("maxCompositePoints", 0), ("maxCompositeContours", 0)]:
        setattr(font["maxp"], attribute, value)
    font["head"].glyphDataFormat = 0
    font["head"].indexToLocFormat = 0
    hhea = font["hhea"]
    hhea.ascent = round(EMOJI_ASCENDER_EM * upem)
    hhea.descent = round(EMOJI_DESCENDER_EM * upem)
    hhea.lineGap = 0
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 3, 4, 6, 16, 17):
            names.removeNames(nameID=record.nameID)
    names.setName("LayoutSim Emoji Stand-in", 1, 3, 1, 0x409)
    names.setName("LayoutSim Emoji Stand-in Regular", 4, 3, 1, 0x409)
    names.setName("LayoutSimEmojiStandIn-Regular", 6, 3, 1, 0x409)
    names.setName("LayoutSim Emoji Stand-in 1.0 (from " + source["name"].getDebugName(5) + ")", 3, 3, 1, 0x409)
    font["OS/2"].sTypoAscender = hhea.ascent
    font["OS/2"].sTypoDescender = hhea.descent
    font["OS/2"].sTypoLineGap = 0
    font["OS/2"].usWinAscent = hhea.ascent
    font["OS/2"].usWinDescent = -hhea.descent
    path = os.path.join(out_dir, "LayoutSimEmoji.ttf")
    font.save(path, reorderTables=True)
    return path


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "Fonts"
    which = sys.argv[2:] or ["cjk", "emoji", "symbols"]
    if "cjk" in which:
        for style in ["Regular", "Bold"]:
            print(make_cjk(style, out_dir))
    if "emoji" in which:
        print(make_emoji(out_dir))
    if "symbols" in which:
        for style in ["Regular", "Bold"]:
            print(make_symbols(style, out_dir, os.path.join(out_dir, "LayoutSimEmoji.ttf")))


if __name__ == "__main__":
    main()
