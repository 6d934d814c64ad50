#!/usr/bin/env python3
"""Equivalent rewrites of an MLIR program, for the metamorphic oracle
(scripts/mlir_tosa_meta.sh): the rewritten program must compute what the
original does. The input is in MLIR's generic form (mlir-opt-19
--mlir-print-op-generic), so every op reads `%r = "name"(%a, %b) ... :
(A, B) -> R` whatever its dialect; new ops are written in custom syntax.

Kinds (one site each, chosen by --seed among those that fit):
  call      the op moves into a new private function, called in its place
  swap      the operands of a commutative op (tosa.add, linalg.max,
            arith.mulf in a region body, ...) trade places
  identity  its result goes through x + 0, x * 1 or a transpose and its
            inverse
  split     an elementwise op runs on two halves of its operands along
            dim 0 (tensor.extract_slice), joined by tensor.insert_slice
  any       one of the four
  none      no rewrite (with --entry: only the insertion)
Controls, deliberately NOT equivalent, to show the oracle can fail:
  broken-add   a result of @main gets + 1 (xor true for i1)
  broken-swap  the operands of a non-commutative op (sub, div, pow) swap
               (a weak control: the op may be dead or its operands equal)
usage: mlir_meta_rewrite.py --kind K --seed S [--entry FILE] IN.mlir > OUT
(--entry FILE: lines, e.g. an @entry function, put at the module's end)
Prints what it did on stderr; exits 3 when no site fits the kind."""
import argparse
import random
import re
import sys

from mlir_types import split_top, tensor_dims

OP = re.compile(r'^(\s*)(%[\w]+)(:\d+)? = "([\w.]+)"\((.*?)\)(.*)$')
SIG = re.compile(r': \((.*)\) -> (.+)$')
NAME = re.compile(r'%[\w#]+')

# Ops that make constants: a call or an identity on one would hide the
# constant from a lowering that needs it (the perms of tosa.transpose).
CONSTANTS = {"tosa.const", "arith.constant"}
COMMUTATIVE = {
    "tosa.add", "tosa.mul", "tosa.maximum", "tosa.minimum", "tosa.equal",
    "tosa.bitwise_and", "tosa.bitwise_or", "tosa.bitwise_xor",
    "tosa.logical_and", "tosa.logical_or", "tosa.logical_xor",
    "linalg.add", "linalg.mul", "linalg.max", "linalg.min",
    "arith.addf", "arith.mulf", "arith.maximumf", "arith.minimumf",
    "arith.addi", "arith.muli", "arith.maxsi", "arith.minsi", "arith.andi",
    "arith.ori", "arith.xori",
}
NONCOMMUTATIVE = {"tosa.sub", "tosa.pow", "linalg.sub", "linalg.div",
                  "linalg.powf", "arith.subf", "arith.subi", "arith.divf"}
ELEMENTWISE = {
    "tosa." + n for n in (
        "add sub maximum minimum bitwise_and bitwise_or bitwise_xor "
        "logical_and logical_or logical_xor pow int_div logical_left_shift "
        "logical_right_shift arithmetic_right_shift mul equal greater "
        "greater_equal abs negate exp log tanh sigmoid rsqrt reciprocal "
        "floor ceil erf clz bitwise_not logical_not identity clamp cast "
        "select").split()
} | {
    "linalg." + n for n in (
        "exp log abs ceil floor negf tanh reciprocal sqrt rsqrt square add "
        "sub mul max min div powf map").split()
}


def tensor_type(dims, dt):
    return "tensor<" + "".join("%dx" % d for d in dims) + dt + ">"


class Op:
    """One op of the program: lines[start..end] (end == start without a
    region), its result, name, operands and signature types."""

    def __init__(self, lines, start, end):
        m = OP.match(lines[start])
        self.start, self.end = start, end
        self.indent, self.res, self.multi, self.name = m.group(1, 2, 3, 4)
        self.operands = split_top(m.group(5))
        s = SIG.search(lines[end])
        self.types, self.result = [], None
        if s:
            self.types = split_top(s.group(1))
            self.result = s.group(2)


