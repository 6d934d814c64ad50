#!/bin/sh
# Op deletion at scale: a chain and a tree of N same-typed f32 ops with
# one arith.mulf inside, and the chain cut into N/100 functions (funcs;
# bench/reduce_scale_gen.py), reduced by gred -j 2
# with `grep -q arith.mulf` as the test. Prints per case the test runs,
# the wall time, gred's own share of it (--stats), the time gred spends
# per candidate decided, and the ratio of wall times N=10,000 / N=1,000.
# With -s SECONDS the test sleeps that long first (0.05: a 50 ms test).
#   bench/reduce_scale_bench.sh [-s SECONDS] [-n "1000 3000 10000 100000"]
#     [-S "chain tree funcs"] [GRED]
# Not a ctest test (test/e2e/reduce_scale.sh checks the 10,000-op chain).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
sizes="1000 3000 10000 100000" shapes="chain tree funcs" sleep=0
while getopts s:n:S: o; do
  case $o in
    s) sleep=$OPTARG ;; n) sizes=$OPTARG ;; S) shapes=$OPTARG ;; *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
GRED=${1:-${GRED:-$here/../build/gred}}
W=$(mktemp -d "${TMPDIR:-/tmp}/gred-scale.XXXXXX")
trap 'rm -rf "$W"' EXIT

cat >"$W/test.sh" <<EOS
#!/bin/sh
[ "$sleep" = 0 ] || sleep $sleep
grep -q arith.mulf "\$1"
EOS
chmod +x "$W/test.sh"

printf '%-6s %7s %6s %6s %9s %9s %7s %12s %6s\n' shape ops runs cached \
  wall_s gred_s gred% per_cand_ms result
for shape in $shapes; do
  w1k=
  for n in $sizes; do
    python3 "$here/reduce_scale_gen.py" "$shape" "$n" >"$W/in.mlir"
    t0=$(date +%s.%N)
    "$GRED" reduce -j 2 --stats -o "$W/out.mlir" "$W/in.mlir" "$W/test.sh" \
      2>"$W/stats"
    t1=$(date +%s.%N)
    runs=$(sed -n 's/^test runs: \([0-9]*\),.*/\1/p' "$W/stats")
    hits=$(sed -n 's/.*cache hits: \([0-9]*\),.*/\1/p' "$W/stats")
    total=$(sed -n 's/^time: \([0-9.]*\) s total.*/\1/p' "$W/stats")
    own=$(sed -n 's/.* \([0-9.]*\) s in gred$/\1/p' "$W/stats")
    ops=$(grep -c ' = ' "$W/out.mlir" || true)
    wall=$(echo "$t1 - $t0" | bc -l)
    [ "$n" = 1000 ] && w1k=$wall
    printf '%-6s %7d %6d %6d %9.2f %9.2f %6.1f%% %12.2f %3d op%s\n' \
      "$shape" "$n" "$runs" "$hits" "$wall" "$own" \
      "$(echo "100 * $own / $total" | bc -l)" \
      "$(echo "1000 * $own / ($runs + $hits)" | bc -l)" "$ops" \
      "$([ "$ops" = 1 ] && echo '' || echo 's left')"
    if [ "$n" = 10000 ] && [ -n "$w1k" ]; then
      printf '       wall(10,000) / wall(1,000) = %.1f\n' \
        "$(echo "$wall / $w1k" | bc -l)"
    fi
  done
done
