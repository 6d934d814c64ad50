# Writes N f32 ops with one arith.mulf among arith.addf:
#   chain: one function, %v_i = arith.addf %v_{i-1}, %a  (the mulf in the middle)
#   tree:  one function, a binary tree of addf over N/2 leaves (one inner
#          node a mulf)
#   funcs: the chain cut into F functions of N/F ops each (F defaults to
#          N/100), the mulf in the middle one: per-function work shows
#   python3 reduce_scale_gen.py chain|tree|funcs N [F] > out.mlir
import sys

shape, n = sys.argv[1], int(sys.argv[2])


def chain(name, count, mulf_at):
    out = [f"func.func @{name}(%a: f32) -> f32 {{"]
    prev = "%a"
    for i in range(count):
        op = "arith.mulf" if i == mulf_at else "arith.addf"
        out.append(f"  %v{i} = {op} {prev}, %a : f32")
        prev = f"%v{i}"
    out.append(f"  return {prev} : f32")
    out.append("}")
    return out


if shape == "chain":
    out = chain("f", n, n // 2)
elif shape == "funcs":
    nf = int(sys.argv[3]) if len(sys.argv) > 3 else max(1, n // 100)
    out = []
    for k in range(nf):
        count = n // nf + (1 if k < n % nf else 0)
        out += chain(f"f{k}", count, count // 2 if k == nf // 2 else -1)
else:
    out = ["func.func @f(%a: f32) -> f32 {"]
    vals = []
    for i in range(n // 2 + 1):
        out.append(f"  %l{i} = arith.addf %a, %a : f32")
        vals.append(f"%l{i}")
    inner = 0
    while len(vals) > 1:
        nxt = []
        for j in range(0, len(vals) - 1, 2):
            op = "arith.mulf" if inner == n // 4 else "arith.addf"
            out.append(f"  %t{inner} = {op} {vals[j]}, {vals[j + 1]} : f32")
            nxt.append(f"%t{inner}")
            inner += 1
        vals = nxt + vals[len(vals) - len(vals) % 2:]
    prev = vals[0]
    out.append(f"  return {prev} : f32")
    out.append("}")
print("\n".join(out))
