#!/bin/sh
# The per-script part of `make bench` and `make bench-callgrind`: for each corpus (Bench/corpus-LANG.tsv, 500 GTK
# translations each in German, Thai, Arabic and Hindi), layoutsim, the floor (Bench/floor.c) and Pango
# (Bench/pango.c) on the same strings, body style at the 12 categories, width 200, and their ratios side by side.
#
#   Bench/run.sh wall ROUNDS LAYOUTSIM FLOOR PANGO
#     medians of ROUNDS passes in each program: layoutsim = `layoutsim bench --corpus` (a fit at 12 categories, in
#     process: prepare once, then advances, breaking and fitting per category), µs per string.
#   Bench/run.sh callgrind - LAYOUTSIM FLOOR PANGO
#     instructions (valgrind's callgrind; give LAYOUTSIM stripped of its debug info, valgrind 3.19 cannot read it),
#     per string, start-up and first use left out: layoutsim = a whole `check --format json --jobs 1` of the corpus
#     as a String Catalog (read, lay out, write the report) minus the same check of its first string alone (the
#     process, the engine, the fonts opened and hashed: printed after the table), per other string; floor and
#     Pango = two passes minus one.
set -eu
[ $# -eq 5 ] || { echo "usage: Bench/run.sh wall|callgrind ROUNDS LAYOUTSIM FLOOR PANGO" >&2; exit 2; }
mode=$1 rounds=$2 bin=$3 floor=$4 pango=$5
here=$(dirname "$0")
fonts=$here/../Fonts
work=${TMPDIR:-/tmp}/layoutsim-bench.$$
mkdir -p "$work"
fixed=""
trap 'rm -rf "$work"' EXIT
# The body style's point sizes at the 12 categories, from layoutsim's own table.
sizes=$("$bin" scale --style body | awk '$1 == "body" { for (i = 4; i <= NF; i++) { split($i, p, "/"); printf "%s ", p[1] } }')
font() { case $1 in th) echo NotoSansThai-Regular.ttf ;; ar) echo NotoSansArabic-Regular.ttf ;;
  hi) echo NotoSansDevanagari-Regular.ttf ;; *) echo Inter-Regular.otf ;; esac; }
# Instructions a command executes (callgrind's total), standard input from $1.
instructions() {
  input=$1; shift
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" < "$input" 2>&1 >/dev/null |
    awk '/Collected :/ { print $NF }'
}
number() { awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9.]+$/ && $(i+1) ~ /^µs/) { print $i; exit } }'; }

if [ "$mode" = wall ]; then
  unit="µs/string (medians of $rounds passes)"
else
  unit="instructions per string (callgrind; start-up and first use left out)"
fi
echo "per script, 500 GTK translations each, body style, 12 categories, width 200: $unit"
printf '%-8s %12s %12s %12s %14s %16s\n' script layoutsim floor Pango "layoutsim/floor" "Pango/layoutsim"
for language in de th ar hi; do
  corpus=$here/corpus-$language.tsv
  strings=$(grep -c "	" "$corpus")
  if [ "$mode" = wall ]; then
    ours=$("$bin" bench --rounds "$rounds" --corpus "$corpus" | awk '/^fit at all 12 categories/ { print $(NF-1) }')
    base=$("$floor" "$fonts/$(font "$language")" "$rounds" < "$corpus" | number)
    # shellcheck disable=SC2086
    native=$("$pango" "$fonts" Inter "$rounds" $sizes < "$corpus" | number)
  else
    "$here/catalog.sh" "$corpus" "$work/$language"
    head -n 1 "$corpus" > "$work/first.tsv"
    "$here/catalog.sh" "$work/first.tsv" "$work/$language-first"
    full=$(instructions /dev/null "$bin" check "$work/$language/corpus.xcstrings" --spec "$work/$language/layout.yaml" \
      --format json --jobs 1)
    first=$(instructions /dev/null "$bin" check "$work/$language-first/corpus.xcstrings" \
      --spec "$work/$language-first/layout.yaml" --format json --jobs 1)
    ours=$(( (full - first) / (strings - 1) ))
    fixed="$fixed $language $(( first / 1000000 )) M,"
    base=$(( ($(instructions "$corpus" "$floor" "$fonts/$(font "$language")" 2) - \
      $(instructions "$corpus" "$floor" "$fonts/$(font "$language")" 1)) / strings ))
    # shellcheck disable=SC2086
    native=$(( ($(instructions "$corpus" "$pango" "$fonts" Inter 2 $sizes) - \
      $(instructions "$corpus" "$pango" "$fonts" Inter 1 $sizes)) / strings ))
  fi
  awk -v l="$language" -v o="$ours" -v b="$base" -v n="$native" 'BEGIN {
    printf "%-8s %12s %12s %12s %13.2f× %15.1f×\n", l, o, b, n, o / b, n / o }'
done
[ -z "$fixed" ] || echo "layoutsim's start-up and first use (a check of one string, whole process):${fixed%,}"
