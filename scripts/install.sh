#!/usr/bin/env bash
# Installs Tavola as the Raspberry Pi's appliance: the binary, the voice
# packs, the systemd unit that starts it at boot on the console, the pin map
# in /etc/tavola, the `tavola` user, a bound on the system journal's size,
# and SPI and I2C switched on in config.txt. Says what it changed; run
# again, it changes nothing.
#
#   scripts/install.sh [--dry-run] [--root DIR] [--binary FILE]
#                      [--voices DIR] [--display KIND] [--rotation DEG]
#                      [--touch-rotation DEG]
#
#   --dry-run      say what would change, change nothing
#   --root DIR     install into DIR instead of / (an SD card mounted on a
#                  desktop, or a test); nothing is started or reloaded there
#   --binary FILE  the tavola binary to install; without it the one
#                  scripts/cross-build.sh made
#                  (target/aarch64-unknown-linux-gnu/pi/tavola), or on a Pi
#                  the one `make install` built (target/pi/tavola). Nothing
#                  is compiled here (cargo does not run as root).
#   --voices DIR   the voice packs to install (default: voices/, which
#                  make voices builds)
#   --display touch-display-2
#                  the Raspberry Pi Touch Display 2 (5" or 7"), a 720x1280
#                  portrait panel: turned to landscape (90 degrees, or as
#                  --rotation says: 270 when it stands the other way up),
#                  its touches and the console's text turned with it
#   --rotation DEG the picture turned clockwise by 0, 90, 180 or 270 degrees
#                  (a screen mounted on its side or upside down)
#   --touch-rotation DEG
#                  the touches turned the same way (default: as --rotation;
#                  give it apart when the touch panel is mounted differently)
#   --rtc ds3231   a DS3231 real-time clock is fitted on I2C (hardware/bom.md):
#                  its overlay in config.txt (a reboot is needed); at boot
#                  tavola-clock.service sets the clock from it, so that a
#                  box that is never online still dates its games right
#   --speaker KIND where the narration is heard: hdmi, jack (Pi 4 only),
#                  usb or i2s (the MAX98357A amplifier); written as
#                  speaker = "KIND" in /etc/tavola/settings.toml, the other
#                  settings kept. i2s also adds the amplifier's overlay to
#                  config.txt (a reboot is needed). Without it: "auto".
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
dry=0
root=/
binary=
voices="$here/voices"
rotation=
touch_rotation=
display=
rtc=
speaker=
usage() {
  sed -n '2,/^set -euo pipefail$/p' "$0" | sed -n 's/^# \{0,1\}//p' >&2
}
say() { printf 'tavola install: %s\n' "$*"; }
die() {
  printf 'tavola install: %s\n' "$*" >&2
  exit 2
}

while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) dry=1 ;;
    --root)
      [ $# -ge 2 ] || die "--root needs a folder"
      root="$2"
      shift
      ;;
    --binary)
      [ $# -ge 2 ] || die "--binary needs a file"
      binary="$2"
      shift
      ;;
    --voices)
      [ $# -ge 2 ] || die "--voices needs a folder"
      voices="$2"
      shift
      ;;
    --display)
      [ $# -ge 2 ] || die "--display needs touch-display-2"
      case "$2" in touch-display-2) ;; *) die "--display $2: say touch-display-2 (any other screen needs no option, or --rotation); nothing was changed" ;; esac
      display="$2"
      shift
      ;;
    --rotation | --touch-rotation)
      [ $# -ge 2 ] || die "$1 needs 0, 90, 180 or 270"
      case "$2" in 0 | 90 | 180 | 270) ;; *) die "$1 $2: say 0, 90, 180 or 270 (degrees clockwise); nothing was changed" ;; esac
      if [ "$1" = --rotation ]; then rotation="$2"; else touch_rotation="$2"; fi
      shift
      ;;
    --speaker)
      [ $# -ge 2 ] || die "--speaker needs hdmi, jack, usb or i2s"
      case "$2" in hdmi | jack | usb | i2s) ;; *) die "--speaker $2: say hdmi, jack, usb or i2s (leave the option out for auto); nothing was changed" ;; esac
      speaker="$2"
      shift
      ;;
    --rtc)
      [ $# -ge 2 ] || die "--rtc needs ds3231"
      case "$2" in ds3231) ;; *) die "--rtc $2: say ds3231 (the clock hardware/bom.md lists); nothing was changed" ;; esac
      rtc="$2"
      shift
      ;;
    -h | --help)
      usage
      exit 0
      ;;
    *)
      usage
      die "unknown option '$1': nothing was changed"
      ;;
  esac
  shift
