# One gred fuzz campaign on models that hit onnxruntime-node 1.20.1's
# ReduceSum bug (sourced after e2e.sh). `ort_campaign TARGET-ARGS...` runs
# it into $T/run and checks that a bucket holds the bug and that its
# reduced.onnx still fails with that error in ORT itself, called here
# without gred's runner; it sets $id (the bucket's hash) and $b (its
# directory, empty when no reduced.onnx came out).
need_ort
need_python_onnx
need_cmd sqlite3

ort_one() { GRED_ORT="$ORT_DIR" node "$GRED_SRC/test/lib/ort_one.js" "$@"; }

ort_campaign() {
  "$GRED" fuzz "$@" --seed 1 -n 3 -j 2 --nodes 12 \
    --ops Relu,Clip,ReduceSum,Add,Mul,Conv,Cast,Sub --out "$T/run" >"$T/out" 2>"$T/err" ||
    fail "campaign: exit $?: $(tail -3 "$T/err")"
  id=$(sqlite3 "$T/run/.gred/triage.db" \
    "select hash from buckets where message like '%ValidateNoTransposeReduce%'")
  [ -n "$id" ] && pass ||
    fail "no bucket for ORT's ReduceSum bug: $(sqlite3 "$T/run/.gred/triage.db" 'select message from buckets')"
  b="$T/run/buckets/$id"
  if [ -z "$id" ] || [ ! -f "$b/reduced.onnx" ]; then
    fail "no reduced.onnx for the ReduceSum bucket"
    b=
    return 0
  fi
  set +e
  ort_one "$b/reduced.onnx" 2>"$T/ort.err"
  rc=$?
  set -e
  [ "$rc" -eq 1 ] && grep -q "ValidateNoTransposeReduce" "$T/ort.err" && pass ||
    fail "ORT on reduced.onnx: exit $rc, $(head -1 "$T/ort.err")"
  size=$(wc -c <"$b/reduced.onnx")
  [ "$size" -le 1024 ] && pass || fail "reduced.onnx is $size bytes, want <= 1 KB"
}
