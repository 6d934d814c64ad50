# gred killed with SIGKILL in the middle of a reduction, at chosen test
# runs (the first, then a quarter, half and three quarters of the way):
# OUT is either absent or a file that parses and is still interesting,
# nothing gred started is left running, and gred's temp dir is gone. Then
# Ctrl-C: exit 130, a message, the same guarantees. The test blocks on
# the chosen run until gred is killed, so the kill never depends on a
# guessed delay.
. "$(dirname "$0")/../lib/e2e.sh"
case_dir="$GRED_SRC/test/cases/big_chain"
"$case_dir/generate" "$T"
. "$(dirname "$0")/../lib/marks.sh"

# The test: big_chain's own, with each run numbered in the order runs
# start. From run BLOCK_AT on, a run leaves a grandchild and a temp file
# behind, says it is blocked, and waits to be killed.
cat >"$T/test.sh" <<EOF
#!/bin/sh
n=\$(flock "$T/runs" sh -c 'echo >>"$T/runs"; wc -l <"$T/runs"')
if [ -n "\${BLOCK_AT:-}" ] && [ "\$n" -ge "\$BLOCK_AT" ]; then
  mktemp >/dev/null
  sleep 300 &
  touch "$T/blocked"
  wait
fi
exec sh "$case_dir/test.sh" "\$1"
EOF

# start NAME BLOCK-AT: gred in the background, a fresh TMPDIR and count.
start() {
  rm -rf "$T/tmp" "$T/blocked" "$T/runs"
  mkdir "$T/tmp"
  : >"$T/runs"
  out="$T/out-$1.mlir"
  env --default-signal=INT,TERM,HUP GRED_TEST_MARK="$MARK-$1" \
    BLOCK_AT="$2" TMPDIR="$T/tmp" \
    "$GRED" reduce -j 2 -o "$out" "$T/input.mlir" sh "$T/test.sh" 2>"$T/err-$1" &
  pid=$!
}

# check_end NAME: waits for gred's end; checks OUT, survivors, TMPDIR.
check_end() {
  if ! wait_until exited $pid; then fail "$1: gred still runs"; kill -9 $pid 2>/dev/null || true; fi
  set +e; wait $pid; rc=$?; set -e
  wait_until none_left "$1" || true
  left=$(count "$1")
  echo "$1: exit $rc after run $(wc -l <"$T/runs"), $left survivors"
  if [ "$left" -eq 0 ]; then pass
  else fail "$1: $left processes outlived gred: $(ps -o pid,pgid,args -p "$(marked "$1" | paste -sd,)")"; fi
  if [ -z "$(ls -A "$T/tmp")" ]; then pass; else fail "$1: left in TMPDIR: $(ls -A "$T/tmp")"; fi
  if [ ! -e "$out" ]; then pass
  elif ! "$GRED" convert "$out" "$T/re.mlir" 2>"$T/err"; then fail "$1: OUT does not parse: $(cat "$T/err")"
  elif sh "$case_dir/test.sh" "$out"; then pass
  else fail "$1: OUT is not interesting"; fi
}

# How many runs a whole reduction takes, to choose where to stop it.
start full ""
check_end full
if [ $rc -eq 0 ] && [ -s "$out" ]; then pass; else fail "full run: exit $rc: $(cat "$T/err-full")"; fi
runs=$(wc -l <"$T/runs")
[ "$runs" -ge 8 ] || fail "only $runs runs: nothing to interrupt"

for at in 1 $((runs / 4)) $((runs / 2)) $((runs * 3 / 4)); do
  start "kill-$at" "$at"
  if wait_until test -e "$T/blocked"; then pass; else fail "kill at $at: never blocked: $(cat "$T/err-kill-$at")"; fi
  kill -9 $pid 2>/dev/null || true
  check_end "kill-$at"
  if [ $rc -eq 137 ]; then pass; else fail "kill at $at: exit $rc, want 137 (killed)"; fi
done

# Ctrl-C: gred stops its tests, says where the best file is (OUT, which
# exists), exits 130.
start int $((runs / 2))
if wait_until test -e "$T/blocked"; then pass; else fail "SIGINT: never blocked: $(cat "$T/err-int")"; fi
kill -INT $pid 2>/dev/null || true
check_end int
if [ $rc -ne 130 ]; then fail "SIGINT: exit $rc, want 130: $(cat "$T/err-int")"
elif ! grep -q "interrupted; the smallest file so far is $out" "$T/err-int"; then fail "SIGINT: no message naming OUT: $(cat "$T/err-int")"
elif [ ! -s "$out" ]; then fail "SIGINT: the message names $out, which is not there"
else pass; fi

# Ctrl-C during the input's own test: nothing was written, and gred says
# so instead of naming a file that is not there.
start int-first 1
if wait_until test -e "$T/blocked"; then pass; else fail "SIGINT at run 1: never blocked: $(cat "$T/err-int-first")"; fi
kill -INT $pid 2>/dev/null || true
check_end int-first
if [ $rc -ne 130 ]; then fail "SIGINT at run 1: exit $rc, want 130: $(cat "$T/err-int-first")"
elif [ -e "$out" ]; then fail "SIGINT at run 1: $out written"
elif ! grep -q "interrupted during the input's first test; nothing was written to $out" "$T/err-int-first"; then fail "SIGINT at run 1: message: $(cat "$T/err-int-first")"
else pass; fi
finish
