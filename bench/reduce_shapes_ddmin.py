# The peer for ONNX cases: a simple node-bisection reducer. ddmin over the
# nodes; a removed node's outputs are replaced by its first input, unused
# initializers go. Shapes, weights and attributes stay as they are.
#   reduce_shapes_ddmin.py IN OUT TEST [ARGS...]   (prints test runs)
import os, shutil, subprocess, sys, tempfile
import onnx

m = onnx.load(sys.argv[1])
out, test = sys.argv[2], sys.argv[3:]
runs = 0

def build(keep):
    g = onnx.ModelProto()
    g.CopyFrom(m)
    alias = {}
    for i, n in enumerate(m.graph.node):
        if i not in keep and n.input:
            for o in n.output:
                alias[o] = alias.get(n.input[0], n.input[0])
    del g.graph.node[:]
    for i, n in enumerate(m.graph.node):
        if i in keep:
            c = g.graph.node.add()
            c.CopyFrom(n)
            for k, x in enumerate(c.input):
                c.input[k] = alias.get(x, x)
    for o in g.graph.output:
        o.name = alias.get(o.name, o.name)
    used = {x for n in g.graph.node for x in n.input} | {o.name for o in g.graph.output}
    inits = [t for t in g.graph.initializer if t.name in used]
    del g.graph.initializer[:]
    g.graph.initializer.extend(inits)
    return g

def interesting(keep):
    global runs
    runs += 1
    d = tempfile.mkdtemp()
    try:
        p = os.path.join(d, os.path.basename(sys.argv[1]))
        onnx.save(build(keep), p)
        return subprocess.run(test + [p], cwd=d, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0
    finally:
        shutil.rmtree(d)

keep = list(range(len(m.graph.node)))
chunk = max(1, len(keep) // 2)
while True:
    i, changed = 0, False
    while i < len(keep):
        cand = keep[:i] + keep[i + chunk:]
        if cand and interesting(set(cand)):
            keep, changed = cand, True
        else:
            i += chunk
    if chunk == 1 and not changed:
        break
    chunk = max(1, chunk // 2)
onnx.save(build(set(keep)), out)
print(runs)
