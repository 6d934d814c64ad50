# ctest-labels: asan
# The triage store on a real PostgreSQL server, started here (initdb +
# pg_ctl, as the postgres user when run as root, on a unix socket in the
# test's directory) and stopped at the end even on failure: concurrent
# `gred triage add` processes into one database lose and double nothing
# (counted by psql), give the buckets SQLite gives, survive kill -9, and
# merge with SQLite stores both ways.
. "$(dirname "$0")/../lib/e2e.sh"
. "$(dirname "$0")/../lib/triage_logs.sh"
need_cmd psql sqlite3
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$PGBIN/initdb" ] && [ -x "$PGBIN/pg_ctl" ] || missing "postgresql (initdb, pg_ctl)"
corpus=$GRED_SRC/test/triage/corpus

# The server refuses to run as root: as root, it runs as postgres.
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || missing "the postgres user (Debian postgresql makes it)"
  as_pg() { runuser -u postgres -- "$@"; }
  chmod 711 "$T"
  mkdir "$T/pg"
  chown postgres "$T/pg"
else
  as_pg() { "$@"; }
  mkdir "$T/pg"
fi
PGDATA=$T/pg/data
# No TCP: the socket lives in our directory, so any port number is free.
port=$((20000 + $$ % 10000))
pg_down() {
  if [ -f "$PGDATA/postmaster.pid" ]; then
    pgpid=$(head -n 1 "$PGDATA/postmaster.pid")
    as_pg "$PGBIN/pg_ctl" -D "$PGDATA" -m immediate -w stop >/dev/null 2>&1 ||
      kill -9 "$pgpid" 2>/dev/null || true
  fi
}
trap 'pg_down; rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
as_pg "$PGBIN/initdb" -D "$PGDATA" -U postgres --auth=trust -E UTF8 \
  --locale=C >"$T/initdb.log" 2>&1 || { cat "$T/initdb.log" >&2; fail "initdb"; finish; }
if ! as_pg "$PGBIN/pg_ctl" -D "$PGDATA" -l "$T/pg/server.log" -w -t 60 \
    -o "-k $T/pg -c listen_addresses= -p $port -c fsync=off" start >/dev/null; then
  cat "$T/pg/server.log" >&2
  fail "pg_ctl start"
  finish
fi
pgpid=$(head -n 1 "$PGDATA/postmaster.pid")
url() { echo "postgresql:///$1?host=$T/pg&port=$port&user=postgres"; }
sql() { psql "$(url "$1")" -X -At -v ON_ERROR_STOP=1 -c "$2"; }
sql postgres "CREATE DATABASE fuzz" >/dev/null
sql postgres "CREATE DATABASE killed" >/dev/null
sql postgres "CREATE DATABASE merged" >/dev/null
sql postgres "CREATE DATABASE clean" >/dev/null
U=$(url fuzz)

