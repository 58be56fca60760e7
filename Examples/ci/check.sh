#!/bin/sh
# The same check from any CI (or a git hook), in a plain POSIX shell:
#   LAYOUTSIM=path/to/layoutsim CATALOGS="App/Localizable.xcstrings" SPEC=App/layout.yaml sh check.sh
# Writes REPORT_DIR/junit.xml (for CI test tabs) and REPORT_DIR/index.html (the HTML report), prints the summary
# line, and exits as layoutsim does: 0 everything fits, 1 strings do not fit, 2 bad input (the message is on
# standard error). BASELINE=file accepts the failures listed in it (see `layoutsim check --update-baseline`).
set -u
LAYOUTSIM=${LAYOUTSIM:-layoutsim}
CATALOGS=${CATALOGS:?set CATALOGS to your catalog files, separated by spaces}
SPEC=${SPEC:?set SPEC to your layout spec}
REPORT_DIR=${REPORT_DIR:-layoutsim-report}

mkdir -p "$REPORT_DIR" || exit 2
# shellcheck disable=SC2086  # CATALOGS is a list
"$LAYOUTSIM" check $CATALOGS --spec "$SPEC" --format junit --output "$REPORT_DIR/junit.xml" --html "$REPORT_DIR" \
  ${BASELINE:+--baseline "$BASELINE"}
status=$?
case $status in
  0) echo "layoutsim: every string fits (report: $REPORT_DIR/index.html)" ;;
  1) echo "layoutsim: some strings do not fit (report: $REPORT_DIR/index.html)" ;;
  *) echo "layoutsim: bad input, see the messages above" ;;
esac
exit $status
