"""Writes DIR/NAME.onnx for kinds of graph real tools emit, each with
value_info on every tensor (onnx.shape_inference) and producer fields,
around an onnxruntime-node 1.20.1 failure on a Relu feeding a Clip on
doubles: its FuseReluClip rewrite throws (opset 12 and later), and it has
no double kernel for Clip-6 (opsets 7 and 10).
  opset7, opset10, opset21  a chain of 20 nodes at that opset
             (IR version 8 for opset 21: the newest python-onnx 1.12
             checks; onnxruntime-node takes opset 21 with it)
  quantized  QDQ around a Conv, QLinearConv, QLinearMatMul (uint8)
  halves     fp16 and bf16 casts, as mixed-precision tools write them
  control    Scan, Loop and If whose bodies read an outer tensor
usage: onnx_tool_graphs.py DIR"""
import sys, numpy as np, onnx
from onnx import helper as h, TensorProto as T, numpy_helper as nh
out = sys.argv[1]
rng = np.random.default_rng(3)
F, D = T.FLOAT, T.DOUBLE

def bug(src, opset, tail):
    """Relu then Clip on doubles after src (float): Cast, Relu, Clip, Cast."""
    nodes = [h.make_node("Cast", [src], ["bug_d"], to=D),
             h.make_node("Relu", ["bug_d"], ["bug_r"])]
    inits = []
    if opset < 11:
        nodes.append(h.make_node("Clip", ["bug_r"], ["bug_c"], min=0.25, max=6.0))
    else:
        nodes.append(h.make_node("Clip", ["bug_r", "bug_lo"], ["bug_c"]))
        inits.append(nh.from_array(np.array(0.25), "bug_lo"))
    nodes.append(h.make_node("Cast", ["bug_c"], [tail], to=F))
    return nodes, inits

def chain(src, n, prefix, shape):
    nodes, inits, cur = [], [], src
    for i in range(n):
        o = "%s%d" % (prefix, i)
        if i % 3 == 0:
            c = o + "_w"
            inits.append(nh.from_array(rng.standard_normal(shape).astype(np.float32), c))
            nodes.append(h.make_node("Add" if i % 2 else "Mul", [cur, c], [o]))
        else:
            nodes.append(h.make_node(["Sigmoid", "Tanh", "Neg"][i % 3], [cur], [o]))
        cur = o
    return nodes, inits, cur

def save(name, nodes, inits, inputs, outputs, opset, ir=None, extra_opsets=()):
    g = h.make_graph(nodes, name, inputs, outputs, inits)
    m = h.make_model(g, opset_imports=[h.make_opsetid("", opset)] + list(extra_opsets),
                     producer_name="pytorch", producer_version="2.1")
    m.ir_version = ir or (7 if opset < 15 else 8)
    m = onnx.shape_inference.infer_shapes(m)
    onnx.save(m, "%s/%s.onnx" % (out, name))

shape = [2, 3, 4, 4]
x = h.make_tensor_value_info("x", F, shape)

# one model per opset: 7 and 10 (ORT has no double kernel for Clip-6), 12 to 21
for opset in (7, 10, 21):
    n1, i1, c = chain("x", 8, "a", shape)
    n2, i2 = bug(c, opset, "b")
    n3, i3, c2 = chain("b", 8, "z", shape)
    save("opset%d" % opset, n1 + n2 + n3, i1 + i2 + i3, [x],
         [h.make_tensor_value_info(c2, F, shape)], opset)

# quantized: QDQ around a Conv, then QLinearConv and QLinearMatMul
def q(a, n):
    return nh.from_array(np.array(a, dtype=np.float32 if isinstance(a, float) else np.uint8), n)
nodes = [h.make_node("QuantizeLinear", ["x", "s", "zp"], ["xq"]),
         h.make_node("DequantizeLinear", ["xq", "s", "zp"], ["xdq"]),
         h.make_node("DequantizeLinear", ["wq", "s", "zp"], ["w"]),
         h.make_node("Conv", ["xdq", "w"], ["cv"], pads=[1, 1, 1, 1]),
         h.make_node("QuantizeLinear", ["cv", "s", "zp"], ["cq"]),
         h.make_node("QLinearConv", ["cq", "s", "zp", "wq", "s", "zp", "s", "zp"], ["qc"],
                     pads=[1, 1, 1, 1]),
         h.make_node("DequantizeLinear", ["qc", "s", "zp"], ["qd"])]
