#!/bin/sh
# Throughput of the onnxruntime-node runner of `gred fuzz`
# (scripts/fuzz_ort.js): models per second (wall clock) and per CPU second
# on N generated models (default 200, 20 ops each), one runner at a time,
# for each oracle set: crash; crash,diff-opt; crash,diff-version:1.19.2.
# Prints the verdicts (exit 0 fine, 1 finding, 2 rejected) per oracle and
# the findings' distinct triage signatures.
#   bench/fuzz_runner_bench.sh [GRED] [OUTDIR]    FUZZ_BENCH_N=200
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
gred=${1:-"$top/build/gred"}
out=${2:-"${TMPDIR:-/tmp}/gred-fuzz-runner-bench"}
n=${FUZZ_BENCH_N:-200}
rm -rf "$out"
mkdir -p "$out"
"$gred" gen -q -n "$n" -o "$out/models" --seed 3

echo "## onnxruntime-node runner: $n models of 20 ops (gred gen --seed 3), one at a time"
echo "(machine load: $(cut -d' ' -f1-3 /proc/loadavg))"
printf '| oracles | models/s | models per CPU s | fine | findings | rejected | signatures |\n|---|---|---|---|---|---|---|\n'
for oracles in crash crash,diff-opt crash,diff-version:1.19.2; do
  tag=$(echo "$oracles" | tr ',:' '__')
  mkdir -p "$out/$tag"
  cpu0=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
  t0=$(date +%s.%N)
  ok=0 found=0 rej=0
  for m in "$out"/models/*.onnx; do
    b=$(basename "$m" .onnx)
    set +e
    node "$top/scripts/fuzz_ort.js" --oracle "$oracles" "$m" 2>"$out/$tag/$b.log"
    rc=$?
    set -e
    case $rc in
    0) ok=$((ok + 1)) ;; 1) found=$((found + 1)) ;; 2) rej=$((rej + 1)) ;;
    *) echo "runner failed on $m: $(cat "$out/$tag/$b.log")" >&2; exit 1 ;;
    esac
    [ "$rc" -eq 1 ] || rm -f "$out/$tag/$b.log"
  done
  t1=$(date +%s.%N)
  # children's CPU time (utime + stime of waited-for children), in ticks
  cpu1=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
  tck=$(getconf CLK_TCK)
  sigs=$(for l in "$out/$tag"/*.log; do [ -f "$l" ] && "$gred" triage sig "$l" | sed -n 's/^signature //p'; done | sort -u | grep -c . || true)
  awk -v n="$n" -v t0="$t0" -v t1="$t1" -v c0="$cpu0" -v c1="$cpu1" -v tck="$tck" \
    -v o="$oracles" -v ok="$ok" -v f="$found" -v r="$rej" -v s="$sigs" 'BEGIN {
    cpu = (c1 - c0) / tck
    per = 0
    if (cpu > 0) per = n / cpu
    printf "| %s | %.2f | %.2f | %d | %d | %d | %d |\n", o, n / (t1 - t0), per, ok, f, r, s
  }'
done
rm -rf "$out"
