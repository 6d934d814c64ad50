# gred triage's store and exit statuses: read-only commands find
# .gred/triage.db in a parent directory and never create one; check --sig
# takes a bucket id as well as a signature; re-adding a folder with logs
# that hold no crash exits 0 unless something new failed to file.
. "$(dirname "$0")/../lib/e2e.sh"
CORPUS_DIR="$GRED_SRC/test/triage/corpus"
mkdir -p "$T/proj/logs" "$T/proj/sub/deeper" "$T/empty"
cp "$CORPUS_DIR/asan-double-free/dfree-8.log" "$T/proj/logs/crash.log"
echo "build finished, all tests passed" >"$T/proj/logs/notes.txt"
cd "$T/proj"

# First add: the crash is filed, the note is new and makes it exit 1.
set +e
"$GRED" triage add logs >"$T/out" 2>"$T/err"; rc1=$?
"$GRED" triage add logs >"$T/out2" 2>"$T/err2"; rc2=$?
set -e
if [ $rc1 -eq 1 ] && grep -q "notes.txt: no crash found" "$T/err" && grep -q "^filed 1 logs" "$T/out"; then pass
else fail "first add: exit $rc1: $(cat "$T/out" "$T/err")"; fi
# Again: nothing new failed, exit 0, no error line.
if [ $rc2 -eq 0 ] && [ ! -s "$T/err2" ] && grep -q "1 skipped before" "$T/out2"; then pass
else fail "second add: exit $rc2: $(cat "$T/out2" "$T/err2")"; fi
# A new non-crash log: exit 1 again, naming it alone.
echo "another note" >logs/more.txt
set +e
"$GRED" triage add logs >"$T/out" 2>"$T/err"; rc=$?
set -e
if [ $rc -eq 1 ] && grep -q "more.txt" "$T/err" && ! grep -q "notes.txt" "$T/err"; then pass
else fail "add with a new non-crash log: exit $rc: $(cat "$T/err")"; fi
if "$GRED" triage add --help | grep -q "^Exit status: 0 if every log was filed"; then pass
else fail "triage add --help does not document the exit status"; fi

# list and show from a subdirectory use the store above; none is created.
cd "$T/proj/sub/deeper"
if "$GRED" triage list >"$T/out" 2>"$T/err" && grep -q "^1 " "$T/out" &&
   "$GRED" triage show 1 >/dev/null 2>&1 && [ ! -e .gred ] && [ ! -e ../.gred ]; then pass
else fail "list from a subdirectory: $(cat "$T/out" "$T/err")"; fi
cd "$T/empty"
expect_error "list without a store" "no triage store" "$GRED" triage list
if [ ! -e .gred ]; then pass; else fail "triage list created a store"; fi

# check --sig: the signature, or the bucket id that stands for it.
cd "$T/proj"
sig=$("$GRED" triage sig logs/crash.log | awk 'NR == 1 {print $NF}')
if "$GRED" triage list --json | grep -q "\"signature\":\"$sig\""; then pass
else fail "bucket 1 does not hold signature $sig"; fi
if "$GRED" triage check --sig "$sig" -- cat logs/crash.log >/dev/null; then pass; else fail "check --sig SIGNATURE"; fi
if "$GRED" triage check --sig 1 -- cat logs/crash.log >/dev/null 2>"$T/err"; then pass
else fail "check --sig 1 (a bucket id): $(cat "$T/err")"; fi
expect_error "check --sig with an unknown id" "expected a signature (16 hex digits) or a bucket id" \
  "$GRED" triage check --sig 15 -- cat logs/crash.log
finish
