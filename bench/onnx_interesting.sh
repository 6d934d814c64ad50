#!/bin/sh
# The bench's interestingness test: the model is valid ONNX and running it
# in onnxruntime-node 1.20.1 (scripts/ort_run.js) prints a line matching
# the planted bug's PATTERN (an extended regex).
#   onnx_interesting.sh PATTERN MODEL
here=$(cd "$(dirname "$0")" && pwd)
/usr/bin/python3 -c 'import onnx, sys; onnx.checker.check_model(onnx.load(sys.argv[1]))' "$2" 2>/dev/null || exit 2
node "$here/../scripts/ort_run.js" "$2" 2>&1 | grep -Eq "$1"
