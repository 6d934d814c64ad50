#!/bin/sh
# gred's own time against the wall time when every test takes at least
# 50 ms (the test sleeps first). Per case: test runs, wall time, gred's
# share as --stats prints it, the same share measured from outside (wall
# time minus the union of the intervals the test script itself logged),
# the copy's work per candidate (clone, pass, verify, print) and, with
# -p, mlir-reduce-19's share measured from outside the same way.
# Cases: chain and tree of N ops in one function, and the chain cut into
# N/100 functions (funcs; bench/reduce_scale_gen.py, test `grep -q
# arith.mulf`) and, with -c, the real mlir-opt-19 crashes of
# bench/reduce_cases.txt (read from $GRED_CORPUS). -S picks the shapes.
# With -r the shapes' test is realistic: after the sleep, mlir-opt-19
# parses and prints the candidate (on stdin, env -i) and grep reads its
# output, so the test takes longer as the file grows, as a compiler's
# does (-s 0: the compiler's time alone).
#   bench/reduce_overhead_bench.sh [-s SECONDS] [-n "1000 10000 100000"]
#     [-S "chain tree funcs"] [-j JOBS] [-p] [-c] [-r] [-t PEER-BUDGET]
#     [GRED]
# Not a ctest test: the shares depend on the machine's load.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
CORPUS=${GRED_CORPUS:-$here/../../shared/corpus/mlir}
sizes="1000 10000 100000" shapes="chain tree funcs" sleep=0.05 jobs=2 peer=0 crashes=0 budget=300
real=0
while getopts s:n:S:j:pcrt: o; do
  case $o in
    s) sleep=$OPTARG ;; n) sizes=$OPTARG ;; S) shapes=$OPTARG ;; j) jobs=$OPTARG ;;
    p) peer=1 ;; c) crashes=1 ;; r) real=1 ;; t) budget=$OPTARG ;; *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
GRED=${1:-${GRED:-$here/../build/gred}}
W=$(mktemp -d "${TMPDIR:-/tmp}/gred-overhead.XXXXXX")
trap 'rm -rf "$W"' EXIT

# write_test DIR YES CHECK...: DIR/test.sh sleeps, runs CHECK on the
# candidate and exits YES if it succeeds (1 - YES if not), logging the
# start and end of each run in DIR/spans.
write_test() {
  td=$1 yes=$2; shift 2
  cat >"$td/test.sh" <<EOS
#!/bin/sh
s=\$(date +%s.%N)
sleep $sleep
if $* "\$1" >/dev/null 2>&1; then r=$yes; else r=\$((1 - $yes)); fi
echo "\$s \$(date +%s.%N)" >>"$td/spans"
exit \$r
EOS
  chmod +x "$td/test.sh"
  : >"$td/spans"
}

# outside_share SPANS T0 T1: 100 * (wall - time some test ran) / wall.
outside_share() {
  sort -n "$1" | awk -v t0="$2" -v t1="$3" '
    { if ($1 > e) { u += e - s; s = $1; e = $2 } else if ($2 > e) e = $2 }
    END { u += e - s; printf "%.1f", 100 * (t1 - t0 - u) / (t1 - t0) }'
}

# run_case NAME INPUT CHECK...: gred (and the peer) on INPUT.
run_case() {
  name=$1 in=$2; shift 2
  ncase=$((ncase + 1)) d="$W/case$ncase"; mkdir -p "$d/g"
  write_test "$d/g" 0 "$@"
  t0=$(date +%s.%N)
  "$GRED" reduce -j "$jobs" --stats -o "$d/g/out.mlir" "$in" "$d/g/test.sh" \
    2>"$d/g/stats" || { echo "$name: gred failed: $(tail -1 "$d/g/stats")"; return; }
  t1=$(date +%s.%N)
  runs=$(sed -n 's/^test runs: \([0-9]*\),.*/\1/p' "$d/g/stats")
  share=$(sed -n "s/^gred's share: \([0-9.]*\)%.*/\1/p" "$d/g/stats")
  own=$(sed -n 's/.* \([0-9.]*\) s in gred$/\1/p' "$d/g/stats")
  maker=$(sed -n 's/^maker: [0-9]* candidates, \([0-9.]*\) ms each.*/\1/p' "$d/g/stats")
  out=$(outside_share "$d/g/spans" "$t0" "$t1")
  wall=$(echo "$t1 - $t0" | bc -l)
  pshare=-
  if [ "$peer" = 1 ]; then
    mkdir -p "$d/m"
    write_test "$d/m" 1 "$@"
    t0=$(date +%s.%N)
    timeout "$budget" mlir-reduce-19 "$in" \
      "--reduction-tree=traversal-mode=0 test=$d/m/test.sh" \
      -o "$d/m/out.mlir" >/dev/null 2>&1 || true
    t1=$(date +%s.%N)
    pshare="$(outside_share "$d/m/spans" "$t0" "$t1")% ($(wc -l <"$d/m/spans") runs)"
  fi
  printf '%-44s %6s %8.2f %7.2f %6s%% %7s%% %9s  %s\n' "$name" "$runs" \
    "$wall" "$own" "$share" "$out" "${maker:--}" "$pshare"
}

# The realistic check: mlir-opt-19's print of the candidate holds the mulf.
cat >"$W/opt_grep.sh" <<'EOS'
#!/bin/sh
env -i mlir-opt-19 --allow-unregistered-dialect <"$1" 2>/dev/null | grep -q arith.mulf
EOS
chmod +x "$W/opt_grep.sh"

ncase=0
printf '%-44s %6s %8s %7s %7s %8s %9s  %s\n' case runs wall_s gred_s \
  gred% outside% maker_ms "mlir-reduce-19 outside%"
for shape in $shapes; do
  for n in $sizes; do
    python3 "$here/reduce_scale_gen.py" "$shape" "$n" >"$W/$shape$n.mlir"
    if [ "$real" = 1 ]; then
      run_case "$shape $n (mlir-opt-19 | grep)" "$W/$shape$n.mlir" "$W/opt_grep.sh"
    else
      run_case "$shape $n" "$W/$shape$n.mlir" grep -q arith.mulf
    fi
  done
done
if [ "$crashes" = 1 ]; then
  grep -v '^#' "$here/reduce_cases.txt" | while IFS='|' read -r file flags; do
    file=$(echo $file) flags=$(echo $flags)
    [ -n "$file" ] || continue
    cp "$CORPUS/$file" "$W/in.mlir"
    # interesting: mlir-opt-19 still crashes (killed by a signal or
    # an LLVM ERROR, exit status >= 128 or 1 with a stack dump)
    cat >"$W/crash.sh" <<EOS
#!/bin/sh
env -i setarch -R mlir-opt-19 --allow-unregistered-dialect $flags <"\$1" >/dev/null 2>"\$1.log"
r=\$?
grep -q 'Stack dump' "\$1.log"; s=\$?
rm -f "\$1.log"
[ \$r -ne 0 ] && [ \$s -eq 0 ]
EOS
    chmod +x "$W/crash.sh"
    run_case "$(basename "$file" .mlir | cut -c1-36) $flags" "$W/in.mlir" "$W/crash.sh"
  done
fi
