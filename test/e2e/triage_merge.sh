# ctest-labels: asan
# gred triage merge: the shard stores of a campaign merged into one equal
# what filing every log into one store gives, counted by sqlite3 itself;
# merging again, or a store into itself, changes nothing; a failed merge
# (a bad source, or kill -9 in the middle) leaves the destination as it
# was.
. "$(dirname "$0")/../lib/e2e.sh"
. "$(dirname "$0")/../lib/triage_logs.sh"
need_cmd sqlite3
corpus=$GRED_SRC/test/triage/corpus
# Distinct logs: corpus logs with a line of their own appended.
mkdir "$T/logs"
distinct_logs "$T/logs" 3
total=$(ls "$T/logs" | wc -l)
# Cases of three sizes: each shard files its logs with one of them.
head -c 300 /dev/zero >"$T/case300"
head -c 100 /dev/zero >"$T/case100"
head -c 200 /dev/zero >"$T/case200"

# Three shards of a campaign, as `gred fuzz --shard I/3` lays them out.
# Shard 2 also files a third of shard 0's logs again (same file, same
# content): the merge must count them once.
camp=$T/camp
for i in 0 1 2; do mkdir -p "$camp/shard-$i/in"; done
n=0
for f in "$T"/logs/*.log; do
  n=$((n + 1))
  ln -s "$f" "$camp/shard-$((n % 3))/in/"
  if [ $((n % 9)) -eq 0 ]; then ln -s "$f" "$camp/shard-2/in/"; fi
done
size_of() { case $1 in 0) echo 300;; 1) echo 100;; 2) echo 200;; esac; }
for i in 0 1 2; do
  "$GRED" triage add --db "$camp/shard-$i/.gred/triage.db" --case "$T/case$(size_of $i)" \
    $(ls -d "$camp/shard-$i"/in/* | xargs -n1 readlink) >/dev/null ||
    fail "add into shard $i"
done
"$GRED" triage add --db "$T/all.db" "$T/logs" >/dev/null || fail "add into all.db"

shards="$camp/shard-0/.gred/triage.db $camp/shard-1/.gred/triage.db $camp/shard-2/.gred/triage.db"
# sqlite3's own count of the distinct logs the shards hold.
distinct=$(sqlite3 "$camp/shard-0/.gred/triage.db" \
  "ATTACH '$camp/shard-1/.gred/triage.db' AS s1;
   ATTACH '$camp/shard-2/.gred/triage.db' AS s2;
   SELECT COUNT(*) FROM (SELECT source, content FROM main.members
     UNION SELECT source, content FROM s1.members
     UNION SELECT source, content FROM s2.members)")
filed=$(for s in $shards; do sqlite3 "$s" "SELECT COUNT(*) FROM members"; done | awk '{ s += $1 } END { print s }')
if [ "$distinct" -eq "$total" ] && [ "$filed" -gt "$total" ]; then pass
else fail "shards hold $distinct distinct logs in $filed rows, want $total distinct and some twice"; fi

# Merge; the result, by sqlite3.
if "$GRED" triage merge "$T/m.db" $shards >"$T/out" 2>"$T/err"; then pass; else fail "merge: $(cat "$T/err")"; fi
members=$(sqlite3 "$T/m.db" "SELECT COUNT(*) FROM members")
if [ "$members" -eq "$total" ]; then pass; else fail "merged store has $members members, want $total"; fi
bad=$(sqlite3 "$T/m.db" "SELECT COUNT(*) FROM buckets b WHERE count !=
  (SELECT COUNT(*) FROM members m WHERE m.bucket = b.id)")
if [ "$bad" -eq 0 ]; then pass; else fail "$bad buckets whose count is not their number of members"; fi
sum=$(sqlite3 "$T/m.db" "SELECT SUM(count) FROM buckets")
if [ "$sum" -eq "$total" ]; then pass; else fail "bucket counts sum to $sum, want $total"; fi
dups=$(sqlite3 "$T/m.db" "SELECT COUNT(*) FROM (SELECT source FROM members GROUP BY source HAVING COUNT(*) > 1)")
if [ "$dups" -eq 0 ]; then pass; else fail "$dups logs filed twice"; fi
# Buckets: the same partition of the logs as one store filed with all.
partition() {
  sqlite3 "$1" "SELECT group_concat(source, ' ') FROM
    (SELECT bucket, source FROM members ORDER BY bucket, source) GROUP BY bucket" | sort
}
partition "$T/all.db" >"$T/p.all"
partition "$T/m.db" >"$T/p.m"
nb=$(wc -l <"$T/p.m")
if cmp -s "$T/p.all" "$T/p.m" && [ "$nb" -gt 20 ]; then pass
else fail "merged buckets ($nb) differ from one store's ($(wc -l <"$T/p.all"))"; fi
# First and last seen span the members; the smallest case is the
# smallest of the cases its members were filed with.
bad=$(sqlite3 "$T/m.db" "SELECT COUNT(*) FROM buckets b WHERE
  first_seen > (SELECT MIN(added) FROM members m WHERE m.bucket = b.id) OR
  last_seen < (SELECT MAX(added) FROM members m WHERE m.bucket = b.id) OR
  smallest_size != (SELECT MIN(CASE WHEN case_path LIKE '%case100' THEN 100
    WHEN case_path LIKE '%case200' THEN 200 ELSE 300 END)
    FROM members m WHERE m.bucket = b.id)")
if [ "$bad" -eq 0 ]; then pass; else fail "$bad buckets with wrong seen times or smallest case"; fi
grep -q "^merged 3 stores: .* $total logs added" "$T/out" || fail "merge said: $(cat "$T/out")"

# Again, the same stores, and the store into itself: nothing changes.
dump() {
  sqlite3 "$1" "SELECT id, hash, count, first_seen, last_seen, smallest_case, smallest_size FROM buckets ORDER BY id;
    SELECT id, bucket, source, content FROM members ORDER BY id;
    SELECT hash, bucket FROM shapes ORDER BY id" | md5sum
}
before=$(dump "$T/m.db")
if "$GRED" triage merge "$T/m.db" $shards >"$T/out" && grep -q " 0 logs added, $filed already there" "$T/out"; then pass
else fail "second merge: $(cat "$T/out")"; fi
if "$GRED" triage merge --into "$T/m.db" "$T/m.db" >"$T/out" && grep -q " 0 logs added" "$T/out"; then pass
else fail "merge into itself: $(cat "$T/out")"; fi
if [ "$(dump "$T/m.db")" = "$before" ]; then pass; else fail "merging again changed the store"; fi
# Merging one store into an empty one copies it.
"$GRED" triage merge --into "$T/copy.db" "$T/all.db" >/dev/null || fail "merge into a new store"
partition "$T/copy.db" >"$T/p.copy"
if cmp -s "$T/p.all" "$T/p.copy"; then pass; else fail "a copy by merge differs"; fi
if "$GRED" triage list --db "$T/m.db" | grep -q "smallest: .*case100, 100 bytes"; then pass
else fail "list of the merged store"; fi

# A source that fails halfway, after a good one: exit 1, the destination
# unchanged. bad.db is shard 1 whose last member has lost its content,
# which the destination refuses once the rows before it are in.
cp "$camp/shard-1/.gred/triage.db" "$T/bad.db"
sqlite3 "$T/bad.db" "CREATE TABLE m2 AS SELECT * FROM members; DROP TABLE members;
  CREATE TABLE members(id INTEGER PRIMARY KEY, bucket INTEGER, source TEXT,
    content TEXT, case_path TEXT, added INTEGER);
  INSERT INTO members SELECT * FROM m2; DROP TABLE m2;
  UPDATE members SET content = NULL WHERE id = (SELECT MAX(id) FROM members)"
head -c 65536 /dev/urandom >"$T/junk.db"
cp "$camp/shard-2/.gred/triage.db" "$T/d.db"
before=$(dump "$T/d.db")
expect_error "merge with a source failing halfway" "bad.db: .*d.db left unchanged" \
  "$GRED" triage merge "$T/d.db" "$camp/shard-0/.gred/triage.db" "$T/bad.db"
expect_error "merge with a source that is no store" "junk.db" \
  "$GRED" triage merge "$T/d.db" "$camp/shard-0/.gred/triage.db" "$T/junk.db"
expect_error "merge of a missing store" "nope.db: no such store" "$GRED" triage merge "$T/d.db" "$T/nope.db"
expect_error "merge without a source" "want DEST SRC" "$GRED" triage merge "$T/d.db"
if [ "$(dump "$T/d.db")" = "$before" ]; then pass; else fail "a failed merge changed the destination"; fi
if [ "$(sqlite3 "$T/d.db" "PRAGMA integrity_check")" = ok ]; then pass; else fail "integrity after failed merges"; fi
# The same merge without the bad source does change it.
"$GRED" triage merge "$T/d.db" "$camp/shard-0/.gred/triage.db" >/dev/null || fail "merge into d.db"
if [ "$(dump "$T/d.db")" != "$before" ]; then pass; else fail "merging shard 0 into shard 2 changed nothing"; fi

# kill -9 during a merge: the destination is as before or fully merged,
# never in between, and a merge after completes it.
mkdir "$T/big"
awk -v out="$T/big" '
  FNR == 1 { n++ }
  { text[n] = text[n] $0 "\n" }
  END {
    for (r = 0; r < 40; r++) for (i = 1; i <= n; i++) {
      f = out "/" (r * 1000 + i) ".log"
      printf "%sbig run %d\n", text[i], r * 1000 + i > f
      close(f)
    }
  }' "$corpus"/*/*.log
