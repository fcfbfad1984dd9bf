#!/usr/bin/env bash
# The whole box, checked as a system: a Debian bookworm arm64 machine (what
# Raspberry Pi OS is built on) gets Tavola through scripts/install.sh, as an
# SD card does, and boots under qemu-system-aarch64 with a DRM/KMS display
# (virtio GPU at 800×480), a touch device (virtio tablet), a USB speaker and
# no reader, pad or roll button. Everything is then checked from outside,
# through QEMU's monitor: the screen as the display shows it, touches sent as
# input events, power cuts; and a root shell on a virtio console reads the
# machine's own state (the unit, the user, the system journal).
#
#   scripts/appliance-check.sh [--keep] [--profile P] [--binary FILE]
#                              [--reuse DIR] [--alter SCRIPT] [--stop-on-fail]
#
#   --keep         leave the work folder (the disk image, the screens seen,
#                  the console's log) and say where
#   --profile P    the Cargo profile the binary is built with: `appliance`
#                  (the default: the release profile at opt-level 1 without
#                  LTO, built in about 9 minutes here against 13 for
#                  `release`), `release` or `pi` (the box's own, slowest)
#   --binary FILE  the aarch64 tavola to install; without it
#                  scripts/cross-build.sh --profile P builds one into
#                  target/appliance ($APPLIANCE_TARGET_DIR)
#   --reuse DIR    boot a copy of the disk image as installed (before it
#                  first booted), the kernel and the device tree that a run
#                  with --keep left in DIR, instead of building and
#                  installing again
#   --alter SCRIPT run `SCRIPT ROOT` on the installed system before it boots
#                  (on the reused image's copy with --reuse): a box broken
#                  on purpose, to see that a check catches it
#   --stop-on-fail end the checks at the first FAIL
#
# The machine tells QEMU's device tree that it is a "Raspberry Pi 6 Model B"
# (a model no GPIO library knows yet), so Tavola treats it as a Pi and looks
# for its parts. What only a Pi can show (its vc4 display, a real touch
# panel, GPIO/SPI/I2C timing) is listed in docs/appliance.md, "Verified where".
#
# What it downloads and builds is kept in $APPLIANCE_CACHE
# (/var/cache/tavola-appliance): the arm64 root (about 11 minutes the first
# time, under qemu-user), rebuilt when scripts/appliance/build-root.sh
# changes or what the cache holds is not a whole tarball (scripts/common.sh,
# cached_root). Needs root (the root's files, binfmt_misc), like the installer.
# Exit status: 0 when every check passed, 1 when one failed, 2 when it
# could not run.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
keep=0
binary=
reuse=
alter=
profile=appliance
me=appliance
# shellcheck source=scripts/common.sh
. "$here/scripts/common.sh"
while [ $# -gt 0 ]; do
  case "$1" in
    --keep) keep=1 ;;
    --profile)
      [ $# -ge 2 ] || die "--profile needs a Cargo profile (appliance, release, pi)"
      profile="$2"
      shift
      ;;
    --binary)
      [ $# -ge 2 ] || die "--binary needs a file"
      binary="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
      shift
      ;;
    --reuse)
      [ $# -ge 2 ] && [ -f "$2/installed.img" ] || die "--reuse needs a work folder kept by --keep (with its installed.img)"
      reuse="$(cd "$2" && pwd)"
      shift
      ;;
    --alter)
      [ $# -ge 2 ] && [ -f "$2" ] || die "--alter needs a script"
      alter="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
      shift
      ;;
    --stop-on-fail) export APPLIANCE_STOP_ON_FAIL=1 ;;
    -h | --help)
      sed -n '2,43p' "$0" | sed 's/^# \{0,1\}//' >&2
      exit 0
      ;;
    *) die "unknown option '$1'" ;;
  esac
  shift
done
[ "$(id -u)" -eq 0 ] || die "needs root (the system's files keep their owners, binfmt_misc): sudo $0"
start=$(date +%s)
lap() { say "$1 ($(($(date +%s) - start)) s so far)"; }

