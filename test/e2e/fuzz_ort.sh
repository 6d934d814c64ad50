#!/bin/sh
# gred fuzz against onnxruntime-node 1.20.1 (a cmd: target running one
# model with random inputs; an ORT error is a finding): models of a few ops
# hit its ReduceSum bug (noop_with_empty_axes with no axes fails in the CPU
# kernel). The reduced case must still fail in ORT itself with that
# error, be small and valid (onnx.checker), and the command in its report
# must reproduce it when pasted in the bucket directory.
. "$GRED_SRC/test/lib/e2e.sh"
. "$GRED_SRC/test/lib/fuzz_ort.sh"

ort_campaign --target "cmd:GRED_ORT='$ORT_DIR' node '$GRED_SRC/test/lib/ort_one.js' {}"
if [ -n "$b" ]; then
  "$PY" -c 'import onnx, sys; onnx.checker.check_model(onnx.load(sys.argv[1]), full_check=True)' \
    "$b/reduced.onnx" 2>"$T/chk" && pass || fail "onnx.checker rejects reduced.onnx: $(tail -1 "$T/chk")"
  "$PY" -c '
import onnx, sys
ops = [n.op_type for n in onnx.load(sys.argv[1]).graph.node]
assert "ReduceSum" in ops, ops' "$b/reduced.onnx" && pass || fail "reduced.onnx has no ReduceSum"
  cmd=$(awk '/^## Reproduce/ {r = 1} r && /^```sh/ {getline; print; exit}' "$b/report.md")
  set +e
  (cd "$b" && sh -c "$cmd") 2>"$T/paste.err" >/dev/null
  rc=$?
  set -e
  [ -n "$cmd" ] && [ "$rc" -ne 0 ] && grep -q "ValidateNoTransposeReduce" "$T/paste.err" && pass ||
    fail "the report's command '$cmd' does not reproduce the bug (exit $rc)"
  (cd "$b" && ./test.sh reduced.onnx) && pass || fail "test.sh does not accept reduced.onnx"
  grep -q "onnxruntime-node\|ort_one.js" "$b/report.md" && grep -q "^- oracle: crash" "$b/report.md" &&
    pass || fail "report.md lacks the target or the oracle"
fi

finish
