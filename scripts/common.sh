# What scripts/appliance-check.sh, scripts/cross-check.sh and
# scripts/cross-build.sh share. Each sources this file after setting `me`,
# the words its lines begin with:
#
#   say TEXT              a line on stderr, after "$me: "
#   die TEXT              says it and stops with status 2 (it could not run)
#   as_root CMD…          runs CMD as root (through sudo when not root)
#   skipped CHECK WHY     a check that cannot run on this machine, said
#                         loudly and counted
#   allow_skip CHECK      the caller accepts that CHECK may be skipped here
#   skips_verdict         after the checks: 0 when nothing was skipped, or
#                         every skip was allowed; otherwise says which and
#                         returns 2 (a check that did not run checked nothing)
#   within_budget WHAT SPENT BUDGET
#                         0 when SPENT seconds (decimal) is at most BUDGET,
#                         said either way with both figures; 1 when over
#   slowdown LOCAL EMULATED
#                         how many times more processor time the same runs
#                         took under emulation: two files written by
#                         `/usr/bin/time -f '%U %S'`, a line a run; a local
#                         run counts at least 0.01 s (the timer's step: a
#                         short run reads 0.00), which can only make the
#                         figure smaller and the budget stricter
#   emulated_budget BUDGET SLOWDOWN WALL
#                         BUDGET seconds of processor time on this machine
#                         as a budget under emulation: times SLOWDOWN, and
#                         never more than half of WALL (the emulated run's
#                         wall time: a thread that spins takes a whole core)
#   whole_root TAR        0 when TAR is a regular file that tar reads to its
#                         end and that holds a kernel and an initramfs
#                         (boot/vmlinuz-*, boot/initrd.img-*); 1 for anything
#                         else: a folder, a half-written or empty file
#   cached_root CACHE KEY BUILD LOG
#                         the path of the arm64 root's tarball for KEY in
#                         CACHE, built when it is not there whole: anything
#                         under a root-*.tar name that is not KEY's whole tar
#                         (another key's, a folder an older build left, a
#                         half-written file) is removed first; BUILD is run
#                         with a file name ending in .tar (mmdebstrap picks
#                         its output's format from the name), its output in
#                         LOG, and what it made is checked whole before it
#                         takes the cache's name

say() { printf '%s: %s\n' "${me:?set me before sourcing scripts/common.sh}" "$*" >&2; }

die() {
  say "$*"
  exit 2
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root to run: $*"
  fi
}

skips=()
allowed_skips=()

allow_skip() { allowed_skips+=("$1"); }

skipped() {
  skips+=("$1")
  say "********************************************************************"
  say "SKIPPED: $1: $2"
  say "  nothing of $1 was checked on this machine"
  say "********************************************************************"
}

skips_verdict() {
  local s a ok refused=()
  for s in ${skips[@]+"${skips[@]}"}; do
    ok=0
    for a in ${allowed_skips[@]+"${allowed_skips[@]}"}; do
      [ "$a" = "$s" ] && ok=1
    done
    if [ "$ok" -eq 1 ]; then
      say "skipped, as allowed (--allow-skip $s): $s"
    else
      refused+=("$s")
    fi
  done
  [ "${#refused[@]}" -eq 0 ] && return 0
  say "FAILED: not run here: ${refused[*]}; a check that does not run checks nothing (--allow-skip ${refused[0]} accepts it)"
  return 2
}

within_budget() { # what, spent (s), budget (s)
  if awk -v s="$2" -v b="$3" 'BEGIN { exit !(s <= b) }'; then
    say "within budget: $1: $2 s of at most $3 s"
  else
    say "OVER BUDGET: $1: $2 s, more than $3 s"
    return 1
  fi
}

slowdown() { # local times, emulated times
  awk 'FNR == NR { t = $1 + $2; l += (t < 0.01 ? 0.01 : t); next } { e += $1 + $2 }
    END { printf "%.1f\n", (l > 0 ? e / l : 1) }' "$1" "$2"
}

emulated_budget() { # budget (s), slowdown, wall (s)
  awk -v b="$1" -v f="$2" -v w="$3" 'BEGIN { e = b * f; if (e > w / 2) e = w / 2; printf "%.2f\n", e }'
}

whole_root() { # tarball
  local listing
  [ -f "$1" ] && [ ! -L "$1" ] || return 1
  listing="$(tar -tf "$1" 2>/dev/null)" || return 1
  grep -Eq '^(\./)?boot/vmlinuz-' <<<"$listing" && grep -Eq '^(\./)?boot/initrd\.img-' <<<"$listing"
}

cached_root() { # cache, key, build command, log
  local cache="$1" key="$2" build="$3" log="$4" tarball part old
  tarball="$cache/root-$key.tar"
  part="$cache/building-root-$key.tar"
  mkdir -p "$cache"
  if whole_root "$tarball"; then
    printf '%s\n' "$tarball"
    return 0
  fi
  for old in "$cache"/root-*.tar* "$cache"/building-root-*.tar*; do
    [ -e "$old" ] || [ -L "$old" ] || continue
    say "removing $old from the cache: not a whole system for this build"
    rm -rf -- "$old"
  done
  say "building the arm64 system (Debian bookworm) into $tarball: about 11 minutes the first time"
  if ! "$build" "$part" >"$log" 2>&1; then
    tail -30 "$log" >&2
    rm -rf -- "$part"
    die "building the arm64 system failed (its log: $log)"
  fi
  if ! whole_root "$part"; then
    tail -30 "$log" >&2
    rm -rf -- "$part"
    die "the arm64 system's build made no whole tarball at $part (a folder, or a tar without a kernel and an initramfs)"
  fi
  mv -f -- "$part" "$tarball"
  printf '%s\n' "$tarball"
}
