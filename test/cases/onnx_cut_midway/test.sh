#!/bin/sh
# Interesting iff the model is valid ONNX and onnxruntime-node 1.20.1 fails
# running it in its FuseReluClip rewrite (scripts/ort_run.js: it runs with
# optimizations disabled).
/usr/bin/python3 -c 'import onnx, sys; onnx.checker.check_model(onnx.load(sys.argv[1]), full_check=True)' "$1" 2>/dev/null || exit 2
here=$(cd "$(dirname "$0")" && pwd)
node "$here/../../../scripts/ort_run.js" "$1" 2>&1 | grep -q "ORT optimizer bug.*FuseReluClip"
