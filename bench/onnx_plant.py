# Plants an onnxruntime-node 1.20.1 bug into a real model, as the bench's
# cases: fixes the graph inputs' dims, converts to the opset the pattern needs,
# splices a small failing pattern onto one float tensor in the middle of
# the graph (its consumers read the pattern's result), then runs
# onnx.shape_inference so every tensor carries value_info, as exporters
# write them.
#   onnx_plant.py IN OUT PATTERN FRACTION DIM=VALUE...
# PATTERN: reducesum (ReduceSum noop_with_empty_axes, a kernel error),
# reluclip (Relu -> Clip on double, FuseReluClip throws), none.
import sys
import numpy as np, onnx
from onnx import helper as h, TensorProto as T, numpy_helper as nh, shape_inference, version_converter

src, dst, pattern, frac = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
dims = dict(a.split("=") for a in sys.argv[5:])
m = onnx.load(src)
for i in m.graph.input:
    for d in i.type.tensor_type.shape.dim:
        if d.HasField("dim_param") or not d.HasField("dim_value"):
            v = int(dims.get(d.dim_param, dims.get("*", 1)))
            d.Clear()
            d.dim_value = v
need = {"reducesum": 13, "reluclip": 11}.get(pattern, 1)
if next(o.version for o in m.opset_import if o.domain in ("", "ai.onnx")) < need:
    m = version_converter.convert_version(shape_inference.infer_shapes(m), need)
m = shape_inference.infer_shapes(m, strict_mode=True)
g = m.graph
known = {}
for vi in list(g.value_info):
    tt = vi.type.tensor_type
    if tt.elem_type == T.FLOAT and tt.shape.dim and all(d.HasField("dim_value") and d.dim_value > 0 for d in tt.shape.dim):
        known[vi.name] = [d.dim_value for d in tt.shape.dim]
cands = [(k, o) for k, n in enumerate(g.node) for o in n.output
         if o in known and n.op_type not in ("Constant", "Shape")]
k, t = cands[int(frac * (len(cands) - 1))]
p = "planted_"
if pattern == "reducesum":
    nodes = [h.make_node("ReduceSum", [t], [p + "r"], keepdims=1, noop_with_empty_axes=1),
             h.make_node("Add", [t, p + "r"], [p + "out"])]
elif pattern == "reluclip":
    g.initializer.append(nh.from_array(np.array(0.25, dtype=np.float64), p + "lo"))
    nodes = [h.make_node("Cast", [t], [p + "d"], to=T.DOUBLE),
             h.make_node("Relu", [p + "d"], [p + "relu"]),
             h.make_node("Clip", [p + "relu", p + "lo"], [p + "clip"]),
             h.make_node("Cast", [p + "clip"], [p + "out"], to=T.FLOAT)]
else:
    nodes = []
if nodes:
    for n in g.node[k + 1:]:
        for j, x in enumerate(n.input):
            if x == t:
                n.input[j] = p + "out"
    for o in g.output:
        if o.name == t:
            raise SystemExit("planted tensor is a graph output")
    for j, n in enumerate(nodes):
        n.name = p + str(j)
        g.node.insert(k + 1 + j, n)
del g.value_info[:]
m = shape_inference.infer_shapes(m, strict_mode=True)
onnx.checker.check_model(m)
onnx.save(m, dst)