done

# Everything is checked before anything is touched.
# Touch Display 2 is a portrait panel: landscape is a quarter turn clockwise
# (Raspberry Pi's documentation, "Change screen orientation"), or three
# when the panel is mounted the other way up.
if [ "$display" = touch-display-2 ]; then
  [ -n "$rotation" ] || rotation=90
  case "$rotation" in 90 | 270) ;; *) die "--display touch-display-2 with --rotation $rotation: the panel is landscape at 90 or 270; nothing was changed" ;; esac
fi
[ -d "$root" ] || die "--root $root is not a folder: nothing was changed"
root="$(cd "$root" && pwd)"
in_root() { printf '%s%s' "${root%/}" "$1"; }
if [ -n "$binary" ]; then
  [ -f "$binary" ] || die "--binary $binary does not exist: nothing was changed"
  [ -x "$binary" ] || die "--binary $binary is not executable: nothing was changed"
fi
if [ "$dry" -eq 0 ] && [ ! -w "$root" ]; then
  die "cannot write to $root: run with sudo (or try --dry-run first); nothing was changed"
fi
for f in deploy/tavola.service deploy/tavola-clock.service deploy/90-tavola-clock.rules deploy/restart-guard deploy/tavola.env deploy/settings.example.toml deploy/journald-tavola.conf hardware/pinmap.toml; do
  [ -f "$here/$f" ] || die "$f is missing from $here: nothing was changed"
done

changes=()
notes=()
reboot_needed=0
change() {
  changes+=("$1")
  if [ "$dry" -eq 1 ]; then say "would: $1"; else say "$1"; fi
}

# --- the binary -------------------------------------------------------------
target_dir="${CARGO_TARGET_DIR:-$here/target}"
if [ -z "$binary" ]; then
  candidates=("$target_dir/aarch64-unknown-linux-gnu/pi/tavola")
  if [ "$(uname -m)" = aarch64 ]; then candidates+=("$target_dir/pi/tavola"); fi
  for candidate in "${candidates[@]}"; do
    if [ -x "$candidate" ]; then
      binary="$candidate"
      break
    fi
  done
  [ -n "$binary" ] || die "no tavola binary for the Pi: run scripts/cross-build.sh on a desktop, or make install on the Pi (or give --binary FILE); nothing was changed"
fi
# A desktop's binary copied onto the Pi would not start: the ELF header says
# which processor a binary is for (bytes 18-19, little-endian).
elf_machine() {
  [ "$(head -c 4 "$1" | od -An -c | tr -d ' ')" = '177ELF' ] || return 0
  od -An -tx1 -j18 -N2 "$1" | tr -d ' \n'
}
machine="$(elf_machine "$binary")"
pi_root=0
for c in /boot/firmware/config.txt /boot/config.txt; do
  if [ -f "$(in_root "$c")" ]; then pi_root=1; fi
done
if [ "$root" = / ] && [ "$(uname -m)" = aarch64 ]; then pi_root=1; fi
if [ -n "$machine" ] && [ "$machine" != b700 ] && [ "$pi_root" -eq 1 ]; then
  die "$binary is not built for the Pi's processor (aarch64): use scripts/cross-build.sh; nothing was changed"
fi
if [ -n "$machine" ] && [ "$root" = / ]; then
  case "$(uname -m)" in
    aarch64) here_machine=b700 ;;
    x86_64) here_machine=3e00 ;;
    *) here_machine="$machine" ;;
  esac
  if [ "$machine" != "$here_machine" ]; then
    die "$binary is built for another processor than this machine's ($(uname -m)); nothing was changed"
  fi
fi

# --- the libraries the program needs at run time: which are missing --------
runtime=(libinput10 libxkbcommon0 libfontconfig1 fonts-dejavu-core libasound2 libudev1 espeak-ng)
# The packages installed in the system under $root, read from dpkg's own
# list (no dpkg needed here: a card may be written from any desktop).
installed_in_root() {
  awk -v RS= '/(^|\n)Status: install ok installed(\n|$)/ { if (match($0, /(^|\n)Package: [^\n]+/)) { p = substr($0, RSTART, RLENGTH); sub(/^\n?Package: /, "", p); print p } }' "$1"
}
absent=()
status_file="$(in_root /var/lib/dpkg/status)"
if [ -f "$status_file" ]; then
  have="$(installed_in_root "$status_file")"
  for p in "${runtime[@]}"; do
    grep -qx "$p" <<<"$have" || absent+=("$p")
  done
