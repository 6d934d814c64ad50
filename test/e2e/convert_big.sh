# ctest-labels: asan
# Big files take gred's own paths: a mapped input, a tensor section
# decoded without keeping its text, outputs streamed to the file. A 24 MB
# model must come back byte-identical through .mlir; a section the fast
# reader does not know (a comment in it) must load the same through the
# MLIR parser; a bad hex digit must give one located error line.
. "$(dirname "$0")/../lib/e2e.sh"
/usr/bin/python3 - "$T/big.onnx" <<'PY'
import sys
import numpy as np
from onnx import helper, numpy_helper, TensorProto, save
n = 1 << 20
rng = np.random.default_rng(1)
inits, nodes, prev = [], [], "x"
for i in range(6):
    inits.append(numpy_helper.from_array(rng.standard_normal(n, dtype=np.float32), name=f"w{i}"))
    nodes.append(helper.make_node("Add", [prev, f"w{i}"], [f"t{i}"]))
    prev = f"t{i}"
inits.append(numpy_helper.from_array(np.arange(10, dtype=np.int64), name="small"))
g = helper.make_graph(nodes, "big",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, [n])],
    [helper.make_tensor_value_info(prev, TensorProto.FLOAT, [n])], inits)
save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)]), sys.argv[1])
PY
"$GRED" convert "$T/big.onnx" "$T/big.mlir"
grep -q '^#-}' "$T/big.mlir" && pass || fail "no resource section in $T/big.mlir"
"$GRED" convert "$T/big.mlir" "$T/back.onnx"
cmp -s "$T/big.onnx" "$T/back.onnx" && pass || fail "onnx -> mlir -> onnx changed the bytes"
"$GRED" convert "$T/big.mlir" "$T/again.mlir"
cmp -s "$T/big.mlir" "$T/again.mlir" && pass || fail "mlir -> mlir is not a fixed point"

# A comment inside the section: the plain parser reads it, same result.
sed 's|^    builtin: {$|    builtin: { // weights|' "$T/big.mlir" >"$T/comment.mlir"
cmp -s "$T/big.mlir" "$T/comment.mlir" && fail "the comment was not added"
"$GRED" convert "$T/comment.mlir" "$T/comment.onnx"
cmp -s "$T/big.onnx" "$T/comment.onnx" && pass || fail "a commented section loads differently"

# A bad digit deep in a blob.
awk '/^      t_w3: / { sub(/"0x04000000../, "\"0x04000000zz") } { print }' \
  "$T/big.mlir" >"$T/bad.mlir"
cmp -s "$T/big.mlir" "$T/bad.mlir" && fail "the digit was not changed"
expect_error "bad hex digit" "bad.mlir:[0-9]*:[0-9]*: " \
  "$GRED" convert "$T/bad.mlir" "$T/bad.onnx"
[ ! -e "$T/bad.onnx" ] && pass || fail "an output was written for a bad input"
finish
