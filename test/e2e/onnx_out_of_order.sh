# ctest-labels: asan
# A model whose nodes are listed out of topological order, as fp16
# conversion tools write them (the input's Cast after the Conv that uses
# it): ONNX Runtime runs it, gred imports it, writes it back byte for byte
# (directly and through .mlir) and reduces it. A cycle and an undefined
# input are still errors.
. "$(dirname "$0")/../lib/e2e.sh"
PY=/usr/bin/python3
ORT_RUN="$(cd "$GRED_SRC" && pwd)/scripts/ort_run.js"

"$PY" - "$T" <<'PYEOF'
import sys
import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
rng = np.random.default_rng(7)
w = numpy_helper.from_array(rng.standard_normal((8, 3, 3, 3)).astype(np.float16), "w")
b = numpy_helper.from_array(rng.standard_normal((8,)).astype(np.float16), "b")
w2 = numpy_helper.from_array(rng.standard_normal((4, 8, 1, 1)).astype(np.float16), "w2")
# Listed: Conv before the Cast that feeds it, Relu before the Conv, and
# so on; the order a topological sort gives is cast_in, conv, relu,
# conv2, cast_out.
nodes = [
    helper.make_node("Conv", ["x16", "w", "b"], ["c"], name="conv",
                     pads=[1, 1, 1, 1], strides=[1, 1]),
    helper.make_node("Cast", ["x"], ["x16"], name="cast_in", to=TensorProto.FLOAT16),
    helper.make_node("Cast", ["c2"], ["y"], name="cast_out", to=TensorProto.FLOAT),
    helper.make_node("Relu", ["c"], ["r"], name="relu"),
    helper.make_node("Conv", ["r", "w2"], ["c2"], name="conv2"),
]
g = helper.make_graph(nodes, "fp16_model",
                      [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 16, 16])],
                      [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4, 16, 16])],
                      [w, b, w2])
m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)],
                      producer_name="fp16-converter")
m.ir_version = 7
onnx.save(m, out + "/ooo.onnx")

# A cycle: a = Relu(b), b = Relu(a).
g = helper.make_graph([helper.make_node("Relu", ["b"], ["a"], name="r1"),
                       helper.make_node("Relu", ["a"], ["b"], name="r2")], "cycle",
                      [], [helper.make_tensor_value_info("b", TensorProto.FLOAT, [1])])
onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)]), out + "/cycle.onnx")

# Out of order inside a subgraph, using a value of the outer graph that
# is itself listed after the If.
then_g = helper.make_graph([
    helper.make_node("Neg", ["t"], ["o"], name="neg"),
    helper.make_node("Abs", ["outer"], ["t"], name="abs")], "then", [],
    [helper.make_tensor_value_info("o", TensorProto.FLOAT, [2])])
else_g = helper.make_graph([helper.make_node("Identity", ["outer"], ["o2"], name="id")],
                           "else", [], [helper.make_tensor_value_info("o2", TensorProto.FLOAT, [2])])
g = helper.make_graph([
    helper.make_node("If", ["cond"], ["y"], name="if", then_branch=then_g, else_branch=else_g),
    helper.make_node("Relu", ["x"], ["outer"], name="relu")], "sub",
    [helper.make_tensor_value_info("cond", TensorProto.BOOL, []),
     helper.make_tensor_value_info("x", TensorProto.FLOAT, [2])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])])
m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
m.ir_version = 7
onnx.save(m, out + "/sub.onnx")
PYEOF

# The fixture is out of order: the checker says so, ORT runs it anyway.
if "$PY" -c 'import onnx, sys; onnx.checker.check_model(onnx.load(sys.argv[1]))' "$T/ooo.onnx" 2>/dev/null; then
  fail "onnx.checker accepts the fixture: it is not out of order"
else pass; fi
if node "$ORT_RUN" "$T/ooo.onnx" >"$T/ort" 2>&1 && grep -q " 1 ran" "$T/ort"; then pass; else fail "ORT: $(cat "$T/ort")"; fi

