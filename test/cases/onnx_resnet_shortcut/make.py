# Writes input.onnx into argv[1]: a small ResNet (opset 13, 1x3x32x32
# input, 0.6 MB of weights, three stages of 16, 32 and 64 channels). The
# test needs only its MaxPool and one 1x1 shortcut Conv; every channel
# count must shrink together for the weights to go.
import os, sys
import numpy as np, onnx
from onnx import helper as h, TensorProto as T, numpy_helper as nh

rng = np.random.default_rng(7)
nodes, inits, count = [], [], [0]

def name(p):
    count[0] += 1
    return "%s%d" % (p, count[0])

def weight(*shape):
    n = name("w")
    inits.append(nh.from_array(rng.standard_normal(shape).astype(np.float32), n))
    return n

def conv(x, cin, cout, k, stride=1):
    y = name("conv")
    nodes.append(h.make_node("Conv", [x, weight(cout, cin, k, k), weight(cout)], [y],
        name=y, kernel_shape=[k, k], strides=[stride, stride], pads=[k // 2] * 4))
    return y

def relu(x):
    y = name("relu")
    nodes.append(h.make_node("Relu", [x], [y], name=y))
    return y

def block(x, cin, cout, stride):
    y = conv(relu(conv(x, cin, cout, 3, stride)), cout, cout, 3)
    if stride != 1 or cin != cout:
        x = conv(x, cin, cout, 1, stride)
    s = name("add")
    nodes.append(h.make_node("Add", [x, y], [s], name=s))
    return relu(s)

x = relu(conv("input", 3, 16, 3))
p = name("pool")
nodes.append(h.make_node("MaxPool", [x], [p], name=p, kernel_shape=[2, 2], strides=[2, 2]))
x, c = p, 16
for cout, stride in [(16, 1), (32, 2), (64, 2)]:
    x = block(x, c, cout, stride)
    c = cout
g = name("gap")
nodes.append(h.make_node("GlobalAveragePool", [x], [g], name=g))
f = name("flat")
nodes.append(h.make_node("Flatten", [g], [f], name=f))
nodes.append(h.make_node("Gemm", [f, weight(10, 64), weight(10)], ["logits"], name="fc", transB=1))
graph = h.make_graph(nodes, "resnet_small", [h.make_tensor_value_info("input", T.FLOAT, [1, 3, 32, 32])],
    [h.make_tensor_value_info("logits", T.FLOAT, [1, 10])], inits)
m = h.make_model(graph, opset_imports=[h.make_opsetid("", 13)], producer_name="gred-test")
m.ir_version = 7
onnx.checker.check_model(m, full_check=True)
onnx.save(m, os.path.join(sys.argv[1], "input.onnx"))
