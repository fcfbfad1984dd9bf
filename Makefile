# Tavola: the two commands a new user needs are `make run` and `make test`.
# Both install what is missing first (system packages through apt, Rust).

SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(PATH)
CARGO ?= cargo

.PHONY: run test setup setup-test headless screenshots bench lint fmt clean voices

## Start Tavola (simulated hardware when no Pi hardware is found).
run: setup voices/it/manifest.json voices/en/manifest.json
	$(CARGO) run --release -p tavola

## The default voice packs, spoken by espeak-ng (generated, never edited by hand).
voices: setup
	$(CARGO) run --release -q -p tavola -- voice build --out voices

voices/%/manifest.json:
	@$(MAKE) --no-print-directory setup
	$(CARGO) run --release -q -p tavola -- voice build --lang $* --out voices

## Run every test (the Pi backends too: they build and their tests run on any machine).
test: setup-test
	$(CARGO) test --workspace
	$(CARGO) test -p tavola --no-default-features --features rpi --lib

setup:
	@scripts/setup.sh run

setup-test:
	@scripts/setup.sh test

## The JSON-lines driver, e.g. `make headless < docs/examples/avalon-5.jsonl`.
headless: setup
	$(CARGO) run --release -q -p tavola -- headless

## Every screen at 800×480 and 1280×800, drawn into docs/screenshots/.
screenshots: setup
	$(CARGO) run -q -p tavola --example screenshots

## Benchmarks (print numbers; targets in README).
bench: setup
	$(CARGO) bench -p tavola

## Formatting and lints, as CI checks them.
lint:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) clippy -p tavola --no-default-features --features rpi --all-targets -- -D warnings

fmt:
	$(CARGO) fmt --all

clean:
	$(CARGO) clean
