# The peer for ONNX cases: a Polygraphy-style node reducer (polygraphy
# debug reduce). On the topological order of the main graph's nodes:
# output-side bisection (keep the first k nodes, the last one's outputs
# become the graph outputs), input-side bisection (drop the first j nodes,
# the tensors they made become graph inputs typed by value_info), then
# single-node deletion to a fixpoint (a node's outputs alias its first
# input). Unused initializers, inputs and value_info go, as
# onnx-graphsurgeon's cleanup does. Shapes, weights and attributes stay.
#   reduce_shapes_ddmin.py IN OUT TEST [ARGS...]   (prints test runs)
import os, shutil, subprocess, sys, tempfile
import onnx

m = onnx.load(sys.argv[1])
out, test = sys.argv[2], sys.argv[3:]
if os.sep in test[0]:
    test[0] = os.path.abspath(test[0])
runs = 0
nodes = list(m.graph.node)
types = {v.name: v for v in list(m.graph.value_info) + list(m.graph.input) + list(m.graph.output)}
init_names = {t.name for t in m.graph.initializer}


def build(keep, outputs=None, cut=frozenset()):
    """keep: node indices; outputs: graph output names (None: the
    original ones, aliased); cut: indices whose outputs become inputs."""
    g = onnx.ModelProto()
    g.CopyFrom(m)
    alias = {}
    for i, n in enumerate(nodes):
        if i not in keep and i not in cut and n.input:
            for o in n.output:
                alias[o] = alias.get(n.input[0], n.input[0])
    del g.graph.node[:]
    for i, n in enumerate(nodes):
        if i in keep:
            c = g.graph.node.add()
            c.CopyFrom(n)
            for k, x in enumerate(c.input):
                c.input[k] = alias.get(x, x)
    outs = [alias.get(o, o) for o in (outputs if outputs is not None else [o.name for o in m.graph.output])]
    del g.graph.output[:]
    for o in outs:
        if o in types:
            v = g.graph.output.add()
            v.CopyFrom(types[o])
            v.name = o
        else:
            g.graph.output.add().name = o
    used = {x for n in g.graph.node for x in n.input} | set(outs)
    made = {x for n in g.graph.node for x in n.output}
    inputs = [i for i in g.graph.input if i.name in used]
    for i in sorted(cut):
        for o in nodes[i].output:
            if o in used and o not in made and o in types and o not in {x.name for x in inputs}:
                v = onnx.ValueInfoProto()
                v.CopyFrom(types[o])
                inputs.append(v)
    del g.graph.input[:]
    g.graph.input.extend(inputs)
    inits = [t for t in g.graph.initializer if t.name in used]
    del g.graph.initializer[:]
    g.graph.initializer.extend(inits)
    vis = [v for v in g.graph.value_info if v.name in made or v.name in used]
    del g.graph.value_info[:]
    g.graph.value_info.extend(vis)
    return g


def interesting(model):
    global runs
    runs += 1
    d = tempfile.mkdtemp()
    try:
        p = os.path.join(d, os.path.basename(sys.argv[1]))
        onnx.save(model, p)
        return subprocess.run(test + [p], cwd=d, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0
    finally:
        shutil.rmtree(d)


n = len(nodes)
# Output side: the smallest prefix whose last node's outputs still fail.
lo, hi = 1, n
best = None
while lo < hi:
    k = (lo + hi) // 2
    cand = build(set(range(k)), [o for o in nodes[k - 1].output if o])
    if interesting(cand):
        hi, best = k, cand
    else:
        lo = k + 1
end = hi
outs = [o for o in nodes[end - 1].output if o] if best is not None else None
# Input side: the most leading nodes that can be cut off.
lo, hi = 0, end - 1
start = 0
while lo < hi:
    j = (lo + hi + 1) // 2
    cand = build(set(range(j, end)), outs, frozenset(range(j)))
    if interesting(cand):
        lo, start = j, j
    else:
        hi = j - 1
cut = frozenset(range(start))
keep = list(range(start, end))
# Single-node deletion to a fixpoint.
changed = True
while changed:
    changed = False
    i = 0
    while i < len(keep):
        cand = keep[:i] + keep[i + 1:]
        if cand and interesting(build(set(cand), outs, cut)):
            keep, changed = cand, True
        else:
            i += 1
onnx.save(build(set(keep), outs, cut), out)
print(runs)
