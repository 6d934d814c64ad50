#!/bin/sh
# Pass-pipeline reduction against reducing the program and the pipeline one
# after the other, on real mlir-opt-19 crashes of 13- to 18-pass pipelines.
# Per case:
#   joint:      gred reduce --pipeline FULL --same-crash IN -- OPT --run-reproducer
#   sequential: gred reduce --same-crash IN -- OPT --pass-pipeline=FULL (the
#               program alone), then the pipeline of that result (the
#               pl-* rows of --stats of a second --pipeline run)
# and prints the test runs of each, their ratio, the passes left and the
# program bytes left.
#   bench/reduce_pipeline_bench.sh [GRED] [OUTDIR]
# JOBS=2 by default; CASES="name ..." runs some cases only; CORPUS is the
# directory of .mlir files the corpus cases read (never copied here).
# The cases were fixed before the reducer was tuned on them; the last two
# (held out) were not looked at while tuning.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
gred=${1:-"$top/build/gred"}
out=${2:-"${TMPDIR:-/tmp}/gred-pipeline-bench"}
jobs=${JOBS:-2}
corpus=${CORPUS:-/work/shared/corpus/mlir}
cases=${CASES:-"remove_dead_values tosa_bufferize tosa_int_div_fold corpus_lower_affine gen_inline_scalar corpus_spirv gen_tosa_scf"}
rm -rf "$out"
mkdir -p "$out"
# A stable crash: one thread, no address randomisation, the file on stdin
# (stacks vary with threads and with the file's path), no symbolizer run
# on each crash (the same signatures, in half the time).
opt="setarch -R env -i LLVM_DISABLE_SYMBOLIZATION=1 /usr/bin/mlir-opt-19 --mlir-disable-threading"
printf '#!/bin/sh\nexec %s --run-reproducer <"$1"\n' "$opt" >"$out/replay.sh"
tosa=$(sed -n 's/^TOSA_PIPELINE="\(.*\)"$/\1/p' "$top/scripts/mlir_tosa_check.sh")
long='builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor,canonicalize,cse),func.func(loop-invariant-code-motion,canonicalize),sccp,remove-dead-values,one-shot-bufferize{bufferize-function-boundaries},convert-linalg-to-loops,canonicalize,cse,symbol-dce,lower-affine)'
# Two optimisation pipelines MLIR test files crash in remove-dead-values.
opt_a='builtin.module(canonicalize,cse,inline,sccp,symbol-dce,func.func(loop-invariant-code-motion,affine-loop-fusion,affine-scalrep,canonicalize),remove-dead-values,cse,lower-affine,convert-vector-to-scf,convert-scf-to-cf,canonicalize)'
opt_c='builtin.module(sccp,canonicalize,cse,symbol-dce,remove-dead-values,canonicalize,func.func(affine-loop-fusion,affine-scalrep,affine-loop-tile,canonicalize),cse,convert-vector-to-llvm,canonicalize)'
# Random pipelines over the passes that apply to generated TOSA programs,
# drawn once; the programs are `gred gen --dialect tosa -n 200 --nodes 30
# --seed 7` numbers 143 (linalg-inline-scalar-operands crashes) and 118
# (remove-dead-values crashes).
rand_143='builtin.module(func.func(tosa-infer-shapes,tosa-layerwise-constant-fold,mem2reg,tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor),sroa,cse,canonicalize,linalg-generalize-named-ops,linalg-inline-scalar-operands,linalg-fold-unit-extent-dims,one-shot-bufferize{bufferize-function-boundaries},convert-math-to-llvm,convert-index-to-llvm,reconcile-unrealized-casts)'
rand_118='builtin.module(func.func(tosa-optional-decompositions,canonicalize{top-down=false},tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor,cse,tosa-to-scf),sroa,remove-dead-values,linalg-fuse-elementwise-ops,linalg-inline-scalar-operands,linalg-generalize-named-ops,one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops},mem2reg,func.func(affine-scalrep),expand-strided-metadata,convert-index-to-llvm)'

# runs LOG: the test runs of a finished reduction
runs() { sed -n 's/.*bytes ([0-9.]*%), \([0-9]*\) test runs.*/\1/p' "$1"; }
secs() { sed -n 's/.*test runs, \([0-9.]*\) s; wrote.*/\1/p' "$1"; }
pl_runs() { awk '/^pl-/ { n += $2 } END { print n + 0 }' "$1"; }
pl_secs() { awk '/^pl-/ { n += $6 } END { print n + 0 }' "$1"; }
prog_bytes() { sed '/^{-#/,$d' "$1" | wc -c; }
pipeline_of() { sed -n 's/^gred: pipeline: //p' "$1"; }
# npasses PIPELINE: its passes (not the nested pipelines)
npasses() {
  echo "$1" | sed 's/{[^}]*}//g' | tr ',()' '\n\n\n' | grep -c . |
    awk -v g="$(echo "$1" | tr -cd '(' | wc -c)" '{ print $1 - g }'
}

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
  jp=$(pipeline_of "$d/joint.log") sp=$(pipeline_of "$d/seq2.log")
  echo "$name: $(prog_bytes "$d/in.mlir") bytes, $(npasses "$pipe") passes"
  echo "  joint:      $j runs, $(secs "$d/joint.log") s, $(npasses "$jp") passes, program $(prog_bytes "$d/joint.mlir") bytes: $jp"
  echo "  sequential: $((s1 + s2)) runs ($s1 program + $s2 pipeline), $(secs "$d/seq1.log") + $(pl_secs "$d/seq2.log") s, $(npasses "$sp") passes, program $(prog_bytes "$d/seq.mlir") bytes: $sp"
  echo "  ratio:      $(awk -v j="$j" -v s="$((s1 + s2))" 'BEGIN { printf "%.2f", j / s }') joint/sequential"
  printf '%s %s %s\n' "$name" "$j" "$((s1 + s2))" >>"$out/runs.txt"
}

gen_dir=$out/gen
for c in $cases; do
  case $c in
  remove_dead_values) one "$c" "$top/test/mlir/pipeline/remove_dead_values.mlir" "$long" ;;
  tosa_bufferize) one "$c" "$top/test/mlir/pipeline/tosa_bufferize.mlir" "$tosa" ;;
  tosa_int_div_fold) one "$c" "$top/bench/gen_tosa_findings/tosa_int_div_fold_by_zero.mlir" "$tosa" ;;
  corpus_lower_affine) one "$c" "$corpus/t_Conversion__AffineToStandard__lower-affine__0.mlir" "$opt_a" ;;
  corpus_spirv) one "$c" "$corpus/t_Conversion__ArithToSPIRV__arith-to-spirv__8.mlir" "$opt_c" ;;
  gen_inline_scalar|gen_tosa_scf)
    [ -d "$gen_dir" ] || "$gred" gen --dialect tosa -n 200 --nodes 30 --seed 7 -o "$gen_dir" >/dev/null
    if [ "$c" = gen_inline_scalar ]; then
      one "$c" "$gen_dir/g000143.mlir" "$rand_143"
    else
      one "$c" "$gen_dir/g000118.mlir" "$rand_118"
    fi ;;
  *) echo "unknown case $c" >&2; exit 2 ;;
  esac
done
# The geometric mean of the ratios, and how many cases the joint won.
awk '{ n++; l += log($2 / $3); if ($2 < $3) w++ }
  END { if (n) printf "joint fewer runs in %d of %d cases; geometric mean ratio %.2f\n", w, n, exp(l / n) }' "$out/runs.txt"
