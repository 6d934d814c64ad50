# Writes input.onnx (opset 13): a graph whose only needed part is a Clip
# with an upper bound; its lower bound should become an empty input.
import numpy as np, onnx
from onnx import helper as h, TensorProto as T, numpy_helper as nh
rng = np.random.default_rng(7)
inits = [nh.from_array(np.array(-1.5, np.float32), "lo"),
         nh.from_array(np.array(2.75, np.float32), "hi"),
         nh.from_array(rng.standard_normal((2, 3, 4)).astype(np.float32), "bias")]
nodes = [
    h.make_node("Relu", ["x"], ["r"], name="relu"),
    h.make_node("Clip", ["r", "lo", "hi"], ["c"], name="clip", doc_string="clamp"),
    h.make_node("Add", ["c", "bias"], ["a"], name="add"),
    h.make_node("Softmax", ["a"], ["y"], name="softmax", axis=2),
]
g = h.make_graph(nodes, "clipper", [h.make_tensor_value_info("x", T.FLOAT, [2, 3, 4])],
    [h.make_tensor_value_info("y", T.FLOAT, [2, 3, 4])], inits)
m = h.make_model(g, opset_imports=[h.make_opsetid("", 13)], producer_name="gred-test")
m.ir_version = 7
onnx.checker.check_model(m, full_check=True)
onnx.save(m, "input.onnx")
