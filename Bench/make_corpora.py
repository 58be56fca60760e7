#!/usr/bin/env python3
"""Makes the corpora of `make bench`: 500 real UI strings per language, the translations GTK 2 ships
(Debian's libgtk2.0-common, /usr/share/locale/LANG/LC_MESSAGES/gtk20.mo), for German, Thai, Arabic and Hindi.

Reproducible: the same .mo files give the same corpora. From each catalog: every translated message that is one
line of UI text (no newline, tab or printf directive, 2 to 160 characters), with GTK's mnemonic marks removed
("_Open" -> "Open", "เปิด(_O)" -> "เปิด"); for Thai, Arabic and Hindi only translations with a letter of the script;
distinct texts, ordered by their English msgid; then 500 evenly spaced ones.

usage: python3 Bench/make_corpora.py [OUT_DIR]   (default Bench/) -> OUT_DIR/corpus-LANG.tsv ("LANG<TAB>text" lines)
"""
import os
import re
import struct
import sys

LANGUAGES = {"de": None, "th": (0x0E00, 0x0E7F), "ar": (0x0600, 0x06FF), "hi": (0x0900, 0x097F)}
COUNT = 500


def messages(path):
    """(msgid, msgstr) pairs of a GNU .mo file, plural forms and the header left out."""
    data = open(path, "rb").read()
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">"
    _, count, originals, translations = struct.unpack(order + "4I", data[4:20])
    for i in range(count):
        olen, ooff = struct.unpack(order + "2I", data[originals + 8 * i:originals + 8 * i + 8])
        tlen, toff = struct.unpack(order + "2I", data[translations + 8 * i:translations + 8 * i + 8])
        msgid = data[ooff:ooff + olen].decode("utf-8")
        msgstr = data[toff:toff + tlen].decode("utf-8")
        if not msgid or "\0" in msgid or "\0" in msgstr:
            continue
        yield msgid.split("\x04")[-1], msgstr


def clean(text):
    text = re.sub(r"\s*\(_[^)]\)", "", text)  # "เปิด(_O)", "فتح (_O)"
    return re.sub(r"_(?=\w)", "", text)        # "_Open"


def corpus(language):
    script = LANGUAGES[language]
    path = f"/usr/share/locale/{language}/LC_MESSAGES/gtk20.mo"
    seen, chosen = set(), []
    for msgid, msgstr in sorted(messages(path)):
        text = clean(msgstr).strip()
        if not 2 <= len(text) <= 160 or any(c in text for c in "\n\t%") or text in seen:
            continue
        if script and not any(script[0] <= ord(c) <= script[1] for c in text):
            continue
        seen.add(text)
        chosen.append(text)
    if len(chosen) < COUNT:
        sys.exit(f"{path}: only {len(chosen)} usable strings (need {COUNT})")
    return [chosen[i * len(chosen) // COUNT] for i in range(COUNT)]


out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
for language in LANGUAGES:
    texts = corpus(language)
    with open(os.path.join(out, f"corpus-{language}.tsv"), "w", encoding="utf-8") as f:
        f.writelines(f"{language}\t{text}\n" for text in texts)
    print(f"corpus-{language}.tsv: {len(texts)} strings, {sum(len(t) for t in texts)} characters")
