# The target runners of `gred fuzz` (scripts/fuzz_ort.js,
# scripts/fuzz_mlir_opt.sh), judged without them: onnxruntime-node itself
# (an inline script that loads and runs the models), python3 onnx.checker,
# and mlir-opt-19 run directly. Checks the exit codes of the protocol, the
# crash oracle on the ORT 1.20.1 bugs of bench/gen_findings (pairwise
# distinct triage signatures, stable across --seed), generated models that
# run, an invalid model, diff-opt on a real mismatch (ORT's LayerNormFusion
# on float32 with a large mean) and on NaN outputs, diff-version against
# onnxruntime-node 1.19.2 and 1.22.0, a native crash and a hang of the ORT
# process, and mlir-opt-19's crash, rejection and success.
. "$(dirname "$0")/../lib/e2e.sh"
need_python_onnx
need_ort
need_cmd mlir-opt-19 setarch timeout
ORT2="$GRED_SRC/.deps/ort-1.19.2/node_modules/onnxruntime-node"
ORT3="$GRED_SRC/.deps/ort-1.22.0/node_modules/onnxruntime-node"
[ -f "$ORT2/package.json" ] || missing "onnxruntime-node 1.19.2 in $ORT2"
[ -f "$ORT3/package.json" ] || missing "onnxruntime-node 1.22.0 in $ORT3"
FUZZ_ORT="$GRED_SRC/scripts/fuzz_ort.js"
FUZZ_MLIR="$GRED_SRC/scripts/fuzz_mlir_opt.sh"
F="$GRED_SRC/bench/gen_findings"

# run_ort NAME ARGS...: the runner's exit code in $rc, its stderr in $T/NAME.log.
run_ort() {
  name=$1; shift
  set +e
  node "$FUZZ_ORT" "$@" 2>"$T/$name.log"
  rc=$?
  set -e
}
sig_of() { "$GRED" triage sig "$1" 2>/dev/null | sed -n 's/^signature //p'; }
msg_of() { "$GRED" triage sig "$1" 2>/dev/null | sed -n 's/^message *//p'; }

# The judge: ORT 1.20.1 itself. For each model it prints "MODEL LEVEL ok"
# or "MODEL LEVEL create|run: MESSAGE" at optimization levels all and
# disabled, and "nan" after ok when every output value is NaN.
cat >"$T/judge.js" <<'JS'
const ort = require(process.env.ORT_DIR);
const fs = require('fs');
const { graphInputs, randomTensor } = require(process.env.GRED_SRC + '/scripts/ort_model.js');
(async () => {
  for (const file of process.argv.slice(2)) {
    const buf = fs.readFileSync(file), feeds = {};
    for (const i of graphInputs(buf)) feeds[i.name] = randomTensor(ort, i.type, i.dims);
    for (const level of ['all', 'disabled']) {
      let stage = 'create';
      try {
        const s = await ort.InferenceSession.create(buf, { graphOptimizationLevel: level, logSeverityLevel: 4 });
        stage = 'run';
        const out = await s.run(feeds);
        const nan = Object.values(out).every((t) => Array.from(t.data).every((v) => Number.isNaN(v)));
        console.log(`${file} ${level} ok${nan ? ' nan' : ''}`);
      } catch (e) {
        console.log(`${file} ${level} ${stage}: ${String(e.message).split('\n')[0]}`);
      }
    }
  }
})();
JS
judge() { ORT_DIR="$ORT_DIR" GRED_SRC="$GRED_SRC" node "$T/judge.js" "$@"; }

# --- exit 3: the runner's own failures, one line on stderr
run_ort badopt --opt fastest "$F/relu_clip_fusion_double.onnx"
if [ "$rc" -eq 3 ] && [ "$(wc -l <"$T/badopt.log")" -eq 1 ]; then pass; else fail "bad --opt: exit $rc"; fi
run_ort nover --ort 0.0.1 "$F/relu_clip_fusion_double.onnx"
if [ "$rc" -eq 3 ] && grep -q "0.0.1 is not installed" "$T/nover.log"; then pass; else fail "missing version: exit $rc"; fi
run_ort nofile "$T/nosuch.onnx"
if [ "$rc" -eq 3 ]; then pass; else fail "missing model: exit $rc"; fi

