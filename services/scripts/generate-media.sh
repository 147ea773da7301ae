#!/usr/bin/env bash
# Generates the media library served by the `media` service (services/media/).
# Run once from anywhere: bash services/scripts/generate-media.sh
# Needs ffmpeg/ffprobe built with libx264, libfreetype and libfontconfig (Debian's ffmpeg is).
# Output is committed; re-running rewrites it (the encodes are deterministic enough to diff small).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT="$HERE/../media"
FONT="DejaVu Sans"
FPS=24
GOP=48   # a keyframe every 2 s
SEG=4    # HLS segment length in seconds

rm -rf "$OUT/clips" "$OUT/broken" "$OUT/subtitles"
mkdir -p "$OUT/clips" "$OUT/broken" "$OUT/subtitles"

ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }

# Video source: coloured background, a moving square, the clip title, the rendition label and a
# burned-in timecode. $1 clip title, $2 label, $3 WxH, $4 seconds, $5 background colour.
video_filter() {
  local title="$1" label="$2" size="$3" dur="$4" bg="$5"
  local w="${size%x*}" h="${size#*x}"
  local big=$((h / 9)) small=$((h / 16))
  echo "color=c=${bg}:s=${size}:r=${FPS}:d=${dur}[bg];color=c=0xf5c542:s=$((h / 6))x$((h / 6)):r=${FPS}:d=${dur}[sq];[bg][sq]overlay=x='mod(t*${w}/5\,${w})':y='${h}*0.62'[v0];[v0]drawtext=font='${FONT}':text='${title}':fontcolor=white:fontsize=${big}:x=(w-text_w)/2:y=h*0.12,drawtext=font='${FONT}':text='${label}':fontcolor=0xdddddd:fontsize=${small}:x=(w-text_w)/2:y=h*0.12+${big}*1.4,drawtext=font='${FONT} Mono':text='%{pts\:hms}':fontcolor=white:box=1:boxcolor=black@0.6:fontsize=${big}:x=(w-text_w)/2:y=h*0.40[v]"
}

x264() { echo "-c:v libx264 -preset veryfast -profile:v main -level 4.0 -pix_fmt yuv420p -g $GOP -keyint_min $GOP -sc_threshold 0 -crf $1 -maxrate $2 -bufsize $2"; }

# $1 dir, $2 clip title, $3 label, $4 encoded WxH, $5 seconds, $6 bg, $7 crf, $8 maxrate
hls_video() {
  local dir="$1"; mkdir -p "$dir"
  # shellcheck disable=SC2046
  ff -filter_complex "$(video_filter "$2" "$3" "$4" "$5" "$6")" -map '[v]' $(x264 "$7" "$8") -an \
    -f hls -hls_time $SEG -hls_playlist_type vod -hls_segment_filename "$dir/seg%03d.ts" "$dir/index.m3u8"
}

# $1 dir, $2 seconds, $3 frequency (Hz): a beep once per second, distinct per language
hls_audio() {
  local dir="$1"; mkdir -p "$dir"
  ff -f lavfi -i "sine=f=$3:beep_factor=2:d=$2:sample_rate=44100" -c:a aac -b:a 48k -ac 2 \
    -f hls -hls_time $SEG -hls_playlist_type vod -hls_segment_filename "$dir/seg%03d.ts" "$dir/index.m3u8"
}

# $1 file, $2 clip title, $3 label, $4 WxH, $5 seconds, $6 bg, $7 crf, $8 maxrate, $9 beep Hz
mp4_file() {
  # shellcheck disable=SC2046
  ff -filter_complex "$(video_filter "$2" "$3" "$4" "$5" "$6")" -f lavfi -i "sine=f=$9:beep_factor=2:d=$5:sample_rate=44100" \
    -map '[v]' -map 0:a $(x264 "$7" "$8") -c:a aac -b:a 64k -ac 2 -movflags +faststart -shortest "$1"
}

# HLS with muxed audio (one playlist per rendition, audio inside the video segments)
hls_muxed() {
  local dir="$1"; mkdir -p "$dir"
  # shellcheck disable=SC2046
  ff -filter_complex "$(video_filter "$2" "$3" "$4" "$5" "$6")" -f lavfi -i "sine=f=$9:beep_factor=2:d=$5:sample_rate=44100" \
    -map '[v]' -map 0:a $(x264 "$7" "$8") -c:a aac -b:a 48k -ac 2 -shortest \
    -f hls -hls_time $SEG -hls_playlist_type vod -hls_segment_filename "$dir/seg%03d.ts" "$dir/index.m3u8"
}

start_pts() { # 90 kHz start timestamp of a TS segment, for X-TIMESTAMP-MAP
  ffprobe -v error -show_entries format=start_time -of default=nw=1:nk=1 "$1" | awk '{printf "%d", $1 * 90000 + 0.5}'
}

