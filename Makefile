# layoutsim: the README's two commands are `make demo` and `make test`.
# Both install the Debian packages the build needs when they are missing (as root, or through sudo).

APT_PACKAGES := pkg-config libfreetype-dev libharfbuzz-dev libicu-dev libfontconfig-dev fontconfig
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build demo test goldens goldens-update bench-gate bench bench-tools bench-callgrind pair-tables fuzz fuzz-ci clean install install-files uninstall docs

deps:
	@if command -v dpkg >/dev/null 2>&1; then \
	  missing=""; \
	  for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	  if [ -n "$$missing" ]; then \
	    echo "installing:$$missing"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	  fi; \
	elif command -v brew >/dev/null 2>&1; then \
	  command -v pkg-config >/dev/null 2>&1 || brew install pkgconf; \
	  brew list freetype >/dev/null 2>&1 || brew install freetype; \
	  brew list harfbuzz >/dev/null 2>&1 || brew install harfbuzz; \
	  brew list icu4c >/dev/null 2>&1 || brew install icu4c; \
	  brew list fontconfig >/dev/null 2>&1 || brew install fontconfig; \
	fi

build: deps
	$(SWIFT) build --product layoutsim

# The main job on the bundled example: check the example app's string catalog against its layout spec (every locale,
# every category), then a few single-label fit reports. Failures found in the
# example are expected and shown; only a broken run fails the target.
demo: build
	@bin="$$($(SWIFT) build --product layoutsim --show-bin-path)/layoutsim"; \
	echo "\$$ layoutsim check Examples/App/Localizable.xcstrings --spec Examples/App/layout.yaml"; \
	"$$bin" check Examples/App/Localizable.xcstrings --spec Examples/App/layout.yaml; code=$$?; \
	echo "(exit status $$code: 0 all fit, 1 some strings do not fit, 2 bad input)"; echo; \
	[ $$code -le 1 ] || exit $$code; \
	echo "\$$ layoutsim scan Examples/App/Sources --catalog Examples/App/Localizable.xcstrings"; \
	"$$bin" scan Examples/App/Sources --catalog Examples/App/Localizable.xcstrings; code=$$?; \
	echo "(exit status $$code: 0 nothing found, 1 code that keeps text from growing, 2 unreadable sources)"; echo; \
	[ $$code -le 1 ] || exit $$code; \
	sh Examples/labels.sh "$$bin"

test: deps
	$(SWIFT) test

# The byte-identity oracle (Scripts/goldens): check in every format and fit on committed inputs, compared byte for byte
# with Tests/Goldens/expected. `make goldens-update` writes the expectations anew and lists what changed (git diff).
goldens: build
	Scripts/goldens

goldens-update: build
	Scripts/goldens --update

# The benchmark, then the floor on the same corpus (Bench/floor.c: HarfBuzz shaping + ICU line breaks once per
# string, in C) and the fit's cost as a multiple of it; then per script (Bench/run.sh: 500 GTK translations each in
# German, Thai, Arabic, Hindi) layoutsim, the floor and native Pango (Bench/pango.c) side by side, wall-clock medians.
# `make bench-callgrind`: the same table in instructions (valgrind), a whole `check` against the floor and Pango.
# Pango is needed by these two targets only: they install libpango1.0-dev (or Homebrew's pango) when it is missing.
BENCH_ROUNDS ?= 50
# The binary measured is the one `make install` installs (on Linux its own build, .build/install: see INSTALL_FLAGS).
BENCH_BIN = $$($(SWIFT) build -c release --product layoutsim $(INSTALL_FLAGS) --show-bin-path)/layoutsim
bench-tools: deps
	@if ! pkg-config --exists pangoft2; then \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "installing: libpango1.0-dev (for Bench/pango.c)"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libpango1.0-dev; \
	  elif command -v brew >/dev/null 2>&1; then brew install pango; fi; \
	fi
	$(SWIFT) build -c release --product layoutsim $(INSTALL_FLAGS)
	mkdir -p .build
	$${CC:-cc} -O2 -o .build/bench-floor Bench/floor.c $$(pkg-config --cflags --libs harfbuzz icu-uc)
	$${CC:-cc} -O2 -o .build/bench-pango Bench/pango.c $$(pkg-config --cflags --libs pangoft2 fontconfig)

