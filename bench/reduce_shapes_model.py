# Writes a ResNet-18-sized ONNX model (opset 13, 1x3x224x224 input, about
# 11 M float weights) to argv[1]: the shape- and constant-heavy bench case.
import sys
import numpy as np, onnx
from onnx import helper as h, TensorProto as T, numpy_helper as nh

rng = np.random.default_rng(18)
nodes, inits = [], []
count = [0]

def name(p):
    count[0] += 1
    return "%s%d" % (p, count[0])

def weight(*shape):
    n = name("w")
    inits.append(nh.from_array((rng.standard_normal(shape) * 0.05).astype(np.float32), n))
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
    y = relu(conv(x, cin, cout, 3, stride))
    y = conv(y, cout, cout, 3)
    if stride != 1 or cin != cout:
        x = conv(x, cin, cout, 1, stride)
    s = name("add")
    nodes.append(h.make_node("Add", [x, y], [s], name=s))
    return relu(s)

x = relu(conv("input", 3, 64, 7, 2))
p = name("pool")
nodes.append(h.make_node("MaxPool", [x], [p], name=p, kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1]))
x, c = p, 64
for cout, stride in [(64, 1), (64, 1), (128, 2), (128, 1), (256, 2), (256, 1), (512, 2), (512, 1)]:
    x = block(x, c, cout, stride)
    c = cout
g = name("gap")
nodes.append(h.make_node("GlobalAveragePool", [x], [g], name=g))
f = name("flat")
nodes.append(h.make_node("Flatten", [g], [f], name=f))
nodes.append(h.make_node("Gemm", [f, weight(1000, 512), weight(1000)], ["logits"], name="fc", transB=1))
graph = h.make_graph(nodes, "resnet18ish", [h.make_tensor_value_info("input", T.FLOAT, [1, 3, 224, 224])],
    [h.make_tensor_value_info("logits", T.FLOAT, [1, 1000])], inits)
m = h.make_model(graph, opset_imports=[h.make_opsetid("", 13)], producer_name="gred-bench")
m.ir_version = 7
onnx.save(m, sys.argv[1])
