# The tail and head cuts on a bug midway through a long model
# (test/cases/onnx_cut_midway: 400 nodes, a Relu feeding a Clip after node
# 200 that onnxruntime-node 1.20.1 rejects). The result passes
# onnx.checker's full check and still fails in onnxruntime-node with the
# same error (the fixture's test.sh); the tests gred runs until the model
# has at most 4 nodes stay within 2 ceil(log2 n) + 2 for its n nodes
# (bisection from both ends; ddmin would take tests in proportion to n),
# and all its tests within n / 4.
. "$(dirname "$0")/../lib/e2e.sh"
need_python_onnx
need_ort
PY=/usr/bin/python3
CASE="$GRED_SRC/test/cases/onnx_cut_midway"
"$CASE/generate" "$T"
cat >"$T/count.sh" <<SH
#!/bin/sh
sh "$CASE/test.sh" "\$1"; rc=\$?
$PY -c 'import onnx, sys; print(len(onnx.load(sys.argv[1]).graph.node), sys.argv[2])' "\$1" \$rc >>"$T/runs"
exit \$rc
SH
chmod +x "$T/count.sh"
: >"$T/runs"
if "$GRED" reduce -j 1 -o "$T/out.onnx" "$T/input.onnx" "$T/count.sh" 2>"$T/err"; then pass; else fail "reduce: $(cat "$T/err")"; fi
if $PY -c 'import onnx, sys; onnx.checker.check_model(onnx.load(sys.argv[1]), full_check=True)' "$T/out.onnx"; then
  pass; else fail "the result is not valid ONNX"; fi
if sh "$CASE/test.sh" "$T/out.onnx"; then pass; else fail "the result no longer fails in FuseReluClip"; fi
n=$($PY -c 'import onnx, sys; print(len(onnx.load(sys.argv[1]).graph.node))' "$T/input.onnx")
log2=$($PY -c 'import math, sys; print(math.ceil(math.log2(int(sys.argv[1]))))' "$n")
# The first run checks the input; the first interesting candidate of at
# most 4 nodes is where the cuts are done.
at=$(awk '$2 == 0 && $1 <= 4 { print NR; exit }' "$T/runs")
bound=$((2 * log2 + 2))
if [ -n "$at" ] && [ "$at" -le "$bound" ]; then pass; else
  fail "$n nodes: at most 4 nodes after ${at:-no} tests, bound $bound"; fi
total=$(wc -l <"$T/runs")
if [ "$total" -le $((n / 4)) ]; then pass; else fail "$total tests for $n nodes (bound $((n / 4)))"; fi
finish
