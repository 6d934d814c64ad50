# Pass-pipeline reduction on real mlir-opt-19 crashes, judged by mlir-opt-19:
# 1. a crash reproducer mlir-opt-19 writes itself for a 16-pass pipeline
#    (--mlir-pass-pipeline-crash-reproducer) on TOSA code with a
#    `tosa.int_div` by a zero constant, which the folder of MLIR 19 divides
#    (SIGFPE), reduced with --same-crash and `mlir-opt-19 --run-reproducer`;
# 2. a generated TOSA program and the 17-pass TOSA lowering given with
#    --pipeline, reduced by a script that reads the pipeline from the
#    candidate's block.
# 3. a crash that needs passes before the one that fails (see below);
# 4. a crash behind passes that leave the program as it is (see below).
# Each time the result, run by mlir-opt-19, crashes with the input's triage
# signature; it keeps at most 2 passes, and without any one of them (or of
# their options) mlir-opt-19 no longer crashes so: the pass list is
# one-minimal. The program shrinks too.
. "$(dirname "$0")/../lib/e2e.sh"
need_cmd mlir-opt-19 setarch
# A stable crash: one thread, no address randomisation, the file on stdin.
# (The remove-dead-values crash of MLIR 19 is no good judge here: it reads
# freed memory, and its stack varies with the input; bench/ uses it.)
OPT="setarch -R env -i LLVM_DISABLE_SYMBOLIZATION=1 /usr/bin/mlir-opt-19 --mlir-disable-threading"
FIX=$GRED_SRC/test/mlir/pipeline
printf '#!/bin/sh\nexec %s --run-reproducer <"$1"\n' "$OPT" >"$T/replay.sh"

sig_of() { "$GRED" triage sig "$1" 2>/dev/null | sed -n '1s/^signature //p'; }
pipeline_of() { sed -n 's/^ *pipeline: "\(.*\)",\{0,1\}$/\1/p' "$1"; }

# The pipelines that lack one pass, or one option of a pass, of $1: one a
# line. Nested pipelines left empty go, as mlir-opt refuses `func.func()`.
one_less() {
  "$PY" - "$1" <<'EOF'
import sys
s = sys.argv[1] + '\0'
def parse(i):
    items = []
    while True:
        while s[i] == ' ': i += 1
        j = i
        while s[j].isalnum() or s[j] in '_.-': j += 1
        if j == i: return items, i
        node = {'name': s[i:j], 'opts': None, 'kids': None}
        i = j
        if s[i] == '{':
            j = s.index('}', i)
            node['opts'] = s[i + 1:j].split()
            i = j + 1
        if s[i] == '(':
            node['kids'], i = parse(i + 1)
            i += 1
        items.append(node)
        if s[i] != ',': return items, i
        i += 1
def show(items, top):
    out = []
    for n in items:
        if n['kids'] is not None:
            inner = show(n['kids'], False)
            if inner or top: out.append('%s(%s)' % (n['name'], inner))
        elif n['opts']:
            out.append('%s{%s}' % (n['name'], ' '.join(n['opts'])))
        else:
            out.append(n['name'])
    return ','.join(out)
tree, _ = parse(0)
def leaves(items):
    for n in items:
        if n['kids'] is not None: yield from leaves(n['kids'])
        else: yield n
for leaf in list(leaves(tree)):
    name = leaf['name']; leaf['name'] = None
    def drop(items):
        return [dict(n, kids=drop(n['kids'])) if n['kids'] is not None else n
                for n in items if n['name'] is not None]
    print(show(drop(tree), True))
    leaf['name'] = name
    for k in range(len(leaf['opts'] or [])):
        opts = leaf['opts']; leaf['opts'] = opts[:k] + opts[k + 1:]
        print(show(tree, True))
        leaf['opts'] = opts
EOF
}

# check NAME ORIGINAL-PROGRAM-BYTES SIG OUT [MOST]: the judgement of
# mlir-opt-19; the program left is under half the bytes (or MOST bytes).
check() {
  name=$1 bytes=$2 sig=$3 out=$4 most=${5:-$(($2 / 2 - 1))}
  p=$(pipeline_of "$out")
  $OPT --run-reproducer <"$out" >/dev/null 2>"$T/err" || true
  got=$(sig_of "$T/err")
  if [ "$got" = "$sig" ]; then pass; else fail "$name: result crashes with '$got', want $sig"; fi
  passes=$(echo "$p" | "$PY" -c 'import re,sys; s=sys.stdin.read(); s=re.sub(r"\{[^}]*\}", "", s); print(len([w for w in re.split(r"[(),]", s) if w.strip()]) - len(re.findall(r"\(", s)))')
  if [ "$passes" -ge 1 ] && [ "$passes" -le 2 ]; then pass; else fail "$name: $passes passes left: $p"; fi
  one_less "$p" >"$T/less"
  while read -r q; do
    $OPT --pass-pipeline="$q" <"$out" >/dev/null 2>"$T/err" || true
    got=$(sig_of "$T/err")
    if [ "$got" != "$sig" ]; then pass; else fail "$name: '$q' still crashes: not one-minimal"; fi
  done <"$T/less"
  [ -s "$T/less" ] || fail "$name: no pipeline to check"
  # The crash is the block's: the program alone, run through no pass,
  # does not crash.
  sed '/^{-#/,$d' "$out" >"$T/program.mlir"
  $OPT <"$T/program.mlir" >/dev/null 2>"$T/err" || true
  got=$(sig_of "$T/err")
  if [ -z "$got" ]; then pass; else fail "$name: the program crashes alone ($got)"; fi
  left=$(sed '/^{-#/,$d' "$out" | wc -c)
  if [ "$left" -le "$most" ]; then pass; else fail "$name: program $bytes -> $left bytes"; fi
  echo "$name: $p; program $bytes -> $left bytes"
}

