# Graphs as real tools emit them (test/lib/onnx_tool_graphs.py): opsets 7,
# 10 and 21; quantized QDQ with QLinearConv and QLinearMatMul; fp16
# and bf16 casts; Scan, Loop and If bodies reading an outer tensor; all
# with value_info on every tensor and producer fields, around a Relu and
# Clip on doubles that onnxruntime-node 1.20.1 fails on. gred reduces each
# to that failure alone. Judged without gred: onnx.checker's full check
# passes and onnxruntime-node still fails with the same error; no
# value_info, producer field or node beyond the Relu and Clip (and what
# feeds them) is left; and test/lib/one_minimal.py finds no node,
# attribute, value_info entry or dim that can go.
. "$(dirname "$0")/../lib/e2e.sh"
need_python_onnx
need_ort
ORT_RUN="$(cd "$GRED_SRC" && pwd)/scripts/ort_run.js"
"$PY" "$GRED_SRC/test/lib/onnx_tool_graphs.py" "$T"
for name in opset7 opset10 opset21 quantized halves control; do
  case $name in
    opset7|opset10) want="Could not find an implementation for Clip(6)" ;;
    *) want="FuseReluClip" ;;
  esac
  d="$T/case_$name"
  mkdir "$d"
  cat >"$d/test.sh" <<SH
#!/bin/sh
$PY -c 'import onnx, sys; onnx.checker.check_model(onnx.load(sys.argv[1]), full_check=True)' "\$1" 2>/dev/null || exit 2
node "$ORT_RUN" "\$1" 2>&1 | grep -qF "$want"
SH
  if sh "$d/test.sh" "$T/$name.onnx"; then pass; else fail "$name: the input does not fail as planted"; continue; fi
  if "$GRED" reduce -j 2 -o "$d/expected.onnx" "$T/$name.onnx" sh "$d/test.sh" 2>"$T/err"; then pass; else
    fail "$name: reduce: $(cat "$T/err")"; continue; fi
  if sh "$d/test.sh" "$d/expected.onnx"; then pass; else fail "$name: the result lost the failure"; fi
  if "$PY" - "$d/expected.onnx" "$T/$name.onnx" >"$T/left" 2>&1 <<'PY'
import sys, onnx
m, src = onnx.load(sys.argv[1]), onnx.load(sys.argv[2])
def graphs(g):
    yield g
    for n in g.node:
        for a in n.attribute:
            for s in ([a.g] if a.type == onnx.AttributeProto.GRAPH else list(a.graphs)):
                yield from graphs(s)
left = []
if not any(g.value_info for g in graphs(src.graph)):
    left.append("the input has no value_info")
if any(g.value_info for g in graphs(m.graph)):
    left.append("value_info")
if m.producer_name or m.producer_version:
    left.append("producer fields")
ops = sorted(n.op_type for g in graphs(m.graph) for n in g.node)
if not set(ops) <= {"Relu", "Clip", "Constant"} or "Clip" not in ops:
    left.append("nodes %s" % ops)
print(", ".join(left))
sys.exit(1 if left else 0)
PY
  then pass; else fail "$name: left: $(cat "$T/left")"; fi
  if "$PY" "$GRED_SRC/test/lib/one_minimal.py" "$d" >"$T/min" 2>&1 &&
     grep -q ": interesting, [0-9]* ops, 0 removable$" "$T/min"; then pass; else
    fail "$name: not one-minimal: $(cat "$T/min")"; fi
done
finish
