#!/usr/bin/env python3
"""Builds src/rendering/fonts/no-glyphs.ttf: a valid TrueType font with no glyph but .notdef.

A client frame declares a font the client does not have (Roboto in Apple Mail) with this
file: the face loads, has no glyph for any character, and the engine moves on to the next
family of the stack, as on the real client. (A face that fails to load does not do it: Blink
then falls back to the installed font of that name.) Built from nothing with fontTools'
FontBuilder, so it carries no other font's licence. Run: /usr/bin/python3 scripts/make-blank-font.py (Debian python3-fonttools)
"""
from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

fb = FontBuilder(1000, isTTF=True)
fb.setupGlyphOrder([".notdef"])
fb.setupCharacterMap({})
pen = TTGlyphPen(None)
fb.setupGlyf({".notdef": pen.glyph()})
fb.setupHorizontalMetrics({".notdef": (500, 0)})
fb.setupHorizontalHeader(ascent=800, descent=-200)
fb.setupNameTable({"familyName": "Instant Preview No Glyphs", "styleName": "Regular"})
fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
fb.setupPost()
out = Path(__file__).resolve().parent.parent / "src/rendering/fonts/no-glyphs.ttf"
fb.save(str(out))
print(f"wrote {out} ({out.stat().st_size} bytes)")