# 1. mlir-opt-19's own reproducer of a 16-pass pipeline
P1='builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor,canonicalize,cse),func.func(loop-invariant-code-motion,canonicalize),sccp,remove-dead-values,one-shot-bufferize{bufferize-function-boundaries},convert-linalg-to-loops,canonicalize,cse,symbol-dce,lower-affine)'
if mlir-opt-19 --pass-pipeline="$P1" --mlir-pass-pipeline-crash-reproducer="$T/repro.mlir" \
    "$FIX/tosa_int_div.mlir" >/dev/null 2>"$T/err"; then
  fail "mlir-opt-19 ran $P1 without failing"
fi
if grep -q 'mlir_reproducer' "$T/repro.mlir" && grep -q 'remove-dead-values, one-shot' "$T/repro.mlir"; then pass; else fail "no reproducer written: $(head -3 "$T/err")"; fi
$OPT --run-reproducer <"$T/repro.mlir" >/dev/null 2>"$T/err" || true
sig1=$(sig_of "$T/err")
[ -n "$sig1" ] || fail "the reproducer does not crash mlir-opt-19: $(head -3 "$T/err")"
"$GRED" reduce -j 2 --same-crash "$T/repro.mlir" -o "$T/small.mlir" -- sh "$T/replay.sh" 2>"$T/log" ||
  fail "reduce: $(tail -3 "$T/log")"
if grep -q "^gred: pipeline: builtin.module(" "$T/log"; then pass; else fail "no pipeline line: $(tail -2 "$T/log")"; fi
check reproducer "$(sed '/^{-#/,$d' "$T/repro.mlir" | wc -c)" "$sig1" "$T/small.mlir"

# 2. --pipeline on a plain program; the test reads the candidate's block
P2=$(sed -n 's/^TOSA_PIPELINE="\(.*\)"$/\1/p' "$GRED_SRC/scripts/mlir_tosa_check.sh")
[ -n "$P2" ] || fail "no TOSA pipeline in scripts/mlir_tosa_check.sh"
$OPT --pass-pipeline="$P2" <"$FIX/tosa_bufferize.mlir" >/dev/null 2>"$T/err" || true
sig2=$(sig_of "$T/err")
[ -n "$sig2" ] || fail "the TOSA pipeline does not crash mlir-opt-19: $(head -3 "$T/err")"
cat >"$T/test.sh" <<EOF
#!/bin/sh
p=\$(sed -n 's/^ *pipeline: "\\(.*\\)",\\{0,1\\}\$/\\1/p' "\$1")
$OPT --pass-pipeline="\$p" <"\$1" >/dev/null 2>err.txt
[ "\$("$GRED" triage sig err.txt 2>/dev/null | head -n 1)" = "signature $sig2" ]
EOF
chmod +x "$T/test.sh"
cp "$FIX/tosa_bufferize.mlir" "$T/tosa.mlir"
"$GRED" reduce -j 2 --pipeline "$P2" "$T/tosa.mlir" "$T/test.sh" 2>"$T/log" ||
  fail "reduce --pipeline: $(tail -3 "$T/log")"
if cmp -s "$FIX/tosa_bufferize.mlir" "$T/tosa.mlir"; then pass; else fail "--pipeline changed IN"; fi
check tosa "$(wc -c <"$FIX/tosa_bufferize.mlir")" "$sig2" "$T/tosa.reduced.mlir"

