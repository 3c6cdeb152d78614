#!/usr/bin/env bash
# Records the spoken digits of the audio captcha (server/complaints/filing/captcha-audio.ts)
# once, with eSpeak NG's Mandarin voice (Debian package espeak-ng). The WAV files are kept in
# the repository, so neither the portal nor CI needs a speech synthesizer; run this again only
# to change the voice. One and seven (yī, qī) are left out: they sound alike.
set -euo pipefail
cd "$(dirname "$0")/../server/complaints/filing/captcha-voice"
command -v espeak-ng >/dev/null || { echo 'espeak-ng is needed: apt-get install espeak-ng' >&2; exit 1; }
declare -A PINYIN=([0]=ling2 [2]=er4 [3]=san1 [4]=si4 [5]=wu3 [6]=liu4 [8]=ba1 [9]=jiu3)
for digit in "${!PINYIN[@]}"; do
  espeak-ng -v cmn-latn-pinyin -s 140 -w "$digit.wav" "${PINYIN[$digit]}"
done
