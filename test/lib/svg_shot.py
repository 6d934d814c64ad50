"""Checks a browser's screenshot of an SVG drawn by graphviz: the PNG is
decoded here (zlib, no imaging library), and it must not be blank: enough
pixels differ from the background, and dark (text) pixels lie where each
node's label is, by the SVG's own coordinates.

    svg_shot.py size SVG           prints the window size W,H that holds it
    svg_shot.py check SVG PNG      exit 0 if the picture shows the graph
    svg_shot.py blank PNG          exit 0 if the picture is blank
"""
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

PX_PER_PT = 96.0 / 72.0
SVG = "{http://www.w3.org/2000/svg}"


def read_png(path):
    """(width, height, rows of (r, g, b)) of an 8-bit RGB or RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("%s: not a PNG" % path)
    pos, idat, ihdr = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, color, _, _, interlace = ihdr
    if depth != 8 or color not in (2, 6) or interlace:
        raise ValueError("%s: PNG of depth %d colour %d interlace %d" % (path, depth, color, interlace))
    bpp = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        ft = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if ft == 1:
                line[i] = (line[i] + a) & 255
            elif ft == 2:
                line[i] = (line[i] + b) & 255
            elif ft == 3:
                line[i] = (line[i] + ((a + b) >> 1)) & 255
            elif ft == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(w)])
        prev = line
    return w, h, rows


def svg_geometry(path):
    """The SVG's size in points, its graph translation, and the first
    label line of each node as (x, y) in points of the page."""
    root = ET.parse(path).getroot()
    w = float(root.get("width").rstrip("pt"))
    h = float(root.get("height").rstrip("pt"))
    graph = root.find(SVG + "g")
    m = re.search(r"translate\(([-\d.]+) ([-\d.]+)\)", graph.get("transform"))
    tx, ty = float(m.group(1)), float(m.group(2))
    labels = []
    for g in graph.iter(SVG + "g"):
        if g.get("class") != "node":
            continue
        text = g.find(".//" + SVG + "text")
        labels.append((float(text.get("x")) + tx, float(text.get("y")) + ty, text.text))
    return w, h, labels


def dark(p):
    return p[0] + p[1] + p[2] < 3 * 110


def stats(rows):
    counts = {}
    for row in rows:
        for p in row:
            counts[p] = counts.get(p, 0) + 1
    background = max(counts, key=counts.get)
    differ = sum(n for p, n in counts.items() if p != background)
    darks = sum(n for p, n in counts.items() if dark(p))
    return background, differ, darks


def main():
    if sys.argv[1] == "size":
        w, h, _ = svg_geometry(sys.argv[2])
        print("%d,%d" % (int(w * PX_PER_PT) + 40, int(h * PX_PER_PT) + 40))
        return 0
    if sys.argv[1] == "blank":
        _, _, rows = read_png(sys.argv[2])
        _, differ, _ = stats(rows)
        print("blank page: %d pixels differ from the background" % differ)
        return 0 if differ < 50 else 1
    w, h, labels = svg_geometry(sys.argv[2])
    pw, ph, rows = read_png(sys.argv[3])
    background, differ, darks = stats(rows)
    problems = []
    if differ < 0.02 * pw * ph:
        problems.append("only %d of %d pixels differ from the background %r" % (differ, pw * ph, background))
    if darks < 40 * len(labels):
        problems.append("only %d dark pixels for %d labels" % (darks, len(labels)))
    unlit = []
    for x, y, text in labels:
        px, py = int(x * PX_PER_PT), int(y * PX_PER_PT)
        box = [rows[j][i] for j in range(max(0, py - 14), min(ph, py + 4))
               for i in range(max(0, px - 24), min(pw, px + 24))]
        if sum(1 for p in box if dark(p)) < 8:
            unlit.append(text)
    if unlit:
        problems.append("no text drawn where the labels %r are" % unlit)
    print("%dx%d screenshot: %d pixels differ from the background, %d dark; "
          "%d of %d labels drawn" % (pw, ph, differ, darks, len(labels) - len(unlit), len(labels)))
    for p in problems:
        print("PROBLEM:", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