# Distinct logs in four folders: corpus logs with a line of their own,
# and one with bytes that are not UTF-8.
for q in 0 1 2 3; do mkdir "$T/q$q"; done
distinct_logs "$T/q" 4 4
printf 'prog: x.c:3: main: Assertion `caf\351 != 0'"'"' failed.\nAborted\n' >"$T/q0/latin1.log"
total=$(ls "$T"/q?/*.log | wc -l)

# Four workers at once, each filing two folders: every log twice.
for w in 0 1 2 3; do
  "$GRED" triage add --store "$U" "$T/q$w" "$T/q$(((w + 1) % 4))" >"$T/out$w" 2>"$T/err$w" &
  eval "p$w=$!"
done
for w in 0 1 2 3; do
  if eval "wait \$p$w"; then pass; else fail "worker $w: $(cat "$T/err$w")"; fi
done
filed=$(cat "$T"/out? | sed -n 's/^filed \([0-9]*\) logs.*/\1/p' | awk '{ s += $1 } END { print s }')
dup=$(cat "$T"/out? | sed -n 's/.* \([0-9]*\) already filed.*/\1/p' | awk '{ s += $1 } END { print s }')
if [ "$filed" -eq "$total" ] && [ "$dup" -eq "$total" ]; then pass
else fail "workers filed $filed and found $dup already filed, want $total and $total"; fi

# psql's own counts.
members=$(sql fuzz "SELECT COUNT(*) FROM members")
if [ "$members" -eq "$total" ]; then pass; else fail "postgres holds $members members, want $total"; fi
sum=$(sql fuzz "SELECT SUM(count) FROM buckets")
if [ "$sum" -eq "$total" ]; then pass; else fail "bucket counts sum to $sum, want $total"; fi
bad=$(sql fuzz "SELECT COUNT(*) FROM buckets b WHERE count != (SELECT COUNT(*) FROM members m WHERE m.bucket = b.id)")
if [ "$bad" -eq 0 ]; then pass; else fail "$bad buckets whose count is not their members"; fi
bad=$(sql fuzz "SELECT COUNT(*) FROM (SELECT source FROM members GROUP BY source HAVING COUNT(*) > 1) d")
if [ "$bad" -eq 0 ]; then pass; else fail "$bad logs filed twice"; fi
nb=$(sql fuzz "SELECT COUNT(*) FROM buckets")

# The same logs into SQLite, one process: the same buckets.
"$GRED" triage add --db "$T/s.db" "$T"/q0 "$T"/q1 "$T"/q2 "$T"/q3 >/dev/null || fail "add into SQLite"
partition_sql="SELECT string_agg(source, ' ' ORDER BY source) FROM members GROUP BY bucket"
sql fuzz "$partition_sql" | sort >"$T/p.pg"
sqlite3 "$T/s.db" "SELECT group_concat(source, ' ') FROM
  (SELECT bucket, source FROM members ORDER BY bucket, source) GROUP BY bucket" | sort >"$T/p.sqlite"
if cmp -s "$T/p.pg" "$T/p.sqlite" && [ "$nb" -gt 20 ]; then pass
else fail "postgres made $nb buckets, SQLite $(wc -l <"$T/p.sqlite"), or split them otherwise"; fi
# every signature filed, whichever came first
sql fuzz "SELECT hash FROM shapes" | sort >"$T/h.pg"
sqlite3 "$T/s.db" "SELECT hash FROM shapes" | sort >"$T/h.sqlite"
if cmp -s "$T/h.pg" "$T/h.sqlite" && [ -s "$T/h.pg" ]; then pass; else fail "signatures differ from SQLite's"; fi

# list and show read it.
n=$("$GRED" triage list --json --store "$U" | grep -c '"id"')
if [ "$n" -eq "$nb" ]; then pass; else fail "list --store shows $n buckets, psql counts $nb"; fi
hash=$(sql fuzz "SELECT hash FROM buckets ORDER BY count DESC, id LIMIT 1")
if "$GRED" triage show --store "$U" "$hash" | grep -q "^signature  $hash"; then pass; else fail "show --store"; fi
if "$GRED" triage list --store "$U" | grep -q 'caf? != 0'; then pass; else fail "the log with a non-UTF-8 byte"; fi

# Merging: SQLite into postgres adds nothing (the same logs); postgres
# into a new SQLite file and into another database copies it.
if "$GRED" triage merge "$U" "$T/s.db" | grep -q " 0 logs added, $total already there"; then pass
else fail "merge of the same logs into postgres"; fi
if [ "$(sql fuzz "SELECT COUNT(*) FROM members")" -eq "$total" ]; then pass; else fail "merge double-counted"; fi
"$GRED" triage merge --into "$T/copy.db" "$U" >/dev/null || fail "merge postgres into SQLite"
"$GRED" triage merge --into "$(url merged)" "$T/copy.db" >/dev/null || fail "merge SQLite into another database"
sql merged "$partition_sql" | sort >"$T/p.merged"
if cmp -s "$T/p.pg" "$T/p.merged"; then pass; else fail "the copy through SQLite into postgres differs"; fi
expect_error "bad url" "cannot connect" "$GRED" triage list --store "postgresql:///nope?host=$T/pg&port=$port&user=postgres"

# Re-signing a bucket on a log of another one merges the two, in the
# database: one bucket fewer, no member lost, the old id finds the new one.
set -- $(sql fuzz "SELECT id, count FROM buckets ORDER BY id LIMIT 2" | tr '|' ' ')
b1=$1 c1=$2 b2=$3 c2=$4
log2=$(sql fuzz "SELECT source FROM members WHERE bucket = $b2 ORDER BY id LIMIT 1")
if "$GRED" triage resign --store "$U" "$b1" "$log2" >"$T/out" 2>"$T/err" &&
   grep -q "^bucket $b1: .*absorbing bucket $b2 " "$T/out"; then pass
else fail "resign: $(cat "$T/out" "$T/err")"; fi
n=$(sql fuzz "SELECT COUNT(*) FROM buckets") c=$(sql fuzz "SELECT count FROM buckets WHERE id = $b1")
m=$(sql fuzz "SELECT COUNT(*) FROM members WHERE bucket = $b1")
if [ "$n" -eq $((nb - 1)) ] && [ "$c" -eq $((c1 + c2)) ] && [ "$m" -eq "$c" ] &&
   [ "$(sql fuzz "SELECT SUM(count) FROM buckets")" -eq "$total" ]; then pass
else fail "after resign: $n buckets (want $((nb - 1))), bucket $b1 counts $c with $m members (want $((c1 + c2)))"; fi
if "$GRED" triage show --store "$U" "$b2" | grep -q "^bucket     $b1\$"; then pass; else fail "show of the absorbed bucket"; fi

# kill -9 during an add: what is committed is whole, and adding again
# files the rest, each log once. The kill must land before the add ends:
# wait for a first batch, then kill; if the add was over by then (or had
# committed nothing), try again on a fresh database, up to 5 times.
# An add commits every 512 logs: 2,500 more logs make several batches.
mkdir "$T/big"
awk -v out="$T/big" '
  FNR == 1 { n++ }
  { text[n] = text[n] $0 "\n" }
  END {
    for (r = 0; r < 2500; r++) {
      f = out "/" r ".log"
      printf "%sbig run %d\n", text[r % n + 1], r > f
      close(f)
    }
  }' "$corpus"/*/*.log
all=$((total + 2500))
K=$(url killed)
attempt=0 partial=0 psum=0
while [ $attempt -lt 5 ]; do
  attempt=$((attempt + 1))
  sql postgres "DROP DATABASE IF EXISTS killed WITH (FORCE)" >/dev/null 2>&1
  sql postgres "CREATE DATABASE killed" >/dev/null
  "$GRED" triage add --store "$K" "$T"/q0 "$T"/q1 "$T"/q2 "$T"/q3 "$T"/big >/dev/null 2>&1 &
  pid=$!
  tries=0
  while [ "$(sql killed "SELECT COUNT(*) FROM members" 2>/dev/null || echo 0)" -eq 0 ] &&
        [ $tries -lt 2000 ]; do
    tries=$((tries + 1))
  done
  kill -9 $pid 2>/dev/null || true
  wait $pid 2>/dev/null || true
  partial=$(sql killed "SELECT COUNT(*) FROM members" 2>/dev/null || echo 0)
  psum=$(sql killed "SELECT COALESCE(SUM(count), 0) FROM buckets" 2>/dev/null || echo 0)
  echo "killed after $partial of $all logs (try $attempt)"
  [ "$partial" -gt 0 ] && [ "$partial" -lt "$all" ] && break
done
if [ "$partial" -gt 0 ] && [ "$partial" -lt "$all" ] && [ "$partial" -eq "$psum" ]; then pass
else fail "after kill -9: $partial members (want some, not all), counts sum to $psum"; fi
"$GRED" triage add --store "$K" "$T"/q0 "$T"/q1 "$T"/q2 "$T"/q3 "$T"/big >/dev/null || fail "add after kill -9"
"$GRED" triage add --store "$(url clean)" "$T"/q0 "$T"/q1 "$T"/q2 "$T"/q3 "$T"/big >/dev/null || fail "clean add"
sql killed "$partition_sql" | sort >"$T/p.killed"
sql clean "$partition_sql" | sort >"$T/p.clean"
if [ "$(sql killed "SELECT COUNT(*) FROM members")" -eq "$all" ] &&
   [ "$(sql killed "SELECT SUM(count) FROM buckets")" -eq "$all" ] &&
   cmp -s "$T/p.clean" "$T/p.killed"; then pass
else fail "add after kill -9 differs from a clean add of the same logs"; fi

# kill -9 during a merge into postgres, once it is inside its transaction
# (its backend has inserted members and waits for the next statement):
# nothing of it stays, and a merge after completes it. Up to 3 tries if
# the merge ended before the kill landed.
# The source is the whole killed-and-completed store (over 3,000 logs) copied
# to SQLite, so the merge's transaction lasts long enough to be caught.
"$GRED" triage merge --into "$T/all.db" "$K" >/dev/null || fail "copy of the big store to SQLite"
sql killed "$partition_sql" | sort >"$T/p.all"
attempt=0
while [ $attempt -lt 3 ]; do
  attempt=$((attempt + 1))
  sql postgres "DROP DATABASE IF EXISTS km WITH (FORCE)" >/dev/null 2>&1
  sql postgres "CREATE DATABASE km" >/dev/null
  "$GRED" triage merge --into "$(url km)" "$T/all.db" >/dev/null 2>&1 &
  pid=$!
  tries=0
  while [ "$(sql postgres "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = 'km'
      AND query LIKE 'INSERT INTO members%'")" -eq 0 ] && [ $tries -lt 500 ]; do
    sleep 0.01
    tries=$((tries + 1))
  done
  kill -9 $pid 2>/dev/null || true
  wait $pid 2>/dev/null || true
  n=$(sql km "SELECT COUNT(*) FROM members")
  [ "$n" -ne 0 ] || break
done
echo "merge killed with $n members committed (try $attempt)"
if [ "$n" -eq 0 ] && [ "$(sql km "SELECT COUNT(*) FROM buckets")" -eq 0 ]; then pass
else fail "kill -9 in a merge left $n members (want none) in 3 tries"; fi
"$GRED" triage merge --into "$(url km)" "$T/all.db" >/dev/null || fail "merge after kill -9"
sql km "$partition_sql" | sort >"$T/p.km"
if cmp -s "$T/p.all" "$T/p.km"; then pass; else fail "merge after kill -9 differs"; fi

# The server stops, and nothing of it is left running (a zombie waiting
# for whichever process adopted it has ended).
pg_down
state=$(ps -o stat= -p "$pgpid" 2>/dev/null || true)
if [ ! -f "$PGDATA/postmaster.pid" ] && case $state in ''|Z*) true;; *) false;; esac; then pass
else fail "postgres ($pgpid, state $state) still running after stop"; fi
finish
