"""Reading MLIR type lists and tensor types in the text of generated
programs, shared by scripts/mlir_tosa_entry.py and
scripts/mlir_meta_rewrite.py."""
import re


def split_top(s):
    """Splits s at commas outside <>, (), [] and {}."""
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def tensor_dims(t):
    """tensor<2x3xf32> -> ([2, 3], "f32"); None if not a static tensor."""
    m = re.fullmatch(r"tensor<(.*)>", t)
    if not m:
        return None
    parts = m.group(1).split("x")
    if any(not p.isdigit() for p in parts[:-1]):
        return None
    return [int(p) for p in parts[:-1]], parts[-1]
