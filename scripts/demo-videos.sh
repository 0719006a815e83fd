#!/usr/bin/env bash
# Regenerates the demo videos in server/src/db/demo-media/ (seeded for the embedded demo only, server/src/db/demoMedia.ts).
# They are committed, not made at install or start: the only ffmpeg from the npm registry is a 68 MB binary, too much
# for every `npm ci` to carry for three clips of about 15 KB. Needs any ffmpeg with libx264 and drawtext, e.g.
#   npm pack @ffmpeg-installer/linux-x64@4.1.0 && tar xzf ffmpeg-installer-linux-x64-4.1.0.tgz && FFMPEG=./package/ffmpeg
set -euo pipefail
FFMPEG=${FFMPEG:-ffmpeg}
FONT=${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}
OUT=$(cd "$(dirname "$0")/../server/src/db/demo-media" && pwd)

# name, background colour, title: 6 s at 640x360, 15 fps, H.264 baseline with the index first (plays while loading).
clip() {
  local name=$1 colour=$2 title=$3
  "$FFMPEG" -loglevel error -y -f lavfi -i "color=c=${colour}:s=640x360:r=15:d=6" \
    -vf "drawbox=x='mod(t*120,640)':y=300:w=80:h=14:color=white@0.8:t=fill,drawtext=fontfile=${FONT}:text='${title}':fontcolor=white:fontsize=44:x=(w-text_w)/2:y=120,drawtext=fontfile=${FONT}:text='DEMO VIDEO %{eif\\:t+1\\:d} / 6':fontcolor=white@0.7:fontsize=24:x=(w-text_w)/2:y=200" \
    -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -crf 30 -g 30 -movflags +faststart -an \
    -metadata title="$title" -map_metadata -1 -fflags +bitexact -flags:v +bitexact "$OUT/$name.mp4"
}
clip introduction '#1d2b3a' 'EVOLUTION'
clip push '#7a2e1f' 'PUSH: FORM'
clip squat '#1f5a3a' 'SQUAT: FORM'
ls -l "$OUT"