bench: bench-tools
	@bin="$(BENCH_BIN)"; \
	"$$bin" bench --rounds $(BENCH_ROUNDS) | tee .build/bench.txt; \
	"$$bin" bench --print-corpus | .build/bench-floor Fonts/Inter-Regular.otf $(BENCH_ROUNDS) | tee .build/bench-floor.txt; \
	awk '/^fit at all 12 categories/ { fit = $$(NF-1) } /^floor/ { floor = $$(NF-1) } \
	  END { if (floor > 0) printf "ratio fit(12 categories) / floor (C): %.2f×\n", fit / floor }' .build/bench.txt .build/bench-floor.txt; \
	echo; Bench/run.sh wall $(BENCH_ROUNDS) "$$bin" .build/bench-floor .build/bench-pango

# The speed gate CI runs (Scripts/bench-gate): instructions per string of a whole check of each corpus, by callgrind,
# against Bench/gate-threshold.txt. Deterministic: a figure over its threshold is a regression, not a slower machine.
bench-gate: deps
	@command -v valgrind >/dev/null 2>&1 || { echo "installing: valgrind"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq valgrind; }
	$(SWIFT) build -c release --product layoutsim $(INSTALL_FLAGS)
	mkdir -p .build
	strip -g -o .build/layoutsim-gate "$(BENCH_BIN)"
	Scripts/bench-gate .build/layoutsim-gate

# valgrind 3.19 cannot read the Swift binary's debug info: callgrind runs a copy stripped of it (strip -g).
bench-callgrind: bench-tools
	@command -v valgrind >/dev/null 2>&1 || { echo "bench-callgrind needs valgrind" >&2; exit 2; }
	strip -g -o .build/layoutsim-stripped "$(BENCH_BIN)"
	Bench/run.sh callgrind - .build/layoutsim-stripped .build/bench-floor .build/bench-pango

# The tables the SF stand-in's pair model starts from for the bundled Inter (Sources/LayoutSimShaping/PairShaping+Inter.swift),
# made again from what HarfBuzz gives for every pair of the 190 characters; `make test` checks them against HarfBuzz.
pair-tables: deps
	LAYOUTSIM_WRITE_PAIR_TABLES="$(CURDIR)/Sources/LayoutSimShaping/PairShaping+Inter.swift" $(SWIFT) test --filter PairTablesTests

# libFuzzer targets, one per input kind (Fuzz/README.md): FUZZ_TIME seconds each (default 30). Not part of `make test`.
FUZZ_TIME ?= 30
fuzz: deps
	FUZZ_TIME=$(FUZZ_TIME) SWIFT=$(SWIFT) Fuzz/run.sh

# What CI runs (.ci/run): every target for exactly FUZZ_RUNS inputs from the seeds alone, libFuzzer's seed fixed, so the
# same inputs on every machine (a failure is a real finding, never a slower machine's luck).
FUZZ_RUNS ?= 20000
fuzz-ci: deps
	rm -rf Fuzz/.build/corpus
	FUZZ_RUNS=$(FUZZ_RUNS) FUZZ_SEED=1 SWIFT=$(SWIFT) Fuzz/run.sh

# DocC: the LayoutSim articles (overview, check a catalog, write a spec, use it in tests, read the report) with the
# public API of the stages and of LayoutSimTesting, in one combined archive under .build/plugins/Swift-DocC/outputs.
DOC_TARGETS := LayoutSim LayoutSimModel LayoutSimFaces LayoutSimShaping LayoutSimSystemFont LayoutSimBreaking LayoutSimFitting \
  LayoutSimCatalogs LayoutSimCheck LayoutSimReports LayoutSimTesting
