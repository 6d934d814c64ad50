# The fixtures' expected files, judged without gred (test/lib/one_minimal.py):
# each passes its test.sh, and removing any one op (MLIR: operation, ONNX:
# node; ONNX also: node attribute, value_info entry, input or initializer
# dim shrunk) makes it uninteresting, except for the number of removable ops that
# the fixture's README documents in a line "removable ops: K" (0 without
# one). A change in either direction fails: a new removable op, or a
# documented one that is no longer removable.
. "$(dirname "$0")/../lib/e2e.sh"
need_cmd mlir-opt-19 setarch
need_python_onnx
need_ort
export GRED
cases=0
for d in "$GRED_SRC"/test/cases/*/; do
  name=$(basename "$d")
  cases=$((cases + 1))
  if ! "$PY" "$GRED_SRC/test/lib/one_minimal.py" "$d" >"$T/out" 2>&1; then
    fail "$(cat "$T/out")"; continue
  fi
  cat "$T/out"
  got=$(sed -n 's/^[^:]*: interesting, [0-9]* ops, \([0-9]*\) removable$/\1/p' "$T/out")
  want=0
  if [ -f "$d/README" ]; then
    w=$(sed -n 's/.*removable ops: \([0-9]*\).*/\1/p' "$d/README" | head -1)
    [ -z "$w" ] || want=$w
  fi
  if [ "$got" = "$want" ]; then pass; else fail "$name: $got removable ops, its README documents $want"; fi
done
if [ "$cases" -ge 12 ]; then pass; else fail "only $cases fixtures"; fi
finish
