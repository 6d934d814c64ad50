#!/bin/sh
# Text mode on big files gred cannot parse: a function in the custom
# syntax of a made-up dialect `foo`, buried in ~SIZE bytes of filler
# functions (bench/reduce_text_gen.py). The test (reduce_text_test.sh)
# stands for a compiler that knows foo. gred, cvise --not-c
# and a plain line ddmin (bench/reduce_text_ddmin.py) run side by side on
# the same files; prints bytes, tests and seconds of each, and gred's
# ratios to C-Vise.
#   bench/reduce_text_bench.sh [-s SIZE] [-n SEEDS] [-t SECONDS] [GRED]
# Not a ctest test (test/e2e/reduce_text.sh checks the line ddmin).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
size=100000 seeds="1 2" budget=900
while getopts s:n:t: o; do
  case $o in s) size=$OPTARG ;; n) seeds=$OPTARG ;; t) budget=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
GRED=${1:-${GRED:-$here/../build/gred}}
W=$(mktemp -d "${TMPDIR:-/tmp}/gred-text.XXXXXX")
trap 'rm -rf "$W"' EXIT

# counts its runs in $W/runs
cat >"$W/test.sh" <<EOS
#!/bin/sh
echo >>"$W/runs"
sh "$here/reduce_text_test.sh" "\$1"
EOS
chmod +x "$W/test.sh"

# run TOOL OUT CMD...: runs CMD within the budget, prints a row
run() {
  tool=$1 out=$2; shift 2
  : >"$W/runs"
  t0=$(date +%s.%N)
  timeout "$budget" "$@" >"$W/$tool.log" 2>&1 || true
  t1=$(date +%s.%N)
  printf '%-6s %-6s %8d %8d %8.1f\n' "$seed" "$tool" "$(wc -c <"$out")" \
    "$(wc -l <"$W/runs")" "$(echo "$t1 - $t0" | bc -l)"
  eval "${tool}_bytes=\$(wc -c <\"\$out\") ${tool}_tests=\$(wc -l <\"\$W/runs\")"
}

printf '%-6s %-6s %8s %8s %8s\n' seed tool bytes tests seconds
for seed in $seeds; do
  python3 "$here/reduce_text_gen.py" "$size" "$seed" >"$W/in.mlir"
  printf '%-6s %-6s %8d\n' "$seed" input "$(wc -c <"$W/in.mlir")"
  run gred "$W/gred.mlir" "$GRED" reduce -j 2 -o "$W/gred.mlir" "$W/in.mlir" "$W/test.sh"
  mkdir -p "$W/cv"
  cp "$W/in.mlir" "$W/cv/in.mlir"
  printf '#!/bin/sh\nexec "%s" in.mlir\n' "$W/test.sh" >"$W/cv/t.sh"
  chmod +x "$W/cv/t.sh"
  cd "$W/cv"
  run cvise "$W/cv/in.mlir" cvise --not-c --n 2 ./t.sh in.mlir
  cd - >/dev/null
  run ddmin "$W/ddmin.mlir" python3 "$here/reduce_text_ddmin.py" "$W/in.mlir" "$W/ddmin.mlir" "$W/test.sh"
  printf '%-6s ratio  %8.2f %8.2f   (gred / cvise; target <= 0.5)\n' "$seed" \
    "$(echo "$gred_bytes / $cvise_bytes" | bc -l)" \
    "$(echo "$gred_tests / $cvise_tests" | bc -l)"
done
