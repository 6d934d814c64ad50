# Every model of Debian's libonnx-testdata survives onnx -> mlir -> onnx as
# an equal protobuf message; every .mlir parses and verifies with mlir-opt
# and re-prints to itself.
. "$(dirname "$0")/../lib/e2e.sh"
DATA=/usr/share/libonnx-testdata
need_cmd mlir-opt-19
need_python_onnx
[ -d "$DATA" ] || missing "libonnx-testdata ($DATA)"
find "$DATA" -name model.onnx | sort >"$T/models"
# Debian 12's libonnx-testdata has 1,072 models: fewer means a broken install.
models=$(wc -l <"$T/models")
if [ "$models" -ge 1072 ]; then pass; else fail "only $models models in $DATA, want 1072"; fi
i=0
while read -r m; do
  i=$((i + 1))
  printf '%s\t%s\n' "$m" "$T/$i.mlir" >&3
  printf '%s\t%s\n' "$T/$i.mlir" "$T/$i.onnx" >&4
  printf '%s\t%s\n' "$T/$i.mlir" "$T/$i.again.mlir" >&5
  printf '%s\t%s\n' "$m" "$T/$i.onnx" >&6
done <"$T/models" 3>"$T/import" 4>"$T/export" 5>"$T/reprint" 6>"$T/pairs"

if "$GRED" convert --batch "$T/import" 2>"$T/err"; then pass; else fail "import: $(head -3 "$T/err")"; fi
if "$GRED" convert --batch "$T/export" 2>"$T/err"; then pass; else fail "export: $(head -3 "$T/err")"; fi
if "$GRED" convert --batch "$T/reprint" 2>"$T/err"; then pass; else fail "re-print: $(head -3 "$T/err")"; fi

# mlir -> mlir is a fixed point.
notfixed=0
j=0
while [ "$j" -lt "$i" ]; do
  j=$((j + 1))
  cmp -s "$T/$j.mlir" "$T/$j.again.mlir" || notfixed=$((notfixed + 1))
done
if [ "$notfixed" -eq 0 ]; then pass; else fail "$notfixed .mlir files change when re-printed"; fi

# mlir-opt parses and verifies them all, in one run.
j=0
while [ "$j" -lt "$i" ]; do
  j=$((j + 1))
  cat "$T/$j.mlir"
  [ "$j" -lt "$i" ] && echo "// -----"
done >"$T/all.mlir"
if mlir-opt-19 --allow-unregistered-dialect --split-input-file "$T/all.mlir" \
    -o /dev/null 2>"$T/err"; then pass; else fail "mlir-opt: $(head -5 "$T/err")"; fi

"$PY" "$GRED_SRC/test/lib/onnx_compare.py" <"$T/pairs" >"$T/cmp" || true
grep '^DIFF' "$T/cmp" | head -20 >&2 || true
tail -1 "$T/cmp"
if [ "$i" -ge 1072 ] && tail -1 "$T/cmp" | grep -q "^checked $i, equal $i\$"; then pass; else fail "round trip: $(tail -1 "$T/cmp")"; fi
finish
