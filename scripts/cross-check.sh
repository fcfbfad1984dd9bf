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
#     time stays within its budget (below: nothing spins).
#
#   scripts/cross-check.sh [--keep] [--profile P] [--pi-binary FILE]
#                          [--allow-skip CHECK]
#
#   --keep              leave the work folder
#   --profile P         the Cargo profile of the builds (release; `dev` is
#                       the quickest where `make test` has built: CI gives
#                       it with the appliance check's Pi binary and
#                       CROSS_CHECK_TARGET_DIR=target, as its last step:
#                       target/debug/tavola is then the one without the
#                       screen). What is compared is the same whatever the
#                       profile
#   --pi-binary FILE    the Pi's binary to check, already built (the
#                       appliance's, with the screen: scripts/appliance-check.sh
#                       builds one); without it, one without the screen is built
#   --allow-skip CHECK  a check that cannot run on this machine (`selftest`:
#                       a qemu-user that cannot start a thread, as Debian 12's
#                       7.2) is said and passed over; without it a skipped
#                       check fails the run (status 2)
#
# The self-test's budget of processor time (user + system): it sleeps
# between its polls, and on the desktop it used 0.14 s in 14 s (docs/appliance.md,
# "Verified where"), 1 % of its wall time. Allowed: 3 % of its wall time on
# the desktop and 0.1 s for its start (with no sound device it is over in
# about 2 s, 0.05 s of it starting in a dev build), checked on every run;
# under qemu-user that allowance times
# the emulation's slowdown measured in the same run (the replays' processor
# time under qemu-user over the desktop's), and never more than half its
# wall time (a thread that spins takes a whole core). Inside the emulated
# machine, with its threads, scripts/appliance/check.py holds it to a
# budget of its own.
#
# Installs what is missing, and only that (with sudo when not root): the
# aarch64 cross compiler and the arm64 libraries (through
# scripts/cross-build.sh --deps-only), qemu-user-static, Rust's
# aarch64-unknown-linux-gnu target. Builds into target/cross-check
# ($CROSS_CHECK_TARGET_DIR) so that it never waits on other builds' lock.
# Exit status: 0 when everything compared equal and within budget, 1 when
# something differs or is over budget, 2 when it could not run (a check
# skipped without --allow-skip included).
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
keep=0
pi=
profile=release
me=cross-check
# shellcheck source=scripts/common.sh
. "$here/scripts/common.sh"
while [ $# -gt 0 ]; do
  case "$1" in
    --keep) keep=1 ;;
    --profile)
      [ $# -ge 2 ] || die "--profile needs a Cargo profile (release, dev, appliance)"
      profile="$2"
      shift
      ;;
    --pi-binary)
      [ $# -ge 2 ] || die "--pi-binary needs a file"
      pi="$2"
      [ -x "$pi" ] || die "--pi-binary $pi is not an executable file"
      shift
      ;;
    --allow-skip)
      [ $# -ge 2 ] || die "--allow-skip needs the check's name (selftest)"
      case "$2" in selftest) ;; *) die "--allow-skip $2: the check that may be skipped is selftest" ;; esac
      allow_skip "$2"
      shift
      ;;
    *) die "unknown option '$1'" ;;
  esac
  shift
done
start=$(date +%s)

# --- what the check needs, installed only when missing ---------------------
"$here/scripts/cross-build.sh" --deps-only
if ! command -v qemu-aarch64-static >/dev/null 2>&1 && ! command -v qemu-aarch64 >/dev/null 2>&1; then
  say "installing qemu-user-static"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends qemu-user-static
fi
# GNU time measures each run's processor time (Debian leaves it out).
if [ ! -x /usr/bin/time ]; then
  say "installing time"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends time
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
# Cargo's folder for the profile (the dev profile's is "debug").
out="$profile"
[ "$profile" = dev ] && out=debug
cd "$here"
say "building the desktop's tavola (profile $profile, without the screen)"
CARGO_TARGET_DIR="$target_dir" cargo build -q --profile "$profile" -p tavola --no-default-features --features rpi
if [ -z "$pi" ]; then
  say "building the Pi's tavola (profile $profile, without the screen)"
  PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig CARGO_TARGET_DIR="$target_dir" \
    cargo build -q --profile "$profile" --target aarch64-unknown-linux-gnu -p tavola --no-default-features --features rpi
  pi="$target_dir/aarch64-unknown-linux-gnu/$out/tavola"
