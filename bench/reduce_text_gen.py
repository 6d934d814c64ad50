# Writes a .mlir file gred cannot parse: a function using the custom
# syntax of a made-up dialect `foo`, buried among filler functions (arith,
# scf.for and scf.if regions, calls) of about SIZE bytes.
#   python3 reduce_text_gen.py SIZE SEED > out.mlir
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
rnd = random.Random(seed)
funcs = []


def filler(k):
    lines = [f"func.func @fill{k}(%arg0: f32, %arg1: index) -> f32 {{"]
    vals = ["%arg0"]
    n = 0

    def op(ind):
        nonlocal n
        a, b = rnd.choice(vals), rnd.choice(vals)
        kind = rnd.choice(["arith.addf", "arith.mulf", "arith.subf", "arith.maximumf"])
        lines.append(f"{ind}%{n} = {kind} {a}, {b} : f32")
        vals.append(f"%{n}")
        n += 1

    for _ in range(rnd.randint(3, 8)):
        r = rnd.random()
        if r < 0.6:
            op("  ")
        elif r < 0.8:
            lines.append(f"  %c{n} = arith.constant 0 : index")
            lines.append(f"  %c{n}_1 = arith.constant 1 : index")
            acc = rnd.choice(vals)
            lines.append(f"  %{n + 1} = scf.for %i{n} = %c{n} to %arg1 step %c{n}_1 iter_args(%x{n} = {acc}) -> (f32) {{")
            lines.append(f"    %y{n} = arith.mulf %x{n}, %x{n} : f32")
            lines.append(f"    scf.yield %y{n} : f32")
            lines.append("  }")
            vals.append(f"%{n + 1}")
            n += 2
        else:
            c = rnd.choice(vals)
            lines.append(f"  %p{n} = arith.cmpf olt, {c}, %arg0 : f32")
            lines.append(f"  %{n} = scf.if %p{n} -> (f32) {{")
            lines.append(f"    scf.yield {c} : f32")
            lines.append("  } else {")
            lines.append("    scf.yield %arg0 : f32")
            lines.append("  }")
            vals.append(f"%{n}")
            n += 1
    if k > 0 and rnd.random() < 0.3:
        lines.append(f"  %r = func.call @fill{rnd.randrange(k)}({vals[-1]}, %arg1) : (f32, index) -> f32")
        vals.append("%r")
    lines.append(f"  return {vals[-1]} : f32")
    lines.append("}")
    return "\n".join(lines)


victim = """func.func @victim(%arg0: f32, %arg1: index) -> f32 {
  %0 = arith.addf %arg0, %arg0 : f32
  %1 = arith.mulf %0, %arg0 : f32
  foo.setup %1, %0 {level = 2} : f32
  %2 = arith.subf %1, %0 : f32
  %3 = arith.maximumf %2, %arg0 : f32
  foo.crash_here %3 then %1 : f32
  return %3 : f32
}"""
total, k = len(victim), 0
while total < size:
    funcs.append(filler(k))
    total += len(funcs[-1]) + 1
    k += 1
funcs.insert(len(funcs) * 2 // 3, victim)
print("module {\n" + "\n".join(funcs) + "\n}")
