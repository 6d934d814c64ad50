#!/bin/sh
# Interesting iff the model is valid ONNX and a Mul's output feeds a Tanh.
exec /usr/bin/python3 - "$1" <<'PY'
import sys, onnx
m = onnx.load(sys.argv[1])
try:
    onnx.checker.check_model(m)
except Exception:
    sys.exit(2)
muls = {o for n in m.graph.node if n.op_type == "Mul" for o in n.output}
sys.exit(0 if any(n.op_type == "Tanh" and set(n.input) & muls for n in m.graph.node) else 1)
PY
