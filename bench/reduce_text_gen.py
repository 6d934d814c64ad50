# Writes a .mlir file gred cannot parse, buried among filler functions
# (arith, scf.for and scf.if regions, calls) of about SIZE bytes:
#   foo   a function using the custom syntax of a made-up dialect `foo`
#         (the test: reduce_text_test.sh);
#   test  a callee and a caller in the custom syntax of MLIR's `test`
#         dialect, which mlir-opt-19 has and gred lacks; a third of the
#         filler functions use it too (the test: reduce_text_inline_test.sh).
#   FILE  a .mlir file (written by others), put between the filler
#         functions at the top level.
#   python3 reduce_text_gen.py SIZE SEED [foo|test|FILE] > out.mlir
import random
import sys

size, seed = int(sys.argv[1]), int(sys.argv[2])
dialect = sys.argv[3] if len(sys.argv) > 3 else "foo"
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
    if dialect == "test" and rnd.random() < 0.33:
        a, b = rnd.choice(vals), rnd.choice(vals)
        lines.append(f"  %t{n} = test.format_all_types_match_var {a}, {b} : f32")
        vals.append(f"%t{n}")
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
if dialect == "test":
    victim = """func.func private @callee(%arg0: i64, %arg1: memref<1xf64>) -> i64 {
  %0 = test.format_types_match_var %arg0 : i64
  %1 = test.format_all_types_match_var %0, %arg0 : i64
  test.format_operand_a_op %1, %arg1 : i64, memref<1xf64>
  %2 = arith.addi %1, %0 : i64
  return %2 : i64
}
func.func @caller(%arg0: i64, %arg1: memref<1xf64>) -> i64 {
  %c1 = arith.constant 1 : i64
  %0 = arith.addi %arg0, %c1 : i64
  test.format_region_a_op {
    %1 = func.call @callee(%0, %arg1) : (i64, memref<1xf64>) -> i64
    "test.return"() : () -> ()
  }
  %2 = test.format_types_match_var %0 : i64
  return %2 : i64
}"""
if dialect not in ("foo", "test"):
    victim = open(dialect).read()
total, k = len(victim), 0
while total < size:
    funcs.append(filler(k))
    total += len(funcs[-1]) + 1
    k += 1
if dialect not in ("foo", "test"):
    victim = open(dialect).read().rstrip("\n")
funcs.insert(len(funcs) * 2 // 3, victim)
if dialect in ("foo", "test"):
    print("module {\n" + "\n".join(funcs) + "\n}")
else:
    print("\n".join(funcs))
