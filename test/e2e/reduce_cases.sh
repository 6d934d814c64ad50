# Every fixture in test/cases/NAME/ (input.mlir or input.onnx, test.sh,
# expected.*) reduces to exactly the expected file, with -j 1 and -j 2.
# A case may carry a `generate` script that writes its input into $1
# (for inputs too large to keep in the repository).
. "$(dirname "$0")/../lib/e2e.sh"
CASES="$GRED_SRC/test/cases"
for d in "$CASES"/*/; do
  name=$(basename "$d")
  [ -f "$d/test.sh" ] || continue
  case "$name" in mlir_opt_*) continue ;; esac   # reduce_mlir_opt.sh runs those
  mkdir -p "$T/$name"
  if [ -x "$d/generate" ]; then
    "$d/generate" "$T/$name"
  else
    cp "$d"/input.* "$T/$name/"
  fi
  in=$(ls "$T/$name"/input.*)
  ext=${in##*.}
  for j in 1 2; do
    out="$T/$name/out$j.$ext"
    if ! "$GRED" reduce -j $j -o "$out" "$in" sh "$d/test.sh" 2>"$T/err"; then
      fail "$name -j $j: $(cat "$T/err")"; continue
    fi
    if cmp -s "$out" "$d/expected.$ext"; then pass; else
      fail "$name -j $j: result differs from expected.$ext:"
      diff "$d/expected.$ext" "$out" >&2 || true
    fi
  done
  cmp -s "$in" "$(ls "$T/$name"/input.*)" || fail "$name: input modified"
done
finish
