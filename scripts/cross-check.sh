#!/usr/bin/env bash
# The Pi's binary, checked on a desktop: builds Tavola for aarch64 without the
# screen (--no-default-features --features rpi) and runs it under qemu-user
# beside the desktop's own build:
#
#   - every docs/examples/*.jsonl replayed by `tavola headless` gives the same
#     output, line for line;
#   - a journal written under emulation (headless --db) lists and exports the
#     same on the desktop;
#   - `tavola selftest --sim` reports the same checks (the dice counts aside:
#     they come from the operating system's generator), and its processor
#     time stays a small part of its wall time (nothing spins).
#
#   scripts/cross-check.sh [--keep] [--pi-binary FILE]
#
#   --keep            leave the work folder
#   --pi-binary FILE  the Pi's binary to check, already built (the
#                     appliance's, with the screen: scripts/appliance-check.sh
#                     builds one); without it, one without the screen is built
#
# Installs what is missing, and only that (with sudo when not root): the
# aarch64 cross compiler and the arm64 libraries (through
# scripts/cross-build.sh --deps-only), qemu-user-static, Rust's
# aarch64-unknown-linux-gnu target. Builds into target/cross-check
# ($CROSS_CHECK_TARGET_DIR) so that it never waits on other builds' lock.
# Exit status: 0 when everything compared equal, 1 when something differs,
# 2 when it could not run.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
keep=0
pi=
say() { printf 'cross-check: %s\n' "$*" >&2; }
die() {
  say "$*"
  exit 2
}
while [ $# -gt 0 ]; do
  case "$1" in
    --keep) keep=1 ;;
    --pi-binary)
      [ $# -ge 2 ] || die "--pi-binary needs a file"
      pi="$2"
      [ -x "$pi" ] || die "--pi-binary $pi is not an executable file"
      shift
      ;;
    *) die "unknown option '$1'" ;;
  esac
  shift
done
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root to run: $*"
  fi
}
start=$(date +%s)

# --- what the check needs, installed only when missing ---------------------
"$here/scripts/cross-build.sh" --deps-only
if ! command -v qemu-aarch64-static >/dev/null 2>&1 && ! command -v qemu-aarch64 >/dev/null 2>&1; then
  say "installing qemu-user-static"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends qemu-user-static
fi
qemu=$(command -v qemu-aarch64-static || command -v qemu-aarch64)
export PATH="$HOME/.cargo/bin:$PATH"

# --- the two builds --------------------------------------------------------
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CC_aarch64_unknown_linux_gnu=aarch64-linux-gnu-gcc
export CXX_aarch64_unknown_linux_gnu=aarch64-linux-gnu-g++
export AR_aarch64_unknown_linux_gnu=aarch64-linux-gnu-ar
export PKG_CONFIG_ALLOW_CROSS=1
target_dir="${CROSS_CHECK_TARGET_DIR:-$here/target/cross-check}"
cd "$here"
say "building the desktop's tavola (release, without the screen)"
CARGO_TARGET_DIR="$target_dir" cargo build -q --release -p tavola --no-default-features --features rpi
if [ -z "$pi" ]; then
  say "building the Pi's tavola (release, without the screen)"
  PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig CARGO_TARGET_DIR="$target_dir" \
    cargo build -q --release --target aarch64-unknown-linux-gnu -p tavola --no-default-features --features rpi
  pi="$target_dir/aarch64-unknown-linux-gnu/release/tavola"
else
  say "the Pi's tavola: $pi"
fi
desk="$target_dir/release/tavola"
file "$pi" 2>/dev/null | grep -q 'ARM aarch64' || die "$pi is not an aarch64 binary"
built=$(date +%s)
arm() { "$qemu" -L /usr/aarch64-linux-gnu "$pi" "$@"; }

work=$(mktemp -d)
[ "$keep" -eq 1 ] && say "work folder: $work" || trap 'rm -rf "$work"' EXIT
failed=0
same() { # name, desktop file, Pi file
  if cmp -s "$2" "$3"; then
    say "same: $1 ($(wc -l <"$2") lines)"
  else
    say "DIFFERENT: $1"
    diff "$2" "$3" | head -20 >&2 || true
    failed=1
  fi
}

