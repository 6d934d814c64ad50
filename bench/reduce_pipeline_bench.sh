#!/bin/sh
# Pass-pipeline reduction against reducing the program and the pipeline one
# after the other, on real mlir-opt-19 crashes of 10- to 18-pass pipelines.
# Per case, every test run of every gred run counted:
#   joint:  gred reduce --pipeline FULL --same-crash IN -- OPT --run-reproducer
#   ir>pl:  the program alone (OPT --pass-pipeline=FULL), then the pipeline
#           alone on that program
#   pl>ir:  the pipeline alone on IN, then the program alone under the
#           pipeline left
# "The pipeline alone" is gred reduce --pipeline with a test that refuses,
# without running mlir-opt, every candidate whose program is not the one
# it started from; only the runs of its pipeline sources (pl-*) and of
# its input are counted, as a reducer of the pipeline alone makes no
# other candidate (pl-before counts: its candidate keeps the program when
# the passes before the last change nothing). Prints per case the runs, passes left and program bytes left
# of each, and the joint's runs over the better of the other two.
#   bench/reduce_pipeline_bench.sh [GRED] [OUTDIR]
# JOBS=2 by default; CASES="name ..." runs some cases only; CORPUS is the
# directory of .mlir files the corpus cases read (never copied here).
# Cases were fixed before the reducer was tuned on them; those marked
# held out below were not looked at while tuning.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
gred=${1:-"$top/build/gred"}
out=${2:-"${TMPDIR:-/tmp}/gred-pipeline-bench"}
jobs=${JOBS:-2}
corpus=${CORPUS:-/work/shared/corpus/mlir}
tuning="remove_dead_values tosa_bufferize tosa_int_div_fold corpus_lower_affine gen_inline_scalar vec_wide_int tosa_rdv tosa_fusion"
held_out="corpus_spirv gen_tosa_scf vec_to_scf tosa_inline vec_to_llvm"
cases=${CASES:-"$tuning $held_out"}
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
# Findings of gred's generators (bench/gen_*_findings/, reduced with
# their minimal pipeline), that pipeline padded to 10 or more passes with
# passes of the same dialects that leave the crash as it is (each checked
# alone before the crashing pass), and passes after it.
pad_wide_int='builtin.module(symbol-privatize,topological-sort,arith-unsigned-when-equivalent,lower-affine,control-flow-sink,convert-scf-to-cf,loop-invariant-code-motion,arith-emulate-wide-int{widest-int-supported=16},canonicalize,cse,convert-vector-to-llvm,convert-arith-to-llvm,reconcile-unrealized-casts)'
pad_rdv='builtin.module(func.func(tosa-infer-shapes,tosa-to-linalg-named),topological-sort,control-flow-sink,func.func(tosa-to-linalg,tosa-to-arith,tosa-to-tensor),remove-dead-values,canonicalize,cse,one-shot-bufferize{bufferize-function-boundaries},convert-linalg-to-loops,lower-affine)'
pad_fusion='builtin.module(func.func(tosa-infer-shapes,tosa-to-tensor),topological-sort,control-flow-sink,func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith),one-shot-bufferize{bufferize-function-boundaries},func.func(convert-linalg-to-affine-loops),affine-loop-fusion{mode=producer},canonicalize,cse,lower-affine,convert-scf-to-cf)'
pad_to_scf='builtin.module(func.func(lower-vector-mask),topological-sort,one-shot-bufferize,convert-vector-to-scf{full-unroll},lower-affine,convert-scf-to-cf,convert-vector-to-llvm,finalize-memref-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)'
pad_inline='builtin.module(func.func(tosa-make-broadcastable,tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor),topological-sort,linalg-generalize-named-ops,linalg-inline-scalar-operands,canonicalize,cse,one-shot-bufferize{bufferize-function-boundaries},convert-linalg-to-loops,lower-affine)'
pad_to_llvm='builtin.module(func.func(lower-vector-mask,lower-vector-multi-reduction),topological-sort,fold-memref-alias-ops,convert-vector-to-llvm,convert-arith-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,canonicalize,reconcile-unrealized-casts)'
findings=$top/bench

# runs LOG: the test runs of a finished reduction
runs() { sed -n 's/.*bytes ([0-9.]*%), \([0-9]*\) test runs.*/\1/p' "$1"; }
secs() { sed -n 's/.*test runs, \([0-9.]*\) s; wrote.*/\1/p' "$1"; }
# kept_runs LOG: the runs of the pipeline sources, and the input's
kept_runs() {
  awk '/^pl-/ { n += $2 } END { print n + 1 }' "$1"
}
prog_bytes() { sed '/^{-#/,$d' "$1" | wc -c; }
pipeline_of() { sed -n 's/^gred: pipeline: //p' "$1"; }
# npasses PIPELINE: its passes (not the nested pipelines)
npasses() {
  echo "$1" | sed 's/{[^}]*}//g' | tr ',()' '\n\n\n' | grep -c . |
    awk -v g="$(echo "$1" | tr -cd '(' | wc -c)" '{ print $1 - g }'
}
# under PIPELINE SCRIPT: a test running mlir-opt with PIPELINE
under() {
  printf '#!/bin/sh\nexec %s --pass-pipeline='"'%s'"' <"$1"\n' "$opt" "$1" >"$2"
}
# alone IN OUT LOG: the pipeline of IN's reproducer reduced alone
alone() {
  sed '/^{-#/,$d' "$1" >"$1.program"
  printf '#!/bin/sh\nsed "/^{-#/,\\$d" "$1" | cmp -s - "%s" || exit 1\nexec %s --run-reproducer <"$1"\n' \
    "$1.program" "$opt" >"$1.alone.sh"
  "$gred" reduce -j "$jobs" --stats --pipeline "$pipe" --same-crash "$1" \
    -o "$2" -- sh "$1.alone.sh" 2>"$3"
}