def parse(lines):
    ops = []
    for i, line in enumerate(lines):
        m = OP.match(line)
        if not m:
            continue
        end = i
        if line.rstrip().endswith("({"):
            closing = m.group(1) + "})"
            end = i + 1
            while not lines[end].startswith(closing):
                end += 1
        op = Op(lines, i, end)
        if op.result is not None:
            ops.append(op)
    return ops


def func_end(lines, i):
    """Index of the line closing the function that holds line i."""
    while not lines[i].startswith("  }) : () -> ()"):
        i += 1
    return i


def region_is_closed(lines, op):
    """Do the region lines use only values they define?"""
    defined, used = set(), set()
    for line in lines[op.start + 1:op.end + 1]:
        for m in re.finditer(r"(%[\w]+)(?::\s)", line):
            defined.add(m.group(1))
        m = OP.match(line)
        if m:
            defined.add(m.group(2))
        used.update(n.split("#")[0] for n in NAME.findall(line))
    return used <= defined


def fresh(tag, k=[0]):
    k[0] += 1
    return "%%meta_%s%d" % (tag, k[0])


def rename_region(lines, op, suffix):
    """The op's lines with every value its region defines renamed."""
    names = set()
    for line in lines[op.start + 1:op.end + 1]:
        for m in re.finditer(r"(%[\w]+)(?::\s)", line):
            names.add(m.group(1))
        m = OP.match(line)
        if m:
            names.add(m.group(2))
    out = []
    for line in lines[op.start:op.end + 1]:
        out.append(NAME.sub(lambda m: "%meta" + suffix + "_" + m.group(0)[1:]
                            if m.group(0) in names else m.group(0), line))
    return out


def with_operands(line, operands, result):
    m = OP.match(line)
    return "%s%s = \"%s\"(%s)%s" % (m.group(1), result, m.group(4),
                                   ", ".join(operands), m.group(6))


def rewrite_call(lines, op, rng, out_funcs):
    if op.multi or op.name.split(".")[0] not in ("tosa", "linalg", "tensor") \
            or op.name in CONSTANTS or op.name == "tensor.empty":
        return None
    if op.end > op.start and not region_is_closed(lines, op):
        return None
    name = "meta_call%d" % (len(out_funcs) + sum(
        'sym_name = "meta_call' in l for l in lines))
    # constant operands are copied into the function, not passed: some
    # lowerings need them constant (the perms of tosa.transpose)
    consts = {}
    for line in lines[:op.start]:
        m = OP.match(line)
        if m and m.group(4) in CONSTANTS and \
                not line.rstrip().endswith("({"):
            consts[m.group(2)] = line.strip()
    args, params, copied = [], [], []
    for i, (a, t) in enumerate(zip(op.operands, op.types)):
        if a in consts:
            copied.append("    " + consts[a].replace(a + " =", "%%meta_c%d =" % i, 1))
            args.append("%%meta_c%d" % i)
        else:
            args.append("%%meta_a%d" % i)
            params.append((a, t, args[-1]))
    body = [with_operands(lines[op.start], args, "%meta_r")] + \
        lines[op.start + 1:op.end + 1]
    fn = ['  func.func private @%s(%s) -> %s {' % (
        name, ", ".join("%s: %s" % (p[2], p[1]) for p in params), op.result)]
    fn += copied
    fn += ["    " + line.lstrip() if i == 0 else line
           for i, line in enumerate(body)]
    fn.append("    return %%meta_r : %s" % op.result)
    fn.append("  }")
    out_funcs.append(fn)
    call = "%s%s = func.call @%s(%s) : (%s) -> %s" % (
        op.indent, op.res, name, ", ".join(p[0] for p in params),
        ", ".join(p[1] for p in params), op.result)
    return lines[:op.start] + [call] + lines[op.end + 1:], \
        "call: %s moved into @%s" % (op.name, name)