inits = [q(0.05, "s"), q(128, "zp"),
         nh.from_array(rng.integers(100, 156, (3, 3, 3, 3)).astype(np.uint8), "wq")]
n2, i2 = bug("qd", 13, "b")
nodes += n2 + [h.make_node("QuantizeLinear", ["b", "s", "zp"], ["bq"]),
               h.make_node("Reshape", ["bq", "flat"], ["bf"]),
               h.make_node("QLinearMatMul", ["bf", "s", "zp", "mq", "s", "zp", "s", "zp"], ["mm"]),
               h.make_node("DequantizeLinear", ["mm", "s", "zp"], ["y"])]
inits += i2 + [nh.from_array(np.array([6, 16], np.int64), "flat"),
               nh.from_array(rng.integers(100, 156, (16, 5)).astype(np.uint8), "mq")]
save("quantized", nodes, inits, [x], [h.make_tensor_value_info("y", F, [6, 5])], 13)

# fp16 and bf16: the float graph cast down and back, as mixed-precision tools do
nodes = [h.make_node("Cast", ["x"], ["h"], to=T.FLOAT16),
         h.make_node("Sigmoid", ["h"], ["hs"]),
         h.make_node("Cast", ["hs"], ["bf"], to=T.BFLOAT16),
         h.make_node("Cast", ["bf"], ["f"], to=F)]
n2, i2 = bug("f", 13, "b")
nodes += n2 + [h.make_node("Cast", ["b"], ["b16"], to=T.FLOAT16),
               h.make_node("Tanh", ["b16"], ["t16"]), h.make_node("Cast", ["t16"], ["y"], to=F)]
save("halves", nodes, i2, [x], [h.make_tensor_value_info("y", F, shape)], 13)

# Scan whose body reads an outer tensor (k), Loop and If as well
sb = h.make_graph([h.make_node("Add", ["st", "xt"], ["s1"]), h.make_node("Mul", ["s1", "k"], ["s2"]),
                   h.make_node("Identity", ["s2"], ["so"])], "scan_body",
                  [h.make_tensor_value_info("st", F, [4, 4]), h.make_tensor_value_info("xt", F, [4, 4])],
                  [h.make_tensor_value_info("s2", F, [4, 4]), h.make_tensor_value_info("so", F, [4, 4])])
lb = h.make_graph([h.make_node("Add", ["lv", "k"], ["lv2"]), h.make_node("Identity", ["cond"], ["c2"])],
                  "loop_body",
                  [h.make_tensor_value_info("i", T.INT64, []), h.make_tensor_value_info("cond", T.BOOL, []),
                   h.make_tensor_value_info("lv", F, [4, 4])],
                  [h.make_tensor_value_info("c2", T.BOOL, []), h.make_tensor_value_info("lv2", F, [4, 4])])
tb = h.make_graph([h.make_node("Add", ["sf", "k"], ["ta"])], "then",
                  [], [h.make_tensor_value_info("ta", F, [4, 4])])
eb = h.make_graph([h.make_node("Sub", ["sf", "k"], ["ea"])], "else",
                  [], [h.make_tensor_value_info("ea", F, [4, 4])])
x3 = h.make_tensor_value_info("x", F, [3, 4, 4])
nodes = [h.make_node("Scan", ["s0", "x"], ["sf", "ys"], body=sb, num_scan_inputs=1),
         h.make_node("Loop", ["trip", "", "sf"], ["lf"], body=lb),
         h.make_node("ReduceMean", ["lf"], ["m"], keepdims=0),
         h.make_node("Greater", ["m", "zero"], ["gt"]),
         h.make_node("If", ["gt"], ["iff"], then_branch=tb, else_branch=eb)]
n2, i2 = bug("iff", 13, "b")
nodes += n2 + [h.make_node("Add", ["b", "lf"], ["y"])]
inits = [nh.from_array(np.zeros((4, 4), np.float32), "s0"),
         nh.from_array(rng.standard_normal((4, 4)).astype(np.float32), "k"),
         nh.from_array(np.array(2, np.int64), "trip"), nh.from_array(np.array(0.0, np.float32), "zero")] + i2
save("control", nodes, inits, [x3], [h.make_tensor_value_info("y", F, [4, 4])], 13)
