#!/usr/bin/env python3
"""Makes Tests/Fixtures/OneEm-BadKern.ttf: OneEm.ttf with a `kern` feature moving B back by 5 em after A
(`pos A B -5000`), a font whose shaping gives an advance no real font gives (found by fuzz-font). Run from the
repository root; needs fontTools."""
from fontTools.ttLib import TTFont
from fontTools.feaLib.builder import addOpenTypeFeaturesFromString

font = TTFont("Tests/Fixtures/OneEm.ttf")
for table in ("GPOS", "GSUB", "GDEF"):
    if table in font:
        del font[table]
addOpenTypeFeaturesFromString(font, "languagesystem DFLT dflt; languagesystem latn dflt;\nfeature kern { pos A B -5000; } kern;\n")
font.save("Tests/Fixtures/OneEm-BadKern.ttf")
