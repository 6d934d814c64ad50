# Writes input.onnx into directory $1: a graph of 400 nodes as exporters
# write them (value_info on every tensor from onnx.shape_inference, 130
# initializers, skip connections), with a Relu feeding a Clip on doubles
# after node 200, which onnxruntime 1.20.1's FuseReluClip rewrite rejects:
# a long prefix before the bug and a long tail after it.
import sys
import numpy as np, onnx
from onnx import helper as h, TensorProto as T, numpy_helper as nh, shape_inference

rng = np.random.default_rng(17)
nodes, inits = [], []
cur, made = "x", ["x"]
unary = ["Relu", "Sigmoid", "Tanh", "Abs", "Neg", "Softsign"]
for i in range(400):
    out = f"t{i}"
    if i == 200:
        inits.append(nh.from_array(np.array(0.25, dtype=np.float64), "lo"))
        nodes += [h.make_node("Cast", [cur], ["d"], name="cast_d", to=T.DOUBLE),
                  h.make_node("Relu", ["d"], ["relu"], name="relu"),
                  h.make_node("Clip", ["relu", "lo"], ["clip"], name="clip"),
                  h.make_node("Cast", ["clip"], [out], name="cast_f", to=T.FLOAT)]
    elif i % 3 == 0:
        c = f"w{i}"
        inits.append(nh.from_array(rng.standard_normal((1, 4, 1, 1)).astype(np.float32), c))
        nodes.append(h.make_node("Mul" if i % 2 else "Add", [cur, c], [out], name=f"n{i}"))
    elif i % 7 == 0:
        nodes.append(h.make_node("Add", [cur, made[-5]], [out], name=f"n{i}"))
    else:
        nodes.append(h.make_node(unary[i % len(unary)], [cur], [out], name=f"n{i}"))
    cur = out
    made.append(out)
g = h.make_graph(nodes, "midway", [h.make_tensor_value_info("x", T.FLOAT, [1, 4, 8, 8])],
                 [h.make_tensor_value_info(cur, T.FLOAT, [1, 4, 8, 8])], inits)
m = h.make_model(g, opset_imports=[h.make_opsetid("", 13)], producer_name="gred-test")
m.ir_version = 7
m = shape_inference.infer_shapes(m, strict_mode=True)
onnx.checker.check_model(m, full_check=True)
onnx.save(m, sys.argv[1] + "/input.onnx")
