#!/bin/sh
# gred gen --dialect linalg benchmark: programs/s for 50-op programs (wall
# clock and per CPU second, one core), their coverage, then the verify and
# lowering rates in mlir-opt-19 over all of them (scripts/mlir_tosa_verify.sh
# batches the verify, scripts/mlir_linalg_check.sh lowers each to LLVM IR;
# crashing inputs kept with their stderr in OUTDIR/crashes).
#   bench/gen_linalg_bench.sh [GRED] [OUTDIR]   GEN_LINALG_N=10000 programs,
#   GEN_LINALG_CHECK=0 skips the mlir-opt-19 runs, GEN_LINALG_LOWER=N lowers
#   only the first N, LOG=FILE keeps the per-program lowering lines.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
gred=${1:-"$top/build/gred"}
out=${2:-"${TMPDIR:-/tmp}/gred-gen-linalg-bench"}
n=${GEN_LINALG_N:-10000}
rm -rf "$out"
mkdir -p "$out"

echo "## speed: $n linalg programs of 50 ops, one process (taskset -c 0)"
pin=""
command -v taskset >/dev/null 2>&1 && pin="taskset -c 0"
$pin "$gred" gen --dialect linalg -n "$n" -o "$out/p" --nodes 50 --seed 1
echo "(machine load: $(cut -d' ' -f1-3 /proc/loadavg); the per-CPU-second rate is the one-core figure)"
echo "size: $(du -sk "$out/p" | cut -f1) KiB for $n programs"

echo "## coverage"
"$gred" cov "$out/p" | head -7

if [ "${GEN_LINALG_CHECK:-1}" = 1 ]; then
  echo "## mlir-opt-19: verify all (no flags), 500 programs a run"
  "$top/scripts/mlir_tosa_verify.sh" "$out/p"
  echo "## mlir-opt-19: verify and lower to LLVM IR${GEN_LINALG_LOWER:+, the first $GEN_LINALG_LOWER}"
  lower=$out/p
  if [ -n "${GEN_LINALG_LOWER:-}" ]; then
    lower=$out/lower
    mkdir -p "$lower"
    ls "$out"/p/*.mlir | head -n "$GEN_LINALG_LOWER" | xargs -I{} ln -s {} "$lower/"
  fi
  KEEP="$out/crashes" "$top/scripts/mlir_linalg_check.sh" "$lower"
fi
