#!/bin/sh
# gred fuzz --target mlir-opt:random: model 2 of seed 22 (6 ops) is a TOSA
# program whose drawn pipeline (10+ passes, in the model's mlir_reproducer
# block) crashes mlir-opt-19 in one-shot-bufferize. The campaign files it in
# one bucket and reduces program and pipeline together. Judged by
# mlir-opt-19 itself (--run-reproducer, the file on stdin, empty
# environment, no address randomisation, one thread): the first case and
# the reduced one crash with the bucket's signature; the reduced pipeline
# keeps at most 2 passes, and without either of them the crash is gone;
# the report shows that pipeline.
# With --oracle crash,verify, --target mlir-opt:random-linalg: model 4 of
# seed 6 (8 ops) is a linalg program whose pipeline turns it into IR the
# verifier rejects. The campaign files it as a verify finding, signed by
# the pass, and reduces it; mlir-opt-19 judges the reduced case: it
# verifies alone, its pipeline (at most 2 passes) fails in that pass, and
# the IR the pass left fails the verifier alone with the same error.
. "$GRED_SRC/test/lib/e2e.sh"
need_cmd mlir-opt-19 setarch

OPT="setarch -R env -i /usr/bin/mlir-opt-19 --mlir-disable-threading --run-reproducer"
sig_of() {  # FILE: the signature of mlir-opt-19's crash on FILE, or nothing
  $OPT <"$1" >/dev/null 2>"$T/judge.log" || true
  "$GRED" triage sig "$T/judge.log" 2>/dev/null | sed -n '1s/^signature //p'
}
pipeline_of() { sed -n 's/^ *pipeline: "\(.*\)",\{0,1\}$/\1/p' "$1"; }
# Passes of a pipeline: names, less the op names that anchor nested lists.
count_passes() {
  echo "$1" | "$PY" -c 'import re,sys; s=re.sub(r"\{[^}]*\}", "", sys.stdin.read()); print(len([w for w in re.split(r"[(),]", s) if w.strip()]) - s.count("("))'
}
# FILE PIPELINE: FILE with the pipeline of its block replaced.
with_pipeline() {
  awk -v p="$2" '/^ *pipeline: "/ { sub(/".*"/, "\"" p "\"") } { print }' "$1"
}

rc=0
"$GRED" fuzz --target mlir-opt:random -n 3 --nodes 6 --seed 22 -j 2 --out "$T/run" \
  >"$T/out" 2>"$T/err" || rc=$?
if [ "$rc" -eq 0 ]; then pass; else fail "gred fuzz exited $rc: $(tail -3 "$T/err")"; fi
ls "$T/run/buckets" >"$T/ids"
if [ "$(wc -l <"$T/ids")" -eq 1 ]; then pass; else fail "$(wc -l <"$T/ids") buckets, want 1"; fi
id=$(head -n 1 "$T/ids")
B=$T/run/buckets/$id

# The model carries its drawn pipeline, and mlir-opt-19 crashes on it so.
p0=$(pipeline_of "$B/first.mlir")
n0=$(count_passes "$p0")
if [ "$n0" -ge 10 ]; then pass; else fail "first case: $n0 passes in '$p0', want 10+"; fi
got=$(sig_of "$B/first.mlir")
if [ "$got" = "$id" ]; then pass; else fail "first case: mlir-opt-19 crashes with '$got', want $id"; fi

# The reduced case: a smaller program, at most 2 passes, the same crash.
p=$(pipeline_of "$B/reduced.mlir")
n=$(count_passes "$p")
if [ "$n" -ge 1 ] && [ "$n" -le 2 ]; then pass; else fail "reduced: $n passes in '$p'"; fi
got=$(sig_of "$B/reduced.mlir")
if [ "$got" = "$id" ]; then pass; else fail "reduced: mlir-opt-19 crashes with '$got', want $id"; fi
first_bytes=$(sed '/^{-#/,$d' "$B/first.mlir" | wc -c)
bytes=$(sed '/^{-#/,$d' "$B/reduced.mlir" | wc -c)
if [ "$bytes" -lt $((first_bytes / 2)) ]; then pass; else fail "program $first_bytes -> $bytes bytes"; fi

