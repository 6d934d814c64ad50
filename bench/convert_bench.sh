#!/bin/sh
# gred convert on a big model: a generated ~500 MB ONNX model (many large
# float initializers) to .mlir and back, and .onnx -> .onnx, with seconds
# and peak RSS next to python3-onnx loading and saving the same model.
#   bench/convert_bench.sh [GRED] [OUTDIR]    CONVERT_BENCH_MB sets the size
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
gred=${1:-"$top/build/gred"}
out=${2:-"${TMPDIR:-/tmp}/gred-convert-bench"}
mb=${CONVERT_BENCH_MB:-500}
py=/usr/bin/python3
rm -rf "$out"
mkdir -p "$out"

"$py" - "$out/big.onnx" "$mb" <<'PY'
import sys
import numpy as np
import onnx
from onnx import helper, numpy_helper, TensorProto

path, mb = sys.argv[1], int(sys.argv[2])
n = 1 << 20                       # 4 MiB of float32 per initializer
count = max(1, mb * (1 << 20) // (4 * n))
rng = np.random.default_rng(0)
inits, nodes, prev = [], [], "x"
for i in range(count):
    w = rng.standard_normal(n, dtype=np.float32)
    inits.append(numpy_helper.from_array(w, name=f"w{i}"))
    nodes.append(helper.make_node("Add", [prev, f"w{i}"], [f"t{i}"], name=f"add{i}"))
    prev = f"t{i}"
g = helper.make_graph(nodes, "big",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, [n])],
    [helper.make_tensor_value_info(prev, TensorProto.FLOAT, [n])], inits)
m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
onnx.save(m, path)
PY
size=$(stat -c %s "$out/big.onnx")
echo "model: $out/big.onnx, $((size / 1048576)) MiB"

# run NAME CMD...: prints seconds and peak RSS, keeps them for the ratios.
run() {
  name=$1; shift
  /usr/bin/time -v "$@" 2>"$out/$name.time" >/dev/null
  s=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$out/$name.time" |
      awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }')
  kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$out/$name.time")
  cpu=$(sed -n 's/.*\(User\|System\) time (seconds): //p' "$out/$name.time" |
        awk '{ t += $1 } END { print t }')
  printf '%-24s %8.2f s wall %7.2f s cpu %6d MiB  (%.2fx model size)\n' "$name" "$s" \
    "$cpu" $((kb / 1024)) "$(echo "$kb * 1024 / $size" | bc -l)"
  eval "t_$name=$s; c_$name=$cpu; m_$name=$kb"
}

run gred_onnx_to_mlir "$gred" convert "$out/big.onnx" "$out/big.mlir"
run gred_mlir_to_onnx "$gred" convert "$out/big.mlir" "$out/back.onnx"
run gred_onnx_to_onnx "$gred" convert "$out/big.onnx" "$out/same.onnx"
run python_onnx_load_save "$py" -c "import onnx, sys; onnx.save(onnx.load(sys.argv[1]), sys.argv[2])" \
  "$out/big.onnx" "$out/py.onnx"
echo "mlir text: $(( $(stat -c %s "$out/big.mlir") / 1048576 )) MiB"
if cmp -s "$out/big.onnx" "$out/back.onnx"; then echo "round trip: identical bytes"; else echo "round trip: bytes differ"; fi
for n in gred_onnx_to_mlir gred_mlir_to_onnx gred_onnx_to_onnx; do
  eval "t=\$t_$n; c=\$c_$n; m=\$m_$n"
  printf '%-24s wall %.2fx python, cpu %.2fx python, RSS %.2fx python\n' "$n" \
    "$(echo "$t / $t_python_onnx_load_save" | bc -l)" \
    "$(echo "$c / $c_python_onnx_load_save" | bc -l)" \
    "$(echo "$m / $m_python_onnx_load_save" | bc -l)"
done
echo "(machine load: $(cut -d' ' -f1-3 /proc/loadavg))"
