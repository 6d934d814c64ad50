# Every fixture in test/cases/NAME/ (input.mlir or input.onnx, test.sh,
# expected.*) reduces to exactly the expected file, with -j 1 and -j 2.
# Cases named mlir_opt_* run the real mlir-opt-19. A case may carry a `generate` script that writes its input into $1
# (for inputs too large to keep in the repository).
# GRED_UPDATE_EXPECTED=1 writes the -j 1 results as the expected files.
. "$(dirname "$0")/../lib/e2e.sh"
CASES="$GRED_SRC/test/cases"
for d in "$CASES"/*/; do
  name=$(basename "$d")
  [ -f "$d/test.sh" ] || continue
  if [ -z "${GRED_UPDATE_EXPECTED:-}" ] && ! ls "$d"/expected.* >/dev/null 2>&1; then
    echo "SKIP $name: no expected file"; continue
  fi
  case "$name" in mlir_opt_*)   # real crashes of MLIR 19
    command -v mlir-opt-19 >/dev/null || { echo "SKIP $name: no mlir-opt-19"; continue; } ;;
  esac
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
    if [ -n "${GRED_UPDATE_EXPECTED:-}" ] && [ $j = 1 ]; then cp "$out" "$d/expected.$ext"; fi
    if cmp -s "$out" "$d/expected.$ext"; then pass; else
      fail "$name -j $j: result differs from expected.$ext:"
      diff "$d/expected.$ext" "$out" >&2 || true
    fi
  done
  cmp -s "$in" "$(ls "$T/$name"/input.*)" || fail "$name: input modified"
done
finish
