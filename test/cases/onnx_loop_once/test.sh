#!/bin/sh
# Interesting iff the model is valid ONNX and its first output, run in
# onnxruntime-node, is what the input's one-iteration Loop computes. The
# Loop goes only if inlined with its iteration-0 values (iteration number
# 0, a = x, b = z): stand-ins for them would change the output.
here=$(cd "$(dirname "$0")" && pwd)
/usr/bin/python3 -c 'import onnx, sys; onnx.checker.check_model(onnx.load(sys.argv[1]), full_check=True)' "$1" 2>/dev/null || exit 1
[ "$(node "$here/run.js" "$1" 2>/dev/null)" = "-9,-18,-37" ]