# --- the worked examples, replayed ------------------------------------------
for example in docs/examples/*.jsonl; do
  name=$(basename "$example" .jsonl)
  "$desk" headless --seed 7 <"$example" >"$work/$name.desk" 2>/dev/null
  arm headless --seed 7 <"$example" >"$work/$name.pi" 2>/dev/null
  same "headless $name" "$work/$name.desk" "$work/$name.pi"
done

# --- a journal written under emulation, read on the desktop -----------------
first=$(ls docs/examples/*.jsonl | head -1)
arm headless --seed 7 --db "$work/pi.db" <"$first" >/dev/null 2>&1
"$desk" history --db "$work/pi.db" >"$work/history.desk" 2>&1
arm history --db "$work/pi.db" >"$work/history.pi" 2>&1
same "journal written on the Pi, listed" "$work/history.desk" "$work/history.pi"
game=$(awk 'NR==1 {print $1}' "$work/history.desk" | tr -dc '0-9')
[ -n "$game" ] || { say "DIFFERENT: no game in the journal written under emulation"; failed=1; }
if [ -n "$game" ]; then
  "$desk" export "$game" --db "$work/pi.db" >"$work/export.desk" 2>&1
  arm export "$game" --db "$work/pi.db" >"$work/export.pi" 2>&1
  same "journal written on the Pi, game $game exported" "$work/export.desk" "$work/export.pi"
fi
# A game cut in two: the first half journaled, the second taken up (--resume).
lines=$(wc -l <"$first")
half=$((lines / 2))
head -n "$half" "$first" | "$desk" headless --seed 7 --db "$work/half.desk.db" >/dev/null 2>&1
tail -n +"$((half + 1))" "$first" | "$desk" headless --seed 7 --resume --db "$work/half.desk.db" >"$work/resumed.desk" 2>&1
head -n "$half" "$first" | arm headless --seed 7 --db "$work/half.pi.db" >/dev/null 2>&1
tail -n +"$((half + 1))" "$first" | arm headless --seed 7 --resume --db "$work/half.pi.db" >"$work/resumed.pi" 2>&1
same "a game journaled, then taken up" "$work/resumed.desk" "$work/resumed.pi"

# --- the self-test on the simulated parts -----------------------------------
# qemu-user must be able to start a thread (the speaker's output runs on one):
# some hosts' qemu-user cannot, and then a three-line program hangs too.
probe_src="$work/probe.rs"
printf 'fn main() { println!("{}", std::thread::spawn(|| 7).join().unwrap()); }\n' >"$probe_src"
rustc -O --target aarch64-unknown-linux-gnu -C linker=aarch64-linux-gnu-gcc -o "$work/probe" "$probe_src"
if [ "$(timeout 20 "$qemu" -L /usr/aarch64-linux-gnu "$work/probe" 2>/dev/null)" != 7 ]; then
  say "SKIPPED: selftest --sim: this machine's qemu-user ($("$qemu" --version | head -1)) cannot start a thread (a program that only spawns one hangs at 100 % of a core); not Tavola's doing"
else
  selftest=(selftest --sim --lang en --seats 2 --wait 5)
  mask() { sed -E 's/^(PASS|FAIL) dice: .*/\1 dice: (counts)/' "$1"; }
  /usr/bin/time -f '%e %U %S' -o "$work/time.desk" "$desk" "${selftest[@]}" >"$work/self.desk" 2>/dev/null || true
  /usr/bin/time -f '%e %U %S' -o "$work/time.pi" "$qemu" -L /usr/aarch64-linux-gnu "$pi" "${selftest[@]}" \
    >"$work/self.pi" 2>/dev/null || true
  mask "$work/self.desk" >"$work/self.desk.masked"
  mask "$work/self.pi" >"$work/self.pi.masked"
  same "selftest --sim" "$work/self.desk.masked" "$work/self.pi.masked"
  read -r wall user sys <"$work/time.desk"
  say "selftest --sim on the desktop: ${wall} s, ${user} s user + ${sys} s system CPU"
  read -r wall user sys <"$work/time.pi"
  say "selftest --sim under qemu-user: ${wall} s, ${user} s user + ${sys} s system CPU"
fi

end=$(date +%s)
say "builds $((built - start)) s, checks $((end - built)) s, in all $((end - start)) s"
exit "$failed"
