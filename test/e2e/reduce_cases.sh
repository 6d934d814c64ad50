# ctest-each-case
# Every fixture in test/cases/NAME/ (input.mlir or input.onnx, or a
# `generate` script that writes it into $1 for inputs too large to keep;
# test.sh; expected.*) reduces to exactly the expected file, with -j 1 and
# -j 2, and the input is left as it was. Cases named mlir_opt_* run the
# real mlir-opt-19; onnx_* ones python3-onnx and onnxruntime-node.
# The byte comparison is a regression and determinism check: the expected
# files are judged independently of gred by test/e2e/cases_minimal.sh
# (interesting, and one-minimal or with a documented number of removable
# ops), so matching them means gred still reaches that judged result, the
# same for any -j.
# GRED_UPDATE_EXPECTED=1 writes the -j 1 results as the expected files.
# With arguments, only the fixtures they name (ctest runs one per test).
. "$(dirname "$0")/../lib/e2e.sh"
need_cmd mlir-opt-19
need_python_onnx
need_ort
CASES="$GRED_SRC/test/cases"
if [ $# -eq 0 ]; then set -- $(ls "$CASES"); fi
for name in "$@"; do
  d="$CASES/$name"
  if [ ! -d "$d" ]; then fail "$name: no fixture $d"; continue; fi
  if [ ! -f "$d/test.sh" ]; then fail "$name: no test.sh"; continue; fi
  if [ -z "${GRED_UPDATE_EXPECTED:-}" ] && ! ls "$d"/expected.* >/dev/null 2>&1; then
    fail "$name: no expected file"; continue
  fi
  mkdir -p "$T/$name"
  if [ -x "$d/generate" ]; then
    "$d/generate" "$T/$name"
  else
    cp "$d"/input.* "$T/$name/"
  fi
  in=$(ls "$T/$name"/input.*)
  ext=${in##*.}
  sum=$(cksum <"$in")
  for j in 1 2; do
    out="$T/$name/out$j.$ext"
    if ! "$GRED" reduce -j $j -o "$out" "$in" sh "$d/test.sh" 2>"$T/err"; then
      fail "$name -j $j: $(cat "$T/err")"; continue
    fi
    if [ -n "${GRED_UPDATE_EXPECTED:-}" ] && [ $j = 1 ]; then cp "$out" "$d/expected.$ext"; fi
    if cmp -s "$out" "$d/expected.$ext"; then pass; else
      fail "$name -j $j: result differs from expected.$ext:"
      diff "$d/expected.$ext" "$out" >&2 || true
    fi
  done
  if [ "$(cksum <"$in")" = "$sum" ]; then pass; else fail "$name: input modified"; fi
done
finish
