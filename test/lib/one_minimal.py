"""Judges a reduction fixture without gred: its expected file must pass its
test.sh, and removing any one op (ONNX: any one node, at any depth; MLIR:
any one operation, from its first line to the line closing its regions,
found by a text scan of the file as written) should make it uninteresting.
Nothing is rewired: a removal that leaves an invalid file counts as
uninteresting only if test.sh says so.
An ONNX file is also changed in these ways, one at a time, at any depth:
removing one node attribute; removing one value_info entry; shrinking
one dim of a graph input (to 1, and to half when that is more than 1),
the new shape propagated by onnx.shape_inference to the outputs and
value_info entries the file has (their dims as inferred, the rest as
written); shrinking one dim of an initializer the same way (its data
the leading slice along that dim). Each counts as an op.

usage: one_minimal.py CASE-DIR
Runs test.sh as gred does: in a fresh directory holding the candidate
under the input's name (input.EXT), given its absolute path. Prints
"NAME: interesting, N ops, R removable" and one "removable: ..." line per
op whose removal (or change) keeps the file interesting; exits 1 if the expected file
itself is not interesting.
"""
import os
import subprocess
import sys
import tempfile


def run_test(case, data, ext):
    """True if CASE/test.sh exits 0 on a file holding data."""
    with tempfile.TemporaryDirectory(prefix="gred-min.") as d:
        path = os.path.join(d, "input." + ext)
        with open(path, "wb") as f:
            f.write(data)
        r = subprocess.run(["sh", os.path.join(case, "test.sh"), path], cwd=d,
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=120)
        return r.returncode == 0


def depth_change(line):
    """Brackets opened minus closed on a line, outside string literals."""
    n, quoted, escaped = 0, False, False
    for c in line:
        if quoted:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c in "({[":
            n += 1
        elif c in ")}]":
            n -= 1
    return n


def mlir_ops(text):
    """(first, last, label) line ranges of every operation in the text.
    An op starts on a line that is not a comment, a block label or a
    closing bracket, and ends where the brackets it opened close."""
    lines = text.split("\n")
    ops = []
    for i, line in enumerate(lines):
        s = line.strip()
        if not s or s.startswith("//") or s.startswith("^") or s[0] in ")}]":
            continue
        depth, j = depth_change(line), i
        while depth > 0 and j + 1 < len(lines):
            j += 1
            depth += depth_change(lines[j])
        ops.append((i, j, "line %d: %s" % (i + 1, s[:60])))
    return ops


def mlir_removals(data):
    text = data.decode()
    lines = text.split("\n")
    for first, last, label in mlir_ops(text):
        yield label, "\n".join(lines[:first] + lines[last + 1:]).encode()


def onnx_removals(data):
    import onnx

    model = onnx.load_from_string(data)

    def graphs(g, where):
        yield g, where
        for k, n in enumerate(g.node):
            for a in n.attribute:
                subs = [a.g] if a.type == onnx.AttributeProto.GRAPH else list(a.graphs)
                for s in subs:
                    yield from graphs(s, "%s/%s[%d].%s" % (where, n.op_type, k, a.name))

    count = sum(len(g.node) for g, _ in graphs(model.graph, "graph"))
    for i in range(count):
        m = onnx.ModelProto()
        m.CopyFrom(model)
        seen = 0
        for g, where in graphs(m.graph, "graph"):
            if seen <= i < seen + len(g.node):
                k = i - seen
                label = "%s node %d (%s)" % (where, k, g.node[k].op_type)
                del g.node[k]
                break
            seen += len(g.node)
        yield label, m.SerializeToString()


def all_graphs(model):
    """(graph, where) of the main graph and every subgraph, depth first."""
    import onnx

    def walk(g, where):
        yield g, where
        for k, n in enumerate(g.node):
            for a in n.attribute:
                subs = [a.g] if a.type == onnx.AttributeProto.GRAPH else list(a.graphs)
                for s in subs:
                    yield from walk(s, "%s/%s[%d].%s" % (where, n.op_type, k, a.name))

    return list(walk(model.graph, "graph"))


def edits(data, count, edit):
    """For each i < count(model): a copy of the model changed by
    edit(copy, i), which returns a label (None: no candidate)."""
    import onnx

    model = onnx.load_from_string(data)
    for i in range(count(model)):
        m = onnx.ModelProto()
        m.CopyFrom(model)
        label = edit(m, i)
        if label is not None:
            yield label, m.SerializeToString()