else
  say "the Pi's tavola: $pi"
fi
desk="$target_dir/$out/tavola"
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
  /usr/bin/time -a -o "$work/replays.desk" -f '%U %S' \
    "$desk" headless --seed 7 <"$example" >"$work/$name.desk" 2>/dev/null
  /usr/bin/time -a -o "$work/replays.pi" -f '%U %S' \
    "$qemu" -L /usr/aarch64-linux-gnu "$pi" headless --seed 7 <"$example" >"$work/$name.pi" 2>/dev/null
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
# On the desktop it runs on every run, whatever qemu-user can do, and its
# processor time is held to its budget (see the top of this file).
selftest=(selftest --sim --lang en --seats 2 --wait 5)
mask() { sed -E 's/^(PASS|FAIL) dice: .*/\1 dice: (counts)/' "$1"; }
/usr/bin/time -f '%e %U %S' -o "$work/time.desk" "$desk" "${selftest[@]}" >"$work/self.desk" 2>/dev/null || true
# GNU time puts "Command exited with non-zero status" first when the
# self-test fails a check (no speaker here): the times are the last line.
read -r dwall duser dsys < <(tail -n 1 "$work/time.desk")
dbudget=$(awk -v w="$dwall" 'BEGIN { printf "%.2f", 0.03 * w + 0.1 }')
dspent=$(awk -v u="$duser" -v s="$dsys" 'BEGIN { printf "%.2f", u + s }')
within_budget "selftest --sim on the desktop (${dwall} s)" "$dspent" "$dbudget" || failed=1
# Under qemu-user it must be able to start a thread (the speaker's output
# runs on one): some hosts' qemu-user cannot, and then a three-line program
# hangs too. The emulated machine of scripts/appliance-check.sh runs it with
# its threads and holds it to a budget of its own.
probe_src="$work/probe.rs"
printf 'fn main() { println!("{}", std::thread::spawn(|| 7).join().unwrap()); }\n' >"$probe_src"
rustc -O --target aarch64-unknown-linux-gnu -C linker=aarch64-linux-gnu-gcc -o "$work/probe" "$probe_src"
if [ "$(timeout 20 "$qemu" -L /usr/aarch64-linux-gnu "$work/probe" 2>/dev/null)" != 7 ]; then
  skipped selftest "this machine's qemu-user ($("$qemu" --version | head -1)) cannot start a thread (a program that only spawns one hangs at 100 % of a core), and the self-test's speaker runs on one; not Tavola's doing"
else
  /usr/bin/time -f '%e %U %S' -o "$work/time.pi" "$qemu" -L /usr/aarch64-linux-gnu "$pi" "${selftest[@]}" \
    >"$work/self.pi" 2>/dev/null || true
  mask "$work/self.desk" >"$work/self.desk.masked"
  mask "$work/self.pi" >"$work/self.pi.masked"
  same "selftest --sim" "$work/self.desk.masked" "$work/self.pi.masked"
  read -r pwall puser psys < <(tail -n 1 "$work/time.pi")
  factor=$(slowdown "$work/replays.desk" "$work/replays.pi")
  say "the emulation's slowdown, from the replays' processor time: ${factor}×"
  pbudget=$(emulated_budget "$dbudget" "$factor" "$pwall")
  pspent=$(awk -v u="$puser" -v s="$psys" 'BEGIN { printf "%.2f", u + s }')
  within_budget "selftest --sim under qemu-user (${pwall} s)" "$pspent" "$pbudget" || failed=1
fi

end=$(date +%s)
say "builds $((built - start)) s, checks $((end - built)) s, in all $((end - start)) s"
verdict=0
skips_verdict || verdict=2
[ "$failed" -eq 1 ] && exit 1
exit "$verdict"
