#!/usr/bin/env bash
# Makes the home hero's looping background video from the hero artwork: a slow, seamless
# push-in and back, with no audio track. Replace public/video/hero.{webm,mp4} with real
# footage of the same names to change it (keep it short, muted and under ~1.5 MB).
# Needs ffmpeg (Debian: apt-get install -y ffmpeg).
set -euo pipefail
cd "$(dirname "$0")/.."
src=src/assets/site/hero-poster.jpg
mkdir -p public/video
filter="scale=2560:-1,zoompan=z='1+0.06*sin(PI*on/240)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=240:s=1280x720:fps=24,format=yuv420p"
ffmpeg -y -loglevel error -loop 1 -i "$src" -vf "$filter" -frames:v 240 -an -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 public/video/hero.webm
ffmpeg -y -loglevel error -loop 1 -i "$src" -vf "$filter" -frames:v 240 -an -c:v libx264 -preset slow -crf 30 -movflags +faststart public/video/hero.mp4
ls -l public/video
