#!/bin/sh
# Pass-pipeline reduction against reducing the program and the pipeline one
# after the other, on real mlir-opt-19 crashes of long pipelines. Per case:
#   joint:      gred reduce --pipeline FULL --same-crash IN -- OPT --run-reproducer
#   sequential: gred reduce --same-crash IN -- OPT --pass-pipeline=FULL (the
#               program alone), then the pipeline of that result (the
#               pl-* rows of --stats of a second --pipeline run)
# and prints test runs, seconds, program bytes and the pipeline left.
#   bench/reduce_pipeline_bench.sh [GRED] [OUTDIR]   (JOBS=2 by default)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
gred=${1:-"$top/build/gred"}
out=${2:-"${TMPDIR:-/tmp}/gred-pipeline-bench"}
jobs=${JOBS:-2}
rm -rf "$out"
mkdir -p "$out"
# A stable crash: one thread, no address randomisation, the file on stdin
# (stacks vary with threads and with the file's path), no symbolizer run
# on each crash (the same signatures, in half the time).
opt="setarch -R env -i LLVM_DISABLE_SYMBOLIZATION=1 /usr/bin/mlir-opt-19 --mlir-disable-threading"
printf '#!/bin/sh\nexec %s --run-reproducer <"$1"\n' "$opt" >"$out/replay.sh"
tosa=$(sed -n 's/^TOSA_PIPELINE="\(.*\)"$/\1/p' "$top/scripts/mlir_tosa_check.sh")
long='builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor,canonicalize,cse),func.func(loop-invariant-code-motion,canonicalize),sccp,remove-dead-values,one-shot-bufferize{bufferize-function-boundaries},convert-linalg-to-loops,canonicalize,cse,symbol-dce,lower-affine)'

# runs LOG: the test runs of a finished reduction
runs() { sed -n 's/.*bytes ([0-9.]*%), \([0-9]*\) test runs.*/\1/p' "$1"; }
secs() { sed -n 's/.*test runs, \([0-9.]*\) s; wrote.*/\1/p' "$1"; }
pl_runs() { awk '/^pl-/ { n += $2 } END { print n + 0 }' "$1"; }
pl_secs() { awk '/^pl-/ { n += $6 } END { print n + 0 }' "$1"; }
prog_bytes() { sed '/^{-#/,$d' "$1" | wc -c; }

one() {
  name=$1 in=$2 pipe=$3
  d=$out/$name
  mkdir -p "$d"
  cp "$in" "$d/in.mlir"
  "$gred" reduce -j "$jobs" --stats --pipeline "$pipe" --same-crash "$d/in.mlir" \
    -o "$d/joint.mlir" -- sh "$out/replay.sh" 2>"$d/joint.log"
  printf '#!/bin/sh\nexec %s --pass-pipeline='"'%s'"' <"$1"\n' "$opt" "$pipe" >"$d/run.sh"
  "$gred" reduce -j "$jobs" --stats --same-crash "$d/in.mlir" \
    -o "$d/prog.mlir" -- sh "$d/run.sh" 2>"$d/seq1.log"
  "$gred" reduce -j "$jobs" --stats --pipeline "$pipe" --same-crash "$d/prog.mlir" \
    -o "$d/seq.mlir" -- sh "$out/replay.sh" 2>"$d/seq2.log"
  j=$(runs "$d/joint.log") s1=$(runs "$d/seq1.log") s2=$(pl_runs "$d/seq2.log")
  echo "$name: $(prog_bytes "$d/in.mlir") bytes, $(echo "$pipe" | tr -cd ',' | wc -c | awk '{ print $1 + 1 }') passes"
  echo "  joint:      $j runs, $(secs "$d/joint.log") s, program $(prog_bytes "$d/joint.mlir") bytes, $(sed -n 's/^gred: pipeline: //p' "$d/joint.log")"
  echo "  sequential: $((s1 + s2)) runs ($s1 program + $s2 pipeline), $(secs "$d/seq1.log") + $(pl_secs "$d/seq2.log") s, program $(prog_bytes "$d/seq.mlir") bytes, $(sed -n 's/^gred: pipeline: //p' "$d/seq2.log")"
}

one remove_dead_values "$top/test/mlir/pipeline/remove_dead_values.mlir" "$long"
one tosa_bufferize "$top/test/mlir/pipeline/tosa_bufferize.mlir" "$tosa"
one tosa_int_div_fold "$top/bench/gen_tosa_findings/tosa_int_div_fold_by_zero.mlir" "$tosa"