def attr_removals(data):
    def slots(model):
        return [(gi, k, a) for gi, (g, _) in enumerate(all_graphs(model))
                for k, n in enumerate(g.node) for a in range(len(n.attribute))]

    def edit(m, i):
        gi, k, a = slots(m)[i]
        g, where = all_graphs(m)[gi]
        n = g.node[k]
        label = "%s node %d (%s) attribute %s" % (where, k, n.op_type, n.attribute[a].name)
        del n.attribute[a]
        return label

    return edits(data, lambda m: len(slots(m)), edit)


def value_info_removals(data):
    def slots(model):
        return [(gi, v) for gi, (g, _) in enumerate(all_graphs(model))
                for v in range(len(g.value_info))]

    def edit(m, i):
        gi, v = slots(m)[i]
        g, where = all_graphs(m)[gi]
        label = "%s value_info %s" % (where, g.value_info[v].name)
        del g.value_info[v]
        return label

    return edits(data, lambda m: len(slots(m)), edit)


def propagate(m):
    """Sets the dims of m's outputs and value_info entries to what
    onnx.shape_inference infers from its inputs and initializers, where it
    infers them; m is left as it is if inference fails."""
    import onnx

    bare = onnx.ModelProto()
    bare.CopyFrom(m)
    for g, _ in all_graphs(bare):
        del g.value_info[:]
        for o in g.output:
            o.type.tensor_type.ClearField("shape")
    try:
        inferred = onnx.shape_inference.infer_shapes(bare, strict_mode=True)
    except Exception:
        return
    for (g, _), (h, _) in zip(all_graphs(m), all_graphs(inferred)):
        known = {v.name: v.type for v in list(h.value_info) + list(h.output)}
        for v in list(g.value_info) + list(g.output):
            t = known.get(v.name)
            if t is not None and t.tensor_type.HasField("shape"):
                v.type.tensor_type.shape.CopyFrom(t.tensor_type.shape)


def shrinks(d):
    """The smaller sizes a dim of size d is tried at."""
    return [s for s in sorted({1, d // 2}) if 0 < s < d]


def dim_shrinks(data):
    import numpy as np
    from onnx import helper, numpy_helper

    def slots(model):
        out = []
        for gi, (g, _) in enumerate(all_graphs(model)):
            inits = {t.name for t in g.initializer}
            for v, vi in enumerate(g.input):
                if vi.name in inits or not vi.type.HasField("tensor_type"):
                    continue
                for d, dim in enumerate(vi.type.tensor_type.shape.dim):
                    if dim.HasField("dim_value"):
                        out += [(gi, "input", v, d, s) for s in shrinks(dim.dim_value)]
            for t, init in enumerate(g.initializer):
                for d, size in enumerate(init.dims):
                    out += [(gi, "initializer", t, d, s) for s in shrinks(size)]
        return out

    def edit(m, i):
        gi, kind, v, d, s = slots(m)[i]
        g, where = all_graphs(m)[gi]
        if kind == "input":
            vi = g.input[v]
            label = "%s input %s dim %d to %d" % (where, vi.name, d, s)
            vi.type.tensor_type.shape.dim[d].dim_value = s
        else:
            t = g.initializer[v]
            label = "%s initializer %s dim %d to %d" % (where, t.name, d, s)
            a = numpy_helper.to_array(t)
            small = np.take(a, np.arange(s), axis=d)
            small_t = numpy_helper.from_array(small, t.name)
            if small_t.data_type != t.data_type:  # bfloat16 reads as float32
                small_t = helper.make_tensor(t.name, t.data_type, small.shape,
                                             small.flatten().tolist())
            t.CopyFrom(small_t)
            for vi in g.input:
                if vi.name == t.name and vi.type.tensor_type.HasField("shape"):
                    vi.type.tensor_type.shape.dim[d].dim_value = s
        propagate(m)
        return label

    return edits(data, lambda m: len(slots(m)), edit)


def onnx_changes(data):
    yield from onnx_removals(data)
    yield from attr_removals(data)
    yield from value_info_removals(data)
    yield from dim_shrinks(data)


def main():
    case = os.path.abspath(sys.argv[1])
    name = os.path.basename(case)
    exp = [f for f in os.listdir(case) if f.startswith("expected.")]
    if len(exp) != 1:
        print("%s: want one expected.* file, found %d" % (name, len(exp)))
        return 1
    ext = exp[0].split(".", 1)[1]
    data = open(os.path.join(case, exp[0]), "rb").read()
    if not run_test(case, data, ext):
        print("%s: expected.%s is not interesting" % (name, ext))
        return 1
    removals = list(onnx_changes(data) if ext == "onnx" else mlir_removals(data))
    removable = [label for label, cand in removals if run_test(case, cand, ext)]
    print("%s: interesting, %d ops, %d removable" % (name, len(removals), len(removable)))
    for label in removable:
        print("removable: " + label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
