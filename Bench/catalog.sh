#!/bin/sh
# Turns a benchmark corpus (Bench/corpus-LANG.tsv: language, a tab, the text) into what `layoutsim check` reads:
# OUT_DIR/corpus.xcstrings (one key per string, the corpus language as the source language) and OUT_DIR/layout.yaml
# (body style, width 200, no line limit, every category: the same layouts as `layoutsim bench` and Bench/pango.c).
#
# usage: Bench/catalog.sh CORPUS.tsv OUT_DIR
set -eu
[ $# -eq 2 ] || { echo "usage: Bench/catalog.sh CORPUS.tsv OUT_DIR" >&2; exit 2; }
mkdir -p "$2"
awk -F '\t' '
  function json(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
  NF >= 2 {
    language = $1; text = substr($0, length($1) + 2)
    entries = entries (n++ ? ",\n" : "") sprintf("    \"s%04d\" : { \"localizations\" : { %s : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : %s } } } }", n, json(language), json(text))
  }
  END { printf "{\n  \"sourceLanguage\" : %s,\n  \"strings\" : {\n%s\n  },\n  \"version\" : \"1.0\"\n}\n", json(language), entries }
' "$1" > "$2/corpus.xcstrings"
printf 'defaults:\n  style: body\n  width: 200\n  lines: 0\n  mustFitThrough: AX5\n' > "$2/layout.yaml"