# 3. A crash that needs earlier passes: linalg-inline-scalar-operands fails
#    on what tosa-to-linalg-named and linalg-generalize-named-ops make of a
#    TOSA matmul. From 17 passes the crashing one is left alone: the program
#    becomes what the passes before it made of it (no TOSA op is left), a
#    program mlir-opt-19 reads. Every test run is counted by the test
#    itself: the cuts find the pass in a few runs.
P3='builtin.module(func.func(tosa-infer-shapes,tosa-layerwise-constant-fold,mem2reg,tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,tosa-to-tensor),sroa,cse,canonicalize,linalg-generalize-named-ops,linalg-inline-scalar-operands,linalg-fold-unit-extent-dims,one-shot-bufferize{bufferize-function-boundaries},convert-math-to-llvm,convert-index-to-llvm,reconcile-unrealized-casts)'
$OPT --pass-pipeline="$P3" <"$FIX/tosa_inline_scalar.mlir" >/dev/null 2>"$T/err" || true
sig3=$(sig_of "$T/err")
[ -n "$sig3" ] || fail "the 17 passes do not crash mlir-opt-19: $(head -3 "$T/err")"
printf '#!/bin/sh\necho run >>%s\nexec %s --run-reproducer <"$1"\n' "$T/runs" "$OPT" >"$T/counted.sh"
: >"$T/runs"
cp "$FIX/tosa_inline_scalar.mlir" "$T/inline.mlir"
"$GRED" reduce -j 2 --pipeline "$P3" --same-crash "$T/inline.mlir" -o "$T/inline.out.mlir" \
  -- sh "$T/counted.sh" 2>"$T/log" || fail "reduce inline: $(tail -3 "$T/log")"
check inline "$(wc -c <"$FIX/tosa_inline_scalar.mlir")" "$sig3" "$T/inline.out.mlir"
p3=$(pipeline_of "$T/inline.out.mlir")
if [ "$p3" = "builtin.module(linalg-inline-scalar-operands)" ]; then pass; else fail "inline: pipeline $p3"; fi
sed '/^{-#/,$d' "$T/inline.out.mlir" >"$T/inline.prog.mlir"
if grep -q 'tosa\.' "$T/inline.prog.mlir"; then fail "inline: TOSA ops left: $(cat "$T/inline.prog.mlir")"; else pass; fi
if grep -q 'linalg\.generic' "$T/inline.prog.mlir" && mlir-opt-19 "$T/inline.prog.mlir" >/dev/null 2>"$T/err"; then pass; else fail "inline: no linalg program mlir-opt-19 reads: $(head -3 "$T/err")"; fi
runs=$(wc -l <"$T/runs")
if [ "$runs" -le 80 ]; then pass; else fail "inline: $runs test runs"; fi
echo "inline: $runs test runs"

# 4. A crash whose pass needs its option, behind 7 passes that leave the
#    program as it is and 5 after it: gred's own run of the pipeline
#    finds the failing pass and judges the candidates, so the test runs
#    are few; the option stays (check: without it no crash).
P4='builtin.module(symbol-privatize,topological-sort,arith-unsigned-when-equivalent,lower-affine,control-flow-sink,convert-scf-to-cf,loop-invariant-code-motion,arith-emulate-wide-int{widest-int-supported=16},canonicalize,cse,convert-vector-to-llvm,convert-arith-to-llvm,reconcile-unrealized-casts)'
$OPT --pass-pipeline="$P4" <"$FIX/wide_int.mlir" >/dev/null 2>"$T/err" || true
sig4=$(sig_of "$T/err")
[ -n "$sig4" ] || fail "the 13 passes do not crash mlir-opt-19: $(head -3 "$T/err")"
: >"$T/runs"
cp "$FIX/wide_int.mlir" "$T/wide.mlir"
"$GRED" reduce -j 2 --pipeline "$P4" --same-crash "$T/wide.mlir" -o "$T/wide.out.mlir" \
  -- sh "$T/counted.sh" 2>"$T/log" || fail "reduce wide: $(tail -3 "$T/log")"
p4=$(pipeline_of "$T/wide.out.mlir")
if [ "$p4" = "builtin.module(arith-emulate-wide-int{widest-int-supported=16})" ]; then pass; else fail "wide: pipeline $p4"; fi
# (The program is the finding's, reduced already: only its comments go.)
check wide "$(wc -c <"$FIX/wide_int.mlir")" "$sig4" "$T/wide.out.mlir" \
  "$(grep -v '^//' "$FIX/wide_int.mlir" | wc -c)"
runs=$(wc -l <"$T/runs")
if [ "$runs" -le 20 ]; then pass; else fail "wide: $runs test runs"; fi
echo "wide: $runs test runs"

# what --pipeline refuses
expect_error "unclosed pipeline" "unclosed '(' of builtin.module" \
  "$GRED" reduce --pipeline 'builtin.module(cse' "$T/tosa.mlir" "$T/test.sh"
expect_error "bad pass name" "a pass name expected" \
  "$GRED" reduce --pipeline 'builtin.module(cse,,)' "$T/tosa.mlir" "$T/test.sh"
printf 'func.func @f() {\n  return\n}\n{-#\n  external_resources: {\n    mlir_reproducer: {\n      pipeline: 3\n    }\n  }\n#-}\n' >"$T/bad.mlir"
expect_error "pipeline no string" "pipeline is no string" \
  "$GRED" reduce "$T/bad.mlir" true
finish
