#!/bin/sh
# Shape- and constant-heavy ONNX case: a bug buried in a ResNet-18-sized
# model (47 MB). Runs gred and a simple node-bisection reducer side by
# side and prints final bytes, test runs and wall time, and gred's ratios.
#   bench/reduce_shapes_bench.sh [-j N] [GRED]   (minutes; not a ctest test)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
jobs=2
while getopts j: o; do case $o in j) jobs=$OPTARG ;; *) exit 2 ;; esac; done
shift $((OPTIND - 1))
GRED=${1:-${GRED:-$here/../build/gred}}
export GRED
PY=/usr/bin/python3
W=$(mktemp -d "${TMPDIR:-/tmp}/gred-shapes.XXXXXX")
trap 'rm -rf "$W"' EXIT

$PY "$here/reduce_shapes_model.py" "$W/resnet.onnx"
# logs each run (candidate bytes, exit status), so both tools are measured
# the same way
cat >"$W/test.sh" <<EOS
#!/bin/sh
sh "$here/reduce_shapes_test.sh" "\$@"
rc=\$?
echo "\$(wc -c <"\$1") \$rc" >> "$W/runs"
exit \$rc
EOS

: >"$W/runs"
t0=$(date +%s.%N)
"$GRED" reduce -j "$jobs" -o "$W/gred.onnx" "$W/resnet.onnx" sh "$W/test.sh"
t1=$(date +%s.%N)
gred_runs=$(wc -l <"$W/runs")
cp "$W/runs" "$W/gred.runs"
: >"$W/runs"
$PY "$here/reduce_shapes_ddmin.py" "$W/resnet.onnx" "$W/ddmin.onnx" sh "$W/test.sh" >/dev/null
t2=$(date +%s.%N)
ddmin_runs=$(wc -l <"$W/runs")

gb=$(wc -c <"$W/gred.onnx"); db=$(wc -c <"$W/ddmin.onnx")
printf '%-12s %12s %10s %10s\n' tool bytes runs seconds
printf '%-12s %12s %10s %10s\n' input "$(wc -c <"$W/resnet.onnx")" - -
printf '%-12s %12s %10s %10.1f\n' gred "$gb" "$gred_runs" "$(echo "$t1 - $t0" | bc)"
printf '%-12s %12s %10s %10.1f\n' node-ddmin "$db" "$ddmin_runs" "$(echo "$t2 - $t1" | bc)"
printf 'gred/peer: bytes %.4f, runs %.2f\n' "$(echo "$gb / $db" | bc -l)" \
  "$(echo "$gred_runs / $ddmin_runs" | bc -l)"
# Runs gred needed to hold a file no bigger than the peer's final one.
match=$(awk -v b="$db" '$2 == 0 && $1 <= b { print NR; exit }' "$W/gred.runs")
printf 'gred reached node-ddmin'"'"'s final size after %s runs (%.2fx its runs)\n' \
  "${match:-never}" "$(echo "${match:-0} / $ddmin_runs" | bc -l)"
