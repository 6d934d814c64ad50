#!/bin/sh
# interesting iff a Conv on a 4-d float input has 3x3 float weights
"$GRED" convert "$1" m.mlir 2>/dev/null || exit 1
grep -q '"onnx.Conv"(.* : (tensor<[0-9]*x[0-9]*x[0-9]*x[0-9]*xf32>, tensor<[0-9]*x[0-9]*x3x3xf32>' m.mlir