elif [ "$root" != / ]; then
  notes+=("no package list under $root (not a Raspberry Pi OS system?): the program needs these packages: ${runtime[*]}")
fi
# Into another system's root they go through its own apt, run here: the
# card's processor (aarch64) must be able to run on this machine (as it
# does through qemu-user-static's binfmt on a desktop), and root is needed.
install_into_root() {
  local mounted=() ok=0
  for m in proc sys dev dev/pts; do
    mkdir -p "$root/$m"
    case "$m" in
      proc) mount -t proc proc "$root/proc" ;;
      *) mount --bind "/$m" "$root/$m" ;;
    esac && mounted+=("$root/$m")
  done
  local resolv="$root/etc/resolv.conf" kept=""
  if [ -e "$resolv" ] || [ -L "$resolv" ]; then
    kept="$resolv.tavola-install"
    mv "$resolv" "$kept"
  fi
  cp /etc/resolv.conf "$resolv" 2>/dev/null || true
  # Nothing is started inside the card.
  printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
  chmod 755 "$root/usr/sbin/policy-rc.d"
  if chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
    chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"; then
    ok=1
  fi
  rm -f "$root/usr/sbin/policy-rc.d" "$resolv"
  if [ -n "$kept" ]; then mv "$kept" "$resolv"; fi
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount "${mounted[$i]}" || umount -l "${mounted[$i]}"; done
  [ "$ok" -eq 1 ]
}
if [ "${#absent[@]}" -gt 0 ] && [ "$root" != / ] && [ "$dry" -eq 0 ]; then
  if [ "$(id -u)" -ne 0 ] || ! chroot "$root" /bin/true 2>/dev/null; then
    die "the system under $root lacks ${absent[*]}, without which the program does not start, and they cannot be installed from here (this needs root, and qemu-user-static on a desktop to run the card's programs); install them on the Pi (sudo apt install ${absent[*]}) or run make install there; nothing was changed"
  fi
fi

# Copies $1 to $2 (mode $3) under the root, unless dry.
copy() {
  if [ "$dry" -eq 0 ]; then
    install -D -m "$3" "$1" "$(in_root "$2")"
  fi
}

# Installs $1 as $2 (mode $3) when it differs; says which.
put() {
  local src="$1" dest="$2" mode="$3" what="$4"
  local target
  target="$(in_root "$dest")"
  if [ -f "$target" ] && cmp -s "$src" "$target"; then
    return 0
  fi
  local verb="installed"
  if [ -e "$target" ]; then verb="updated"; fi
  change "$verb $what: $dest"
  copy "$src" "$dest" "$mode"
}

put "$binary" /usr/local/bin/tavola 0755 "the program"

