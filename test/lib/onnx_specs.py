"""Writes, as JSON for test/lib/ort_shapes.js, the graph inputs (name,
element type, dims; initializers left out) and the declared graph output
dims (None where a dim is unknown) of every model in the given folders.

usage: onnx_specs.py OUT.json DIR...
"""
import json
import os
import sys

import onnx


def dims(v):
    return [d.dim_value if d.HasField("dim_value") else None
            for d in v.type.tensor_type.shape.dim]


specs = []
for d in sys.argv[2:]:
    for f in sorted(os.listdir(d)):
        path = os.path.join(d, f)
        g = onnx.load(path).graph
        inits = {i.name for i in g.initializer}
        specs.append({
            "file": path,
            "inputs": [{"name": v.name, "type": v.type.tensor_type.elem_type,
                        "dims": [x or 1 for x in dims(v)]}
                       for v in g.input if v.name not in inits],
            "outputs": [{"name": v.name, "dims": dims(v)} for v in g.output],
        })
with open(sys.argv[1], "w") as out:
    json.dump(specs, out)
