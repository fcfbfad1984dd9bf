#!/usr/bin/env bash
# Renders every part of the enclosure into the STL files beside the .scad
# sources (binary STL), and says how long each took. Needs OpenSCAD
# (`sudo apt-get install --no-install-recommends openscad`). After changing
# a .scad file, run this and commit the STL files with it:
# tests/tests/enclosure_stl.rs fails on an STL whose size no longer matches
# its source's parameters.
set -euo pipefail
cd "$(dirname "$0")"
command -v openscad >/dev/null || { echo "render.sh: openscad is needed (sudo apt-get install --no-install-recommends openscad)" >&2; exit 2; }
render() {
  local out="$1" scad="$2"
  shift 2
  local start=$SECONDS
  openscad -q --export-format binstl "$@" -o "$out" "$scad"
  echo "render.sh: $out ($((SECONDS - start)) s)"
}
for d in td1 td2; do
  for p in front back; do
    render "display-$d-$p.stl" display.scad -D "display=\"$d\"" -D "part=\"$p\""
  done
done
for p in case hood bottom; do
  render "seat-$p.stl" seat.scad -D "part=\"$p\""
done