# --- voice packs --------------------------------------------------------------
# One line per pack that changed; clips no longer in the pack are removed.
packs=0
for manifest in "$voices"/*/manifest.json; do
  [ -f "$manifest" ] || continue
  pack="$(dirname "$manifest")"
  lang="$(basename "$pack")"
  dest="/usr/local/share/tavola/voices/$lang"
  packs=$((packs + 1))
  new=0
  stale=()
  while IFS= read -r -d '' f; do
    rel="${f#"$pack"/}"
    if ! cmp -s "$f" "$(in_root "$dest/$rel")"; then
      new=$((new + 1))
      copy "$f" "$dest/$rel" 0644
    fi
  done < <(find "$pack" -type f -print0 | sort -z)
  if [ -d "$(in_root "$dest")" ]; then
    while IFS= read -r -d '' f; do
      rel="${f#"$(in_root "$dest")"/}"
      [ -f "$pack/$rel" ] || stale+=("$f")
    done < <(find "$(in_root "$dest")" -type f -print0 | sort -z)
  fi
  if [ "$new" -gt 0 ] || [ "${#stale[@]}" -gt 0 ]; then
    change "voice pack $lang: $new files installed or updated, ${#stale[@]} old ones removed: $dest"
    if [ "$dry" -eq 0 ] && [ "${#stale[@]}" -gt 0 ]; then rm -f "${stale[@]}"; fi
  fi
done
if [ "$packs" -eq 0 ]; then
  notes+=("no voice packs in voices/ (make voices builds them): lines are spoken by espeak-ng if it is installed")
fi

# --- the unit, the pin map, the environment file ------------------------------
put "$here/deploy/tavola.service" /etc/systemd/system/tavola.service 0644 "the systemd unit"
# The system clock set at boot from a real-time clock (a DS3231, the Pi 5's
# own), found by name: started by udev when a clock appears, so nothing to
# enable (deploy/tavola-clock.service).
put "$here/deploy/tavola-clock.service" /etc/systemd/system/tavola-clock.service 0644 "the clock's unit (the system clock set from a real-time clock at boot)"
put "$here/deploy/90-tavola-clock.rules" /etc/udev/rules.d/90-tavola-clock.rules 0644 "the rule that starts it when a real-time clock appears"
# The unit's back-off between quick restarts and its words on the console
# (deploy/restart-guard); the words come from Tavola's message catalogs
# (the console.* messages), one "id<TAB>text" a line per language.
put "$here/deploy/restart-guard" /usr/local/lib/tavola/restart-guard 0755 "the restart guard"
for po in "$here"/words/lang/*/LC_MESSAGES/tavola.po; do
  [ -f "$po" ] || continue
  lang="${po#"$here"/words/lang/}"
  lang="${lang%%/*}"
  console_words="$(mktemp)"
  awk '
    function text(s) { s = substr(s, 2, length(s) - 2); gsub(/\\"/, "\"", s); gsub(/\\\\/, "\\", s); return s }
    function flush() { if (id ~ /^console\./ && str != "") print id "\t" str; id = ""; str = ""; part = "" }
    /^msgid "/ { flush(); id = text(substr($0, 7)); part = "id"; next }
    /^msgstr "/ { str = text(substr($0, 8)); part = "str"; next }
    /^"/ { if (part == "str") str = str text($0); else if (part == "id") id = id text($0); next }
    { flush() }
    END { flush() }
  ' "$po" >"$console_words"
  put "$console_words" "/usr/local/share/tavola/console.$lang" 0644 "the console's words ($lang)"
  rm -f "$console_words"
done
put "$here/README.md" /usr/local/share/doc/tavola/README.md 0644 "the documentation"
pinmap="$(in_root /etc/tavola/pinmap.toml)"
if [ -f "$pinmap" ] && ! cmp -s "$here/hardware/pinmap.toml" "$pinmap"; then
  notes+=("kept your /etc/tavola/pinmap.toml (it differs from hardware/pinmap.toml; compare them by hand)")
else
  put "$here/hardware/pinmap.toml" /etc/tavola/pinmap.toml 0644 "the pin map"
fi
if [ ! -f "$(in_root /etc/tavola/tavola.env)" ]; then
  put "$here/deploy/tavola.env" /etc/tavola/tavola.env 0644 "the settings for the service"
fi
if [ ! -f "$(in_root /etc/tavola/settings.toml)" ]; then
  put "$here/deploy/settings.example.toml" /etc/tavola/settings.toml 0644 "Tavola's settings"
fi
# The system journal (Tavola's messages among them) rotated and bounded.
put "$here/deploy/journald-tavola.conf" /etc/systemd/journald.conf.d/tavola.conf 0644 "the bound on the system log"

# --- screen and touch rotation ---------------------------------------------------
if [ -n "$rotation" ] && [ -z "$touch_rotation" ]; then touch_rotation="$rotation"; fi
if [ -n "$rotation" ]; then
  envfile="$(in_root /etc/tavola/tavola.env)"
  [ -f "$envfile" ] || envfile="$here/deploy/tavola.env"
  if ! grep -qx "SLINT_KMS_ROTATION=$rotation" "$envfile"; then
    change "the picture turned by $rotation degrees: SLINT_KMS_ROTATION=$rotation in /etc/tavola/tavola.env"
    if [ "$dry" -eq 0 ]; then
      target="$(in_root /etc/tavola/tavola.env)"
      mkdir -p "$(dirname "$target")"
      [ -f "$target" ] || cp "$here/deploy/tavola.env" "$target"
      if grep -Eq '^#?SLINT_KMS_ROTATION=' "$target"; then
        sed -i -E "0,/^#?SLINT_KMS_ROTATION=.*/s//SLINT_KMS_ROTATION=$rotation/" "$target"
      else
        printf 'SLINT_KMS_ROTATION=%s\n' "$rotation" >>"$target"
      fi
    fi
  fi
