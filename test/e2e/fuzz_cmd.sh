#!/bin/sh
# gred fuzz on a cmd: target, a script with three planted bugs: a segfault
# on Sigmoid ops, an abort on Softmax ops, an LLVM ERROR (exit 1) on Tanh.
# Checked: one bucket per bug, reduced cases that still crash the target
# the same way (re-run here) and that onnx.checker accepts, the same
# findings with -j 1 and -j 2, kill -9 then --resume, and Ctrl-C.
. "$GRED_SRC/test/lib/e2e.sh"
need_cmd sqlite3
need_python_onnx

cat >"$T/target.sh" <<'EOF'
#!/bin/sh
# Campaign runs (not reduction candidates) are slowed when SLOW is set, so
# that a campaign can be stopped in the middle.
case "$1" in */.gred/tmp/*) [ -n "${SLOW:-}" ] && sleep "$SLOW" ;; esac
if grep -q Softmax "$1"; then echo "target: Assertion \`softmax' failed." >&2; kill -ABRT $$; fi
if grep -q Sigmoid "$1"; then kill -SEGV $$; fi
if grep -q Tanh "$1"; then echo "LLVM ERROR: tanh is not supported" >&2; exit 1; fi
exit 0
EOF
chmod +x "$T/target.sh"
target="cmd:$T/target.sh {}"
N=40

# The signature the bug of a model has, computed here from the target's
# own exit: the log it prints, plus the signal line a debugger would add.
sig_of() {
  set +e
  "$T/target.sh" "$1" 2>"$T/sig.log" >/dev/null
  st=$?
  set -e
  if [ "$st" -gt 128 ]; then
    echo "Program terminated with signal SIG$(kill -l "$st")" >>"$T/sig.log"
  fi
  "$GRED" triage sig "$T/sig.log" 2>/dev/null | sed -n 's/^signature //p'
}
db_count() { sqlite3 "$1/.gred/triage.db" "$2"; }

# 1. A campaign: buckets, reduced cases, reports, indexes.
"$GRED" fuzz --target "$target" -n $N --seed 5 -j 1 --out "$T/a" >"$T/a.out" 2>"$T/a.err" ||
  fail "campaign: exit $?: $(cat "$T/a.err")"
nb=$(db_count "$T/a" "select count(*) from buckets")
[ "$nb" -eq 3 ] && pass || fail "campaign: $nb buckets in the store, want 3 (one per planted bug)"
ndir=$(ls "$T/a/buckets" | wc -l)
[ "$ndir" -eq "$nb" ] && pass || fail "campaign: $ndir bucket directories for $nb buckets"
for b in "$T"/a/buckets/*; do
  id=$(basename "$b")
  r="$b/reduced.onnx"
  [ -f "$r" ] || { fail "$id: no reduced.onnx"; continue; }
  [ "$(sig_of "$r")" = "$id" ] && pass || fail "$id: the reduced case signs as '$(sig_of "$r")'"
  [ "$(sig_of "$b/first.onnx")" = "$id" ] && pass || fail "$id: the first case signs differently"
  # no bucket merges two bugs: the reduced case has one planted op only
  nbug=$("$PY" -c '
import onnx, sys
m = onnx.load(sys.argv[1])
ops = {n.op_type for n in m.graph.node}
print(sum(any(b in o for o in ops) for b in ("Softmax", "Sigmoid", "Tanh")))' "$r")
  [ "$nbug" -eq 1 ] && pass || fail "$id: the reduced case holds $nbug planted bugs"
  rs=$(wc -c <"$r"); fs=$(wc -c <"$b/first.onnx")
  [ "$rs" -le "$fs" ] && pass || fail "$id: reduced $rs bytes > first $fs bytes"
  "$PY" -c 'import onnx, sys; onnx.checker.check_model(onnx.load(sys.argv[1]), full_check=True)' "$r" 2>"$T/chk" &&
    pass || fail "$id: onnx.checker rejects reduced.onnx: $(tail -1 "$T/chk")"
  (cd "$b" && ./test.sh reduced.onnx) && pass || fail "$id: test.sh does not accept reduced.onnx"
  grep -q "^# .*crashes" "$b/report.md" && grep -q "$id" "$b/report.md" &&
    grep -q "reduced.onnx" "$b/report.md" && pass || fail "$id: report.md lacks its title, signature or case"
  "$PY" -c 'import sys; t = open(sys.argv[1]).read(); assert "func.func" in t' "$b/reduced.mlir" 2>/dev/null &&
    pass || fail "$id: reduced.mlir is no MLIR function"
  smallest=$(db_count "$T/a" "select smallest_case from buckets where hash = '$id'")
  [ "$smallest" = "$r" ] && pass || fail "$id: the store's smallest case is '$smallest', not reduced.onnx"
done
"$PY" -c 'import json, sys; json.load(open(sys.argv[1])); json.load(open(sys.argv[2]))' \
  "$T/a/index.json" "$T/a/campaign.json" && pass || fail "campaign: index.json or campaign.json is no JSON"
(cd "$T/a" && "$GRED" triage list >/dev/null) && pass || fail "campaign: gred triage list fails in the campaign directory"

# 2. The same seed gives the same findings whatever -j.
"$GRED" fuzz --target "$target" -n $N --seed 5 -j 2 --out "$T/b" >/dev/null 2>"$T/b.err" ||
  fail "-j 2: exit $?: $(cat "$T/b.err")"
q="select hash, count from buckets order by hash"
[ "$(db_count "$T/a" "$q")" = "$(db_count "$T/b" "$q")" ] && pass ||
  fail "-j 2: buckets differ from -j 1"
[ "$(ls "$T/a/cases")" = "$(ls "$T/b/cases")" ] && pass || fail "-j 2: other models were findings"
for b in "$T"/a/buckets/*; do
  cmp -s "$b/reduced.onnx" "$T/b/buckets/$(basename "$b")/reduced.onnx" && pass ||
    fail "-j 2: bucket $(basename "$b") reduced to another case"
done

# 3. kill -9 in the middle, then --resume: no bucket lost, none twice.
SLOW=0.3 "$GRED" fuzz --target "$target" -n $N --seed 5 -j 2 --out "$T/k" >/dev/null 2>&1 &
pid=$!
i=0
while [ ! -f "$T"/k/buckets/*/first.onnx ] 2>/dev/null && [ $i -lt 600 ]; do
  sleep 0.1; i=$((i + 1))
