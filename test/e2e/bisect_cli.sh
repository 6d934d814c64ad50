# gred bisect's command line on a 20-commit history (first bad: c10): a
# relative TEST found in the current directory and checked before any
# checkout, both ends tested first, Ctrl-C exits 130, and --log shows a
# finished bisection until --reset. The answers are judged by the
# history's own contents (the file "state" of each commit).
. "$(dirname "$0")/../lib/e2e.sh"
FIXTURE=${GRED_BUILD:?}/test/unit/bisect/bisect_fixture
R=$T/repo
"$FIXTURE" init "$R"
i=1
while [ $i -le 20 ]; do
  echo "@@commit c$i"
  echo "@@file state"
  if [ $i -ge 10 ]; then echo bad; else echo good; fi
  i=$((i + 1))
done >"$T/history"
"$FIXTURE" bundle "$R" "$T/history" >"$T/ids"
c() { sed -n "$1p" "$T/ids"; }
mkdir "$T/w"
cd "$T/w"
printf '#!/bin/sh\ngrep -q good state\n' >check.sh
chmod +x check.sh
no_state() { [ ! -e "$R/.git/gred-bisect.state" ] && [ "$(cat "$R/.git/HEAD")" = "ref: refs/heads/master" ]; }

# TEST named without ./ from another directory: found here, run by path.
set +e
"$GRED" bisect --repo "$R" --good "$(c 1)" --bad "$(c 20)" -- check.sh >"$T/out" 2>"$T/err"
rc=$?
set -e
if [ $rc -eq 0 ] && grep -q "^$(c 10) is the first bad commit" "$T/out" && no_state; then pass
else fail "relative TEST: exit $rc: $(cat "$T/out" "$T/err")"; fi

# --log after it finished: the probes, until --reset.
if "$GRED" bisect --log --repo "$R" >"$T/log" 2>"$T/err" && grep -q "^good  $(c 1 | cut -c1-7)" "$T/log" &&
   grep -q "^bad   $(c 10 | cut -c1-7)" "$T/log" && grep -q "^# first bad commit: $(c 10 | cut -c1-7)" "$T/log"; then pass
else fail "--log after the end: $(cat "$T/log" "$T/err")"; fi
if "$GRED" bisect --reset --repo "$R" 2>"$T/err"; then pass; else fail "--reset after the end: $(cat "$T/err")"; fi
expect_error "--log after --reset" "no bisection in progress" "$GRED" bisect --log --repo "$R"

# A TEST that cannot run: refused before any checkout, nothing left.
expect_error "missing TEST" "nothere.sh: no such program" \
  "$GRED" bisect --repo "$R" --good "$(c 1)" --bad "$(c 20)" -- nothere.sh
printf '#!/bin/sh\nexit 0\n' >noexec.sh
expect_error "TEST not executable" "not executable" \
  "$GRED" bisect --repo "$R" --good "$(c 1)" --bad "$(c 20)" -- ./noexec.sh
if no_state; then pass; else fail "state left by a refused start"; fi
# A TEST that fails to start at the first probe: no saved state either.
printf '#!/nonexistent/interpreter\n' >broken.sh
chmod +x broken.sh
set +e
"$GRED" bisect --repo "$R" --good "$(c 1)" --bad "$(c 20)" -- ./broken.sh >"$T/out" 2>"$T/err"
rc=$?
set -e
if [ $rc -ne 0 ] && no_state; then pass; else fail "failed first probe: exit $rc, state left: $(cat "$T/err")"; fi

# The ends are tested first: a good bad, a bad good.
expect_error "bad is not bad" "is not bad: the test passes on it" \
  "$GRED" bisect --repo "$R" --good "$(c 1)" --bad "$(c 5)" -- ./check.sh
expect_error "good is not good" "is not good: the test fails on it" \
  "$GRED" bisect --repo "$R" --good "$(c 12)" --bad "$(c 20)" -- ./check.sh
if no_state; then pass; else fail "state left by a failed end check"; fi
# --no-check-ends: the bisection trusts them (and blames c5's child
# range's last commit as git bisect would).
set +e
"$GRED" bisect --no-check-ends --repo "$R" --good "$(c 1)" --bad "$(c 5)" -- ./check.sh >"$T/out" 2>&1
rc=$?
set -e
if [ $rc -eq 0 ] && grep -q "^$(c 5) is the first bad commit" "$T/out"; then pass
else fail "--no-check-ends: exit $rc: $(cat "$T/out")"; fi
"$GRED" bisect --reset --repo "$R" 2>/dev/null || true

# Ctrl-C while a test runs: exit 130, resumable.
printf '#!/bin/sh\ntouch "%s/running"\nexec sleep 60\n' "$T" >slow.sh
chmod +x slow.sh
# A background job of sh ignores SIGINT; a terminal's Ctrl-C is not ignored.
env --default-signal=INT "$GRED" bisect --repo "$R" --good "$(c 1)" --bad "$(c 20)" -- ./slow.sh >"$T/out" 2>"$T/err" &
pid=$!
n=0
while [ ! -e "$T/running" ] && [ $n -lt 600 ]; do sleep 0.1; n=$((n + 1)); done
kill -INT $pid
set +e
wait $pid
rc=$?
set -e
if [ $rc -eq 130 ] && grep -q "interrupted" "$T/err"; then pass; else fail "Ctrl-C: exit $rc: $(cat "$T/err")"; fi
"$GRED" bisect --reset --repo "$R" 2>/dev/null || true
if no_state; then pass; else fail "reset after Ctrl-C"; fi
finish
