"""Judges a reduction fixture without gred: its expected file must pass its
test.sh, and removing any one op (ONNX: any one node, at any depth; MLIR:
any one operation, from its first line to the line closing its regions,
found by a text scan of the file as written) should make it uninteresting.
Nothing is rewired: a removal that leaves an invalid file counts as
uninteresting only if test.sh says so.

usage: one_minimal.py CASE-DIR
Runs test.sh as gred does: in a fresh directory holding the candidate
under the input's name (input.EXT), given its absolute path. Prints
"NAME: interesting, N ops, R removable" and one "removable: ..." line per
op whose removal keeps the file interesting; exits 1 if the expected file
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
    removals = list(onnx_removals(data) if ext == "onnx" else mlir_removals(data))
    removable = [label for label, cand in removals if run_test(case, cand, ext)]
    print("%s: interesting, %d ops, %d removable" % (name, len(removals), len(removable)))
    for label in removable:
        print("removable: " + label)
    return 0


if __name__ == "__main__":
    sys.exit(main())
