# The smallest trigger known for each bug onnx_plant.py plants, built by
# hand: the onnx bench checks it with a case's own interesting test and
# sets gred's final bytes against it. Names are one letter, the graph has
# no outputs (onnxruntime still runs its nodes), the tensor is a zero
# initializer (a graph input the test feeds misses both bugs), every
# field at its default is left out.
#   onnx_smallest.py PATTERN OUT
# reducesum: ReduceSum with noop_with_empty_axes on 2 floats (1 float,
# a scalar or an int tensor no longer fail), opset 13. reluclip: Relu ->
# Clip on a double scalar that is also Clip's min, opset 11.
import sys
import onnx
from onnx import helper as h, TensorProto as T

pattern, dst = sys.argv[1], sys.argv[2]
if pattern == "reducesum":
    nodes = [h.make_node("ReduceSum", ["a"], ["b"], noop_with_empty_axes=1)]
    init, opset = ("a", T.FLOAT, [2], 8), 13
elif pattern == "reluclip":
    nodes = [h.make_node("Relu", ["b"], ["c"]), h.make_node("Clip", ["c", "b"], ["d"])]
    init, opset = ("b", T.DOUBLE, [], 8), 11
else:
    raise SystemExit(f"{pattern}: no smallest trigger known")
m = onnx.ModelProto()
m.ir_version = 7
m.graph.name = "a"
m.graph.node.extend(nodes)
t = m.graph.initializer.add()
t.name, t.data_type = init[0], init[1]
t.dims.extend(init[2])
t.raw_data = bytes(init[3])
m.opset_import.add().version = opset
onnx.checker.check_model(m)
with open(dst, "wb") as f:
    f.write(m.SerializeToString())
