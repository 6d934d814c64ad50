# gred bisect on a realistic history made with libgit2: 300 commits of a
# small C program built with cc, a real crash (SIGSEGV) from commit 237 on,
# and commits that do not build around the probes' midpoints.
. "$(dirname "$0")/../lib/e2e.sh"
FIXTURE=${GRED_BUILD:?}/test/unit/bisect/bisect_fixture
[ -x "$FIXTURE" ] || missing "$FIXTURE (build the bisect_fixture target)"
need_cmd cc

N=300
CRASH=237
R=$T/repo
"$FIXTURE" init "$R"

# Commit i: a table of ten items; from CRASH on, lookup() returns NULL for a
# missing key and main() dereferences it. Some commits have a syntax error.
broken() {
  case $1 in 148|149|150|151|152|193|194|224|225|226|260) return 0;; esac
  return 1
}
# One bundle file for the fixture builder; the loop uses shell builtins
# only, so it stays fast on a loaded machine.
i=1
while [ $i -le $N ]; do
  echo "@@commit step $i: ten items, version $i"
  echo "@@file items.c"
  echo '#include "items.h"'
  echo "const struct item items[] = {"
  for j in 1 2 3 4 5 6 7 8 9 10; do echo "  {$j, $(((i + j) * 7 % 13))},"; done
  echo "};"
  echo "const int nitems = 10;"
  echo "const int version = $i;"
  if broken $i; then echo "int broken_on_purpose = ;"; fi
  echo "@@file items.h"
  echo "struct item { int key, value; };"
  echo "extern const struct item items[];"
  echo "extern const int nitems;"
  echo "@@file main.c"
  echo "#include <stdio.h>"
  echo '#include "items.h"'
  if [ $i -ge $CRASH ]; then
    echo "static const struct item *lookup(int key) {"
    echo "  for (int i = 0; i < nitems; i++) if (items[i].key == key) return &items[i];"
    echo "  return 0;"
    echo "}"
  else
    echo "static const struct item fallback = {0, 0};"
    echo "static const struct item *lookup(int key) {"
    echo "  for (int i = 0; i < nitems; i++) if (items[i].key == key) return &items[i];"
    echo "  return &fallback;"
    echo "}"
  fi
  echo "int main(void) {"
  echo "  long sum = 0;"
  echo "  for (int k = 1; k <= nitems + 1; k++) sum += lookup(k)->value;"
  printf '%s\n' '  printf("%ld\n", sum);'
  echo "  return 0;"
  echo "}"
  i=$((i + 1))
done >"$T/history"
"$FIXTURE" bundle "$R" "$T/history" >"$T/ids"
GOOD=$(sed -n 1p "$T/ids")
WANT=$(sed -n "${CRASH}p" "$T/ids")
BAD=$(sed -n "${N}p" "$T/ids")

BUILD='cc -O0 -std=c99 -o test main.c items.c'
start=$(date +%s)
set +e
"$GRED" bisect --repo "$R" --good "$GOOD" --bad "$BAD" --build "$BUILD" -- ./test \
  >"$T/out" 2>"$T/err"
rc=$?
set -e
took=$(($(date +%s) - start))
if [ $rc -eq 0 ] && grep -q "^$WANT is the first bad commit" "$T/out"; then pass
else fail "bisect: exit $rc, want $WANT: $(cat "$T/out" "$T/err")"; fi
if grep -q "step $CRASH: ten items, version $CRASH" "$T/out"; then pass; else fail "no subject in report"; fi
# Quiet in a pipe: nothing on stderr.
if [ ! -s "$T/err" ]; then pass; else fail "stderr not empty: $(cat "$T/err")"; fi
probes=$(sed -n 's/^\([0-9]*\) probes (\([0-9]*\) skipped).*/\1 \2/p' "$T/out")
set -- $probes
# ceil(log2 299) = 9
if [ -n "${1:-}" ] && [ "$1" -le $((9 + $2)) ] && [ "$2" -gt 0 ]; then pass
else fail "probes '$probes' over the bound"; fi
echo "bisect: $probes (probes, skips) in ${took}s"
# HEAD back on master, the tree as it was, no state left.
if [ "$(cat "$R/.git/HEAD")" = "ref: refs/heads/master" ]; then pass; else fail "HEAD: $(cat "$R/.git/HEAD")"; fi
if grep -q "const int version = $N;" "$R/items.c"; then pass; else fail "work tree not restored"; fi
if [ ! -e "$R/.git/gred-bisect.state" ]; then pass; else fail "state file left"; fi

# Killed in the middle, resumed: same answer.
"$GRED" bisect --repo "$R" --good "$GOOD" --bad "$BAD" --build "sleep 0.3; $BUILD" \
  -- ./test >"$T/out" 2>&1 &
pid=$!
# Kill it once two probes are saved (or after 60 s, whatever happened).
n=0
while [ $n -lt 600 ]; do
  c=$(grep -c '^probe ' "$R/.git/gred-bisect.state" 2>/dev/null || true)
  [ "${c:-0}" -ge 2 ] && break
  sleep 0.1
  n=$((n + 1))
done
kill -9 $pid
wait $pid 2>/dev/null || true
if "$GRED" bisect --log --repo "$R" >"$T/log" && grep -q "^good  $GOOD" "$T/log" &&
   [ "$(grep -c '^\(good\|bad\|skip\) ' "$T/log")" -ge 3 ]; then pass
else fail "--log after kill: $(cat "$T/log")"; fi
expect_error "second start" "in progress" \
  "$GRED" bisect --repo "$R" --good "$GOOD" --bad "$BAD" -- ./test
set +e
"$GRED" bisect --resume --repo "$R" >"$T/out" 2>"$T/err"
rc=$?
set -e
if [ $rc -eq 0 ] && grep -q "^$WANT is the first bad commit" "$T/out"; then pass
else fail "resume: exit $rc: $(cat "$T/out" "$T/err")"; fi
if [ "$(cat "$R/.git/HEAD")" = "ref: refs/heads/master" ]; then pass; else fail "HEAD after resume"; fi

# Refusals: one line on stderr, exit 1.
expect_error "invalid revision" "invalid revision 'nope'" \
  "$GRED" bisect --repo "$R" --good nope --bad "$BAD" -- ./test
expect_error "good after bad" "not an ancestor" \
  "$GRED" bisect --repo "$R" --good "$BAD" --bad "$GOOD" -- ./test
echo "/* local edit */" >>"$R/main.c"
expect_error "dirty tree" "local changes" \
  "$GRED" bisect --repo "$R" --good "$GOOD" --bad "$BAD" -- ./test
expect_error "no test" "required" "$GRED" bisect --repo "$R" --good "$GOOD" --bad "$BAD"
expect_error "resume without state" "no bisection in progress" "$GRED" bisect --resume --repo "$R"
finish