docs: deps
	$(SWIFT) package generate-documentation --enable-experimental-combined-documentation $(addprefix --target ,$(DOC_TARGETS))

clean:
	rm -rf .build Fuzz/.build

# Installs the binary, the bundled fonts and shell completions: PREFIX/bin/layoutsim finds PREFIX/share/layoutsim/Fonts;
# completions for bash (share/bash-completion/completions), zsh (share/zsh/site-functions) and fish
# (share/fish/vendor_completions.d). `make uninstall PREFIX=…` removes all of it.
PREFIX ?= /usr/local
BASH_COMPLETIONS = $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS = $(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS = $(PREFIX)/share/fish/vendor_completions.d
# On Linux the installed binary carries Swift's runtime and Foundation (--static-swift-stdlib), so it runs on a
# machine without a Swift toolchain; it is built in its own folder (.build/install), as its flags differ. Two compiler
# flags the speed gate (make bench-gate) measures, for this binary only (debug builds and `swift test` keep Swift's
# defaults, so the tests still check every access at run time):
# - -enforce-exclusivity=unchecked: no run-time exclusivity checks of class and global state (the compiler's static
#   checks stay); they were a fifth of the cost the gate measured after the per-property opt-outs were removed;
# - -disable-concrete-type-metadata-mangled-name-accessors: generic types' metadata made by their metadata functions,
#   not looked up by mangled name (each lookup scans the binary's conformance records).
# macOS has Swift's runtime in the system.
INSTALL_FLAGS := $(shell [ "$$(uname -s)" = Linux ] && echo --static-swift-stdlib --scratch-path .build/install) \
  -Xswiftc -enforce-exclusivity=unchecked \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
install: deps
	$(SWIFT) build -c release --product layoutsim $(INSTALL_FLAGS)
	$(MAKE) install-files BIN="$$($(SWIFT) build -c release --product layoutsim $(INSTALL_FLAGS) --show-bin-path)/layoutsim"

# Copies a built BIN and what goes with it under PREFIX (`install` builds BIN first).
install-files:
	@[ -x "$(BIN)" ] || { echo "install-files: BIN=path/to/layoutsim is needed" >&2; exit 2; }
	install -d "$(PREFIX)/bin" "$(PREFIX)/share/layoutsim/Fonts" "$(BASH_COMPLETIONS)" "$(ZSH_COMPLETIONS)" "$(FISH_COMPLETIONS)"
	install -m 755 "$(BIN)" "$(PREFIX)/bin/layoutsim"
	install -m 644 Fonts/*.otf Fonts/*.ttf Fonts/*.txt Fonts/README.md "$(PREFIX)/share/layoutsim/Fonts/"
	"$(BIN)" --generate-completion-script bash > "$(BASH_COMPLETIONS)/layoutsim"
	"$(BIN)" --generate-completion-script zsh > "$(ZSH_COMPLETIONS)/_layoutsim"
	"$(BIN)" --generate-completion-script fish > "$(FISH_COMPLETIONS)/layoutsim.fish"

# Removes what install put under PREFIX, and the folders it made when they are left empty.
uninstall:
	rm -f "$(PREFIX)/bin/layoutsim" "$(BASH_COMPLETIONS)/layoutsim" "$(ZSH_COMPLETIONS)/_layoutsim" "$(FISH_COMPLETIONS)/layoutsim.fish"
	rm -rf "$(PREFIX)/share/layoutsim"
	-rmdir "$(PREFIX)/bin" "$(BASH_COMPLETIONS)" "$(PREFIX)/share/bash-completion" "$(ZSH_COMPLETIONS)" \
	  "$(PREFIX)/share/zsh" "$(FISH_COMPLETIONS)" "$(PREFIX)/share/fish" "$(PREFIX)/share" 2>/dev/null || true
