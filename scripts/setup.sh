#!/usr/bin/env bash
# Installs what Tavola needs to build and run, and only what is missing.
#   scripts/setup.sh run    what building and starting the app needs
#   scripts/setup.sh test   what the tests need (the same, systemd's
#                           tools to check the Pi's unit file, and OpenSCAD
#                           for the enclosure's STL files)
#   scripts/setup.sh bench  what `make bench` needs (the same as run, and
#                           Xvfb for the benchmark in a real window)
# Safe to run again: it does nothing when everything is there.
set -euo pipefail

purpose="${1:-run}"

# Debian / Raspberry Pi OS packages needed to build the app (Slint's window
# and software renderer, fonts, ALSA headers for the speaker) and to run it
# on a desktop; espeak-ng speaks the default voice packs and the lines that
# carry a name or a number. The Pi's build (feature `rpi`) also draws
# without a desktop (Slint's LinuxKMS backend, software renderer): udev,
# libinput and DRM.
packages=(build-essential pkg-config libfontconfig1-dev libxkbcommon-dev libxkbcommon-x11-0 fonts-dejavu-core libasound2-dev espeak-ng
  libudev-dev libinput-dev libdrm-dev)
if [ "$purpose" = test ]; then
  # systemd-analyze verify checks deploy/tavola.service (tests/tests/deploy.rs).
  # The tests never skip: one whose program is missing (espeak-ng for the
  # narrator's, systemd-analyze) fails and says which.
  # OpenSCAD renders the enclosure's parts again to compare them with the
  # committed STL files (tests/tests/enclosure_stl.rs): about 16 MB.
  packages+=(systemd openscad)
fi
if [ "$purpose" = bench ]; then
  # The idle benchmark in a real window (benches/idle_window.rs) on a
  # machine with no display: an X server of its own.
  packages+=(xvfb xauth)
fi

say() { printf 'tavola setup: %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else say "need root to run: $*"; return 1
  fi
}

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    say "installing system packages: ${missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
else
  say "not a Debian-based system: make sure these (or their equivalents) are installed: ${packages[*]}"
fi

if [ "$purpose" = test ]; then
  for tool in espeak-ng systemd-analyze openscad; do
    command -v "$tool" >/dev/null 2>&1 || say "$tool is missing: the tests that need it will fail"
  done
fi

# Rust: the workspace needs a recent toolchain (see rust-version in Cargo.toml).
need_minor=92
have_minor=$(rustc --version 2>/dev/null | sed -n 's/^rustc 1\.\([0-9]*\).*/\1/p')
if [ -z "$have_minor" ] || [ "$have_minor" -lt "$need_minor" ]; then
  if [ -x "$HOME/.cargo/bin/rustup" ] || command -v rustup >/dev/null 2>&1; then
    say "updating the Rust toolchain with rustup"
    "${HOME}/.cargo/bin/rustup" update stable 2>/dev/null || rustup update stable
  else
    say "installing the Rust toolchain with rustup (https://rustup.rs)"
    command -v curl >/dev/null 2>&1 || as_root apt-get install -y -qq curl ca-certificates
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal --component rustfmt,clippy
  fi
fi
exit 0
