# Writes a function of N f32 ops with one arith.mulf among arith.addf:
#   chain: %v_i = arith.addf %v_{i-1}, %a   (the mulf in the middle)
#   tree:  a binary tree of addf over N/2 leaves (one inner node a mulf)
#   python3 reduce_scale_gen.py chain|tree N > out.mlir
import sys

shape, n = sys.argv[1], int(sys.argv[2])
out = ["func.func @f(%a: f32) -> f32 {"]
if shape == "chain":
    prev = "%a"
    for i in range(n):
        op = "arith.mulf" if i == n // 2 else "arith.addf"
        out.append(f"  %v{i} = {op} {prev}, %a : f32")
        prev = f"%v{i}"
else:
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