# --- the host's tools, installed only when missing ---------------------------
tools=(qemu-system-arm qemu-user-static binfmt-support arch-test mmdebstrap device-tree-compiler e2fsprogs python3)
missing=()
for p in "${tools[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  say "installing ${missing[*]}"
  env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# arm64 programs run here through qemu-user (mmdebstrap's packages'
# scripts, the installer's apt inside the card).
if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
  mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc || die "cannot mount binfmt_misc"
fi
update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || true
arch-test arm64 >/dev/null 2>&1 || die "this machine cannot run arm64 programs through qemu-user ($(arch-test arm64 2>&1))"

cache="${APPLIANCE_CACHE:-/var/cache/tavola-appliance}"
mkdir -p "$cache"
work="$(mktemp -d /var/tmp/tavola-appliance.XXXXXX)"
qemu_pid=
cleanup() {
  if [ -n "$qemu_pid" ]; then kill "$qemu_pid" 2>/dev/null || true; fi
  if [ "$keep" -eq 1 ]; then say "work folder kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# --- the reference screens, drawn on this machine ------------------------------
# By the software renderer here, with the notices the box says at start
# (check.py runs the example once it has read them); the desktop's tavola
# builds the voice packs below.
export PATH="$HOME/.cargo/bin:$PATH"
(cd "$here" && cargo build -q -p tavola --bin tavola --example appliance_reference) ||
  die "cannot build the desktop's tavola and the reference screens' example"
desktop="${CARGO_TARGET_DIR:-$here/target}/debug"
export APPLIANCE_REFERENCE="$desktop/examples/appliance_reference"

# alter_image IMAGE: --alter's script run on the system inside IMAGE.
alter_image() {
  mkdir -p "$work/root"
  mount -o loop "$1" "$work/root" || die "cannot mount $1 to alter it"
  local rc=0
  "$alter" "$work/root" >&2 || rc=$?
  umount "$work/root"
  [ "$rc" -eq 0 ] || die "$alter failed ($rc)"
  rmdir "$work/root"
}

if [ -n "$reuse" ]; then
  # --- the box a kept run installed, booted again ------------------------------
  say "booting again the box installed in $reuse"
  cp "$reuse/vmlinuz" "$reuse/initrd.img" "$reuse/pi.dtb" "$work/"
  cp --sparse=always "$reuse/installed.img" "$work/disk.img"
  if [ -n "$alter" ]; then
    say "altering the installed system with $alter"
    alter_image "$work/disk.img"
  fi
  lap "the disk image is copied"
else
  # --- the operating system, cached --------------------------------------------
  key="$(sha256sum "$here/scripts/appliance/build-root.sh" | cut -c1-16)"
  root_tar="$(cached_root "$cache" "$key" "$here/scripts/appliance/build-root.sh" "$work/mmdebstrap.log")"
  lap "the arm64 system is ready"

  # --- the program -----------------------------------------------------------------
  if [ -z "$binary" ]; then
    target_dir="${APPLIANCE_TARGET_DIR:-$here/target/appliance}"
    CARGO_TARGET_DIR="$target_dir" "$here/scripts/cross-build.sh" --profile "$profile" >&2
    binary="$target_dir/aarch64-unknown-linux-gnu/$profile/tavola"
  fi
  [ -x "$binary" ] || die "no program at $binary"
  lap "the program is built"

  # --- the voice packs, as `make install` makes them (espeak-ng) ---------------
  "$desktop/tavola" voice build --out "$work/voices" >&2 || die "cannot build the voice packs"
  lap "the voice packs are ready"

  # --- the card: the system, then Tavola installed as a user does ----------------
  root="$work/root"
  mkdir -p "$root"
  tar -xpf "$root_tar" -C "$root" --numeric-owner
  # What Raspberry Pi OS has and the plain Debian root lacks: the firmware's
  # config.txt, where the installer switches SPI and I2C on.
  mkdir -p "$root/boot/firmware"
  printf '# The emulated box: its firmware reads nothing here.\ndtparam=audio=on\n' >"$root/boot/firmware/config.txt"
  printf 'tavola-box\n' >"$root/etc/hostname"
  printf '/dev/vda / ext4 defaults 0 1\n' >"$root/etc/fstab"
  # The check's own window into the machine: a root shell on the virtio
  # console (not part of the box).
  mkdir -p "$root/etc/systemd/system/serial-getty@hvc0.service.d" "$root/etc/systemd/system/getty.target.wants"
  cat >"$root/etc/systemd/system/serial-getty@hvc0.service.d/check.conf" <<'EOF'
[Service]
ExecStart=
ExecStart=-/sbin/agetty --autologin root --noclear --keep-baud 115200,57600,38400,9600 %I dumb
EOF
  ln -sf /lib/systemd/system/serial-getty@.service "$root/etc/systemd/system/getty.target.wants/serial-getty@hvc0.service"

  say "installing Tavola into the card with scripts/install.sh"
  # The box's speaker is a USB one: the owner says so, as docs/appliance.md tells.
  "$here/scripts/install.sh" --root "$root" --binary "$binary" --voices "$work/voices" --speaker usb | tee "$work/install.log" >&2
  # The owner's settings: English on the screen, as the check reads it.
  sed -i 's/^lang = .*/lang = "en"/' "$root/etc/tavola/settings.toml"
  lap "Tavola is installed"
  if [ -n "$alter" ]; then
    say "altering the installed system with $alter"
    "$alter" "$root" >&2 || die "$alter failed"
  fi

  cp "$(ls "$root"/boot/vmlinuz-* | sort | tail -1)" "$work/vmlinuz"
  cp "$(ls "$root"/boot/initrd.img-* | sort | tail -1)" "$work/initrd.img"
  mkfs.ext4 -q -F -L root -d "$root" "$work/disk.img" 3G
  rm -rf "$root"
  lap "the disk image is made"

  # --- a device tree that names a Raspberry Pi ---------------------------------------
  qemu-system-aarch64 -M virt,dumpdtb="$work/virt.dtb" -cpu cortex-a72 -smp 2 -m 1536 -nic none -display none >/dev/null 2>&1
  dtc -q -I dtb -O dts -o "$work/virt.dts" "$work/virt.dtb"
  grep -q 'compatible = "linux,dummy-virt";' "$work/virt.dts" || die "QEMU's device tree has no root compatible to change"
  sed -i -e 's/compatible = "linux,dummy-virt";/compatible = "raspberrypi,6-model-b", "brcm,bcm2713";/' \
    -e 's/model = "linux,dummy-virt";/model = "Raspberry Pi 6 Model B Rev 1.0";/' "$work/virt.dts"
  dtc -q -I dts -O dtb -o "$work/pi.dtb" "$work/virt.dts"
  # Kept, the disk as installed, before the boot changes it: --reuse boots
  # copies of it.
  if [ "$keep" -eq 1 ]; then cp --sparse=always "$work/disk.img" "$work/installed.img"; fi
fi

# --- boot and check ----------------------------------------------------------------
export APPLIANCE_WORK="$work"
qemu_cmd=(qemu-system-aarch64 -M virt -cpu cortex-a72 -smp 2 -m 1536 -nic none
  -kernel "$work/vmlinuz" -initrd "$work/initrd.img" -dtb "$work/pi.dtb"
  -append "root=/dev/vda rw console=ttyAMA0 quiet"
  -drive "file=$work/disk.img,format=raw,if=virtio"
  -device virtio-gpu-pci,xres=800,yres=480
  -device virtio-tablet-pci -device virtio-keyboard-pci
  -device qemu-xhci -audiodev "wav,id=speaker,path=$work/speaker.wav" -device usb-audio,audiodev=speaker
  -device virtio-serial-pci -chardev "socket,id=shell,path=$work/shell.sock,server=on,wait=off"
  -device virtconsole,chardev=shell
  -display none -serial "file:$work/console.log"
  -qmp "unix:$work/qmp.sock,server=on,wait=off")
printf '%q ' "${qemu_cmd[@]}" >"$work/qemu.cmd"
"${qemu_cmd[@]}" >"$work/qemu.log" 2>&1 &
qemu_pid=$!
lap "the machine is switched on"
status=0
python3 "$here/scripts/appliance/check.py" "$work" || status=$?
kill "$qemu_pid" 2>/dev/null || true
wait "$qemu_pid" 2>/dev/null || true
qemu_pid=
lap "done"
exit "$status"
