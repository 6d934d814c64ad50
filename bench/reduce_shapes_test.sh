#!/bin/sh
# The bench's "bug": a model with a MaxPool and a Conv with 1x1 weights
# (the ResNet shortcut); graph inputs typed, as for any runtime.
"${GRED:-gred}" convert "$1" m.mlir 2>/dev/null || exit 1
grep -q '^ *func.func @main_graph.*!onnx.unknown' m.mlir && exit 1
grep -q '"onnx.MaxPool"' m.mlir || exit 1
grep -q '"onnx.Conv"(.* : ([^,]*, tensor<[0-9]*x[0-9]*x1x1xf32>' m.mlir
