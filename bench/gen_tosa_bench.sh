#!/bin/sh
# gred gen --dialect tosa benchmark: programs/s for 50-op programs (wall
# clock and per CPU second, one core), their coverage, then the verify and
# lowering rates in mlir-opt-19 over all of them (scripts/mlir_tosa_check.sh;
# crashing inputs kept with their stderr in OUTDIR/crashes).
#   bench/gen_tosa_bench.sh [GRED] [OUTDIR]   GEN_TOSA_N=10000 programs,
#   GEN_TOSA_CHECK=0 skips the mlir-opt-19 runs, GEN_TOSA_LOWER=N lowers
#   only the first N, GEN_TOSA_SKIP=K lowers from program K on (to go on
#   with a run cut short), LOG=FILE keeps the per-program lines (lowering
#   takes about 0.2 s of CPU per program; verifying all of them, batched,
#   a few seconds per 500).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
gred=${1:-"$top/build/gred"}
out=${2:-"${TMPDIR:-/tmp}/gred-gen-tosa-bench"}
n=${GEN_TOSA_N:-10000}
rm -rf "$out"
mkdir -p "$out"

echo "## speed: $n tosa programs of 50 ops, one process (taskset -c 0)"
pin=""
command -v taskset >/dev/null 2>&1 && pin="taskset -c 0"
$pin "$gred" gen --dialect tosa -n "$n" -o "$out/p" --nodes 50 --seed 1
echo "(machine load: $(cut -d' ' -f1-3 /proc/loadavg); the per-CPU-second rate is the one-core figure)"
echo "size: $(du -sk "$out/p" | cut -f1) KiB for $n programs"

echo "## coverage"
"$gred" cov "$out/p"

if [ "${GEN_TOSA_CHECK:-1}" = 1 ]; then
  echo "## mlir-opt-19: verify all (no flags), 500 programs a run"
  "$top/scripts/mlir_tosa_verify.sh" "$out/p"
  skip=${GEN_TOSA_SKIP:-0}
  echo "## mlir-opt-19: verify and lower to LLVM${GEN_TOSA_LOWER:+, $GEN_TOSA_LOWER} from program $skip"
  lower=$out/p
  if [ -n "${GEN_TOSA_LOWER:-}" ] || [ "$skip" -gt 0 ]; then
    lower=$out/lower
    mkdir -p "$lower"
    ls "$out"/p/*.mlir | tail -n +$((skip + 1)) | head -n "${GEN_TOSA_LOWER:-$n}" |
      xargs -I{} ln -s {} "$lower/"
  fi
  KEEP="$out/crashes" "$top/scripts/mlir_tosa_check.sh" "$lower"
fi
