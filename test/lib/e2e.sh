# Shared helpers for end-to-end tests (sourced, not run by ctest directly).
# GRED, GRED_SRC and GRED_BUILD come from ctest.
set -eu
: "${GRED:?GRED must name the gred binary}"
: "${GRED_SRC:?}"
CORPUS=${GRED_CORPUS:-"$GRED_SRC/../shared/corpus/mlir"}
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

finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
