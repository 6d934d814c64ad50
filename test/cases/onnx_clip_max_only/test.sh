#!/bin/sh
# interesting iff a Clip has an upper bound (its lower one is optional);
# graph inputs must have types, as for any ONNX runtime
"$GRED" convert "$1" m.mlir 2>/dev/null || exit 1
grep -q 'func.func.*(.*!onnx.unknown.*) ->' m.mlir && exit 1
grep -q '"onnx.Clip"(%[a-z0-9_]*, %[a-z0-9_]*, %[a-z0-9_]*)' m.mlir
