# Writes input.onnx: a small CNN (opset 13) whose only needed part is a
# Conv with a 3x3 kernel.
import numpy as np, onnx
from onnx import helper as h, TensorProto as T, numpy_helper as nh
rng = np.random.default_rng(5)
def init(name, *shape):
    return nh.from_array(rng.standard_normal(shape).astype(np.float32), name)
nodes = [
    h.make_node("Conv", ["x", "w1", "b1"], ["c1"], name="conv1", kernel_shape=[3, 3], pads=[1, 1, 1, 1], strides=[1, 1], dilations=[1, 1], group=1, doc_string="first conv"),
    h.make_node("Relu", ["c1"], ["r1"], name="relu1"),
    h.make_node("MaxPool", ["r1"], ["p1"], name="pool1", kernel_shape=[2, 2], strides=[2, 2]),
    h.make_node("Conv", ["p1", "w2"], ["c2"], name="conv2", kernel_shape=[1, 1]),
    h.make_node("Sigmoid", ["c2"], ["s2"], name="sig2"),
    h.make_node("Mul", ["c2", "s2"], ["y"], name="mul2"),
]
g = h.make_graph(nodes, "cnn", [h.make_tensor_value_info("x", T.FLOAT, [1, 3, 16, 16])],
    [h.make_tensor_value_info("y", T.FLOAT, [1, 4, 8, 8])],
    [init("w1", 8, 3, 3, 3), init("b1", 8), init("w2", 4, 8, 1, 1)], doc_string="a small CNN")
m = h.make_model(g, opset_imports=[h.make_opsetid("", 13)], producer_name="gred-test")
m.ir_version = 7
onnx.checker.check_model(m, full_check=True)
onnx.save(m, "input.onnx")
