"""Judges generated ONNX models without gred: onnx.checker with full_check,
then ONNX's own shape inference (strict mode) on a copy stripped of every
declared intermediate type and of the graph outputs' shapes, compared with
what the model declares.

usage: onnx_shapes.py DIR...   prints one FAIL line per bad model and
"checker: N passed, M failed" then "shapes: N passed, M failed,
U dims left unknown by inference".
"""
import os
import sys

import onnx
from onnx import shape_inference


def dims(t):
    """The declared or inferred shape: a list of ints, None for unknown."""
    if not t.tensor_type.HasField("shape"):
        return None
    return [d.dim_value if d.HasField("dim_value") else None
            for d in t.tensor_type.shape.dim]


def compare(model):
    """(problems, unknown): declared vs inferred types of every value."""
    declared = {v.name: v.type for v in model.graph.value_info}
    declared.update({v.name: v.type for v in model.graph.output})
    bare = onnx.ModelProto()
    bare.CopyFrom(model)
    del bare.graph.value_info[:]
    for o in bare.graph.output:
        o.type.tensor_type.ClearField("shape")
    inferred_model = shape_inference.infer_shapes(bare, strict_mode=True)
    inferred = {v.name: v.type for v in inferred_model.graph.value_info}
    for o in inferred_model.graph.output:
        inferred[o.name] = o.type
    # inputs of the graph are known as declared
    for v in model.graph.input:
        inferred.setdefault(v.name, v.type)
    problems, unknown = [], 0
    for name, want in declared.items():
        got = inferred.get(name)
        if got is None:
            problems.append("%s: no type inferred" % name)
            continue
        if got.tensor_type.elem_type != want.tensor_type.elem_type:
            problems.append("%s: element type %d, declared %d" % (
                name, got.tensor_type.elem_type, want.tensor_type.elem_type))
            continue
        w, g = dims(want), dims(got)
        if w is None or g is None:
            if g is None and w is not None:
                unknown += len(w)
            continue
        if len(w) != len(g):
            problems.append("%s: rank %d inferred, %d declared" % (name, len(g), len(w)))
            continue
        for a, b in zip(w, g):
            if b is None:
                unknown += 1
            elif a is not None and a != b:
                problems.append("%s: shape %s inferred, %s declared" % (name, g, w))
                break
    return problems, unknown


def main():
    ok = bad = sok = sbad = unknown = 0
    for d in sys.argv[1:]:
        for f in sorted(os.listdir(d)):
            path = os.path.join(d, f)
            model = onnx.load(path)
            try:
                onnx.checker.check_model(model, full_check=True)
                ok += 1
            except Exception as e:
                bad += 1
                print("FAIL %s: checker: %s" % (path, str(e).splitlines()[0][:300]))
            try:
                problems, u = compare(model)
            except Exception as e:
                problems, u = ["inference: " + str(e).splitlines()[0][:300]], 0
            unknown += u
            if problems:
                sbad += 1
                print("FAIL %s: shapes: %s" % (path, "; ".join(problems[:3])))
            else:
                sok += 1
    print("checker: %d passed, %d failed" % (ok, bad))
    print("shapes: %d passed, %d failed, %d dims left unknown by inference" % (sok, sbad, unknown))


if __name__ == "__main__":
    main()