fi
if [ -n "$touch_rotation" ]; then
  # libinput's calibration matrix taking a touch on the panel (0..1 across
  # its own width and height) to the point of Tavola's window drawn there
  # when Slint turns the picture clockwise by this much: Slint hands touches
  # on unturned. At 90 the window's top left is drawn at the panel's top
  # right, so the window's x is the panel's y and its y is 1 - the panel's x.
  # (The matrices usually quoted for "90 degrees" are for the other way
  # round.) tests/tests/touch_rotation.rs follows touches through these.
  case "$touch_rotation" in
    0) matrix="1 0 0 0 1 0" ;;
    90) matrix="0 1 0 -1 0 1" ;;
    180) matrix="-1 0 1 0 -1 1" ;;
    270) matrix="0 -1 1 1 0 0" ;;
  esac
  rules="$(in_root /etc/udev/rules.d/90-tavola-touch.rules)"
  wanted="$(printf '# Tavola: touches turned by %s degrees (scripts/install.sh --touch-rotation)\nENV{ID_INPUT_TOUCHSCREEN}=="1", ENV{LIBINPUT_CALIBRATION_MATRIX}="%s"\n' "$touch_rotation" "$matrix")"
  if [ ! -f "$rules" ] || [ "$(cat "$rules")" != "$wanted" ]; then
    change "the touches turned by $touch_rotation degrees: /etc/udev/rules.d/90-tavola-touch.rules"
    reboot_needed=1
    if [ "$dry" -eq 0 ]; then
      mkdir -p "$(dirname "$rules")"
      printf '%s\n' "$wanted" >"$rules"
    fi
  fi
fi

if [ "$display" = touch-display-2 ]; then
  # The console's text (the boot's, and the restart guard's words should
  # Tavola not start) is turned by the kernel, from cmdline.txt's video=
  # for the panel's connector. It turns only its own console: Tavola's
  # picture is turned by SLINT_KMS_ROTATION above, not twice.
  cmdline=
  for c in /boot/firmware/cmdline.txt /boot/cmdline.txt; do
    if [ -f "$(in_root "$c")" ]; then
      cmdline="$c"
      break
    fi
  done
  wanted_video="video=DSI-1:720x1280@60,rotate=$rotation"
  if [ -n "$cmdline" ]; then
    line="$(head -n 1 "$(in_root "$cmdline")")"
    # One line of words: any earlier video= for DSI-1 gives way to this one.
    cmdline_kept="$(tr ' ' '\n' <<<"$line" | { grep -v -e '^$' -e '^video=DSI-1:' || true; } | paste -sd ' ' -)"
    new="${cmdline_kept:+$cmdline_kept }$wanted_video"
    if [ "$new" != "$line" ]; then
      change "the console turned by $rotation degrees: $wanted_video in $cmdline"
      reboot_needed=1
      if [ "$dry" -eq 0 ]; then printf '%s\n' "$new" >"$(in_root "$cmdline")"; fi
    fi
  else
    notes+=("no cmdline.txt in /boot/firmware or /boot: the console's text stays upright (add $wanted_video to it by hand)")
  fi
fi

# --- enabled at boot ------------------------------------------------------------
wants="$(in_root /etc/systemd/system/multi-user.target.wants/tavola.service)"
if [ ! -L "$wants" ]; then
  change "enabled tavola.service at boot"
  if [ "$dry" -eq 0 ]; then
    mkdir -p "$(dirname "$wants")"
    ln -sf /etc/systemd/system/tavola.service "$wants"
  fi
fi

# --- SPI and I2C ------------------------------------------------------------------
config=
for c in /boot/firmware/config.txt /boot/config.txt; do
  if [ -f "$(in_root "$c")" ]; then
    config="$c"
    break
  fi
done

