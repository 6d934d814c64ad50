#!/bin/sh
# gred fuzz --target ort (scripts/fuzz_ort.js, crash and diff-opt oracles)
# against onnxruntime-node 1.20.1 on models that hit its ReduceSum bug. The
# judge is ORT itself, called here without gred's runner: the reduced case
# must still fail with that error. Also: the report shows the picture, the
# picture is well-formed SVG with one node per graph node, and both
# indexes are valid JSON naming the bucket.
. "$GRED_SRC/test/lib/e2e.sh"
. "$GRED_SRC/test/lib/fuzz_ort.sh"

ort_campaign --target ort --oracle crash,diff-opt
if [ -n "$b" ]; then
  grep -q '](graph.svg)' "$b/report.md" && pass || fail "report.md shows no picture"
  "$PY" - "$b/graph.svg" "$b/reduced.onnx" <<'PY' && pass || fail "graph.svg: not one SVG node per graph node"
import sys, xml.etree.ElementTree as ET, onnx
root = ET.parse(sys.argv[1]).getroot()
g = onnx.load(sys.argv[2]).graph
nodes = [e for e in root.iter() if e.get('class') == 'node']
titles = ' '.join(''.join(t.itertext()) for e in nodes for t in e if t.tag.endswith('text'))
assert all(n.op_type in titles for n in g.node), titles
assert len(nodes) >= len(g.node)
PY
fi
"$PY" - "$T/run/index.json" "$T/run/index.sarif" "$id" <<'PY' && pass || fail "the indexes do not name the bucket"
import json, sys
j = json.load(open(sys.argv[1]))
s = json.load(open(sys.argv[2]))
assert sys.argv[3] in json.dumps(j)
assert s["version"] == "2.1.0" and sys.argv[3] in json.dumps(s["runs"][0]["results"])
PY
finish
