#!/usr/bin/env bash
# The emulated box's operating system: a Debian bookworm arm64 root (what
# Raspberry Pi OS is built on) as a tarball, with the kernel and an
# initramfs, made by mmdebstrap under qemu-user. Nothing of Tavola is in it:
# scripts/install.sh puts Tavola in afterwards, as onto an SD card.
#
#   scripts/appliance/build-root.sh OUT.tar
#
# The format is said (--format=tar), not left to OUT's name: given a name
# that does not end in .tar, mmdebstrap would write a folder.
#
# The root has what Raspberry Pi OS Lite boots with (systemd, udev, the
# kernel's modules, e2fsprogs, procps, ALSA's tools) and none of the
# libraries the program needs: the installer must bring those.
set -euo pipefail
out="$1"
mirror="${APPLIANCE_MIRROR:-http://deb.debian.org/debian}"
security="${APPLIANCE_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
packages=systemd-sysv,udev,kmod,linux-image-arm64,initramfs-tools,e2fsprogs,procps,alsa-utils,ca-certificates,apt
# The initramfs is made once at the end, not at each kernel or firmware
# trigger (three times over, under qemu-user, otherwise): update-initramfs
# is a no-op until the last hook puts it back.
mmdebstrap --arch=arm64 --variant=minbase --format=tar --include="$packages" \
  --aptopt='APT::Install-Recommends "false"' \
  --essential-hook='chroot "$1" dpkg-divert --quiet --local --rename --add /usr/sbin/update-initramfs' \
  --essential-hook='printf "#!/bin/sh\nexit 0\n" >"$1/usr/sbin/update-initramfs" && chmod 755 "$1/usr/sbin/update-initramfs"' \
  --customize-hook='rm -f "$1/usr/sbin/update-initramfs" && chroot "$1" dpkg-divert --quiet --local --rename --remove /usr/sbin/update-initramfs' \
  --customize-hook='printf "virtio_pci\nvirtio_blk\nvirtio_gpu\next4\n" >>"$1/etc/initramfs-tools/modules"' \
  --customize-hook='sed -i "s/^MODULES=.*/MODULES=list/" "$1/etc/initramfs-tools/initramfs.conf"' \
  --customize-hook='chroot "$1" update-initramfs -c -k all' \
  bookworm "$out" \
  "deb $mirror bookworm main" "deb $mirror bookworm-updates main" "deb $security bookworm-security main"