# Round trips, byte for byte.
for m in ooo sub; do
  if "$GRED" convert "$T/$m.onnx" "$T/$m.direct.onnx" && cmp -s "$T/$m.onnx" "$T/$m.direct.onnx"; then pass; else fail "$m: onnx -> onnx differs"; fi
  if "$GRED" convert "$T/$m.onnx" "$T/$m.mlir" && "$GRED" convert "$T/$m.mlir" "$T/$m.back.onnx" &&
     cmp -s "$T/$m.onnx" "$T/$m.back.onnx"; then pass; else fail "$m: onnx -> mlir -> onnx differs"; fi
  # The .mlir is in topological order: MLIR's own tool verifies it.
  if mlir-opt-19 --allow-unregistered-dialect "$T/$m.mlir" >/dev/null 2>"$T/err"; then pass; else fail "$m: mlir-opt: $(head -3 "$T/err")"; fi
done

# Errors that stay errors.
expect_error "a cycle" "cycle.onnx: node r1 (Relu) is in a cycle" "$GRED" convert "$T/cycle.onnx" "$T/out.mlir"
"$PY" - "$T" <<'PYEOF'
import sys, onnx
m = onnx.load(sys.argv[1] + "/ooo.onnx")
m.graph.node[0].input[2] = "nowhere"
onnx.save(m, sys.argv[1] + "/undef.onnx")
PYEOF
expect_error "an undefined input" "undef.onnx: node conv (Conv): input 'nowhere' is not defined" "$GRED" convert "$T/undef.onnx" "$T/out.mlir"

# Reduction: the test wants a Conv, a model that onnx.checker accepts
# (shape inference included) once its nodes are sorted, and that ONNX
# Runtime runs.
cat >"$T/sorted_ok.py" <<'PYEOF'
import sys, onnx
m = onnx.load(sys.argv[1])
g = m.graph
known = {""} | {i.name for i in g.input} | {t.name for t in g.initializer}
todo, done = list(g.node), []
while todo:
    ready = [n for n in todo if all(i in known for i in n.input)]
    if not ready:
        sys.exit(1)
    done.append(ready[0])
    todo.remove(ready[0])
    known.update(ready[0].output)
del g.node[:]
g.node.extend(done)
onnx.checker.check_model(m, full_check=True)
sys.exit(0 if any(n.op_type == "Conv" for n in g.node) else 1)
PYEOF
cat >"$T/test.sh" <<TEOF
#!/bin/sh
"$PY" "$T/sorted_ok.py" "\$1" 2>/dev/null || exit 1
node "$ORT_RUN" --quiet "\$1" | grep -q " 1 ran"
TEOF
chmod +x "$T/test.sh"
if "$T/test.sh" "$T/ooo.onnx"; then pass; else fail "the test rejects the fixture"; fi
if "$GRED" reduce "$T/ooo.onnx" "$T/test.sh" -o "$T/reduced.onnx" >"$T/out" 2>"$T/err"; then pass; else fail "reduce: $(cat "$T/err" "$T/out" | head -20)"; fi
if "$T/test.sh" "$T/reduced.onnx"; then pass; else fail "the reduced model fails the test"; fi
if "$PY" -c 'import onnx, sys; m = onnx.load(sys.argv[1]); onnx.checker.check_model(m, full_check=True); print(len(m.graph.node))' "$T/reduced.onnx" >"$T/n" 2>"$T/err"; then pass; else fail "onnx.checker rejects the reduced model: $(tail -2 "$T/err")"; fi
if [ "$(cat "$T/n")" -lt 5 ]; then pass; else fail "reduced model keeps $(cat "$T/n") nodes"; fi
# One-minimal (test/lib/one_minimal.py): no node, attribute, value_info
# entry or dim can go.
mkdir "$T/case"
cp "$T/test.sh" "$T/case/test.sh"
cp "$T/reduced.onnx" "$T/case/expected.onnx"
if "$PY" "$GRED_SRC/test/lib/one_minimal.py" "$T/case" >"$T/min" 2>&1 &&
   grep -q ": interesting, [0-9]* ops, 0 removable$" "$T/min"; then pass; else
  fail "not one-minimal: $(cat "$T/min")"; fi
finish
