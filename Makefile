# Tavola: the two commands a new user needs are `make run` and `make test`.
# Both install what is missing first (system packages through apt, Rust).

SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(PATH)
CARGO ?= cargo

.PHONY: run test setup setup-test headless screenshots screenshots-displays bench lint fmt clean voices install

## Start Tavola (simulated hardware when no Pi hardware is found). Built in
## the dev profile, as `make test` builds it (its dependencies optimised, see
## Cargo.toml): a desktop's simulation needs no more, and the first window
## comes in minutes on a fresh machine, in seconds after `make test`.
run: setup voices/it/manifest.json voices/en/manifest.json
	$(CARGO) run -p tavola

## The default voice packs, spoken by espeak-ng (generated, never edited by hand).
voices: setup
	$(CARGO) run -q -p tavola -- voice build --out voices

voices/%/manifest.json:
	@$(MAKE) --no-print-directory setup
	$(CARGO) run -q -p tavola -- voice build --lang $* --out voices

## Run every test (the Pi backends too: they build and their tests run on any
## machine; the Pi's screen backend, LinuxKMS, is compiled with the app).
## Every test's result is kept in $(TARGET_DIR)/test-output.txt and counted at the end.
test: setup-test
	@mkdir -p $(TARGET_DIR); set -o pipefail; start=$$(date +%s); \
	{ $(CARGO) test --workspace --no-fail-fast && \
	  $(CARGO) test -p tavola-hw --features rpi --lib && \
	  $(CARGO) check -p tavola --features rpi; } 2>&1 | tee $(TARGET_DIR)/test-output.txt; status=$$?; \
	awk -v s=$$(( $$(date +%s) - start )) '/^test result:/ { runs++; \
	    for (i = 1; i <= NF; i++) { if ($$(i+1) ~ /^passed/) p += $$i; if ($$(i+1) ~ /^failed/) f += $$i; if ($$(i+1) ~ /^ignored/) g += $$i } } \
	  END { printf "make test: %d test runs (test binaries and doc tests) in %d s; tests: %d passed, %d failed, %d ignored\n", runs, s, p, f, g }' \
	  $(TARGET_DIR)/test-output.txt; exit $$status

## On the Pi: Tavola as the appliance (binary, voice packs, systemd unit, pin
## map, SPI and I2C on), saying what changed. Takes the binary
## scripts/cross-build.sh made if there is one; on a Pi without one it builds
## with the `pi` profile here (slow, and a 2 GB Pi may run out of memory: see
## docs/appliance.md, "Cross-compiling"). From a desktop, onto a mounted SD card:
## make install INSTALL_ARGS="--root /media/$USER/rootfs".
## INSTALL_ARGS="--dry-run" shows the changes first; see scripts/install.sh.
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
install:
	@cross=$(TARGET_DIR)/aarch64-unknown-linux-gnu/pi/tavola; \
	if [ -x "$$cross" ]; then bin="$$cross"; \
	elif [ "$$(uname -m)" = aarch64 ]; then \
	  $(MAKE) --no-print-directory setup && $(CARGO) build --profile pi -p tavola --features rpi || exit 2; \
	  bin=$(TARGET_DIR)/pi/tavola; \
	else echo "make install: no binary for the Pi yet: run scripts/cross-build.sh first" >&2; exit 2; fi; \
	dry=0; [[ " $(INSTALL_ARGS) " == *" --dry-run "* ]] && dry=1; \
	if [ $$dry -eq 0 ] && ! ls voices/*/manifest.json >/dev/null 2>&1 && command -v espeak-ng >/dev/null 2>&1; then \
	  if [ "$$(uname -m)" = aarch64 ]; then "$$bin" voice build --out voices; else $(MAKE) --no-print-directory voices; fi; \
	fi; \
	if [ "$$(id -u)" -eq 0 ] || [ $$dry -eq 1 ]; then scripts/install.sh --binary "$$bin" $(INSTALL_ARGS); \
	else sudo scripts/install.sh --binary "$$bin" $(INSTALL_ARGS); fi

setup:
	@scripts/setup.sh run

setup-test:
	@scripts/setup.sh test

## The JSON-lines driver, e.g. `make headless < docs/examples/avalon-5-players.jsonl`.
headless: setup
	$(CARGO) run -q -p tavola -- headless

## Every screen at 800×480 and 1280×800, drawn into docs/screenshots/ in
## English and docs/screenshots/it/ in Italian.
screenshots: setup
	$(CARGO) run -q -p tavola --example screenshots
	$(CARGO) run -q -p tavola --example screenshots docs/screenshots/it it

## The same screens on the other displays the layout test checks (a 7" HDMI
## panel, Touch Display 2 in landscape, a television), into
## $(TARGET_DIR)/screenshots/ and .../it/: to look at, not kept in the repository.
screenshots-displays: setup
	TAVOLA_SCREENSHOT_SIZES=1024x600,1280x720,1920x1080 $(CARGO) run -q -p tavola --example screenshots $(TARGET_DIR)/screenshots
	TAVOLA_SCREENSHOT_SIZES=1024x600,1280x720,1920x1080 $(CARGO) run -q -p tavola --example screenshots $(TARGET_DIR)/screenshots/it it

## Benchmarks (print numbers; targets in docs/benchmarks.md). The start is measured
## on the binary the box runs: the probe built with the `pi` profile.
bench:
	@scripts/setup.sh bench
	$(CARGO) build -q --profile pi -p tavola --bin startup-probe
	@# idle_window opens a real window: on a machine with no display, in Xvfb.
	$(if $(DISPLAY)$(WAYLAND_DISPLAY),,xvfb-run -a -s "-screen 0 800x480x24") \
	  env TAVOLA_PROBE=$(abspath $(TARGET_DIR))/pi/startup-probe $(CARGO) bench -p tavola

## Formatting and lints, as CI checks them.
lint:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) clippy -p tavola -p tavola-hw --no-default-features --features rpi --all-targets -- -D warnings

fmt:
	$(CARGO) fmt --all

clean:
	$(CARGO) clean
