#!/bin/sh
# Opens layoutsim's HTML report in headless Chromium (Debian's `chromium` package), takes a screenshot, and checks
# the picture for the shapes it must contain: the grid's green (fits) and red (fails at the default size) cells,
# and dark glyph ink in the failure pictures.
#
# usage: sh Scripts/screenshot-report.sh [OUT_DIR]      (default OUT_DIR: .build/report-screenshot)
# needs: chromium (apt-get install chromium), python3, a built layoutsim (swift build).
set -eu
out=${1:-.build/report-screenshot}
mkdir -p "$out"
bin="$(swift build --product layoutsim --show-bin-path)/layoutsim"
swift build --product layoutsim >/dev/null
"$bin" check Examples/App/Localizable.xcstrings --spec Examples/App/layout.yaml --html "$out" >/dev/null || true
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1100,1400 \
  --screenshot="$out/screenshot.png" "file://$(cd "$out" && pwd)/index.html" >/dev/null 2>&1
python3 Scripts/check_screenshot.py "$out/screenshot.png"
