# Shared helpers for end-to-end tests (sourced, not run by ctest directly).
# GRED, GRED_SRC and GRED_BUILD come from ctest.
set -eu
: "${GRED:?GRED must name the gred binary}"
: "${GRED_SRC:?}"
PY=/usr/bin/python3
T=$(mktemp -d "${TMPDIR:-/tmp}/gred-e2e.XXXXXX")
trap 'rm -rf "$T"' EXIT
passed=0
failed=0

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

# expect_error DESCRIPTION EXPECTED-SUBSTRING CMD...: exit 1, exactly one
# line on stderr that starts with "gred: " and contains the substring.
expect_error() {
  desc=$1; want=$2; shift 2
  set +e
  "$@" >"$T/out" 2>"$T/err"
  rc=$?
  set -e
  lines=$(wc -l <"$T/err")
  if [ "$rc" -ne 1 ]; then fail "$desc: exit $rc, want 1"; return; fi
  if [ "$lines" -ne 1 ]; then fail "$desc: $lines stderr lines, want 1: $(cat "$T/err")"; return; fi
  if ! grep -q "^gred: .*$want" "$T/err"; then fail "$desc: stderr '$(cat "$T/err")' lacks '$want'"; return; fi
  pass
}

# need_cmd CMD... / need_python_onnx / need_ort: a missing dependency fails
# the test with a message naming it (scripts/bootstrap installs them all).
missing() { echo "FAIL: missing $1 (scripts/bootstrap installs it)" >&2; exit 1; }
need_cmd() { for c in "$@"; do command -v "$c" >/dev/null 2>&1 || missing "$c"; done; }
need_python_onnx() {
  "$PY" -c 'import onnx, numpy' 2>/dev/null || missing "python3-onnx (import onnx in $PY)"
}
ORT_DIR=${GRED_ORT:-"$GRED_SRC/.deps/ort/node_modules/onnxruntime-node"}
need_ort() {
  need_cmd node
  [ -f "$ORT_DIR/package.json" ] || missing "onnxruntime-node in $ORT_DIR"
}

# The .mlir inputs kept in the repository: the dialect samples and the
# fixtures' inputs and expected files (test/cases/*/generate ones are made
# at test time by the scripts that need them).
repo_mlir_files() {
  ls "$GRED_SRC"/test/mlir/*.mlir "$GRED_SRC"/test/cases/*/input.mlir \
    "$GRED_SRC"/test/cases/*/expected.mlir
}

finish() {
  # a script whose checks all fell through has tested nothing
  [ "$passed" -gt 0 ] || fail "no check ran"
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