bigtotal=$(ls "$T/big" | wc -l)
"$GRED" triage add --db "$T/big.db" "$T/big" >/dev/null || fail "add big"
for delay in 0.02 0.05 0.1 0.2 0.4; do
  cp "$T/all.db" "$T/k.db"
  "$GRED" triage merge "$T/k.db" "$T/big.db" >/dev/null 2>&1 &
  pid=$!
  sleep $delay
  kill -9 $pid 2>/dev/null || true
  wait $pid 2>/dev/null || true
  ok=$(sqlite3 "$T/k.db" "PRAGMA integrity_check")
  n=$(sqlite3 "$T/k.db" "SELECT COUNT(*) FROM members")
  s=$(sqlite3 "$T/k.db" "SELECT SUM(count) FROM buckets")
  echo "kill -9 after $delay s: $n members"
  if [ "$ok" = ok ] && [ "$n" = "$s" ] && { [ "$n" -eq "$total" ] || [ "$n" -eq $((total + bigtotal)) ]; }; then pass
  else fail "after kill -9 at $delay s: integrity $ok, $n members, counts sum to $s"; fi
  "$GRED" triage merge "$T/k.db" "$T/big.db" >/dev/null || fail "merge after kill"
  n=$(sqlite3 "$T/k.db" "SELECT COUNT(*) FROM members")
  if [ "$n" -eq $((total + bigtotal)) ]; then pass; else fail "merge after kill -9: $n members, want $((total + bigtotal))"; fi
done
finish