# Subtitles: a cue every 2 s saying which language and where we are. $1 lang code, $2 phrase, $3 seconds
write_subs() {
  local base="$1" lang="$2" phrase="$3" dur="$4" i=0 s e
  {
    echo "WEBVTT"
    echo
    while [ $((i * 2)) -lt "$dur" ]; do
      s=$((i * 2)); e=$((s + 2)); [ "$e" -gt "$dur" ] && e="$dur"
      printf '%s\n00:00:%02d.000 --> 00:00:%02d.000\n%s %d (%s)\n\n' "$((i + 1))" "$s" "$e" "$phrase" "$((i + 1))" "$lang"
      i=$((i + 1))
    done
  } > "$base.vtt"
  i=0
  {
    while [ $((i * 2)) -lt "$dur" ]; do
      s=$((i * 2)); e=$((s + 2)); [ "$e" -gt "$dur" ] && e="$dur"
      printf '%s\n00:00:%02d,000 --> 00:00:%02d,000\n%s %d (%s)\n\n' "$((i + 1))" "$s" "$e" "$phrase" "$((i + 1))" "$lang"
      i=$((i + 1))
    done
  } > "$base.srt"
}

declare -A PHRASE=([en]="Subtitle line" [es]="Línea de subtítulo" [fr]="Ligne de sous-titre" [de]="Untertitelzeile")

# ---------------------------------------------------------------------------------------------
# Clip 1 "meadow" (16 s): the full HLS ladder (4 video renditions incl. one declared 3840x2160,
# 2 audio languages, 2 WebVTT subtitle renditions) and MP4 in 4 qualities.
C=meadow; T="Meadow"; D=16; BG=0x2e6b3a
hls_video "$OUT/clips/$C/hls/v240" "$T" "240p HLS" 426x240 $D $BG 30 200k
hls_video "$OUT/clips/$C/hls/v360" "$T" "360p HLS" 640x360 $D $BG 30 350k
hls_video "$OUT/clips/$C/hls/v720" "$T" "720p HLS" 1280x720 $D $BG 30 700k
# The "4K" rendition: encoded small (1280x720) to keep the library tiny; its playlist entry declares
# RESOLUTION=3840x2160 so the product's 4K path is exercised.
hls_video "$OUT/clips/$C/hls/v2160" "$T" "2160p HLS (declared 3840x2160)" 1280x720 $D 0x5a2e6b 30 900k
hls_audio "$OUT/clips/$C/hls/a-en" $D 440
hls_audio "$OUT/clips/$C/hls/a-es" $D 660
PTS=$(start_pts "$OUT/clips/$C/hls/v240/seg000.ts")
for L in en es; do
  mkdir -p "$OUT/clips/$C/hls/s-$L"
  write_subs "$OUT/clips/$C/hls/s-$L/tmp" "$L" "${PHRASE[$L]}" $D
  { echo "WEBVTT"; echo "X-TIMESTAMP-MAP=MPEGTS:$PTS,LOCAL:00:00:00.000"; tail -n +2 "$OUT/clips/$C/hls/s-$L/tmp.vtt"; } > "$OUT/clips/$C/hls/s-$L/sub0.vtt"
  rm "$OUT/clips/$C/hls/s-$L/tmp.vtt" "$OUT/clips/$C/hls/s-$L/tmp.srt"
  printf '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:%d\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:%d.000,\nsub0.vtt\n#EXT-X-ENDLIST\n' $D $D > "$OUT/clips/$C/hls/s-$L/index.m3u8"
done
CODECS='avc1.4d4028,mp4a.40.2'
cat > "$OUT/clips/$C/hls/master.m3u8" <<EOF
#EXTM3U
#EXT-X-VERSION:4
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="a-en/index.m3u8"
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Español",LANGUAGE="es",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="a-es/index.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="s-en/index.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Español",LANGUAGE="es",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="s-es/index.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=300000,AVERAGE-BANDWIDTH=250000,RESOLUTION=426x240,FRAME-RATE=24.000,CODECS="$CODECS",AUDIO="aud",SUBTITLES="subs"
v240/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=600000,AVERAGE-BANDWIDTH=500000,RESOLUTION=640x360,FRAME-RATE=24.000,CODECS="$CODECS",AUDIO="aud",SUBTITLES="subs"
v360/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=1500000,AVERAGE-BANDWIDTH=1200000,RESOLUTION=1280x720,FRAME-RATE=24.000,CODECS="$CODECS",AUDIO="aud",SUBTITLES="subs"
v720/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=6000000,AVERAGE-BANDWIDTH=5000000,RESOLUTION=3840x2160,FRAME-RATE=24.000,CODECS="$CODECS",AUDIO="aud",SUBTITLES="subs"
v2160/index.m3u8
EOF
mkdir -p "$OUT/clips/$C/mp4"
mp4_file "$OUT/clips/$C/mp4/360.mp4" "$T" "360p MP4" 640x360 $D $BG 30 350k 440
mp4_file "$OUT/clips/$C/mp4/480.mp4" "$T" "480p MP4" 854x480 $D $BG 30 450k 440
mp4_file "$OUT/clips/$C/mp4/720.mp4" "$T" "720p MP4" 1280x720 $D $BG 30 700k 440
mp4_file "$OUT/clips/$C/mp4/1080.mp4" "$T" "1080p MP4" 1920x1080 $D $BG 32 900k 440

