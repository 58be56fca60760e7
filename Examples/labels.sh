#!/bin/sh
# The bundled example: copy from a settings screen, checked the way `make demo` runs it.
# usage: sh Examples/labels.sh path/to/layoutsim
# Each fit prints a table per Dynamic Type category and a summary; a label that stops fitting is not an error
# here (the exit status of each fit is 1 then), so the script reports it and goes on.
set -u
LAYOUTSIM=${1:-layoutsim}
status=0

run() {
  echo "\$ layoutsim $*"
  "$LAYOUTSIM" "$@"
  code=$?
  [ "$code" -ge 2 ] && status=2
  echo
}

# A button title in German, 1 line in a 240 pt button (UILabel default: numberOfLines 1).
run fit "Geschwindigkeitsbegrenzung" --style headline --width 240 --lang de
# The same title allowed to wrap onto 2 lines: the compound is split mid-word from xLarge on.
run fit "Geschwindigkeitsbegrenzung" --style headline --width 240 --lines 2 --lang de
# A settings row subtitle, up to 3 lines in a 343 pt cell (iPhone 15 width minus margins), SwiftUI spacing.
run fit "Benachrichtigungen aktivieren, um über neue Nachrichten informiert zu werden" \
  --style subheadline --width 343 --lines 3 --lang de --line-spacing leading
# A custom font scaled like body (UIFontMetrics), capped at 28 pt, in a 44 pt tall bar.
run fit "Sign in with Apple" --font Fonts/Inter-SemiBold.otf --style body --max-size 28 --width 200 --height 44
# Japanese in a two-line cell: no line may start with ー or a small kana (iOS's strict rules for untagged text).
run fit "プロキシサーバーの設定を変更する" --style body --width 150 --lines 2 --lang ja
# A greeting with an emoji: iOS draws Apple Color Emoji larger than the text (20.5 pt at 17 pt) and lines grow.
run fit "Welcome back 👋" --style title2 --width 200 --categories 'L...AX2'
# A fixed-size caption, as JSON.
run fit "Last updated 5 minutes ago" --size 12 --width 160 --json

exit $status
