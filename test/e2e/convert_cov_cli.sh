# gred convert IN - writes to stdout (MLIR text, or --to onnx), and gred
# cov --json prints the metrics as JSON. Judged by mlir-opt-19, the onnx
# checker, protobuf equality and the models' own node counts.
. "$(dirname "$0")/../lib/e2e.sh"
CASES="$GRED_SRC/test/cases"
PY=/usr/bin/python3
mkdir "$T/m"
cp "$CASES/onnx_conv3x3/input.onnx" "$T/m/conv.onnx"
cp "$CASES/onnx_conv3x3/expected.onnx" "$T/m/conv_small.onnx"
cd "$T"

# .onnx to stdout: the MLIR text, the same as written to a file.
if "$GRED" convert m/conv.onnx - >a.mlir 2>err && mlir-opt-19 --allow-unregistered-dialect a.mlir >/dev/null 2>&1 &&
   "$GRED" convert m/conv.onnx b.mlir && cmp -s a.mlir b.mlir; then pass
else fail "convert IN.onnx -: $(cat err)"; fi
# And back with --to onnx: a valid model, protobuf-equal to the input.
if "$GRED" convert --to onnx a.mlir - >c.onnx 2>err &&
   $PY -c 'import onnx,sys
a, b = onnx.load(sys.argv[1]), onnx.load(sys.argv[2])
onnx.checker.check_model(b)
sys.exit(0 if a.graph == b.graph else 1)' m/conv.onnx c.onnx; then pass
else fail "convert --to onnx IN.mlir -: $(cat err)"; fi
expect_error "--to with a bad format" "want onnx or mlir" "$GRED" convert --to txt m/conv.onnx -

# cov --json: one object; models and ops as the models themselves count.
"$GRED" cov --json m >cov.json
if $PY -c 'import json,onnx,sys,glob
j = json.load(open(sys.argv[1]))
ms = [onnx.load(f) for f in sorted(glob.glob(sys.argv[2] + "/*.onnx"))]
assert j["models"] == len(ms), j
assert j["noo"] == sum(len(m.graph.node) for m in ms), j
assert j["not"] == len({n.op_type for m in ms for n in m.graph.node}), j
for k in ("otc", "idc", "odc", "sec", "dec"):
    assert 0 <= j[k] <= 1, (k, j)
' cov.json m; then pass; else fail "cov --json: $(cat cov.json)"; fi
# The text output says the same.
"$GRED" cov m >cov.txt
noo=$(sed -n 's/^NOO \([0-9]*\) .*/\1/p' cov.txt)
if [ "$noo" = "$($PY -c 'import json,sys; print(json.load(open(sys.argv[1]))["noo"])' cov.json)" ]; then pass
else fail "cov text and --json differ"; fi
finish
