#!/bin/sh
# A gred fuzz campaign on onnxruntime-node 1.20.1, then what it found: each
# bucket with its message and case sizes, and the time from a finding to
# its finished report (median and maximum over the buckets).
#   bench/fuzz_bench.sh [TIME [JOBS [OUT]]]      default: 10m, 2, build/fuzz-bench
# The target is scripts/fuzz_ort.js with the crash and diff-opt oracles.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=${GRED_BUILD:-"$top/build"}
time=${1:-10m}
jobs=${2:-2}
out=${3:-"$build/fuzz-bench"}
gred="$build/gred"

rm -rf "$out"
"$gred" fuzz --target ort --oracle crash,diff-opt --seed "${SEED:-1}" --time "$time" -j "$jobs" --out "$out" \
  ${OPS:+--ops "$OPS"} ${NODES:+--nodes "$NODES"} 2>"$out.log" || true
tail -n 1 "$out.log"

echo
printf '%-16s  %8s  %8s  %8s  %s\n' bucket first reduced found-to-report message
for b in "$out"/buckets/*/; do
  [ -f "$b/report.md" ] || continue
  id=$(basename "$b")
  first=$(wc -c <"$b"/first.onnx)
  reduced=$(wc -c <"$b"/reduced.onnx 2>/dev/null || echo -)
  secs=$(awk -v a="$(stat -c %.3Y "$b/first.onnx")" -v b="$(stat -c %.3Y "$b/report.md")" \
    'BEGIN { printf "%.3f", b - a }')
  msg=$(sqlite3 "$out/.gred/triage.db" "select substr(message, 1, 70) from buckets where hash = '$id'")
  printf '%-16s  %8s  %8s  %7.1fs  %s\n' "$id" "$first" "$reduced" "$secs" "$msg"
  echo "$secs" >>"$out/times"
done
if [ -f "$out/times" ]; then
  sort -n "$out/times" | awk '{ t[NR] = $1 } END {
    m = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
    printf "\nfinding to finished report, %d buckets: median %.1f s, max %.1f s\n", NR, m, t[NR] }'
fi
