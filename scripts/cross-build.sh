#!/usr/bin/env bash
# Builds Tavola for the Raspberry Pi (64-bit Raspberry Pi OS, aarch64) on a
# Debian 12 or Ubuntu desktop: building Slint on a 2 GB Pi runs out of
# memory, and is slow on any Pi.
#
#   scripts/cross-build.sh [--deps-only] [--profile pi|release|appliance]
#
#   --deps-only   install the cross toolchain and the Pi's libraries, build
#                 nothing
#   --profile P   the cargo profile (default: pi, the small appliance build;
#                 release builds faster; appliance, faster still, is the
#                 appliance check's)
#
# What it installs when missing (with sudo when not root): the aarch64 C
# cross compiler (gcc-aarch64-linux-gnu), the arm64 development libraries
# the app links (ALSA, udev, libinput, GBM, DRM, xkbcommon, fontconfig)
# through Debian's multiarch (dpkg --add-architecture arm64), and Rust's
# aarch64-unknown-linux-gnu target through rustup.
#
# The result is target/aarch64-unknown-linux-gnu/<profile>/tavola
# ($CARGO_TARGET_DIR when set), which `make install` and scripts/install.sh
# take: on the Pi from a copy of the repository, or from the desktop onto
# the SD card with --root. Debian 12 is what Raspberry Pi OS (bookworm) is
# built on, so the libraries the binary links are the ones the Pi has.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
profile=pi
deps_only=0
me="tavola cross-build"
# shellcheck source=scripts/common.sh
. "$here/scripts/common.sh"
while [ $# -gt 0 ]; do
  case "$1" in
    --deps-only) deps_only=1 ;;
    --profile)
      [ $# -ge 2 ] || die "--profile needs pi, release or appliance"
      profile="$2"
      shift
      ;;
    -h | --help)
      sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//' >&2
      exit 0
      ;;
    *) die "unknown option '$1'" ;;
  esac
  shift
done

command -v dpkg >/dev/null 2>&1 || die "this script needs Debian or Ubuntu (dpkg, apt-get); on another system install an aarch64 cross toolchain and the arm64 libraries below by hand, or use the 'cross' tool"

# --- the C cross compiler and the Pi's libraries --------------------------
libs=(libasound2-dev libudev-dev libinput-dev libdrm-dev libxkbcommon-dev libfontconfig1-dev)
wanted=(gcc-aarch64-linux-gnu g++-aarch64-linux-gnu pkg-config)
for l in "${libs[@]}"; do wanted+=("$l:arm64"); done
missing=()
for p in "${wanted[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ "${#missing[@]}" -gt 0 ]; then
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    say "adding arm64 to the package architectures (multiarch)"
    as_root dpkg --add-architecture arm64
  fi
  say "installing: ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# --- Rust's aarch64 standard library ----------------------------------------
export PATH="$HOME/.cargo/bin:$PATH"
if ! rustup target list --installed 2>/dev/null | grep -qx aarch64-unknown-linux-gnu; then
  say "adding Rust's aarch64-unknown-linux-gnu target"
  rustup target add aarch64-unknown-linux-gnu
fi
[ "$deps_only" -eq 1 ] && exit 0

# --- the build --------------------------------------------------------------
# The linker and C compiler for the Pi; pkg-config looks at the arm64
# libraries only.
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CC_aarch64_unknown_linux_gnu=aarch64-linux-gnu-gcc
export CXX_aarch64_unknown_linux_gnu=aarch64-linux-gnu-g++
export AR_aarch64_unknown_linux_gnu=aarch64-linux-gnu-ar
export PKG_CONFIG_ALLOW_CROSS=1
export PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig
say "building tavola for the Pi (profile $profile; the pi profile takes long: one codegen unit, whole-program LTO)"
cd "$here"
cargo build --target aarch64-unknown-linux-gnu --profile "$profile" -p tavola --bin tavola --features rpi
target_dir="${CARGO_TARGET_DIR:-$here/target}"
binary="$target_dir/aarch64-unknown-linux-gnu/$profile/tavola"
say "built $binary ($(du -h "$binary" | cut -f1))"
say "next: make install on the Pi, or make install INSTALL_ARGS=\"--root /media/\$USER/rootfs\" with its SD card mounted here"
