#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/Package.swift) and runs each for FUZZ_TIME seconds (default 30) on a corpus seeded
# from Tests/Fixtures, with its dictionary. An input that crashes, runs out of memory (FUZZ_RSS_MB, default 2048) or
# takes over FUZZ_TIMEOUT seconds (default 10) fails the run; the input is kept in Fuzz/.build/crashes/.
# Usage: Fuzz/run.sh [target…]   (default: every target)   e.g. FUZZ_TIME=600 Fuzz/run.sh fuzz-font
# FUZZ_RUNS=N (with FUZZ_SEED, default 1) runs exactly N inputs per target instead of for a time: the same inputs on
# every machine from the same corpus (what CI runs: `make fuzz-ci`, from the seeds alone).
set -uo pipefail
cd "$(dirname "$0")"
FUZZ_TIME="${FUZZ_TIME:-30}"
FUZZ_RSS_MB="${FUZZ_RSS_MB:-2048}"
FUZZ_TIMEOUT="${FUZZ_TIMEOUT:-10}"
FUZZ_SANITIZE="${FUZZ_SANITIZE:-fuzzer,address}"
SWIFT="${SWIFT:-swift}"
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz-xcstrings fuzz-strings fuzz-stringsdict fuzz-xliff fuzz-spec fuzz-font fuzz-fit)

"$SWIFT" build -c release -Xswiftc "-sanitize=$FUZZ_SANITIZE" || exit 2
bin="$("$SWIFT" build -c release -Xswiftc "-sanitize=$FUZZ_SANITIZE" --show-bin-path)"
fixtures=../Tests/Fixtures
export LAYOUTSIM_FONTS="${LAYOUTSIM_FONTS:-$(cd .. && pwd)/Fonts}"
# swift-corelibs-foundation leaks a CFError per property list it rejects: not ours to fix, so no leak report at exit
# (-detect_leaks=0 below turns off libFuzzer's per-input check); memory growth still fails the run (-rss_limit_mb).
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"

# seeds TARGET: the files a corpus starts from.
seeds() {
  case "$1" in
    fuzz-xcstrings) ls "$fixtures"/Catalogs/*.xcstrings "$fixtures"/Check/*.xcstrings ../Examples/App/Localizable.xcstrings ;;
    fuzz-strings) ls "$fixtures"/Catalogs/*.lproj/*.strings "$fixtures"/Catalogs/Resources/*.strings ;;
    fuzz-stringsdict) ls "$fixtures"/Catalogs/*.lproj/*.stringsdict ;;
    fuzz-xliff) ls "$fixtures"/Catalogs/*.xliff "$fixtures"/Catalogs/App.xcloc/"Localized Contents"/*.xliff ;;
    fuzz-spec) ls "$fixtures"/Check/*.yaml "$fixtures"/Check/*.json ../Examples/App/layout.yaml ../Examples/Screens/screens.yaml ;;
    fuzz-font) ls "$fixtures"/OneEm.ttf ;;
    fuzz-fit) ls Seeds/fit/* ;;
  esac
}
dictionary() { local kind="${1#fuzz-}"; echo "Dictionaries/$kind.dict"; }
maxlen() { case "$1" in fuzz-font) echo 65536 ;; fuzz-fit) echo 4096 ;; *) echo 262144 ;; esac; }

mkdir -p .build/crashes
failed=0
summary=""
for target in "${targets[@]}"; do
  corpus=".build/corpus/$target"
  mkdir -p "$corpus"
  seeds "$target" | while IFS= read -r file; do cp "$file" "$corpus/seed-$(basename "$file" | tr ' ' '_')"; done
  log=".build/$target.log"
  if [ -n "${FUZZ_RUNS:-}" ]; then
    limit=(-runs="$FUZZ_RUNS" -seed="${FUZZ_SEED:-1}")
  else
    limit=(-max_total_time="$FUZZ_TIME")
  fi
  "$bin/$target" "$corpus" -dict="$(dictionary "$target")" "${limit[@]}" -rss_limit_mb="$FUZZ_RSS_MB" \
    -timeout="$FUZZ_TIMEOUT" -max_len="$(maxlen "$target")" -artifact_prefix=".build/crashes/$target-" \
    -print_final_stats=1 -detect_leaks=0 >"$log" 2>&1
  status=$?
  runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')"
  if [ $status -ne 0 ]; then
    failed=1
    summary+="$target: FAILED after ${runs:-?} executions (status $status); see Fuzz/$log and Fuzz/.build/crashes/"$'\n'
  else
    summary+="$target: ${runs:-?} executions, no crash"$'\n'
  fi
done
printf '%s' "$summary"
exit $failed
