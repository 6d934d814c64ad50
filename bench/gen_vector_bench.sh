#!/bin/sh
# gred gen --dialect vector benchmark: programs/s for 50-op programs (wall
# clock and per CPU second, one core), their coverage, then how many verify
# in mlir-opt-19 (scripts/mlir_tosa_verify.sh batches the runs).
#   bench/gen_vector_bench.sh [GRED] [OUTDIR]   GEN_VECTOR_N=10000 programs,
#   GEN_VECTOR_CHECK=0 skips the mlir-opt-19 runs.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
gred=${1:-"$top/build/gred"}
out=${2:-"${TMPDIR:-/tmp}/gred-gen-vector-bench"}
n=${GEN_VECTOR_N:-10000}
rm -rf "$out"
mkdir -p "$out"

echo "## speed: $n vector programs of 50 ops, one process (taskset -c 0)"
pin=""
command -v taskset >/dev/null 2>&1 && pin="taskset -c 0"
$pin "$gred" gen --dialect vector -n "$n" -o "$out/p" --nodes 50 --seed 1
echo "(machine load: $(cut -d' ' -f1-3 /proc/loadavg); the per-CPU-second rate is the one-core figure)"
echo "size: $(du -sk "$out/p" | cut -f1) KiB for $n programs"

echo "## coverage"
"$gred" cov "$out/p" | head -7

if [ "${GEN_VECTOR_CHECK:-1}" = 1 ]; then
  echo "## mlir-opt-19: verify all (no flags), 500 programs a run"
  "$top/scripts/mlir_tosa_verify.sh" "$out/p"
fi
