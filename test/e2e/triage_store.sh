# ctest-labels: asan
# The triage store: kill -9 during add leaves a consistent store that a
# second add completes; two concurrent adds; bad logs give one error line.
. "$(dirname "$0")/../lib/e2e.sh"
. "$(dirname "$0")/../lib/triage_logs.sh"
need_cmd sqlite3
corpus=$GRED_SRC/test/triage/corpus
# Many distinct logs: corpus logs with a line of their own appended.
mkdir "$T/logs"
distinct_logs "$T/logs" 40
total=$(ls "$T/logs" | wc -l)

count_members() {
  "$GRED" triage list --json --db "$1" | tr ',' '\n' | sed -n 's/.*"count":\([0-9]*\).*/\1/p' |
    awk '{ s += $1 } END { print s + 0 }'
}

# kill -9 in the middle of an add, then add again: nothing lost, nothing twice.
# Kill once a first batch is in the write-ahead log (the add commits every
# 512 logs, and there are thousands), or after 10 s. The kill must land
# before the add ends (else nothing was tested): up to 3 tries on a new
# store.
attempt=0
while [ $attempt -lt 3 ]; do
  attempt=$((attempt + 1))
  rm -f "$T/k.db" "$T/k.db-wal" "$T/k.db-shm"
  "$GRED" triage add --db "$T/k.db" "$T/logs" >/dev/null 2>&1 &
  pid=$!
  tries=0
  while [ "$( { wc -c <"$T/k.db-wal"; } 2>/dev/null || echo 0)" -lt 200000 ] && [ $tries -lt 20000 ]; do
    tries=$((tries + 1))
  done
  kill -9 $pid 2>/dev/null || true
  wait $pid 2>/dev/null || true
  partial=$(count_members "$T/k.db" 2>/dev/null || echo 0)
  [ "$partial" -gt 0 ] && [ "$partial" -lt "$total" ] && break
done
if "$GRED" triage list --db "$T/k.db" >/dev/null 2>"$T/err"; then pass; else fail "list after kill -9: $(cat "$T/err")"; fi
ok=$(sqlite3 "$T/k.db" "PRAGMA integrity_check")
if [ "$ok" = ok ]; then pass; else fail "integrity_check: $ok"; fi
partial=$(count_members "$T/k.db")
echo "killed after $partial of $total logs (try $attempt)"
if [ "$partial" -gt 0 ] && [ "$partial" -lt "$total" ]; then pass
else fail "the kill -9 did not land inside the add in 3 tries ($partial of $total filed)"; fi
if "$GRED" triage add --db "$T/k.db" "$T/logs" >"$T/out" 2>"$T/err"; then pass; else fail "add after kill: $(cat "$T/err")"; fi
n=$(count_members "$T/k.db")
if [ "$n" -eq "$total" ]; then pass; else fail "after kill and re-add: $n members, want $total"; fi

# Two adds at once on one store, with overlapping inputs.
mkdir "$T/a" "$T/b"
for f in "$T"/logs/*.log; do
  case $f in *[02468].log) cp "$f" "$T/a/";; *) cp "$f" "$T/b/";; esac
done
"$GRED" triage add --db "$T/c.db" "$T/a" "$T/b" >"$T/o1" 2>"$T/e1" &
p1=$!
"$GRED" triage add --db "$T/c.db" "$T/b" "$T/a" >"$T/o2" 2>"$T/e2" &
p2=$!
if wait $p1; then pass; else fail "concurrent add 1: $(cat "$T/e1")"; fi
if wait $p2; then pass; else fail "concurrent add 2: $(cat "$T/e2")"; fi
n=$(count_members "$T/c.db")
if [ "$n" -eq "$total" ]; then pass; else fail "concurrent adds: $n members, want $total"; fi
b1=$("$GRED" triage list --json --db "$T/c.db" | grep -c '"id"')
b2=$("$GRED" triage list --json --db "$T/k.db" | grep -c '"id"')
if [ "$b1" -eq "$b2" ]; then pass; else fail "concurrent adds made $b1 buckets, serial $b2"; fi

# Bad logs: one line "gred: FILE: problem", exit 1, nothing filed.
: >"$T/empty.log"
printf '\n\n   \n' >"$T/blank.log"
head -c 65536 /dev/urandom >"$T/random.log"
truncate -s 1G "$T/sparse.log"
printf 'all good here\nnothing crashed\n' >"$T/text.log"
expect_error "empty log" "empty.log: empty log" "$GRED" triage add --db "$T/x.db" "$T/empty.log"
expect_error "blank log" "blank.log: empty log" "$GRED" triage add --db "$T/x.db" "$T/blank.log"
expect_error "random bytes" "random.log: binary data" "$GRED" triage add --db "$T/x.db" "$T/random.log"
expect_error "1 GB sparse file" "sparse.log: binary data" "$GRED" triage add --db "$T/x.db" "$T/sparse.log"
expect_error "no crash" "text.log: no crash found" "$GRED" triage add --db "$T/x.db" "$T/text.log"
expect_error "missing file" "nope.log: No such file" "$GRED" triage add --db "$T/x.db" "$T/nope.log"
expect_error "sig of random bytes" "random.log: binary data" "$GRED" triage sig "$T/random.log"
expect_error "unknown subcommand" "unknown subcommand" "$GRED" triage frobnicate
expect_error "bad --frames" "frames" "$GRED" triage sig --frames 0 "$T/text.log"
expect_error "bad ignore pattern" "ignore" "$GRED" triage sig --ignore '(' "$T/text.log"
expect_error "not a database" "random.log" "$GRED" triage list --db "$T/random.log"
n=$(count_members "$T/x.db")
if [ "$n" -eq 0 ]; then pass; else fail "bad logs filed $n members"; fi
# A long text log is read as its head and tail, so the crash at its end
# is still found, with a note.
{ yes 'INFO: still compiling' | head -c 40000000; cat "$corpus"/asan-heap-overflow/hbo-3.log; } >"$T/long.log"
if "$GRED" triage sig "$T/long.log" >"$T/out" 2>"$T/err" && grep -q 'asan:heap-buffer-overflow' "$T/out" &&
   grep -q 'head and tail' "$T/out"; then pass; else fail "long log: $(cat "$T/out" "$T/err")"; fi
# --help for every subcommand.
for s in add run list show sig; do
  if "$GRED" triage $s --help | grep -q "usage: gred triage $s"; then pass; else fail "triage $s --help"; fi
done
# run: a crashing command is filed, a clean one is not.
if "$GRED" triage run --db "$T/r.db" -- sh -c 'kill -SEGV $$' >"$T/out" 2>&1; then pass; else fail "run of a crash: $(cat "$T/out")"; fi
expect_error "run without crash" "no crash found" "$GRED" triage run --db "$T/r.db" -- true
finish
