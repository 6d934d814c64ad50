# gred gen's fuzzing modes, judged without gred: models made with each
# skeleton (ws, residual), with each of the six mutations alone and all
# together, and with the MCTS block chooser (alone, with mutations, and fed
# new-bucket verdicts on stdin) pass onnx.checker (full_check) and strict
# shape inference agrees with every declared type (test/lib/onnx_shapes.py);
# onnxruntime-node runs them and its outputs have the declared shapes. The
# skeletons and mutations do what they say, measured with onnx on the
# models; same seed and same feedback, same bytes.
# GEN_FUZZ_N sets the models per run (default 120).
. "$(dirname "$0")/../lib/e2e.sh"
n=${GEN_FUZZ_N:-120}
mkdir "$T/m" "$T/m2"
need_python_onnx
need_ort

g() { d=$1; shift; "$GRED" gen -q -n "$n" -o "$T/m/$d" --nodes 25 "$@"; }
g chain --seed 21
g ws --seed 21 --skeleton ws
g residual --seed 21 --skeleton residual
for k in edge-add edge-del node-add node-del shape param; do
  g "mut-$k" --seed 22 --mutate 4 --mutate-kinds "$k"
done
g mutate --seed 23 --mutate 6 --skeleton ws --max-rank 4
g mcts --seed 24 --mcts
g mcts-mutate --seed 25 --mcts --mutate 3 --skeleton residual
# a driver's verdicts: a new bucket for every third model
verdicts() { i=0; while [ $i -lt "$n" ]; do echo $((i % 3 == 0)); i=$((i + 1)); done; }
verdicts | "$GRED" gen -q -n "$n" -o "$T/m/feedback" --seed 26 --mcts --mutate 2 \
  --feedback-stdin >"$T/fb.out"
dirs=$(ls -d "$T"/m/*)
total=$(ls "$T"/m/*/*.onnx | wc -l)
if [ "$(grep -c '\.onnx$' "$T/fb.out")" -eq "$n" ]; then pass; else
  fail "--feedback-stdin named $(grep -c '\.onnx$' "$T/fb.out") of $n models"; fi

# shellcheck disable=SC2086
"$PY" "$GRED_SRC/test/lib/onnx_shapes.py" $dirs >"$T/check" 2>&1 || true
grep '^FAIL' "$T/check" | head -20 >&2 || true
grep -v '^FAIL' "$T/check"
if grep -q "^checker: $total passed, 0 failed" "$T/check"; then pass; else fail "onnx.checker"; fi
if grep -q "^shapes: $total passed, 0 failed" "$T/check"; then pass; else fail "shape inference"; fi

# shellcheck disable=SC2086
if node "$GRED_SRC/scripts/ort_run.js" --quiet $dirs >"$T/ort" 2>&1; then pass; else fail "onnxruntime"; fi
grep -v '^FINDING' "$T/ort" || true
# shellcheck disable=SC2086
"$PY" "$GRED_SRC/test/lib/onnx_specs.py" "$T/specs.json" $dirs
node "$GRED_SRC/test/lib/ort_shapes.js" "$T/specs.json" >"$T/shapes" 2>&1 || true
grep "^FAIL" "$T/shapes" | head -20 >&2 || true; tail -1 "$T/shapes"
ran=$(sed -n 's/^ort: [0-9]* models: \([0-9]*\) ran,.*/\1/p' "$T/ort")
if [ -n "$ran" ] && tail -1 "$T/shapes" | grep -q "^ort shapes: $ran compared, 0 mismatched"; then pass; else
  fail "ORT output shapes (ort_run.js ran ${ran:-?} models)"; fi

# What the models look like, read with onnx: per directory, the share of
# node-to-node edges between adjacent nodes, the share of nodes merging an
# adjacent input with one 2..5 nodes back (a residual shortcut), the mean
# producer-to-reader distance, the models whose structure (nodes, inputs,
# initializer shapes) copies an earlier model's, and node counts.
"$PY" - $dirs >"$T/stats" <<'PY'
import glob, os, sys, onnx
for d in sys.argv[1:]:
    adj = dist = edges = merges = nodes = copies = 0
    seen, counts = set(), set()
    for f in sorted(glob.glob(d + '/*.onnx')):
        g = onnx.load(f).graph
        prod = {o: i for i, nd in enumerate(g.node) for o in nd.output}
        for i, nd in enumerate(g.node):
            ds = [i - prod[x] for x in nd.input if x in prod]
            nodes += 1
            merges += 1 in ds and any(2 <= x <= 5 for x in ds)
            edges += len(ds); dist += sum(ds); adj += ds.count(1)
        s = (tuple((i.name, str(i.type)) for i in g.input),
             tuple((n.op_type, tuple(n.input), tuple(n.output), str(n.attribute)) for n in g.node),
             tuple((t.name, tuple(t.dims)) for t in g.initializer))
        copies += s in seen; seen.add(s); counts.add(len(g.node))
    print(os.path.basename(d), '%.3f %.3f %.2f' % (adj / edges, merges / nodes, dist / edges), copies, len(counts))
PY
cat "$T/stats"
stat() { awk -v d="$1" -v k="$2" '$1 == d { print $k }' "$T/stats"; }
gt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > b) }'; }
if gt "$(stat residual 2)" "$(stat chain 2)" && gt "$(stat residual 3)" "$(awk -v x="$(stat chain 3)" 'BEGIN { print 2 * x }')"; then
  pass; else fail "residual: no more chain edges or shortcuts than chain"; fi
if gt "$(stat chain 4)" "$(stat ws 4)"; then pass; else fail "ws: links no more local than chain"; fi
if [ "$(stat chain 6)" -eq 1 ]; then pass; else fail "chain: node counts vary without mutations"; fi
for k in edge-add edge-del node-add node-del shape param; do
  c=$(stat "mut-$k" 5)
  if [ "$c" -le $((n / 10)) ]; then pass; else fail "$k: $c of $n models copy an earlier one"; fi
done
if [ "$(stat mut-node-add 6)" -gt 1 ] && [ "$(stat mut-node-del 6)" -gt 1 ]; then pass; else
  fail "node addition/removal left every model at --nodes"; fi

# Reproducible: same options, same feedback, same bytes; other feedback,
# other models.
g mcts-mutate2 --seed 25 --mcts --mutate 3 --skeleton residual
verdicts | "$GRED" gen -q -n "$n" -o "$T/m2/feedback" --seed 26 --mcts --mutate 2 \
  --feedback-stdin >/dev/null
i=0; while [ $i -lt "$n" ]; do echo 0; i=$((i + 1)); done |
  "$GRED" gen -q -n "$n" -o "$T/m2/nofeedback" --seed 26 --mcts --mutate 2 --feedback-stdin >/dev/null
cat "$T"/m/mcts-mutate/* >"$T/a"; cat "$T"/m/mcts-mutate2/* >"$T/b"
if cmp -s "$T/a" "$T/b"; then pass; else fail "--mcts --mutate: not reproducible"; fi
cat "$T"/m/feedback/* >"$T/a"; cat "$T"/m2/feedback/* >"$T/b"; cat "$T"/m2/nofeedback/* >"$T/c"
if cmp -s "$T/a" "$T/b"; then pass; else fail "same feedback: not reproducible"; fi
if cmp -s "$T/a" "$T/c"; then fail "the verdicts changed nothing"; else pass; fi

expect_error "bad skeleton" "--skeleton must be" "$GRED" gen -n 1 -o "$T/x" --skeleton tree
expect_error "bad mutation" "unknown mutation" "$GRED" gen -n 1 -o "$T/x" --mutate 1 --mutate-kinds swap
finish
