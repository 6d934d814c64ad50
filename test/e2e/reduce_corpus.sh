# ctest-labels: asan
# The passes on every repository .mlir file under 20 KB that gred parses
# (as in convert_mlir.sh), reduced while "contains op X" for its rarest op
# (outside arith and func when it has others):
# gred must not crash (run under ASan in CI), and the result must be valid
# MLIR (mlir-opt-19 accepts it), still contain X and not be bigger.
# GRED_MLIR_CORPUS=DIR adds DIR/*.mlir (bench/corpus_check.sh sets it).
. "$(dirname "$0")/../lib/e2e.sh"
need_cmd mlir-opt-19
"$GRED_SRC/test/cases/big_chain/generate" "$T"
{ repo_mlir_files; echo "$T/input.mlir"
  [ -z "${GRED_MLIR_CORPUS:-}" ] || ls "$GRED_MLIR_CORPUS"/*.mlir; } >"$T/files"
reduced=0
while read -r f; do
  n=${f#"$GRED_SRC/"}
  [ "$(wc -c <"$f")" -lt 20000 ] || continue
  "$GRED" convert "$f" "$T/p.mlir" 2>/dev/null || continue
  # the rarest op, outside arith and func when there is one
  op=$(grep -o '\b[a-z_]\+\.[a-z_.]\+\b' "$T/p.mlir" | grep -v '^func\.func$\|^builtin' |
    sort | uniq -c | sort -n | awk '{ print ($2 ~ /^(arith|func)\./), $2 }' |
    sort -s -n -k1,1 | awk 'NR == 1 { print $2 }')
  [ -n "$op" ] || continue
  printf '#!/bin/sh\ngrep -q "%s" "$1"\n' "$op" >"$T/t.sh"
  if ! "$GRED" reduce -j 2 -o "$T/out.mlir" "$f" sh "$T/t.sh" 2>"$T/err"; then
    fail "$n ($op): $(head -c 400 "$T/err")"; continue
  fi
  if ! grep -q "$op" "$T/out.mlir"; then fail "$n ($op): result lost $op"; continue; fi
  if [ "$(wc -c <"$T/out.mlir")" -gt "$(wc -c <"$f")" ]; then fail "$n ($op): result grew"; continue; fi
  if ! mlir-opt-19 --allow-unregistered-dialect "$T/out.mlir" >/dev/null 2>"$T/err"; then
    # mlir-opt-19 registers the `test` dialect, which gred's C API build lacks
    if grep -q '"test\.' "$T/out.mlir"; then pass; continue; fi
    fail "$n ($op): invalid result: $(head -3 "$T/err")"; continue
  fi
  echo "$n ($op): $(wc -c <"$f") -> $(wc -c <"$T/out.mlir") bytes"
  reduced=$((reduced + 1))
  pass
done <"$T/files"
samples=$(ls "$GRED_SRC"/test/mlir/*.mlir | wc -l)
if [ "$reduced" -ge "$samples" ]; then pass; else fail "only $reduced files reduced"; fi
finish
