# gred gen: every generated model passes onnx.checker (full_check) and loads
# and runs in onnxruntime-node with random inputs. GEN_VALID_N sets the number
# of models (default 1000; bench/gen_bench.sh runs 10,000).
. "$(dirname "$0")/../lib/e2e.sh"
n=${GEN_VALID_N:-1000}
py=/usr/bin/python3
ort="$GRED_SRC/.deps/ort/node_modules/onnxruntime-node"
$py -c 'import onnx' 2>/dev/null || { echo "python3-onnx missing"; exit 77; }
[ -d "$ort" ] || { echo "onnxruntime-node missing in $ort"; exit 77; }

# Plain, guided and small-rank runs: different shapes of graphs.
half=$((n / 2)); rest=$((n - half - n / 5)); fifth=$((n / 5))
"$GRED" gen -q -n "$half" -o "$T/a" --seed 11 --nodes 30
"$GRED" gen -q -n "$rest" -o "$T/b" --seed 12 --nodes 60 --guided
"$GRED" gen -q -n "$fifth" -o "$T/c" --seed 13 --nodes 10 --max-rank 3 --max-dim 8

$py - "$T/a" "$T/b" "$T/c" >"$T/check" 2>&1 <<'PY' || true
import os, sys, onnx
ok = bad = 0
for d in sys.argv[1:]:
    for f in sorted(os.listdir(d)):
        try:
            onnx.checker.check_model(onnx.load(os.path.join(d, f)), full_check=True)
            ok += 1
        except Exception as e:
            bad += 1
            print("FAIL %s/%s: %s" % (d, f, str(e).splitlines()[0][:300]))
print("checker: %d passed, %d failed" % (ok, bad))
PY
cat "$T/check"
if grep -q "^checker: $n passed, 0 failed" "$T/check"; then pass; else fail "onnx.checker"; fi

if node "$GRED_SRC/scripts/ort_run.js" --quiet "$T/a" "$T/b" "$T/c" >"$T/ort" 2>&1; then
  pass
else
  fail "onnxruntime"
fi
grep -v '^FINDING' "$T/ort" || true
echo "$(grep -c '^FINDING' "$T/ort" || true) ORT findings (see scripts/ort_run.js)"
finish
