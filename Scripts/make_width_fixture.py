#!/usr/bin/env python3
"""Writes Tests/Fixtures/font-widths.json: widths of test strings in bundled fonts, read
independently of layoutsim: nominal advances from the font's hmtx table via fontTools, shaped advances
(kerning included) from HarfBuzz's own command-line tool hb-shape (libharfbuzz-bin), plus hhea metrics.

usage: python3 Scripts/make_width_fixture.py
"""
import json
import subprocess
from fontTools.ttLib import TTFont

CASES = {
    "Inter-Regular.otf": ["Hello World", "AVAST Wavy To. LT", "Einstellungen", "iiiii", "Geschwindigkeitsbegrenzung"],
    "Inter-Bold.otf": ["Sign in with Apple", "Wavy"],
    "NotoSansHebrew-Regular.ttf": ["שלום עולם"],
}
out = {"generator": "Scripts/make_width_fixture.py (fontTools hmtx + hb-shape)", "fonts": {}}
for font, texts in CASES.items():
    path = f"Fonts/{font}"
    tt = TTFont(path)
    cmap = tt.getBestCmap()
    hmtx = tt["hmtx"]
    hhea = tt["hhea"]
    entry = {"unitsPerEm": tt["head"].unitsPerEm, "ascender": hhea.ascent, "descender": hhea.descent,
             "lineGap": hhea.lineGap, "strings": {}}
    for text in texts:
        nominal = sum(hmtx[cmap[ord(c)]][0] for c in text)
        shaped = json.loads(subprocess.check_output(
            ["hb-shape", "--output-format=json", "--no-glyph-names", path, text]))
        entry["strings"][text] = {"nominalUnits": nominal, "shapedUnits": sum(g["ax"] for g in shaped)}
    out["fonts"][font] = entry
open("Tests/Fixtures/font-widths.json", "w").write(json.dumps(out, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
print(json.dumps(out, indent=1, ensure_ascii=False))
