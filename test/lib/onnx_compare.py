"""Compares ONNX model pairs as protobuf messages (proto2 presence kept).

Reads lines "ORIGINAL<TAB>ROUNDTRIPPED" on stdin; prints one line per
differing pair and a final "checked N, equal M".
"""
import sys

import onnx


def first_difference(a, b, path="model"):
    """A short description of where two messages first differ."""
    for field, va in a.ListFields():
        name = field.name
        if not b.HasField(name) if field.label != field.LABEL_REPEATED else False:
            return f"{path}.{name}: missing after round trip"
        vb = getattr(b, name)
        if va == vb:
            continue
        if field.label == field.LABEL_REPEATED:
            if len(va) != len(vb):
                return f"{path}.{name}: {len(va)} vs {len(vb)} entries"
            for i, (x, y) in enumerate(zip(va, vb)):
                if x != y:
                    if field.type == field.TYPE_MESSAGE:
                        return first_difference(x, y, f"{path}.{name}[{i}]")
                    return f"{path}.{name}[{i}]: {x!r:.60} vs {y!r:.60}"
        elif field.type == field.TYPE_MESSAGE:
            return first_difference(va, vb, f"{path}.{name}")
        return f"{path}.{name}: {va!r:.60} vs {vb!r:.60}"
    for field, _ in b.ListFields():
        if field.label != field.LABEL_REPEATED and not a.HasField(field.name):
            return f"{path}.{field.name}: added by round trip"
        if field.label == field.LABEL_REPEATED and not getattr(a, field.name):
            return f"{path}.{field.name}: added by round trip"
    return f"{path}: differs"


def main():
    checked = equal = 0
    for line in sys.stdin:
        orig, back = line.rstrip("\n").split("\t")
        checked += 1
        try:
            a = onnx.load(orig, load_external_data=False)
            b = onnx.load(back, load_external_data=False)
        except Exception as exc:  # a missing or unreadable round trip
            print(f"DIFF {orig}: {exc}")
            continue
        if a == b:
            equal += 1
        else:
            print(f"DIFF {orig}: {first_difference(a, b)}")
    print(f"checked {checked}, equal {equal}")
    return 0 if checked == equal else 1


if __name__ == "__main__":
    sys.exit(main())
