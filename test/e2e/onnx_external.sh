# ONNX external data: a model whose tensors live in a side file is reduced
# against onnxruntime-node's ReduceSum bug. The output passes onnx.checker,
# still fails in ORT, holds its tensors itself; the side file is untouched.
# Broken side files (missing, too short, outside the directory) are refused
# with one error line each.
. "$(dirname "$0")/../lib/e2e.sh"
need_python_onnx
need_ort
mkdir "$T/in"
# 12 chained Add/Mul with 192 KB initializers around one ReduceSum with
# noop_with_empty_axes=1 (ORT 1.20.1's CPU kernel rejects it).
"$PY" - "$T/in" <<'PY'
import sys, numpy as np, onnx
from onnx import helper as h, TensorProto as T, numpy_helper as nh
rng = np.random.default_rng(5)
nodes, inits, cur = [], [], "x"
for i in range(13):
    out = f"t{i}"
    if i == 6:
        nodes.append(h.make_node("ReduceSum", [cur], [out], name=f"n{i}", keepdims=1, noop_with_empty_axes=1))
    else:
        c = f"c{i}"
        inits.append(nh.from_array(rng.standard_normal((1, 3, 128, 128)).astype(np.float32), c))
        nodes.append(h.make_node("Add" if i % 2 else "Mul", [cur, c], [out], name=f"n{i}"))
    cur = out
g = h.make_graph(nodes, "chain", [h.make_tensor_value_info("x", T.FLOAT, [1, 3, 128, 128])],
    [h.make_tensor_value_info(cur, T.FLOAT, [1, 3, 128, 128])], inits)
m = h.make_model(g, opset_imports=[h.make_opsetid("", 13)], producer_name="gred-test")
m.ir_version = 7
onnx.save(m, sys.argv[1] + "/model.onnx", save_as_external_data=True,
    all_tensors_to_one_file=True, location="model.onnx.data", size_threshold=0)
PY
cat >"$T/ort.js" <<JS
// Runs a model from its path (so that ORT finds its external data).
const ort = require("$ORT_DIR");
const { graphInputs, randomTensor } = require("$GRED_SRC/scripts/ort_model.js");
(async () => {
  const feeds = {};
  for (const i of graphInputs(require("fs").readFileSync(process.argv[2])))
    feeds[i.name] = randomTensor(ort, i.type, i.dims);
  const s = await ort.InferenceSession.create(process.argv[2], { logSeverityLevel: 4 });
  await s.run(feeds);
})().catch((err) => { console.error(String(err && err.message || err)); process.exit(1); });
JS
cat >"$T/test.sh" <<SH
#!/bin/sh
$PY -c 'import onnx, sys; onnx.checker.check_model(sys.argv[1], full_check=True)' "\$1" 2>/dev/null || exit 2
node "$T/ort.js" "\$1" 2>&1 | grep -q "Reduction on all axes, output size should be 1"
SH
chmod +x "$T/test.sh"
sum_before=$(sha256sum "$T/in/model.onnx.data" | cut -d' ' -f1)
side_bytes=$(wc -c <"$T/in/model.onnx.data")
if [ "$side_bytes" -gt 2000000 ] && [ "$(wc -c <"$T/in/model.onnx")" -lt 10000 ]; then pass; else fail "the input does not keep its tensors in its side file"; fi

