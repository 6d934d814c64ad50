# `gred report --svg`: pictures of graphs drawn by graphviz's library. An
# ONNX model made here by python3 onnx (checked by onnx.checker) and an
# MLIR function with an scf.for region are drawn; the SVG must parse as
# XML and hold one node per graph input, initializer, node and output
# (for MLIR: per argument, operation and result, counted from
# mlir-opt-19's generic print). The picture is opened in headless
# Chromium, and its screenshot must show the graph: not blank, with text
# where each node's label is (test/lib/svg_shot.py decodes the PNG). A
# big model is cut at 200 nodes with a note; bad inputs give one error.
# ctest-labels: asan
. "$(dirname "$0")/../lib/e2e.sh"
. "$(dirname "$0")/../lib/marks.sh"
need_cmd chromium mlir-opt-19
need_python_onnx
SHOT="$GRED_SRC/test/lib/svg_shot.py"
cd "$T"

# Chromium in a home of its own under $T, marked so that the exit trap
# kills whatever of it is left, even when a check fails.
shot() {  # shot SVG PNG
  size=$("$PY" "$SHOT" size "$1")
  rm -f "$2"
  HOME="$T/home" XDG_CONFIG_HOME="$T/home/.config" XDG_CACHE_HOME="$T/home/.cache" \
  GRED_TEST_MARK="$MARK-chromium" timeout -k 5 120 chromium --headless --no-sandbox \
    --disable-gpu --hide-scrollbars --force-device-scale-factor=1 --no-first-run \
    --no-default-browser-check --disable-extensions --user-data-dir="$T/chromium" \
    --window-size="$size" --screenshot="$2" "file://$1" >"$T/chromium.log" 2>&1 || true
  wait_until none_left chromium || fail "chromium left processes behind"
  [ -s "$2" ] || { fail "chromium made no screenshot of $1: $(tail -3 "$T/chromium.log")"; return 1; }
}

# nodes_in SVG: the number of <g class="node"> (the SVG must be XML).
nodes_in() {
  "$PY" -c '
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
print(sum(1 for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "node"))
' "$1"
}

"$PY" - <<'PY'
import onnx
from onnx import helper, TensorProto, numpy_helper
import numpy as np
f = TensorProto.FLOAT
then_g = helper.make_graph([helper.make_node("Identity", ["r"], ["t"], name="keep")],
    "then", [], [helper.make_tensor_value_info("t", f, [1, 4, 6, 6])])
else_g = helper.make_graph([helper.make_node("Neg", ["r"], ["n"], name="flip")],
    "else", [], [helper.make_tensor_value_info("n", f, [1, 4, 6, 6])])
nodes = [
    helper.make_node("Conv", ["x", "W", "B"], ["c"], name="conv0"),
    helper.make_node("Relu", ["c"], ["r"], name="relu0"),
    helper.make_node("If", ["cond"], ["y"], name="choose", then_branch=then_g, else_branch=else_g),
]
g = helper.make_graph(nodes, "pic",
    [helper.make_tensor_value_info("x", f, [1, 3, 8, 8]),
     helper.make_tensor_value_info("cond", TensorProto.BOOL, [])],
    [helper.make_tensor_value_info("y", f, [1, 4, 6, 6])],
    initializer=[numpy_helper.from_array(np.ones((4, 3, 3, 3), np.float32), "W"),
                 numpy_helper.from_array(np.zeros(4, np.float32), "B")],
    value_info=[helper.make_tensor_value_info("r", f, [1, 4, 6, 6])])
m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
onnx.checker.check_model(m)
onnx.save(m, "model.onnx")
def count(graph):
    n = len(graph.node)
    for node in graph.node:
        for a in node.attribute:
            if a.type == onnx.AttributeProto.GRAPH:
                n += count(a.g)
    return n
inits = {i.name for i in g.initializer}
want = len([i for i in g.input if i.name not in inits]) + len(inits) + count(g) + len(g.output)
open("model.count", "w").write("%d\n" % want)
# A chain too big to draw whole: 600 Neg nodes.
big = [helper.make_node("Neg", ["x" if i == 0 else "t%d" % (i - 1)], ["t%d" % i]) for i in range(600)]
bg = helper.make_graph(big, "big", [helper.make_tensor_value_info("x", f, [4])],
    [helper.make_tensor_value_info("t599", f, [4])])
mb = helper.make_model(bg, opset_imports=[helper.make_opsetid("", 13)])
onnx.checker.check_model(mb)
onnx.save(mb, "big.onnx")
# The same where every node also reads the input: 200 edges spanning up
# to 200 ranks, which dot takes long to lay out.
fan = [helper.make_node("Add", ["x" if i == 0 else "t%d" % (i - 1), "x"], ["t%d" % i]) for i in range(600)]
fg = helper.make_graph(fan, "fan", [helper.make_tensor_value_info("x", f, [4])],
    [helper.make_tensor_value_info("t599", f, [4])])
mf = helper.make_model(fg, opset_imports=[helper.make_opsetid("", 13)])
onnx.checker.check_model(mf)
onnx.save(mf, "fan.onnx")
PY

