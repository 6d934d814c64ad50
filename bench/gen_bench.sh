#!/bin/sh
# gred gen benchmark: models/s for 100-op graphs written to disk (wall clock
# and per CPU second, one core), coverage of 10,000 models (plain and guided)
# next to Isra's Table I, and optionally the 10,000-model validity run.
#   bench/gen_bench.sh [GRED] [OUTDIR]     GEN_BENCH_VALID=1 also runs
#   onnx.checker + onnxruntime on 10,000 models (several minutes).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
gred=${1:-"$top/build/gred"}
out=${2:-"${TMPDIR:-/tmp}/gred-gen-bench"}
n=${GEN_BENCH_N:-10000}
rm -rf "$out"
mkdir -p "$out"

echo "## speed: $n models of 100 ops, one process (taskset -c 0), written to $out"
pin=""
command -v taskset >/dev/null 2>&1 && pin="taskset -c 0"
$pin "$gred" gen -n "$n" -o "$out/speed" --nodes 100 --seed 1
echo "(machine load: $(cut -d' ' -f1-3 /proc/loadavg); the per-CPU-second rate is the one-core figure)"
echo "model size: $(du -sk "$out/speed" | cut -f1) KiB for $n models"

echo
echo "## coverage: $n models of 100 ops"
"$gred" gen -q -n "$n" -o "$out/plain" --nodes 100 --seed 2 --coverage >"$out/plain.cov"
"$gred" gen -q -n "$n" -o "$out/guided" --nodes 100 --seed 2 --coverage --guided >"$out/guided.cov"
metric() { grep "^$1 " "$2" | awk '{print $2}'; }
printf '| metric | Isra (Table I) | gred gen | gred gen --guided |\n|---|---|---|---|\n'
for m in OTC IDC ODC SEC DEC SPC NOP NOO NOT; do
  case $m in OTC) isra=100%;; IDC) isra=92.95%;; SEC) isra=98.27%;; DEC) isra=90.2%;; *) isra=-;; esac
  printf '| %s | %s | %s | %s |\n' "$m" "$isra" "$(metric $m "$out/plain.cov")" "$(metric $m "$out/guided.cov")"
done

if [ "${GEN_BENCH_VALID:-0}" = 1 ]; then
  echo
  echo "## validity: $n models through onnx.checker and onnxruntime"
  GEN_VALID_N=$n GRED="$gred" GRED_SRC="$top" sh "$top/test/e2e/gen_valid.sh"
fi
rm -rf "$out"
