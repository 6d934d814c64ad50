#!/bin/sh
# Big models: an ONNX model of more than 2 GB, its tensors in a side file
# (external data, written by python3-onnx's onnx.save), reduced by gred
# with a cheap test (`grep -q Relu`). Prints the wall time, gred's peak RSS
# (/usr/bin/time -v: the largest of gred and its children) and that peak
# over the model's size (.onnx + side file), and checks that the side file
# is unchanged and the output self-contained.
#   bench/reduce_big_bench.sh [-d DIR] [-n TENSORS] [GRED]
# DIR (default a fresh one in $TMPDIR or /tmp) keeps the generated model
# between runs; -n is the number of 256 MB initializers (default 9: 2.25 GB).
# Not a ctest test (test/e2e/onnx_external.sh runs a small one).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir= n=9
while getopts d:n: o; do
  case $o in d) dir=$OPTARG ;; n) n=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
GRED=${1:-${GRED:-$here/../build/gred}}
PY=/usr/bin/python3
W=$(mktemp -d "${TMPDIR:-/tmp}/gred-big.XXXXXX")
trap 'rm -rf "$W"' EXIT
[ -n "$dir" ] || dir=$W/model
mkdir -p "$dir"
if [ ! -f "$dir/big$n.onnx" ]; then
  # A chain x + W0 + W1 ... with a Relu in the middle, each W [16,1024,4096]
  # f32 (256 MB), all in big$n.onnx.data.
  "$PY" - "$dir" "$n" <<'PY'
import sys, numpy as np, onnx
from onnx import helper as h, TensorProto as T, numpy_helper as nh
d, n = sys.argv[1], int(sys.argv[2])
shape = [16, 1024, 4096]
nodes, inits, cur = [], [], "x"
for i in range(n):
    w = np.full(shape, i + 0.5, dtype=np.float32)
    w[0, 0, :8] = np.arange(8, dtype=np.float32) * (i + 1)
    inits.append(nh.from_array(w, f"w{i}"))
    del w
    nodes.append(h.make_node("Add", [cur, f"w{i}"], [f"a{i}"], name=f"add{i}"))
    cur = f"a{i}"
    if i == n // 2:
        nodes.append(h.make_node("Relu", [cur], ["r"], name="relu"))
        cur = "r"
g = h.make_graph(nodes, "big", [h.make_tensor_value_info("x", T.FLOAT, shape)],
    [h.make_tensor_value_info(cur, T.FLOAT, shape)], inits)
m = h.make_model(g, opset_imports=[h.make_opsetid("", 13)], producer_name="gred-bench")
m.ir_version = 7
onnx.save(m, f"{d}/big{n}.onnx", save_as_external_data=True,
    all_tensors_to_one_file=True, location=f"big{n}.onnx.data", size_threshold=0)
PY
fi
model=$dir/big$n.onnx
side=$model.data
bytes=$(($(wc -c <"$model") + $(wc -c <"$side")))
sum=$(cksum <"$side")
cat >"$W/test.sh" <<'SH'
#!/bin/sh
grep -q Relu "$1"
SH
chmod +x "$W/test.sh"
mkdir "$W/out"
/usr/bin/time -v "$GRED" reduce -j 2 --stats -o "$W/out/r.onnx" "$model" \
  "$W/test.sh" 2>"$W/err" || { cat "$W/err"; exit 1; }
rss_kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$W/err")
wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$W/err")
runs=$(sed -n 's/^test runs: \([0-9]*\),.*/\1/p' "$W/err")
[ "$(cksum <"$side")" = "$sum" ] && same=yes || same=NO
"$PY" -c 'import onnx, sys
m = onnx.load(sys.argv[1], load_external_data=False)
onnx.checker.check_model(m)
assert all(t.data_location != 1 for t in m.graph.initializer)
print(" ".join(n.op_type for n in m.graph.node))' "$W/out/r.onnx" >"$W/ops" &&
  contained=yes || contained=NO
echo "model: $bytes bytes ($n tensors of 256 MB in a side file)"
echo "reduce: $wall wall, $runs test runs, output ops: $(cat "$W/ops" 2>/dev/null)"
echo "peak RSS: $((rss_kb / 1024)) MB = $(awk -v r="$rss_kb" -v b="$bytes" 'BEGIN { printf "%.2f", r * 1024 / b }')x the model"
echo "side file unchanged: $same; output self-contained: $contained"
