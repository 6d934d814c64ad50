#!/bin/sh
# interesting iff the model has a MaxPool and a Conv with 1x1 float
# weights, and its graph inputs and outputs are typed (as a runtime needs)
"$GRED" convert "$1" m.mlir 2>/dev/null || exit 1
grep -q '^ *func.func @main_graph.*!onnx.unknown' m.mlir && exit 1
grep -q '"onnx.MaxPool"' m.mlir || exit 1
grep -q '"onnx.Conv"(.* : ([^,]*, tensor<[0-9]*x[0-9]*x1x1xf32>' m.mlir
