# gred gen, judged without gred: every generated model passes onnx.checker
# (full_check); ONNX's own shape inference (strict mode), run on a copy
# stripped of the declared intermediate types and output shapes, agrees
# with every type and shape the model declares (test/lib/onnx_shapes.py;
# dims that inference leaves unknown, as after a Reshape to a computed
# shape, are counted, not compared); every model loads and runs in
# onnxruntime-node with random inputs (scripts/ort_run.js), and the outputs
# ORT computes have the declared shapes (test/lib/ort_shapes.js).
# GEN_VALID_N sets the number of models (default 1000; bench/gen_bench.sh
# runs 10,000).
. "$(dirname "$0")/../lib/e2e.sh"
n=${GEN_VALID_N:-1000}
need_python_onnx
need_ort

# Plain, guided and small-rank runs: different shapes of graphs.
half=$((n / 2)); rest=$((n - half - n / 5)); fifth=$((n / 5))
"$GRED" gen -q -n "$half" -o "$T/a" --seed 11 --nodes 30
"$GRED" gen -q -n "$rest" -o "$T/b" --seed 12 --nodes 60 --guided
"$GRED" gen -q -n "$fifth" -o "$T/c" --seed 13 --nodes 10 --max-rank 3 --max-dim 8

"$PY" "$GRED_SRC/test/lib/onnx_shapes.py" "$T/a" "$T/b" "$T/c" >"$T/check" 2>&1 || true
grep '^FAIL' "$T/check" | head -20 >&2 || true
grep -v '^FAIL' "$T/check"
if grep -q "^checker: $n passed, 0 failed" "$T/check"; then pass; else fail "onnx.checker"; fi
if grep -q "^shapes: $n passed, 0 failed" "$T/check"; then pass; else fail "shape inference"; fi

# The judge sees a wrong declared shape: one dim of one declared value
# made one larger must be caught.
mkdir "$T/wrong"
"$PY" - "$T/a/g000000.onnx" "$T/wrong/g.onnx" <<'PY'
import sys, onnx
m = onnx.load(sys.argv[1])
v = next(v for v in m.graph.value_info if len(v.type.tensor_type.shape.dim) > 0)
v.type.tensor_type.shape.dim[0].dim_value += 1
onnx.save(m, sys.argv[2])
PY
"$PY" "$GRED_SRC/test/lib/onnx_shapes.py" "$T/wrong" >"$T/wrongcheck" 2>&1 || true
if grep -q "^shapes: 0 passed, 1 failed" "$T/wrongcheck"; then pass; else fail "a wrong declared shape went unseen: $(cat "$T/wrongcheck")"; fi

if node "$GRED_SRC/scripts/ort_run.js" --quiet "$T/a" "$T/b" "$T/c" >"$T/ort" 2>&1; then
  pass
else
  fail "onnxruntime"
fi
grep -v '^FINDING' "$T/ort" || true
echo "$(grep -c '^FINDING' "$T/ort" || true) ORT findings (see scripts/ort_run.js)"

# The outputs ORT computes have the shapes the models declare, for every
# model that ORT runs (those that it cannot run are findings above).
"$PY" "$GRED_SRC/test/lib/onnx_specs.py" "$T/specs.json" "$T/a" "$T/b" "$T/c"
node "$GRED_SRC/test/lib/ort_shapes.js" "$T/specs.json" >"$T/shapes" 2>&1 || true
grep "^FAIL" "$T/shapes" | head -20 >&2 || true; tail -1 "$T/shapes"
ran=$(sed -n 's/^ort: [0-9]* models: \([0-9]*\) ran,.*/\1/p' "$T/ort")
if [ -n "$ran" ] && tail -1 "$T/shapes" | grep -q "^ort shapes: $ran compared, 0 mismatched"; then pass; else
  fail "ORT output shapes (ort_run.js ran ${ran:-?} models)"; fi
# ... and a wrong declared output shape is caught.
mkdir "$T/wrongout"
"$PY" - "$T/wrongout/relu.onnx" <<'PY'
import sys
from onnx import TensorProto, helper, save
g = helper.make_graph([helper.make_node("Relu", ["x"], ["y"])], "g",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 3])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3, 3])])
save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)]), sys.argv[1])
PY
"$PY" "$GRED_SRC/test/lib/onnx_specs.py" "$T/wrong.json" "$T/wrongout"
node "$GRED_SRC/test/lib/ort_shapes.js" "$T/wrong.json" >"$T/wrongshapes" 2>&1 || true
if tail -1 "$T/wrongshapes" | grep -q "^ort shapes: 1 compared, 1 mismatched"; then pass; else
  fail "a wrong declared output shape went unseen by ORT: $(cat "$T/wrongshapes")"; fi
finish
