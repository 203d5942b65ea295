#!/bin/sh
# Rasterises icon.svg into the PNG the window shows, the .ico Windows embeds, and the 512 and
# 1024 pixel PNGs the macOS app icon is scaled down from (never up).
# Needs rsvg-convert (librsvg2-bin) and ImageMagick.
set -e
cd "$(dirname "$0")"
for s in 16 32 48 64 128 256 512 1024; do rsvg-convert -w $s -h $s icon.svg -o /tmp/hg-icon-$s.png; done
cp /tmp/hg-icon-256.png icon-256.png
cp /tmp/hg-icon-64.png icon-64.png
cp /tmp/hg-icon-512.png icon-512.png
cp /tmp/hg-icon-1024.png icon-1024.png
convert /tmp/hg-icon-16.png /tmp/hg-icon-32.png /tmp/hg-icon-48.png /tmp/hg-icon-64.png \
  /tmp/hg-icon-128.png /tmp/hg-icon-256.png icon.ico