# The ONNX model: valid XML, one node per input, initializer, node, output.
if "$GRED" report --svg model.onnx -o model.svg 2>"$T/err" && [ ! -s "$T/err" ]; then pass
else fail "report --svg model.onnx: $(cat "$T/err")"; fi
want=$(cat model.count)
got=$(nodes_in model.svg) || got="not XML"
if [ "$got" = "$want" ]; then pass; else fail "model.svg: $got nodes, want $want"; fi
for label in Conv conv0 Relu If Identity Neg 'f32\[4,3,3,3\]' 'f32\[1,4,6,6\]' 'If: then_branch' 'If: else_branch'; do
  if grep -q ">$label<\|>$label: \|>$label\]" model.svg || grep -q ">[^<]*$label[^<]*<" model.svg; then pass
  else fail "model.svg lacks the text '$label'"; fi
done
if [ "$(grep -c 'class="cluster"' model.svg)" -eq 2 ]; then pass; else fail "model.svg: want 2 clusters (the If's branches)"; fi

# Chromium shows it; a blank page shows nothing, so the check can fail.
if shot "$T/model.svg" model.png; then
  if "$PY" "$SHOT" check model.svg model.png >"$T/shot.out" 2>&1; then pass
  else fail "the screenshot of model.svg: $(cat "$T/shot.out")"; fi
fi
cat >blank.svg <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="400pt" height="300pt" viewBox="0 0 400 300"><g class="graph" transform="translate(4 296)"><g class="node"><text x="100" y="-150">x</text></g></g></svg>
SVG
sed -i 's|<text x="100" y="-150">x</text>|<text x="100" y="-150" fill="white">x</text>|' blank.svg
if shot "$T/blank.svg" blank.png; then
  if "$PY" "$SHOT" blank blank.png >/dev/null && ! "$PY" "$SHOT" check blank.svg blank.png >/dev/null; then pass
  else fail "the screenshot check does not tell a blank page: $("$PY" "$SHOT" check blank.svg blank.png)"; fi
fi

# MLIR: the function @main (not @other), its scf.for body as a cluster.
cat >loop.mlir <<'MLIR'
func.func @other() {
  return
}
func.func @main(%n: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f32) {
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  return %r : f32
}
MLIR
# Arguments + operations but the return + returned values, by mlir-opt-19.
want=$(mlir-opt-19 --mlir-print-op-generic loop.mlir | "$PY" -c '
import re, sys
text = sys.stdin.read()
body = text[text.index("sym_name = \"main\""):]
ops = [m for m in re.findall(r"\"([a-z_]+\.[a-z_.]+)\"\(", body)]
ret = body[body.index("\"func.return\""):].split("\n")[0]
print(len(ops) - 1 + 2 + ret.count("%"))
')
if "$GRED" report --svg loop.mlir -o loop.svg 2>"$T/err" && [ ! -s "$T/err" ]; then pass
else fail "report --svg loop.mlir: $(cat "$T/err")"; fi
got=$(nodes_in loop.svg) || got="not XML"
if [ "$got" = "$want" ]; then pass; else fail "loop.svg: $got nodes, want $want"; fi
if grep -q '>loop.mlir: @main (1 other function not drawn)<' loop.svg &&
   [ "$(grep -c 'class="cluster"' loop.svg)" -eq 1 ] && grep -q '>scf.for<' loop.svg; then pass
else fail "loop.svg: title or scf.for cluster missing"; fi

# A big model: 200 nodes and a note saying how many operations are not.
if "$GRED" report --svg big.onnx -o big.svg 2>"$T/err" && [ ! -s "$T/err" ]; then pass
else fail "report --svg big.onnx: $(cat "$T/err")"; fi
got=$(nodes_in big.svg) || got="not XML"
if [ "$got" = 201 ] && grep -q '… 401 more operations not drawn' big.svg; then pass
else fail "big.svg: $got nodes, $(grep -o '… [0-9]* more[^<]*' big.svg)"; fi

# A graph dot chokes on still gives a picture: drawn whole (200 nodes)
# within the first try's 10 s, or else plainer (100 nodes).
if "$GRED" report --svg fan.onnx -o fan.svg 2>"$T/err" && [ ! -s "$T/err" ]; then pass
else fail "report --svg fan.onnx: $(cat "$T/err")"; fi
got=$(nodes_in fan.svg) || got="not XML"
case "$got" in
201) grep -q '… 401 more operations not drawn' fan.svg && pass || fail "fan.svg: no note" ;;
101) grep -q '… 501 more operations not drawn' fan.svg && pass || fail "fan.svg: no note" ;;
*) fail "fan.svg: $got nodes, want 201 or 101" ;;
esac

# Bad inputs: one line naming the file, exit 1, no output file.
: >empty.onnx
head -c 3000 /dev/urandom >garbage.onnx
printf 'func.func @f( {\n' >broken.mlir
for f in empty.onnx garbage.onnx broken.mlir missing.onnx; do
  expect_error "report --svg $f" "$f" "$GRED" report --svg "$f" -o "$f.svg"
  if [ ! -e "$f.svg" ]; then pass; else fail "report --svg $f wrote $f.svg"; fi
done
set +e
"$GRED" report --svg model.onnx 1 >/dev/null 2>"$T/err"; rc=$?
set -e
if [ "$rc" -eq 2 ]; then pass; else fail "--svg with a BUCKET: exit $rc, want 2"; fi
finish