done
kill -9 "$pid"
wait "$pid" 2>/dev/null || true
next=$(sed -n 's/.*"next": \([0-9]*\).*/\1/p' "$T/k/campaign.json")
[ "$next" -lt $N ] && pass || fail "kill -9: the campaign had ended ($next models) before the kill"
"$GRED" fuzz --resume "$T/k" -j 2 >/dev/null 2>"$T/k.err" || fail "--resume: exit $?: $(cat "$T/k.err")"
q="select hash from buckets order by hash"
[ "$(db_count "$T/a" "$q")" = "$(db_count "$T/k" "$q")" ] && pass ||
  fail "--resume: buckets $(db_count "$T/k" "$q" | tr '\n' ' ') differ from an uninterrupted run's"
q="select count(*), count(distinct source) from members where source like '%/cases/%'"
[ "$(db_count "$T/a" "$q")" = "$(db_count "$T/k" "$q")" ] && pass ||
  fail "--resume: filed cases (total|distinct) $(db_count "$T/k" "$q"), want $(db_count "$T/a" "$q")"
for b in "$T"/k/buckets/*; do
  [ -f "$b/report.md" ] && [ ! -f "$b/.interrupted" ] && [ "$(sig_of "$b/reduced.onnx")" = "$(basename "$b")" ] &&
    pass || fail "--resume: bucket $(basename "$b") is not complete"
done

# 4. Ctrl-C: stops at once, every bucket has a report, files are whole.
SLOW=0.3 "$GRED" fuzz --target "$target" --seed 5 -j 2 --out "$T/c" >/dev/null 2>&1 &
pid=$!
i=0
while [ ! -f "$T"/c/buckets/*/first.onnx ] 2>/dev/null && [ $i -lt 600 ]; do
  sleep 0.1; i=$((i + 1))
done
kill -INT "$pid"
set +e
wait "$pid"
rc=$?
set -e
[ "$rc" -eq 130 ] && pass || fail "Ctrl-C: exit $rc, want 130"
nb=$(db_count "$T/c" "select count(*) from buckets")
[ "$nb" -ge 1 ] && pass || fail "Ctrl-C: no bucket filed"
for id in $(db_count "$T/c" "select hash from buckets"); do
  b="$T/c/buckets/$id"
  [ -f "$b/report.md" ] && pass || fail "Ctrl-C: bucket $id has no report"
  best="$b/first.onnx"
  [ -f "$b/reduced.onnx" ] && best="$b/reduced.onnx"
  [ "$(sig_of "$best")" = "$id" ] && pass || fail "Ctrl-C: bucket $id's best case lost its bug"
done
"$PY" -c 'import json, sys; json.load(open(sys.argv[1])); json.load(open(sys.argv[2]))' \
  "$T/c/index.json" "$T/c/campaign.json" && pass || fail "Ctrl-C: index.json or campaign.json is no JSON"

finish
