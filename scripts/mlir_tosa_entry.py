#!/usr/bin/env python3
"""Appends a runnable @entry to a generated TOSA program: it calls @main
on fixed inputs (seeded by the file name) and prints every result with
printMemrefF32 / printMemrefI32, so two lowerings can be run and compared.
usage: mlir_tosa_entry.py IN.mlir > OUT.mlir
       mlir_tosa_entry.py --compare A.out B.out   (exit 0: same numbers,
       relative tolerance 1e-3, nan equal to nan)"""
import math
import random
import re
import sys

from mlir_types import split_top, tensor_dims


def literal(rng, dims, dt):
    if not dims:
        return elem(rng, dt)
    return "[" + ", ".join(literal(rng, dims[1:], dt)
                           for _ in range(int(dims[0]))) + "]"


def elem(rng, dt):
    if dt == "f32":
        return "%.2f" % (rng.randint(-8, 8) / 4)
    if dt == "i32":
        return str(rng.randint(-4, 4))
    return rng.choice(["true", "false"])


def compare(pa, pb):
    num = r"-?(?:nan|inf|[0-9.]+(?:e[-+]?[0-9]+)?)"
    a, b = (re.findall(num, open(p).read()) for p in (pa, pb))

    def same(x, y):
        if x == y:
            return True
        x, y = float(x), float(y)
        if math.isnan(x) and math.isnan(y):
            return True
        return abs(x - y) <= 1e-3 * max(1.0, abs(x), abs(y))
    return len(a) == len(b) and all(map(same, a, b))


def main():
    if sys.argv[1] == "--compare":
        sys.exit(0 if compare(sys.argv[2], sys.argv[3]) else 1)
    path = sys.argv[1]
    text = open(path).read()
    m = re.search(r"^func\.func @main\((.*)\) -> \((.*)\) \{$", text, re.M)
    args = [a.split(": ", 1)[1] for a in split_top(m.group(1))]
    results = split_top(m.group(2))
    rng = random.Random(path.rsplit("/", 1)[-1])
    lines = ["func.func private @printMemrefF32(memref<*xf32>)",
             "func.func private @printMemrefI32(memref<*xi32>)",
             "func.func @entry() {"]
    names = []
    for i, t in enumerate(args):
        if t == "i1":
            lines.append("  %%a%d = arith.constant %s" % (i, rng.choice(["true", "false"])))
        else:
            dims, dt = tensor_dims(t)
            lines.append("  %%a%d = arith.constant dense<%s> : %s" % (i, literal(rng, dims, dt), t))
        names.append("%%a%d" % i)
    res = ", ".join("%%r%d" % i for i in range(len(results)))
    lines.append("  %s = func.call @main(%s) : (%s) -> (%s)" % (
        res, ", ".join(names), ", ".join(args), ", ".join(results)))
    for i, t in enumerate(results):
        dt = re.fullmatch(r"tensor<(?:.*x)?(\w+)>", t).group(1)  # dims may be ?
        v = "%%r%d" % i
        if dt == "i1":
            t32 = t.replace("xi1>", "xi32>")
            lines.append("  %%w%d = arith.extui %s : %s to %s" % (i, v, t, t32))
            v, t, dt = "%%w%d" % i, t32, "i32"
        mt = t.replace("tensor<", "memref<")
        lines.append("  %%m%d = bufferization.to_memref %s : %s" % (i, v, mt))
        lines.append("  %%u%d = memref.cast %%m%d : %s to memref<*x%s>" % (i, i, mt, dt))
        lines.append("  func.call @printMemref%s(%%u%d) : (memref<*x%s>) -> ()" % (dt.upper(), i, dt))
    lines.append("  return")
    lines.append("}")
    sys.stdout.write(text + "\n".join(lines) + "\n")


main()
