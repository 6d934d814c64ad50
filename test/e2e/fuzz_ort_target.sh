#!/bin/sh
# gred fuzz --target ort (scripts/fuzz_ort.js, crash and diff-opt oracles)
# against onnxruntime-node 1.20.1 on models that hit its ReduceSum bug. The
# judge is ORT itself, called here without gred's runner: the reduced case
# must still fail with that error. Also: the report shows the picture, the
# picture is well-formed SVG with one node per graph node, and both
# indexes are valid JSON naming the bucket.
. "$GRED_SRC/test/lib/e2e.sh"
need_ort
need_python_onnx
need_cmd sqlite3

ort_one() { GRED_ORT="$ORT_DIR" node "$GRED_SRC/test/lib/ort_one.js" "$@"; }

"$GRED" fuzz --target ort --oracle crash,diff-opt --seed 1 -n 3 -j 2 --nodes 12 \
  --ops Relu,Clip,ReduceSum,Add,Mul,Conv,Cast,Sub --out "$T/run" >"$T/out" 2>"$T/err" ||
  fail "campaign: exit $?: $(tail -3 "$T/err")"
id=$(sqlite3 "$T/run/.gred/triage.db" \
  "select hash from buckets where message like '%ValidateNoTransposeReduce%'")
[ -n "$id" ] && pass || fail "no bucket for ORT's ReduceSum bug: $(sqlite3 "$T/run/.gred/triage.db" 'select message from buckets')"
b="$T/run/buckets/$id"
if [ -n "$id" ] && [ -f "$b/reduced.onnx" ]; then
  set +e
  ort_one "$b/reduced.onnx" 2>"$T/ort.err"
  rc=$?
  set -e
  [ "$rc" -eq 1 ] && grep -q "ValidateNoTransposeReduce" "$T/ort.err" && pass ||
    fail "ORT on reduced.onnx: exit $rc, $(head -1 "$T/ort.err")"
  [ "$(wc -c <"$b/reduced.onnx")" -le 1024 ] && pass || fail "reduced.onnx over 1 KB"
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
else
  fail "no reduced.onnx for the ReduceSum bucket"
fi
"$PY" - "$T/run/index.json" "$T/run/index.sarif" "$id" <<'PY' && pass || fail "the indexes do not name the bucket"
import json, sys
j = json.load(open(sys.argv[1]))
s = json.load(open(sys.argv[2]))
assert sys.argv[3] in json.dumps(j)
assert s["version"] == "2.1.0" and sys.argv[3] in json.dumps(s["runs"][0]["results"])
PY
finish