# One-minimal: without any one of its passes the crash is gone.
echo "$p" | "$PY" -c '
import sys
s = sys.stdin.read().strip()
inner = s[len("builtin.module("):-1]
items, depth, cur = [], 0, ""
for ch in inner:
    if ch in "({": depth += 1
    if ch in ")}": depth -= 1
    if ch == "," and depth == 0:
        items.append(cur); cur = ""
    else:
        cur += ch
items.append(cur)
for k in range(len(items)):
    print("builtin.module(%s)" % ",".join(items[:k] + items[k + 1:]))
' >"$T/less"
while read -r q; do
  with_pipeline "$B/reduced.mlir" "$q" >"$T/less.mlir"
  got=$(sig_of "$T/less.mlir")
  if [ "$got" != "$id" ]; then pass; else fail "'$q' still crashes: not one-minimal"; fi
done <"$T/less"

# The report names the minimal pipeline.
if grep -qF "pipeline ($n pass" "$B/report.md" && grep -qF "$p" "$B/report.md"; then pass
else fail "report.md does not show the pipeline $p"; fi
echo "bucket $id: $n0 passes -> $p; program $first_bytes -> $bytes bytes"

rc=0
"$GRED" fuzz --target mlir-opt:random-linalg --oracle crash,verify -n 6 --nodes 8 \
  --seed 6 -j 2 --out "$T/lin" >"$T/out" 2>"$T/err" || rc=$?
if [ "$rc" -eq 0 ]; then pass; else fail "gred fuzz (linalg) exited $rc: $(tail -3 "$T/err")"; fi
ls "$T/lin/buckets" >"$T/ids"
if [ "$(wc -l <"$T/ids")" -eq 1 ]; then pass; else fail "linalg: $(wc -l <"$T/ids") buckets, want 1"; fi
id=$(head -n 1 "$T/ids")
B=$T/lin/buckets/$id
if [ "$(head -n 1 "$B/log.txt")" = "gred-oracle: verify" ]; then pass; else fail "linalg: $(head -n 1 "$B/log.txt")"; fi
if grep -q '"oracle": "verify"' "$T/lin/index.json"; then pass; else fail "index.json: no verify oracle"; fi
if grep -q '^# mlir-opt-19 .* emits IR its verifier rejects (' "$B/report.md"; then pass
else fail "report.md's title does not say the IR is rejected: $(head -n 1 "$B/report.md")"; fi
pass_of=$("$GRED" triage sig "$B/log.txt" | sed -n 's/^frame *fuzz_mlir_opt.sh://p')
if [ -n "$pass_of" ]; then pass; else fail "linalg: the signature names no pass"; fi
p=$(pipeline_of "$B/reduced.mlir")
n=$(count_passes "$p")
if [ "$n" -ge 1 ] && [ "$n" -le 2 ]; then pass; else fail "linalg reduced: $n passes in '$p'"; fi
if env -i /usr/bin/mlir-opt-19 <"$B/reduced.mlir" >/dev/null 2>"$T/judge.log"; then pass
else fail "linalg reduced: does not verify alone: $(head -2 "$T/judge.log")"; fi
rc=0
$OPT --mlir-print-ir-after-failure --mlir-print-ir-module-scope <"$B/reduced.mlir" >/dev/null 2>"$T/judge.log" || rc=$?
got=$(sed -n 's/^\/\/ -----\/\/ IR Dump After .* Failed (\([^)]*\)).*/\1/p' "$T/judge.log" | tail -n 1)
if [ "$rc" -eq 1 ] && [ "$got" = "$pass_of" ]; then pass; else fail "linalg reduced: exit $rc, failed in '$got', want '$pass_of'"; fi
sed -n '/^\/\/ -----\/\/ IR Dump After .* Failed (/,$p' "$T/judge.log" | sed 1d >"$T/after.mlir"
e1=$(sed -n 's/^.*error: //p' "$T/judge.log" | head -n 1)
e2=$(env -i /usr/bin/mlir-opt-19 <"$T/after.mlir" 2>&1 >/dev/null | sed -n 's/^.*error: //p' | head -n 1)
if [ -n "$e1" ] && [ "$e1" = "$e2" ]; then pass; else fail "linalg reduced: after the pass '$e2', the run '$e1'"; fi
finish
