#!/usr/bin/env bash
# Re-creates the card PNGs in this folder from the SVG originals.
# Needs npm (to fetch the package) and rsvg-convert (Debian: librsvg2-bin).
# Usage: bash assets/cards/rasterize.sh   (from the repository root)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent @heruka_urgyen/react-playing-cards@0.5.0 >/dev/null && tar xzf ./*.tgz)
src="$work/package/src/images"
# 300x420 px: crisp at the table's card size on screens up to 4K.
for deck in 2color 4color; do
  mkdir -p "$here/$deck"
  for f in "$src/$deck"/*.svg; do
    name=$(basename "$f" .svg)
    case "$name" in 1J|2J) continue;; esac   # jokers are not used
    rsvg-convert -w 300 -h 420 "$f" -o "$here/$deck/$name.png"
  done
done
rsvg-convert -w 300 -h 420 "$src/back.svg" -o "$here/back.png"
echo "rasterized $(ls "$here"/2color/*.png | wc -l) + $(ls "$here"/4color/*.png | wc -l) faces and a back"