def rewrite_swap(lines, op, rng, names):
    if op.name not in names or len(op.operands) < 2:
        return None
    ops, types = list(op.operands), list(op.types)
    ops[0], ops[1] = ops[1], ops[0]
    types[0], types[1] = types[1], types[0]
    first = with_operands(lines[op.start], ops, op.res + (op.multi or ""))
    if op.end == op.start:
        first = SIG.sub(lambda m: ": (%s) -> %s" % (", ".join(types),
                                                     op.result), first)
        new = [first]
    else:
        last = SIG.sub(lambda m: ": (%s) -> %s" % (", ".join(types),
                                                    op.result), lines[op.end])
        new = [first] + lines[op.start + 1:op.end] + [last]
    return lines[:op.start] + new + lines[op.end + 1:], \
        "swap: operands of %s" % op.name


def splat(dt, value):
    if dt == "f32":
        return "%s" % ("%.1f" % value)
    if dt == "i1":
        return "true"
    return "%d" % value


def rewrite_identity(lines, op, rng, broken=False):
    st = tensor_dims(op.result or "")
    if op.multi or not st or st[1] not in ("f32", "i32") or op.name in CONSTANTS:
        return None
    dims, dt = st
    t = op.result
    pre = fresh("pre")
    ind = op.indent
    first = with_operands(lines[op.start], op.operands, pre)
    new = [first] + lines[op.start + 1:op.end + 1]
    kind = rng.choice(["add0", "mul1", "transpose"] if len(dims) >= 2 else
                      ["add0", "mul1"])
    if kind == "transpose":
        perm = list(range(len(dims)))
        while perm == sorted(perm):
            rng.shuffle(perm)
        inv = [perm.index(i) for i in range(len(dims))]
        t2 = tensor_type([dims[p] for p in perm], dt)
        e1, e2, mid = fresh("e"), fresh("e"), fresh("t")
        new += ["%s%s = tensor.empty() : %s" % (ind, e1, t2),
                "%s%s = linalg.transpose ins(%s : %s) outs(%s : %s) permutation = [%s]"
                % (ind, mid, pre, t, e1, t2, ", ".join(map(str, perm))),
                "%s%s = tensor.empty() : %s" % (ind, e2, t),
                "%s%s = linalg.transpose ins(%s : %s) outs(%s : %s) permutation = [%s]"
                % (ind, op.res, mid, t2, e2, t, ", ".join(map(str, inv)))]
        what = "transpose [%s] and back" % ", ".join(map(str, perm))
    else:
        k = fresh("k")
        add = kind == "add0"
        value = 0 if add else 1
        fn = ("arith.addf" if add else "arith.mulf") if dt == "f32" else \
            ("arith.addi" if add else "arith.muli")
        new += ["%s%s = arith.constant dense<%s> : %s" % (ind, k, splat(dt, value), t),
                "%s%s = %s %s, %s : %s" % (ind, op.res, fn, pre, k, t)]
        what = "x + 0" if add else "x * 1"
    return lines[:op.start] + new + lines[op.end + 1:], \
        "identity: %s of %s" % (what, op.name)


def rewrite_split(lines, op, rng):
    st = tensor_dims(op.result or "")
    if op.multi or op.name not in ELEMENTWISE or not st:
        return None
    dims = st[0]
    if not dims or dims[0] < 2:
        return None
    if op.end > op.start and not region_is_closed(lines, op):
        return None
    for t in op.types:
        s = tensor_dims(t)
        if not s or s[0] != dims:
            return None
    k = rng.randint(1, dims[0] - 1)
    ind = op.indent
    new = []
    halves = []
    for h, (off, size) in enumerate(((0, k), (k, dims[0] - k))):
        offs = "[%s]" % ", ".join([str(off)] + ["0"] * (len(dims) - 1))
        sizes = "[%s]" % ", ".join(str(d) for d in [size] + dims[1:])
        ones = "[%s]" % ", ".join(["1"] * len(dims))
        sub = []
        for a, t in zip(op.operands, op.types):
            s = fresh("s")
            ht = tensor_type([size] + dims[1:], tensor_dims(t)[1])
            new.append("%s%s = tensor.extract_slice %s%s %s %s : %s to %s" %
                       (ind, s, a, offs, sizes, ones, t, ht))
            sub.append(s)
        r = fresh("h")
        body = rename_region(lines, op, "_m%d" % h)
        body[0] = with_operands(body[0], sub, r)
        htypes = [tensor_type([size] + dims[1:], tensor_dims(t)[1])
                  for t in op.types]
        hres = tensor_type([size] + dims[1:], st[1])
        body[-1] = SIG.sub(lambda m: ": (%s) -> %s" % (", ".join(htypes), hres),
                           body[-1])
        new += body
        halves.append((r, offs, sizes, ones, hres))
    e, mid = fresh("e"), fresh("j")
    new.append("%s%s = tensor.empty() : %s" % (ind, e, op.result))
    for h, (r, offs, sizes, ones, hres) in enumerate(halves):
        dst, res = (e, mid) if h == 0 else (mid, op.res)
        new.append("%s%s = tensor.insert_slice %s into %s%s %s %s : %s into %s" %
                   (ind, res, r, dst, offs, sizes, ones, hres, op.result))
    return lines[:op.start] + new + lines[op.end + 1:], \
        "split: %s at %d of dim 0 (%d)" % (op.name, k, dims[0])


