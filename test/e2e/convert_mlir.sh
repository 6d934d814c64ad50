# .mlir -> .mlir: every corpus file re-prints to text that mlir-opt-19
# accepts, and re-printing that text is a fixed point.
. "$(dirname "$0")/../lib/e2e.sh"
[ -d "$CORPUS" ] || { echo "corpus $CORPUS missing"; exit 1; }
# Files that use MLIR's `test` dialect (built into mlir-opt, not into the
# C API) cannot be parsed; they must fail with a located message.
for f in "$CORPUS"/*.mlir; do
  n=$(basename "$f")
  if ! "$GRED" convert "$f" "$T/a.mlir" 2>"$T/err"; then
    if grep -q "^gred: $f:[0-9]*:[0-9]*: Dialect .test' not found" "$T/err"; then pass; continue; fi
    fail "$n: $(cat "$T/err")"; continue
  fi
  if ! mlir-opt-19 --allow-unregistered-dialect "$T/a.mlir" >/dev/null 2>"$T/err"; then
    fail "$n: mlir-opt-19 rejects the output: $(head -1 "$T/err")"; continue
  fi
  "$GRED" convert "$T/a.mlir" "$T/b.mlir"
  if cmp -s "$T/a.mlir" "$T/b.mlir"; then pass; else fail "$n: re-print is not a fixed point"; fi
done
finish
