# Writes input.onnx: a Loop that runs once (trip count 1) over two
# loop-carried values a = x and b = z, computing a - b + 5 * iteration.
# After it, y = -|a|.
import sys
import onnx
from onnx import helper as h, TensorProto as T
F = T.FLOAT
body = h.make_graph(
    [h.make_node("Identity", ["cond_in"], ["cond_out"]),
     h.make_node("Sub", ["a", "b"], ["d"]),
     h.make_node("Cast", ["iter"], ["iter_f"], to=F),
     h.make_node("Constant", [], ["five"], value=h.make_tensor("five_v", F, [], [5.0])),
     h.make_node("Mul", ["iter_f", "five"], ["shift"]),
     h.make_node("Add", ["d", "shift"], ["a_out"]),
     h.make_node("Identity", ["b"], ["b_out"])],
    "body",
    [h.make_tensor_value_info("iter", T.INT64, []),
     h.make_tensor_value_info("cond_in", T.BOOL, []),
     h.make_tensor_value_info("a", F, [3]),
     h.make_tensor_value_info("b", F, [3])],
    [h.make_tensor_value_info("cond_out", T.BOOL, []),
     h.make_tensor_value_info("a_out", F, [3]),
     h.make_tensor_value_info("b_out", F, [3])])
nodes = [
    h.make_node("Constant", [], ["m"], value=h.make_tensor("m_v", T.INT64, [], [1])),
    h.make_node("Constant", [], ["c"], value=h.make_tensor("c_v", T.BOOL, [], [True])),
    h.make_node("Loop", ["m", "c", "x", "z"], ["a_fin", "b_fin"], body=body),
    h.make_node("Abs", ["a_fin"], ["a_abs"]),
    h.make_node("Neg", ["a_abs"], ["y"]),
]
g = h.make_graph(nodes, "loop_once",
    [h.make_tensor_value_info("x", F, [3]), h.make_tensor_value_info("z", F, [3])],
    [h.make_tensor_value_info("y", F, [3])])
m = h.make_model(g, opset_imports=[h.make_opsetid("", 13)])
onnx.checker.check_model(m, full_check=True)
onnx.save(m, sys.argv[1] + "/input.onnx")