def rewrite_broken_add(lines, rng):
    """+ 1 on a result of @main, just before its return."""
    start = next(i for i, l in enumerate(lines) if 'sym_name = "main"' in l)
    end = func_end(lines, start)
    ret = next(i for i in range(end, start, -1)
               if lines[i].lstrip().startswith('"func.return"'))
    m = re.match(r'(\s*)"func.return"\((.*?)\) : \((.*)\) -> \(\)', lines[ret])
    ind, vals, types = m.group(1), split_top(m.group(2)), split_top(m.group(3))
    cand = [i for i, t in enumerate(types) if tensor_dims(t)]
    if not cand:
        return None
    i = rng.choice(cand)
    dims, dt = tensor_dims(types[i])
    k, y = fresh("k"), fresh("y")
    fn = {"f32": "arith.addf", "i32": "arith.addi", "i1": "arith.xori"}[dt]
    add = ["%s%s = arith.constant dense<%s> : %s" % (ind, k, splat(dt, 1), types[i]),
           "%s%s = %s %s, %s : %s" % (ind, y, fn, vals[i], k, types[i])]
    vals[i] = y
    new = '%s"func.return"(%s) : (%s) -> ()' % (ind, ", ".join(vals), ", ".join(types))
    return lines[:ret] + add + [new] + lines[ret + 1:], \
        "broken-add: + 1 on result %d of @main" % i


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kind", default="any")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--entry", help="lines to insert at the end of the module")
    ap.add_argument("input")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    lines = open(a.input).read().rstrip("\n").split("\n")
    funcs = []
    if a.kind == "none":
        got = (lines, "none")
    elif a.kind == "broken-add":
        got = rewrite_broken_add(lines, rng)
    else:
        kinds = ["call", "swap", "identity", "split"] if a.kind == "any" \
            else [a.kind]
        ops = parse(lines)
        rng.shuffle(kinds)
        got = None
        for kind in kinds:
            sites = list(ops)
            rng.shuffle(sites)
            for op in sites:
                if kind == "call":
                    got = rewrite_call(lines, op, rng, funcs)
                elif kind == "swap":
                    got = rewrite_swap(lines, op, rng, COMMUTATIVE)
                elif kind == "broken-swap":
                    got = rewrite_swap(lines, op, rng, NONCOMMUTATIVE)
                elif kind == "identity":
                    got = rewrite_identity(lines, op, rng)
                elif kind == "split":
                    got = rewrite_split(lines, op, rng)
                else:
                    sys.exit("mlir_meta_rewrite.py: unknown kind " + kind)
                if got:
                    break
            if got:
                break
    if not got:
        print("none: no site for %s" % a.kind, file=sys.stderr)
        sys.exit(3)
    lines, what = got
    if a.entry:
        funcs.append(open(a.entry).read().rstrip("\n").split("\n"))
    if funcs:
        last = len(lines) - 1
        while not lines[last].startswith("})"):
            last -= 1
        lines = lines[:last] + [l for f in funcs for l in f] + lines[last:]
    print(what, file=sys.stderr)
    sys.stdout.write("\n".join(lines) + "\n")


main()
