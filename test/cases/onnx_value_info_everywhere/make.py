# Writes input.onnx: a model as exporters write them around one ReduceSum
# with noop_with_empty_axes=1 and no axes, which onnxruntime 1.20.1's CPU
# kernel rejects ("Reduction on all axes, output size should be 1"):
# 200 nodes, value_info on every tensor (onnx.shape_inference), a
# dim_param batch, 60 initializers, an If whose branches read an outer
# tensor, doc strings, metadata, producer fields and an opset import no
# node uses.
import sys
import numpy as np, onnx
from onnx import helper as h, TensorProto as T, numpy_helper as nh, shape_inference
rng = np.random.default_rng(17)
nodes, inits = [], []
cur = "x"
unary = ["Relu", "Sigmoid", "Tanh", "Abs", "Neg", "Exp"]
for i in range(200):
    out = f"t{i}"
    if i == 120:
        nodes.append(h.make_node("ReduceSum", [cur], [out], name=f"n{i}", keepdims=1,
                                 noop_with_empty_axes=1, doc_string="the bug"))
    elif i == 60:
        then_g = h.make_graph([h.make_node("Sigmoid", [cur], ["then_out"])], "then", [],
                              [h.make_tensor_value_info("then_out", T.FLOAT, None)])
        else_g = h.make_graph([h.make_node("Tanh", [cur], ["else_out"])], "else", [],
                              [h.make_tensor_value_info("else_out", T.FLOAT, None)])
        inits.append(nh.from_array(np.array(True), "cond"))
        nodes.append(h.make_node("If", ["cond"], [out], name=f"n{i}",
                                 then_branch=then_g, else_branch=else_g))
    elif i % 3 == 0:
        c = f"c{i}"
        inits.append(nh.from_array(rng.standard_normal((1, 3, 8, 8)).astype(np.float32), c))
        nodes.append(h.make_node("Add" if i % 2 else "Mul", [cur, c], [out], name=f"n{i}",
                                 doc_string=f"layer {i}"))
    else:
        nodes.append(h.make_node(unary[i % len(unary)], [cur], [out], name=f"n{i}"))
    cur = out
g = h.make_graph(nodes, "exported_graph", [h.make_tensor_value_info("x", T.FLOAT, ["batch", 3, 8, 8])],
                 [h.make_tensor_value_info(cur, T.FLOAT, ["batch", 3, 8, 8])], inits,
                 doc_string="a graph as an exporter writes it")
m = h.make_model(g, opset_imports=[h.make_opsetid("", 13), h.make_opsetid("ai.onnx.ml", 3)],
                 producer_name="gred-test-exporter", producer_version="1.0",
                 doc_string="model doc string")
m.ir_version = 8
h.set_model_props(m, {"author": "gred", "license": "MIT"})
m = shape_inference.infer_shapes(m, strict_mode=True)
assert len(m.graph.value_info) == 199, len(m.graph.value_info)
onnx.checker.check_model(m, full_check=True)
onnx.save(m, sys.argv[1] + "/input.onnx")
