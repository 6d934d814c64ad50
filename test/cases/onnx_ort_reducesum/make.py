# Writes input.onnx: 300 element-wise nodes around one ReduceSum with
# noop_with_empty_axes=1 and no axes, which onnxruntime 1.20.1's CPU kernel
# rejects ("Reduction on all axes, output size should be 1") instead of
# passing its input through.
import numpy as np, onnx
from onnx import helper as h, TensorProto as T, numpy_helper as nh
rng = np.random.default_rng(11)
nodes, inits = [], []
cur = "x"
unary = ["Relu", "Sigmoid", "Tanh", "Abs", "Neg", "Exp"]
for i in range(300):
    out = f"t{i}"
    if i == 150:
        nodes.append(h.make_node("ReduceSum", [cur], [out], name=f"n{i}", keepdims=1, noop_with_empty_axes=1))
    elif i % 3 == 0:
        c = f"c{i}"
        inits.append(nh.from_array(rng.standard_normal((1, 3, 8, 8)).astype(np.float32), c))
        nodes.append(h.make_node("Add" if i % 2 else "Mul", [cur, c], [out], name=f"n{i}"))
    else:
        nodes.append(h.make_node(unary[i % len(unary)], [cur], [out], name=f"n{i}"))
    cur = out
g = h.make_graph(nodes, "chain", [h.make_tensor_value_info("x", T.FLOAT, [1, 3, 8, 8])],
    [h.make_tensor_value_info(cur, T.FLOAT, [1, 3, 8, 8])], inits)
m = h.make_model(g, opset_imports=[h.make_opsetid("", 13)], producer_name="gred-test")
m.ir_version = 7
onnx.checker.check_model(m, full_check=True)
import sys
onnx.save(m, sys.argv[1] + "/input.onnx")
