#!/bin/sh
# A 1,000,000-op .mlir file (bench/reduce_scale_gen.py's chain: addf ops
# with one mulf in the middle): peak RSS and time of `gred convert` (load
# and print), then of `gred reduce -j 2` with `grep -q arith.mulf` as the
# test, stopped by SIGINT after LIMIT seconds (gred then writes its best so
# far and exits) if it has not finished. Peak RSS is /usr/bin/time -v's:
# the largest of gred and its children.
#   bench/reduce_million_bench.sh [-n OPS] [-t LIMIT] [GRED]
# Not a ctest test.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
n=1000000 limit=1800
while getopts n:t: o; do
  case $o in n) n=$OPTARG ;; t) limit=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
GRED=${1:-${GRED:-$here/../build/gred}}
W=$(mktemp -d "${TMPDIR:-/tmp}/gred-million.XXXXXX")
trap 'rm -rf "$W"' EXIT
python3 "$here/reduce_scale_gen.py" chain "$n" >"$W/in.mlir"
printf '#!/bin/sh\ngrep -q arith.mulf "$1"\n' >"$W/test.sh"
chmod +x "$W/test.sh"
# field NAME FILE: a line of /usr/bin/time -v's report
field() { sed -n "s/.*$1: //p" "$2"; }
report() { # WHAT FILE
  printf '%-8s wall %s, cpu %.1f s, peak RSS %d MB\n' "$1" \
    "$(field 'Elapsed (wall clock) time (h:mm:ss or m:ss)' "$2")" \
    "$(awk -v u="$(field 'User time (seconds)' "$2")" -v s="$(field 'System time (seconds)' "$2")" 'BEGIN { print u + s }')" \
    "$(($(field 'Maximum resident set size (kbytes)' "$2") / 1024))"
}
echo "input: $n ops, $(wc -c <"$W/in.mlir") bytes"
/usr/bin/time -v "$GRED" convert "$W/in.mlir" "$W/printed.mlir" 2>"$W/t1"
[ "$(grep -c '= arith\.' "$W/printed.mlir")" -eq "$n" ] || { echo "convert lost ops"; exit 1; }
report convert "$W/t1"
set +e
/usr/bin/time -v timeout -s INT -k 60 "$limit" "$GRED" reduce -j 2 --stats \
  -o "$W/out.mlir" "$W/in.mlir" "$W/test.sh" 2>"$W/t2"
rc=$?
set -e
report reduce "$W/t2"
left=$(grep -c '= arith\.' "$W/out.mlir" || true)
echo "reduce: exit $rc$([ "$rc" = 124 ] && echo " (stopped after $limit s)"), $(sed -n 's/^test runs: \([0-9]*\),.*/\1/p' "$W/t2") test runs, $left ops left, $(wc -c <"$W/out.mlir") bytes"