one() {
  name=$1 in=$2 pipe=$3
  d=$out/$name
  mkdir -p "$d"
  sed '/^{-#/,$d' "$in" >"$d/in.mlir"
  "$gred" reduce -j "$jobs" --stats --pipeline "$pipe" --same-crash "$d/in.mlir" \
    -o "$d/joint.mlir" -- sh "$out/replay.sh" 2>"$d/joint.log"
  # ir>pl
  under "$pipe" "$d/full.sh"
  "$gred" reduce -j "$jobs" --stats --same-crash "$d/in.mlir" \
    -o "$d/a1.mlir" -- sh "$d/full.sh" 2>"$d/a1.log"
  alone "$d/a1.mlir" "$d/a2.mlir" "$d/a2.log"
  # pl>ir
  cp "$d/in.mlir" "$d/b0.mlir"
  alone "$d/b0.mlir" "$d/b1.mlir" "$d/b1.log"
  under "$(pipeline_of "$d/b1.log")" "$d/b1.sh"
  "$gred" reduce -j "$jobs" --stats --same-crash "$d/in.mlir" \
    -o "$d/b2.mlir" -- sh "$d/b1.sh" 2>"$d/b2.log"
  j=$(runs "$d/joint.log")
  a=$(($(runs "$d/a1.log") + $(kept_runs "$d/a2.log")))
  b=$(($(kept_runs "$d/b1.log") + $(runs "$d/b2.log")))
  jp=$(pipeline_of "$d/joint.log") ap=$(pipeline_of "$d/a2.log") bp=$(pipeline_of "$d/b1.log")
  held=; case " $held_out " in *" $name "*) held=", held out" ;; esac
  echo "$name$held: $(prog_bytes "$d/in.mlir") bytes, $(npasses "$pipe") passes"
  echo "  joint: $j runs, $(npasses "$jp") passes, $(prog_bytes "$d/joint.mlir") bytes: $jp"
  echo "  ir>pl: $a runs, $(npasses "$ap") passes, $(prog_bytes "$d/a1.mlir") bytes: $ap"
  echo "  pl>ir: $b runs, $(npasses "$bp") passes, $(prog_bytes "$d/b2.mlir") bytes: $bp"
  best=$a; [ "$b" -lt "$best" ] && best=$b
  echo "  ratio: $(awk -v j="$j" -v s="$best" 'BEGIN { printf "%.2f", j / s }') joint/better"
  printf '%s %s %s %s\n' "$name" "$j" "$best" "${held:+held}" >>"$out/runs.txt"
}

gen_dir=$out/gen
for c in $cases; do
  case $c in
  remove_dead_values) one "$c" "$top/test/mlir/pipeline/remove_dead_values.mlir" "$long" ;;
  tosa_bufferize) one "$c" "$top/test/mlir/pipeline/tosa_bufferize.mlir" "$tosa" ;;
  tosa_int_div_fold) one "$c" "$top/bench/gen_tosa_findings/tosa_int_div_fold_by_zero.mlir" "$tosa" ;;
  corpus_lower_affine) one "$c" "$corpus/t_Conversion__AffineToStandard__lower-affine__0.mlir" "$opt_a" ;;
  corpus_spirv) one "$c" "$corpus/t_Conversion__ArithToSPIRV__arith-to-spirv__8.mlir" "$opt_c" ;;
  vec_wide_int) one "$c" "$findings/gen_vector_findings/arith-emulate-wide-int.mlir" "$pad_wide_int" ;;
  tosa_rdv) one "$c" "$findings/gen_tosa_findings/random_pipelines/9e5792a44ae810ce.mlir" "$pad_rdv" ;;
  tosa_fusion) one "$c" "$findings/gen_tosa_findings/random_pipelines/a9cb6d5168fd5eb6.mlir" "$pad_fusion" ;;
  vec_to_scf) one "$c" "$findings/gen_vector_findings/convert-vector-to-scf.mlir" "$pad_to_scf" ;;
  tosa_inline) one "$c" "$findings/gen_tosa_findings/random_pipelines/d72e5355a8e48fd6.mlir" "$pad_inline" ;;
  vec_to_llvm) one "$c" "$findings/gen_vector_findings/convert-vector-to-llvm.mlir" "$pad_to_llvm" ;;
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
# Per part: in how many cases the joint took fewer runs, and the geometric
# mean of the ratios.
awk '{ k = $4 == "held" ? "held out" : "tuning"; n[k]++; l[k] += log($2 / $3); if ($2 < $3) w[k]++ }
  END { for (k in n) printf "%s: joint fewer runs in %d of %d cases; geometric mean ratio %.2f\n", k, w[k], n[k], exp(l[k] / n[k]) }' "$out/runs.txt"