# --- the comparator on constructed outputs (NaN, inf, per-dtype tolerance)
if node "$FUZZ_ORT" --self-test >"$T/self" 2>&1; then pass; else fail "comparator self-test: $(cat "$T/self")"; fi

# --- crash: the ORT 1.20.1 bugs. The judge confirms each: the checker
# accepts the model, ORT fails at level all, and runs it with optimizations
# disabled (except ReduceSum, a kernel bug that fails there too).
bugs="relu_clip_fusion_double reducesum_noop_empty_axes scale_by_axis_fusion
  gemm_transpose_identity_perm_a matmul_transpose_fusion_double"
for b in $bugs; do
  if "$PY" -c 'import onnx,sys; onnx.checker.check_model(onnx.load(sys.argv[1]), full_check=True)' "$F/$b.onnx"; then
    pass; else fail "$b: onnx.checker rejects it"; fi
done
judge $(for b in $bugs; do echo "$F/$b.onnx"; done) >"$T/judged"
for b in $bugs; do
  if grep -q "^$F/$b.onnx all \(create\|run\): " "$T/judged"; then pass; else fail "$b: ORT does not fail at level all"; fi
  case $b in
  reducesum*) want="run: .*Reduction on all axes" ;;
  *) want="ok" ;;
  esac
  if grep -q "^$F/$b.onnx disabled $want" "$T/judged"; then pass; else
    fail "$b: with optimizations disabled, want '$want': $(grep "^$F/$b.onnx disabled" "$T/judged")"; fi
done
: >"$T/sigs"
for b in $bugs; do
  for seed in 1 7; do
    run_ort "$b.$seed" --seed "$seed" "$F/$b.onnx"
    if [ "$rc" -eq 1 ] && [ "$(head -n 1 "$T/$b.$seed.log")" = "gred-oracle: crash" ]; then pass; else
      fail "$b seed $seed: exit $rc, $(head -n 1 "$T/$b.$seed.log")"; fi
  done
  s1=$(sig_of "$T/$b.1.log"); s7=$(sig_of "$T/$b.7.log")
  if [ -n "$s1" ] && [ "$s1" = "$s7" ]; then pass; else fail "$b: signatures '$s1' (seed 1) and '$s7' (seed 7)"; fi
  echo "$s1" >>"$T/sigs"
  # the signature names the bug
  case $b in
  relu_clip*) word=FuseReluClip ;; reducesum*) word=ReduceSum ;; scale_by_axis*) word=scale_by_axis ;;
  gemm*) word=GEMM ;; matmul*) word=FusedMatMul ;;
  esac
  if msg_of "$T/$b.1.log" | grep -q "$word"; then pass; else fail "$b: signature message lacks $word: $(msg_of "$T/$b.1.log")"; fi
  echo "$b: signature $s1"
done
if [ "$(sort -u "$T/sigs" | grep -c .)" -eq 5 ]; then pass; else fail "the five bugs share signatures: $(tr '\n' ' ' <"$T/sigs")"; fi
# the other two faces of the GemmTransposeFusion bug are findings too
for b in gemm_transpose_identity_perm_b gemm_transpose_identity_perm_c; do
  run_ort "$b" "$F/$b.onnx"
  if [ "$rc" -eq 1 ] && [ -n "$(sig_of "$T/$b.log")" ]; then pass; else fail "$b: exit $rc"; fi
done

