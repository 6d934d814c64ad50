#!/bin/sh
# gred fuzz --shard I/N: N workers, each in DIR/shard-I with its own store,
# run together exactly the models one worker runs, and find the same bugs.
# Also: option errors, and --report rewriting a finished campaign.
. "$GRED_SRC/test/lib/e2e.sh"
need_cmd sqlite3

cat >"$T/target.sh" <<'EOF'
#!/bin/sh
if grep -q Softmax "$1"; then kill -ABRT $$; fi
if grep -q Sigmoid "$1"; then kill -SEGV $$; fi
exit 0
EOF
chmod +x "$T/target.sh"
target="cmd:$T/target.sh {}"

# One worker, started where the target is: a command with a relative path.
(cd "$T" && "$GRED" fuzz --target 'cmd:./target.sh {}' -n 24 --seed 9 --out one >/dev/null 2>"$T/err") ||
  fail "one worker: exit $?: $(cat "$T/err")"
for b in "$T"/one/buckets/*; do
  (cd "$b" && ./test.sh reduced.onnx) && pass || fail "$(basename "$b"): test.sh fails on reduced.onnx"
  cmd=$(awk '/^## Reproduce/ {r = 1} r && /^```sh/ {getline; print; exit}' "$b/report.md")
  set +e
  (cd "$b" && sh -c "$cmd") 2>/dev/null
  rc=$?
  set -e
  [ "$rc" -gt 128 ] && pass || fail "$(basename "$b"): the report's command '$cmd' exits $rc"
done
for i in 0 1 2; do
  "$GRED" fuzz --target "$target" -n 8 --seed 9 --shard $i/3 --out "$T/three" >/dev/null 2>"$T/err" ||
    fail "shard $i/3: exit $?: $(cat "$T/err")"
done
[ "$(ls "$T/one/cases")" = "$(ls "$T"/three/shard-*/cases | grep -v : | grep . | sort)" ] && pass ||
  fail "the shards' findings differ from one worker's"
q="select hash from buckets"
[ "$(sqlite3 "$T/one/.gred/triage.db" "$q" | sort)" = "$(for s in "$T"/three/shard-*; do
  sqlite3 "$s/.gred/triage.db" "$q"; done | sort -u)" ] && pass ||
  fail "the shards' buckets differ from one worker's"
for s in "$T"/three/shard-*; do
  [ -f "$s/campaign.json" ] && [ -f "$s/.gred/triage.db" ] && pass || fail "$s: no campaign of its own"
done

# --report rewrites every report from the store and the bucket files.
for b in "$T"/one/buckets/*; do : >"$b/report.md"; done
rm "$T/one/index.json"
"$GRED" fuzz --report "$T/one" >/dev/null 2>"$T/err" || fail "--report: exit $?: $(cat "$T/err")"
for b in "$T"/one/buckets/*; do
  [ -f "$b/report.md" ] && [ ! -f "$b/.interrupted" ] && grep -q "$(basename "$b")" "$b/report.md" &&
    pass || fail "--report: $(basename "$b") has no report"
done
[ -f "$T/one/index.json" ] && pass || fail "--report: no index.json"

# Usage errors are one line, and leave a campaign alone.
expect_error "unknown target" "unknown target" "$GRED" fuzz --target foo -n 1 --out "$T/x"
expect_error "cmd without {}" "needs {}" "$GRED" fuzz --target "cmd:true" -n 1 --out "$T/x"
expect_error "diff-opt on cmd" "only the crash oracle" "$GRED" fuzz --target "cmd:true {}" --oracle diff-opt -n 1 --out "$T/x"
expect_error "a campaign already" "--resume" "$GRED" fuzz --target "$target" -n 1 --out "$T/one"
expect_error "a bad duration" "--time 3x" "$GRED" fuzz --target "$target" --time 3x --out "$T/x"

# --time: a campaign stops when its time is up, and records it.
"$GRED" fuzz --target "cmd:true {}" --time 2s --out "$T/timed" >/dev/null 2>"$T/err" ||
  fail "--time 2s: exit $?: $(cat "$T/err")"
grep -q '"seconds": 2.000' "$T/timed/campaign.json" && pass || fail "--time 2s: not in campaign.json"
n=$(sed -n 's/.*"next": \([0-9]*\).*/\1/p' "$T/timed/campaign.json")
[ "${n:-0}" -gt 0 ] && pass || fail "--time 2s: no model ran"
set +e
"$GRED" fuzz --target "$target" --shard 3/3 -n 1 --out "$T/x" 2>/dev/null
rc=$?
set -e
[ "$rc" -eq 2 ] && pass || fail "--shard 3/3: exit $rc, want 2"

finish