# Switches `dtparam=$1=on` on in config.txt: uncommented, set from off, or added.
enable_dtparam() {
  local param="$1" label="$2" file
  file="$(in_root "$config")"
  # dtparam=i2c_arm=on,i2c_arm_baudrate=… counts as on.
  if grep -Eq "^[[:space:]]*dtparam=$param=on([,[:space:]]|$)" "$file"; then
    return 0
  fi
  change "$label was off: switched on in $config (takes effect after a reboot)"
  reboot_needed=1
  if [ "$dry" -eq 1 ]; then return 0; fi
  if grep -Eq "^[[:space:]]*#?[[:space:]]*dtparam=$param=(on|off)([,[:space:]]|$)" "$file"; then
    # Uncommented or turned on where it is, its other settings kept.
    sed -i -E "0,/^[[:space:]]*#?[[:space:]]*dtparam=$param=(on|off)([,[:space:]]|$)/s//dtparam=$param=on\2/" "$file"
  else
    # At the end, under [all]: the file may end in a section for another model.
    printf '\n[all]\n# Tavola: the reader (SPI) and the vote pad (I2C)\ndtparam=%s=on\n' "$param" >>"$file"
  fi
}

if [ -n "$config" ]; then
  enable_dtparam spi SPI
  enable_dtparam i2c_arm I2C
else
  notes+=("no config.txt in /boot/firmware or /boot: not Raspberry Pi OS? Switch SPI and I2C on by hand")
fi
modules="$(in_root /etc/modules-load.d/tavola.conf)"
if [ ! -f "$modules" ] || ! grep -qx 'i2c-dev' "$modules"; then
  change "loads the i2c-dev module at boot: /etc/modules-load.d/tavola.conf"
  if [ "$dry" -eq 0 ]; then
    mkdir -p "$(dirname "$modules")"
    printf 'i2c-dev\n' >"$modules"
  fi
fi