# --- generated models: the runner flags exactly those the judge sees fail
# at level all (gred gen's models pass onnx.checker; test/e2e/gen_valid.sh).
"$GRED" gen -q -n 50 -o "$T/gen" --seed 5
judge "$T"/gen/*.onnx >"$T/gen.judged"
flagged=0
for m in "$T"/gen/*.onnx; do
  run_ort gen1 "$m"
  if grep -q "^$m all ok" "$T/gen.judged"; then want=0; else want=1; fi
  if [ "$rc" -ne "$want" ]; then fail "$m: exit $rc, the judge says $want: $(grep "^$m " "$T/gen.judged" | tr '\n' ' ')"; continue; fi
  if [ "$rc" -eq 1 ]; then
    flagged=$((flagged + 1))
    if msg_of "$T/gen1.log" | grep -q -e ReduceSum -e FuseReluClip -e scale_by_axis -e GemmTransposeFusion -e FusedMatMul; then
      pass; else fail "$m: an unknown finding: $(msg_of "$T/gen1.log")"; fi
  fi
  pass
done
echo "generated: 50 models, $flagged flagged"

# --- exit 2: a model onnx.checker rejects (Add of [2,3] and [4,5])
"$PY" - "$T/invalid.onnx" <<'PY'
import sys, onnx
from onnx import helper as h, TensorProto as TP
g = h.make_graph([h.make_node('Add', ['a', 'b'], ['y'])], 'bad',
    [h.make_tensor_value_info('a', TP.FLOAT, [2, 3]), h.make_tensor_value_info('b', TP.FLOAT, [4, 5])],
    [h.make_tensor_value_info('y', TP.FLOAT, [2, 3])])
m = h.make_model(g, opset_imports=[h.make_opsetid('', 13)]); m.ir_version = 8
onnx.save(m, sys.argv[1])
try:
    onnx.checker.check_model(m, full_check=True)
except Exception:
    sys.exit(0)
sys.exit(1)
PY
for oracle in crash crash,diff-opt; do
  run_ort invalid --oracle "$oracle" "$T/invalid.onnx"
  if [ "$rc" -eq 2 ]; then pass; else fail "invalid model, --oracle $oracle: exit $rc: $(cat "$T/invalid.log")"; fi
done

# --- exit 2: a Gemm whose inner dimensions differ ([1,2] x [1,1]): the
# checker lets it through, and ORT's Gemm kernel rejects it at run time at
# every level with a plain status, not a failed internal check.
"$PY" - "$T/gemm_k.onnx" <<'PY'
import sys, onnx
from onnx import helper as h, TensorProto as TP
k = h.make_tensor('k', TP.FLOAT, [1, 2], [0.0, 0.0])
g = h.make_graph([h.make_node('Constant', [], ['c'], value=k), h.make_node('Gemm', ['c', 'a', 'c'], ['y'], beta=0.5)],
    'gemm_k', [h.make_tensor_value_info('a', TP.FLOAT, [1, 1])], [h.make_tensor_value_info('y', TP.FLOAT, [1, 1])])
m = h.make_model(g, opset_imports=[h.make_opsetid('', 13)]); m.ir_version = 8
onnx.checker.check_model(m, full_check=True)
onnx.save(m, sys.argv[1])
PY
judge "$T/gemm_k.onnx" >"$T/gemm_k.judged"
if [ "$(grep -c ' run: .*Gemm' "$T/gemm_k.judged")" -eq 2 ]; then pass; else fail "the judge on gemm_k: $(cat "$T/gemm_k.judged")"; fi
run_ort gemm_k "$T/gemm_k.onnx"
if [ "$rc" -eq 2 ]; then pass; else fail "a kernel's rejection: exit $rc: $(cat "$T/gemm_k.log")"; fi

# --- diff-opt. LayerNormFusion on float32 turns the pattern below into
# LayerNormalization, which loses the variance of inputs with a large mean
# (1e4 here); numpy in float64 is the judge of which side is right.
"$PY" - "$T" <<'PY'
import sys, onnx
from onnx import helper as h, TensorProto as TP
def save(path, nodes, inits, shape):
    g = h.make_graph(nodes, 'g', [h.make_tensor_value_info('x', TP.FLOAT, shape)],
                     [h.make_tensor_value_info('y', TP.FLOAT, shape)], initializer=inits)
    m = h.make_model(g, opset_imports=[h.make_opsetid('', 13)]); m.ir_version = 8
    onnx.checker.check_model(m, full_check=True); onnx.save(m, path)
c = lambda n, v, shape=[]: h.make_tensor(n, TP.FLOAT, shape, v if isinstance(v, list) else [v])
def layernorm(path, off):
    save(path, [h.make_node('Add', ['x', 'off'], ['x1']),
                h.make_node('ReduceMean', ['x1'], ['m'], axes=[-1]),
                h.make_node('Sub', ['x1', 'm'], ['d']), h.make_node('Pow', ['d', 'two'], ['p']),
                h.make_node('ReduceMean', ['p'], ['v'], axes=[-1]), h.make_node('Add', ['v', 'eps'], ['ve']),
                h.make_node('Sqrt', ['ve'], ['s']), h.make_node('Div', ['d', 's'], ['n']),
                h.make_node('Mul', ['n', 'g'], ['ng']), h.make_node('Add', ['ng', 'b'], ['y'])],
         [c('off', off), c('two', 2.0), c('eps', 1e-5), c('g', [1.0] * 16, [16]), c('b', [0.0] * 16, [16])], [2, 16])
layernorm(sys.argv[1] + '/layernorm_far.onnx', 10000.0)
layernorm(sys.argv[1] + '/layernorm_near.onnx', 0.0)
# NaN outputs (the square root of negative inputs) on both sides
save(sys.argv[1] + '/nan.onnx', [h.make_node('Sqrt', ['x'], ['s']), h.make_node('Neg', ['s'], ['n']),
     h.make_node('Sqrt', ['n'], ['r']), h.make_node('Relu', ['r'], ['q']),
     h.make_node('Add', ['q', 'x'], ['y'])], [], [2, 8])
PY
cat >"$T/ln_judge.js" <<'JS'
// Prints the largest error of ORT's output at each level against layer
// normalisation of x + 1e4 computed here in float64.
const ort = require(process.env.ORT_DIR);
const fs = require('fs');
(async () => {
  const x = Float32Array.from({ length: 32 }, (_, i) => Math.sin(i + 1));
  const ref = [];
  for (let r = 0; r < 2; r++) {
    const row = Array.from(x.slice(r * 16, r * 16 + 16), (v) => Math.fround(v + 1e4));
    const m = row.reduce((a, b) => a + b) / 16;
    const v = row.reduce((a, b) => a + (b - m) ** 2, 0) / 16;
    for (const e of row) ref.push((e - m) / Math.sqrt(v + 1e-5));
  }
  for (const level of ['all', 'disabled']) {
    const s = await ort.InferenceSession.create(fs.readFileSync(process.argv[2]), { graphOptimizationLevel: level });
    const y = (await s.run({ x: new ort.Tensor('float32', x, [2, 16]) })).y.data;
    // a NaN counts as the largest error
    console.log(level, Math.max(...Array.from(y, (v, i) => (Number.isNaN(v) ? 1e308 : Math.abs(v - ref[i])))));
  }
})();
JS
ORT_DIR="$ORT_DIR" node "$T/ln_judge.js" "$T/layernorm_far.onnx" >"$T/ln"
if awk '$1 == "all" && $2 > 0.1 { a = 1 } $1 == "disabled" && $2 < 0.01 { d = 1 } END { exit !(a && d) }' "$T/ln"; then
  pass; else fail "the judge does not see LayerNormFusion lose precision: $(cat "$T/ln")"; fi
for seed in 1 2; do
  run_ort lnfar.$seed --oracle crash,diff-opt --seed "$seed" "$T/layernorm_far.onnx"
  if [ "$rc" -eq 1 ] && [ "$(head -n 1 "$T/lnfar.$seed.log")" = "gred-oracle: diff-opt" ]; then pass; else
    fail "LayerNorm far from 0, seed $seed: exit $rc: $(cat "$T/lnfar.$seed.log")"; fi
done
if [ -n "$(sig_of "$T/lnfar.1.log")" ] && [ "$(sig_of "$T/lnfar.1.log")" = "$(sig_of "$T/lnfar.2.log")" ]; then pass; else
  fail "diff-opt signature not stable across seeds"; fi
if msg_of "$T/lnfar.1.log" | grep -q "diff-opt mismatch in values of an output of Add (float32)"; then pass; else
  fail "diff-opt signature message: $(msg_of "$T/lnfar.1.log")"; fi
echo "diff-opt LayerNormFusion: signature $(sig_of "$T/lnfar.1.log")"
run_ort lnnear --oracle crash,diff-opt "$T/layernorm_near.onnx"
if [ "$rc" -eq 0 ]; then pass; else fail "LayerNorm near 0: exit $rc: $(cat "$T/lnnear.log")"; fi
judge "$T/nan.onnx" >"$T/nan.judged"
if [ "$(grep -c ' ok nan$' "$T/nan.judged")" -eq 2 ]; then pass; else fail "the NaN model: $(cat "$T/nan.judged")"; fi
run_ort nan --oracle crash,diff-opt "$T/nan.onnx"
if [ "$rc" -eq 0 ]; then pass; else fail "NaN on both sides: exit $rc: $(cat "$T/nan.log")"; fi
for m in "$T"/gen/g00000[0-4].onnx; do
  run_ort agree --oracle crash,diff-opt "$m"
  want=0; grep -q "^$m all ok" "$T/gen.judged" || want=1
  if [ "$rc" -eq "$want" ]; then pass; else fail "$m with diff-opt: exit $rc, want $want: $(cat "$T/agree.log")"; fi
done

# --- diff-version: LayerNorm agrees between 1.20.1 and 1.19.2 and a
# generated model between 1.20.1 and 1.22.0; scale_by_axis_fusion.onnx,
# which the judge shows 1.22.0 runs, fails in 1.20.1 only: a diff-version
# finding (without crash in --oracle; with it, the crash comes first).
run_ort dv --oracle diff-version:1.19.2 "$T/layernorm_far.onnx"
if [ "$rc" -eq 0 ]; then pass; else fail "diff-version on LayerNorm: exit $rc: $(cat "$T/dv.log")"; fi
m1=$(grep ' all ok$' "$T/gen.judged" | head -n 1 | cut -d' ' -f1)
run_ort dvgen --oracle crash,diff-opt,diff-version:1.22.0 "$m1"
if [ "$rc" -eq 0 ]; then pass; else fail "diff-version on $m1: exit $rc: $(cat "$T/dvgen.log")"; fi
ORT_DIR="$ORT3" judge "$F/scale_by_axis_fusion.onnx" >"$T/sba3.judged"
if grep -q "all ok" "$T/sba3.judged"; then pass; else fail "1.22.0 fails on scale_by_axis_fusion.onnx: $(cat "$T/sba3.judged")"; fi
run_ort dvsba --oracle diff-version:1.22.0 "$F/scale_by_axis_fusion.onnx"
if [ "$rc" -eq 1 ] && [ "$(head -n 1 "$T/dvsba.log")" = "gred-oracle: diff-version" ] &&
   msg_of "$T/dvsba.log" | grep -q "fails in onnxruntime-node .* only, runs in .*scale_by_axis"; then pass; else
  fail "diff-version on scale_by_axis: exit $rc: $(cat "$T/dvsba.log")"; fi
run_ort dvsba2 --oracle crash,diff-version:1.22.0 "$F/scale_by_axis_fusion.onnx"
if [ "$rc" -eq 1 ] && [ "$(head -n 1 "$T/dvsba2.log")" = "gred-oracle: crash" ]; then pass; else
  fail "crash before diff-version: exit $rc: $(head -n 1 "$T/dvsba2.log")"; fi

# --- a native crash and a hang of the ORT process: a stand-in
# onnxruntime-node (GRED_ORT) that kills itself or never returns.
mkdir -p "$T/fakeort"
echo '{"name":"onnxruntime-node","version":"0.0.0","main":"index.js"}' >"$T/fakeort/package.json"
cat >"$T/fakeort/index.js" <<'JS'
class Tensor { constructor(type, data, dims) { Object.assign(this, { type, data, dims }); } }
const InferenceSession = { create: async () => {
  if (process.env.FAKE === 'segv') process.kill(process.pid, 'SIGSEGV');
  return new Promise(() => setInterval(() => {}, 1000));
} };
module.exports = { Tensor, InferenceSession };
JS
m0="$T/gen/g000000.onnx"
set +e
FAKE=segv GRED_ORT="$T/fakeort" node "$FUZZ_ORT" "$m0" 2>"$T/segv.log"; rc=$?
set -e
if [ "$rc" -eq 1 ] && msg_of "$T/segv.log" | grep -q "died of SIGSEGV in InferenceSession.create"; then pass; else
  fail "native crash: exit $rc: $(cat "$T/segv.log")"; fi
set +e
FAKE=hang GRED_ORT="$T/fakeort" node "$FUZZ_ORT" --timeout 2 "$m0" 2>"$T/hang.log"; rc=$?
set -e
if [ "$rc" -eq 1 ] && msg_of "$T/hang.log" | grep -q "timed out"; then pass; else fail "hang: exit $rc: $(cat "$T/hang.log")"; fi

# --- mlir-opt-19: the demo's crash (remove-dead-values on a declaration),
# an invalid program, a fine one; mlir-opt-19 run directly is the judge.
cat >"$T/crash.mlir" <<'MLIR'
func.func private @lookup(index) -> (memref<?x?xf32>, f32)
func.func @main(%idx: index) -> f32 {
  %buf, %k = call @lookup(%idx) : (index) -> (memref<?x?xf32>, f32)
  return %k : f32
}
MLIR
printf 'func.func @f() {\n  %%0 = arith.addi %%x, %%x : i32\n  return\n}\n' >"$T/invalid.mlir"
mlir_rc() { set +e; env -i "$(command -v mlir-opt-19)" "$@" >/dev/null 2>&1; r=$?; set -e; echo "$r"; }
run_mlir() {
  set +e
  "$FUZZ_MLIR" "$@" 2>"$T/mlir.log"
  rc=$?
  set -e
}
if [ "$(mlir_rc --remove-dead-values <"$T/crash.mlir")" -gt 128 ]; then pass; else fail "the judge: crash.mlir does not crash mlir-opt-19"; fi
run_mlir --remove-dead-values "$T/crash.mlir"
if [ "$rc" -eq 1 ] && [ "$(head -n 1 "$T/mlir.log")" = "gred-oracle: crash" ] && [ -n "$(sig_of "$T/mlir.log")" ]; then pass; else
  fail "mlir crash: exit $rc: $(head -5 "$T/mlir.log")"; fi
if [ "$(mlir_rc <"$T/invalid.mlir")" -eq 1 ]; then pass; else fail "the judge: invalid.mlir is not rejected"; fi
run_mlir "builtin.module(canonicalize)" "$T/invalid.mlir"
if [ "$rc" -eq 2 ]; then pass; else fail "invalid mlir: exit $rc: $(cat "$T/mlir.log")"; fi
for f in "$GRED_SRC"/test/mlir/scf.mlir "$GRED_SRC"/test/mlir/func_arith.mlir; do
  if [ "$(mlir_rc --pass-pipeline='builtin.module(canonicalize,cse)' <"$f")" -eq 0 ]; then pass; else fail "the judge: $f fails"; fi
  run_mlir --oracle crash "builtin.module(canonicalize,cse)" "$f"
  if [ "$rc" -eq 0 ]; then pass; else fail "$f: exit $rc: $(cat "$T/mlir.log")"; fi
done
run_mlir "builtin.module(no-such-pass)" "$GRED_SRC/test/mlir/scf.mlir"
if [ "$rc" -eq 3 ]; then pass; else fail "unknown pass: exit $rc"; fi

finish