mkdir "$T/res"
"$GRED" reduce -j 2 -o "$T/res/r.onnx" "$T/in/model.onnx" -- "$T/test.sh" 2>"$T/err" || fail "reduce: $(cat "$T/err")"
if [ -f "$T/res/r.onnx" ]; then pass; else fail "no output"; fi
# The output is self-contained: no external data, no side file next to it.
if "$PY" - "$T/res/r.onnx" <<'PY'
import sys, onnx
m = onnx.load(sys.argv[1], load_external_data=False)
onnx.checker.check_model(m, full_check=True)
ext = [t.name for t in m.graph.initializer if t.data_location == onnx.TensorProto.EXTERNAL]
assert not ext, ext
assert [n.op_type for n in m.graph.node] == ["ReduceSum"], [n.op_type for n in m.graph.node]
PY
then pass; else fail "the output is not a self-contained one-op model"; fi
if [ ! -e "$T/res/r.onnx.data" ]; then pass; else fail "a side file next to a small output"; fi
# ORT still fails on it, from a directory of its own.
mkdir "$T/alone" && cp "$T/res/r.onnx" "$T/alone/"
if node "$T/ort.js" "$T/alone/r.onnx" 2>&1 | grep -q "Reduction on all axes"; then pass; else fail "ORT does not fail on the output"; fi
if [ "$(sha256sum "$T/in/model.onnx.data" | cut -d' ' -f1)" = "$sum_before" ]; then pass; else fail "the input's side file changed"; fi

# convert: the model read from its side file, written whole.
"$GRED" convert "$T/in/model.onnx" "$T/alone/whole.onnx" 2>"$T/err" || fail "convert: $(cat "$T/err")"
if "$PY" -c 'import onnx, sys; m = onnx.load(sys.argv[1], load_external_data=False); onnx.checker.check_model(m, full_check=True); assert all(t.data_location != 1 and len(t.raw_data) == 196608 for t in m.graph.initializer)' "$T/alone/whole.onnx"; then pass; else fail "convert did not inline the tensors"; fi

# Broken side files: one clear line each, exit 1.
bad() { # NAME EDIT: a copy of the model with its first tensor's entries edited
  "$PY" - "$T/in/model.onnx" "$T/$1.onnx" "$2" <<'PY'
import sys, onnx
m = onnx.load(sys.argv[1], load_external_data=False)
e = {x.key: x for x in m.graph.initializer[0].external_data}
k, v = sys.argv[3].split("=", 1)
e[k].value = v
onnx.save(m, sys.argv[2])
PY
}
cp "$T/in/model.onnx.data" "$T/model.onnx.data"
bad missing "location=nowhere.data"
expect_error "missing side file" "tensor 'c0': external data file 'nowhere.data': No such file" "$GRED" convert "$T/missing.onnx" "$T/x.mlir"
bad past "offset=$side_bytes"
expect_error "offset past the end" "tensor 'c0': external data file 'model.onnx.data' has $side_bytes bytes" "$GRED" convert "$T/past.onnx" "$T/x.mlir"
bad escape "location=../model.onnx.data"
expect_error "location outside" "tensor 'c0': external data file '../model.onnx.data' is outside the model's directory" "$GRED" reduce -o "$T/x.onnx" "$T/escape.onnx" -- true
bad absolute "location=$T/model.onnx.data"
expect_error "absolute location" "is outside the model's directory" "$GRED" convert "$T/absolute.onnx" "$T/x.mlir"
# An output whose side file would be the input's is refused before any write.
mkdir "$T/in2" && cp "$T/in/model.onnx.data" "$T/in2/b.onnx.data"
"$PY" - "$T/in/model.onnx" "$T/in2/a.onnx" <<'PY'
import sys, onnx
m = onnx.load(sys.argv[1], load_external_data=False)
for t in m.graph.initializer:
    for x in t.external_data:
        if x.key == "location": x.value = "b.onnx.data"
onnx.save(m, sys.argv[2])
PY
sum2=$(sha256sum <"$T/in2/b.onnx.data")
expect_error "side file clash" "b.onnx.data: the output's side file would be one of the input's" "$GRED" reduce -o "$T/in2/b.onnx" "$T/in2/a.onnx" -- true
if [ "$(sha256sum <"$T/in2/b.onnx.data")" = "$sum2" ] && [ ! -e "$T/in2/b.onnx" ]; then pass; else fail "the clash touched a file"; fi
if [ "$(sha256sum "$T/in/model.onnx.data" | cut -d' ' -f1)" = "$sum_before" ]; then pass; else fail "the input's side file changed"; fi
finish