# Clip 2 "harbor" (12 s): HLS with muxed audio in 2 renditions, MP4 in 2 qualities.
C=harbor; T="Harbor"; D=12; BG=0x1f3f6e
hls_muxed "$OUT/clips/$C/hls/v360" "$T" "360p HLS" 640x360 $D $BG 30 350k 520
hls_muxed "$OUT/clips/$C/hls/v720" "$T" "720p HLS" 1280x720 $D $BG 30 700k 520
cat > "$OUT/clips/$C/hls/master.m3u8" <<EOF
#EXTM3U
#EXT-X-VERSION:3
#EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=640x360,CODECS="$CODECS"
v360/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=1500000,RESOLUTION=1280x720,CODECS="$CODECS"
v720/index.m3u8
EOF
mkdir -p "$OUT/clips/$C/mp4"
mp4_file "$OUT/clips/$C/mp4/480.mp4" "$T" "480p MP4" 854x480 $D $BG 30 450k 520
mp4_file "$OUT/clips/$C/mp4/720.mp4" "$T" "720p MP4" 1280x720 $D $BG 30 700k 520

# Clip 3 "lantern" (12 s): episodes. HLS muxed 2 renditions, MP4 in 2 qualities.
C=lantern; T="Lantern"; D=12; BG=0x6b3a2e
hls_muxed "$OUT/clips/$C/hls/v360" "$T" "360p HLS" 640x360 $D $BG 30 350k 600
hls_muxed "$OUT/clips/$C/hls/v1080" "$T" "1080p HLS" 1920x1080 $D $BG 32 900k 600
cat > "$OUT/clips/$C/hls/master.m3u8" <<EOF
#EXTM3U
#EXT-X-VERSION:3
#EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=640x360,CODECS="$CODECS"
v360/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=3000000,RESOLUTION=1920x1080,CODECS="$CODECS"
v1080/index.m3u8
EOF
mkdir -p "$OUT/clips/$C/mp4"
mp4_file "$OUT/clips/$C/mp4/360.mp4" "$T" "360p MP4" 640x360 $D $BG 30 350k 600
mp4_file "$OUT/clips/$C/mp4/720.mp4" "$T" "720p MP4" 1280x720 $D $BG 30 700k 600

# Clip 4 "trailer" (10 s): what catalog `videos` entries point to. MP4 720 plus a one-rendition HLS.
C=trailer; T="Trailer"; D=10; BG=0x444444
mkdir -p "$OUT/clips/$C/mp4"
mp4_file "$OUT/clips/$C/mp4/720.mp4" "$T" "Trailer 720p MP4" 1280x720 $D $BG 30 600k 330
hls_muxed "$OUT/clips/$C/hls/v720" "$T" "Trailer 720p HLS" 1280x720 $D $BG 30 600k 330
printf '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=1500000,RESOLUTION=1280x720,CODECS="%s"\nv720/index.m3u8\n' "$CODECS" > "$OUT/clips/$C/hls/master.m3u8"

# Standalone subtitle files (SRT and VTT) in several languages, per clip.
for C in meadow harbor lantern; do
  case $C in meadow) D=16;; *) D=12;; esac
  mkdir -p "$OUT/subtitles/$C"
  for L in en es fr de; do write_subs "$OUT/subtitles/$C/$L" "$L" "${PHRASE[$L]}" $D; done
done

# ---------------------------------------------------------------------------------------------
# Broken streams for error paths.
# 1. Segments 404: a valid playlist whose segments do not exist.
mkdir -p "$OUT/broken/missing-segments"
printf '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=640x360,CODECS="%s"\nv360/index.m3u8\n' "$CODECS" > "$OUT/broken/missing-segments/master.m3u8"
mkdir -p "$OUT/broken/missing-segments/v360"
printf '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:4.000,\ngone000.ts\n#EXTINF:4.000,\ngone001.ts\n#EXTINF:4.000,\ngone002.ts\n#EXT-X-ENDLIST\n' > "$OUT/broken/missing-segments/v360/index.m3u8"
# 2. Undecodable segments: a valid playlist whose segments are noise.
mkdir -p "$OUT/broken/garbage-segments/v360"
printf '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=640x360,CODECS="%s"\nv360/index.m3u8\n' "$CODECS" > "$OUT/broken/garbage-segments/master.m3u8"
printf '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:4.000,\nseg000.ts\n#EXTINF:4.000,\nseg001.ts\n#EXT-X-ENDLIST\n' > "$OUT/broken/garbage-segments/v360/index.m3u8"
for i in 000 001; do head -c 40000 /dev/urandom > "$OUT/broken/garbage-segments/v360/seg$i.ts"; done
# 3. A "master playlist" that is an HTML page.
mkdir -p "$OUT/broken/not-a-playlist"
printf '<!doctype html>\n<html><head><title>Not found</title></head><body><h1>This is a web page, not a playlist</h1></body></html>\n' > "$OUT/broken/not-a-playlist/master.m3u8"
# 4. An MP4 that is not a video.
mkdir -p "$OUT/broken/bad-mp4"
head -c 30000 /dev/urandom > "$OUT/broken/bad-mp4/720.mp4"

du -sh "$OUT"
