# ctest-labels: asan
# The passes on every corpus file under 20 KB that gred parses, reduced
# while "contains op X" for its rarest op: gred must not crash (run under
# ASan in CI) and the result must be valid MLIR (mlir-opt-19 accepts it)
# and still contain X.
. "$(dirname "$0")/../lib/e2e.sh"
[ -d "$CORPUS" ] || { echo "corpus $CORPUS missing"; exit 77; }
command -v mlir-opt-19 >/dev/null || { echo "no mlir-opt-19"; exit 77; }
for f in "$CORPUS"/*.mlir; do
  n=$(basename "$f" .mlir)
  [ "$(wc -c <"$f")" -lt 20000 ] || continue
  "$GRED" convert "$f" "$T/p.mlir" 2>/dev/null || continue
  op=$(grep -o '\b[a-z_]\+\.[a-z_.]\+\b' "$T/p.mlir" | grep -v '^func\.func$\|^builtin' |
    sort | uniq -c | sort -n | awk 'NR == 1 { print $2 }')
  [ -n "$op" ] || continue
  printf '#!/bin/sh\ngrep -q "%s" "$1"\n' "$op" >"$T/t.sh"
  cp "$f" "$T/in.mlir"
  if ! "$GRED" reduce -j 2 -o "$T/out.mlir" "$T/in.mlir" sh "$T/t.sh" 2>"$T/err"; then
    fail "$n ($op): $(head -c 400 "$T/err")"; continue
  fi
  if ! grep -q "$op" "$T/out.mlir"; then fail "$n ($op): result lost $op"; continue; fi
  if ! mlir-opt-19 --allow-unregistered-dialect "$T/out.mlir" >/dev/null 2>"$T/err"; then
    # mlir-opt-19 registers the `test` dialect, which gred's C API build lacks
    if grep -q '"test\.' "$T/out.mlir"; then pass; continue; fi
    fail "$n ($op): invalid result: $(head -3 "$T/err")"; continue
  fi
  echo "$n ($op): $(wc -c <"$f") -> $(wc -c <"$T/out.mlir") bytes"
  pass
done
finish