# --- the real-time clock ------------------------------------------------------------
# A DS3231 on I2C1 at 0x68 (hardware/bom.md): its overlay under [all], so
# that its driver is loaded at boot; tavola-clock.service (installed above)
# then sets the clock from it, as the kernel does not (the driver is a
# module, loaded after the kernel looked), and Tavola's games are dated
# right on a box that is never online. fake-hwclock stays, as
# Raspberry Pi OS keeps it beside the Pi 5's own clock: it only ever moves
# the clock forward, so a clock set from the RTC is left as it is.
if [ -n "$rtc" ]; then
  if [ -z "$config" ]; then
    notes+=("no config.txt in /boot/firmware or /boot: for the real-time clock add dtoverlay=i2c-rtc,$rtc to it by hand")
  elif ! awk -v want="$rtc" '
    BEGIN { section = "[all]"; missing = 1 }
    { line = $0; sub(/^[ \t]+/, "", line); sub(/[ \t]+$/, "", line) }
    line ~ /^\[/ { section = line; next }
    section == "[all]" && line ~ ("^dtoverlay=i2c-rtc," want "([, \t]|$)") { missing = 0 }
    END { exit missing }
  ' "$(in_root "$config")"; then
    change "the real-time clock ($rtc): dtoverlay=i2c-rtc,$rtc in $config (takes effect after a reboot)"
    reboot_needed=1
    if [ "$dry" -eq 0 ]; then
      # At the end, under [all], as the SPI and I2C lines.
      printf '\n[all]\n# Tavola: the real-time clock (%s on I2C, address 0x68)\ndtoverlay=i2c-rtc,%s\n' "$rtc" "$rtc" >>"$(in_root "$config")"
    fi
  fi
fi

# --- the speaker ----------------------------------------------------------------------
# `speaker = "…"` in Tavola's settings, the owner's other lines kept. For the
# I2S amplifier, its overlay as Raspberry Pi's overlay README gives it for
# the MAX98357A: `dtoverlay=max98357a` (SD_MODE on GPIO4; `,no-sdmode` when
# that pin is not wired). The README asks for nothing else, so the Pi's own
# audio (`dtparam=audio`) is left as it is.
if [ -n "$speaker" ]; then
  settings="$(in_root /etc/tavola/settings.toml)"
  # In a dry run the file may not be there yet: the one that would be.
  [ -f "$settings" ] || settings="$here/deploy/settings.example.toml"
  if ! grep -Eq "^[[:space:]]*speaker[[:space:]]*=[[:space:]]*\"$speaker\"[[:space:]]*(#.*)?$" "$settings"; then
    change "the narration on the speaker $speaker: speaker = \"$speaker\" in /etc/tavola/settings.toml"
    if [ "$dry" -eq 0 ]; then
      # The speaker line replaced where it is, else put before the first
      # table ([timers]) so that it stays a top-level key.
      edited="$(awk -v line="speaker = \"$speaker\"" '
        !done && /^[[:space:]]*speaker[[:space:]]*=/ { print line; done = 1; next }
        !done && /^[[:space:]]*\[/ { print line; print ""; done = 1 }
        { print }
        END { if (!done) print line }
      ' "$settings")"
      printf '%s\n' "$edited" >"$(in_root /etc/tavola/settings.toml)"
    fi
  fi
  if [ "$speaker" = i2s ]; then
    if [ -z "$config" ]; then
      notes+=("no config.txt in /boot/firmware or /boot: for the I2S amplifier add dtoverlay=max98357a to it by hand")
    elif grep -Eq '^[[:space:]]*dtoverlay=(max98357a|hifiberry-dac)([,[:space:]]|$)' "$(in_root "$config")"; then
      # Already set up (some amplifier guides use the HiFiBerry DAC's
      # overlay): a second I2S card would fight over the same pins.
      :
    else
      change "the I2S amplifier (MAX98357A): dtoverlay=max98357a in $config (takes effect after a reboot)"
      reboot_needed=1
      if [ "$dry" -eq 0 ]; then
        # At the end, under [all], as the SPI and I2C lines.
        printf '\n[all]\n# Tavola: the MAX98357A I2S amplifier (SD_MODE on GPIO4; add ,no-sdmode if it is not wired)\ndtoverlay=max98357a\n' >>"$(in_root "$config")"
      fi
    fi
  fi
fi

# --- the libraries the program needs at run time --------------------------------
# (checked before anything is changed, installed here: the program does not
# start without them and the screen would stay black).
if [ "${#absent[@]}" -gt 0 ]; then
  change "installed the libraries it needs: ${absent[*]}"
  if [ "$dry" -eq 0 ]; then
    if [ "$root" = / ]; then
      env DEBIAN_FRONTEND=noninteractive apt-get update -qq
      env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${absent[@]}"
    else
      install_into_root "${absent[@]}" || die "could not install ${absent[*]} into $root (see apt's words above): the rest is in place; run this again, or make install on the Pi"
    fi
  fi
fi

# --- the tavola user ----------------------------------------------------------------
passwd="$(in_root /etc/passwd)"
group="$(in_root /etc/group)"
if [ ! -f "$passwd" ]; then
  notes+=("no /etc/passwd under $root: create the tavola user on the Pi (run this script there)")
else
  if ! grep -q '^tavola:' "$passwd"; then
    change "created the user tavola (the unit runs Tavola as tavola, not as root)"
    if [ "$dry" -eq 0 ]; then
      useradd --root "$root" --system --home-dir /var/lib/tavola --no-create-home \
        --shell /usr/sbin/nologin --user-group tavola 2>/dev/null
    fi
  fi
  for g in video render input audio gpio spi i2c; do
    line="$(grep "^$g:" "$group" 2>/dev/null || true)"
    [ -n "$line" ] || continue
    members=",${line##*:},"
    if [[ "$members" != *",tavola,"* ]]; then
      change "added tavola to the group $g"
      if [ "$dry" -eq 0 ]; then usermod --root "$root" -aG "$g" tavola; fi
    fi
  done
fi

# --- a desktop holding the screen -----------------------------------------------------
if [ -e "$(in_root /etc/systemd/system/display-manager.service)" ]; then
  notes+=("a desktop starts at boot and holds the screen: choose console boot (sudo raspi-config → System Options → Boot → Console)")
fi

# --- on the running system: reload -----------------------------------------------------
if [ "$root" = / ] && [ "$dry" -eq 0 ] && [ "${#changes[@]}" -gt 0 ] && command -v systemctl >/dev/null 2>&1; then
  systemctl daemon-reload || true
fi

for n in ${notes[@]+"${notes[@]}"}; do
  say "note: $n"
done
if [ "${#changes[@]}" -eq 0 ]; then
  say "nothing to change: everything is in place"
elif [ "$dry" -eq 1 ]; then
  say "dry run: ${#changes[@]} changes listed, nothing was changed"
else
  say "${#changes[@]} changes made"
  if [ "$reboot_needed" -eq 1 ]; then
    say "reboot to start Tavola with SPI and I2C on: sudo reboot"
  elif [ "$root" = / ]; then
    say "start it now with: sudo systemctl restart tavola (or reboot)"
  fi
fi
