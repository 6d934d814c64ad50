#!/bin/sh
# Text mode on big files gred cannot parse, gred against cvise --not-c and
# a plain line ddmin (bench/reduce_text_ddmin.py) side by side, on the
# same files in one run. Each file is a program buried in ~SIZE bytes of
# filler functions (bench/reduce_text_gen.py):
#   test:SEED  a callee and caller in the custom syntax of MLIR's test
#              dialect (mlir-opt-19 has it, gred does not); the test,
#              reduce_text_inline_test.sh, is mlir-opt-19 --inline itself;
#   foo:SEED   a function in the custom syntax of a made-up dialect foo;
#              the test, reduce_text_test.sh, stands for a compiler
#              that knows foo.
# By default test:1 and foo:2, which gred was tuned on, then test:11 and
# foo:12, held out. With -c DIR, files of MLIR's own test suite that gred
# cannot parse (DIR/t_IR__locations__0.mlir, DIR/t_Bytecode__general__0.mlir,
# e.g. DIR = ../shared/corpus/mlir) are buried the same way instead,
# with reduce_text_corpus_test.sh: mlir-opt-19 parses the file and prints
# what the original printed of its test-dialect ops.
# Each tool gets its own time cap (-g gred, -t cvise, -d ddmin seconds);
# prints bytes, tests and seconds of each, and gred's ratios to C-Vise
# (the target: <= 0.5 on both).
#   bench/reduce_text_bench.sh [-s SIZE] [-g S] [-t S] [-d S] [-c DIR] [CASE...]
# Not a ctest test (test/e2e/reduce_text*.sh check text mode).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
size=100000 gcap=600 ccap=300 dcap=300 corpus=
while getopts s:g:t:d:c: o; do
  case $o in s) size=$OPTARG ;; g) gcap=$OPTARG ;; t) ccap=$OPTARG ;;
    d) dcap=$OPTARG ;; c) corpus=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
GRED=${GRED:-$here/../build/gred}
if [ $# -eq 0 ]; then
  if [ -n "$corpus" ]; then
    set -- "loc:1:$corpus/t_IR__locations__0.mlir" "bc:2:$corpus/t_Bytecode__general__0.mlir"
  else
    set -- test:1 foo:2 test:11 foo:12
  fi
fi
W=$(mktemp -d "${TMPDIR:-/tmp}/gred-text.XXXXXX")
trap 'rm -rf "$W"' EXIT

# run TOOL CAP OUT CMD...: runs CMD within CAP seconds, prints a row
run() {
  tool=$1 cap=$2 out=$3; shift 3
  : >"$W/runs"
  t0=$(date +%s.%N)
  timeout "$cap" "$@" >"$W/$tool.log" 2>&1 || true
  t1=$(date +%s.%N)
  b=$(wc -c <"$out") n=$(wc -l <"$W/runs")
  printf '%-10s %-6s %8d %8d %8.1f\n' "$name" "$tool" "$b" "$n" "$(echo "$t1 - $t0" | bc -l)"
  eval "${tool}_bytes=$b ${tool}_tests=$n"
}

printf '%-10s %-6s %8s %8s %8s\n' case tool bytes tests seconds
for c in "$@"; do
  kind=${c%%:*} rest=${c#*:}
  seed=${rest%%:*} file=${rest#*:}
  name=$kind:$seed
  case $kind in
    test) gen=test check="sh $here/reduce_text_inline_test.sh" ;;
    foo) gen=foo check="sh $here/reduce_text_test.sh" ;;
    loc) gen=$file check="sh $here/reduce_text_corpus_test.sh test.attr_with_loc 'loc(\"foo_loc\")'" ;;
    bc) gen=$file check="sh $here/reduce_text_corpus_test.sh test.graph_region bytecode.results" ;;
    *) echo "unknown case $c" >&2; exit 2 ;;
  esac
  python3 "$here/reduce_text_gen.py" "$size" "$seed" "$gen" >"$W/in.mlir"
  # the test: counts its runs in $W/runs
  printf '#!/bin/sh\necho >>"%s/runs"\nexec %s "$1"\n' "$W" "$check" >"$W/test.sh"
  chmod +x "$W/test.sh"
  "$W/test.sh" "$W/in.mlir" || { echo "$name: the input is not interesting" >&2; exit 1; }
  printf '%-10s %-6s %8d\n' "$name" input "$(wc -c <"$W/in.mlir")"
  rm -f "$W/gred.mlir"
  run gred "$gcap" "$W/gred.mlir" "$GRED" reduce -j 2 -o "$W/gred.mlir" "$W/in.mlir" "$W/test.sh"
  rm -rf "$W/cv" && mkdir "$W/cv"
  cp "$W/in.mlir" "$W/cv/in.mlir"
  printf '#!/bin/sh\nexec "%s" in.mlir\n' "$W/test.sh" >"$W/cv/t.sh"
  chmod +x "$W/cv/t.sh"
  (cd "$W/cv" && run cvise "$ccap" "$W/cv/in.mlir" cvise --not-c --n 2 ./t.sh in.mlir) \
    >"$W/row"
  cat "$W/row"
  cvise_bytes=$(awk '{ print $3 }' "$W/row") cvise_tests=$(awk '{ print $4 }' "$W/row")
  run ddmin "$dcap" "$W/ddmin.mlir" python3 "$here/reduce_text_ddmin.py" "$W/in.mlir" "$W/ddmin.mlir" "$W/test.sh"
  printf '%-10s ratio  %8.3f %8.3f   (gred / cvise; target <= 0.5)\n' "$name" \
    "$(echo "$gred_bytes / $cvise_bytes" | bc -l)" \
    "$(echo "$gred_tests / $cvise_tests" | bc -l)"
done
