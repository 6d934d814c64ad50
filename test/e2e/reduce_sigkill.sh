# gred killed with SIGKILL at random moments: OUT is either absent or a
# file that parses and is still interesting; no test outlives gred.
. "$(dirname "$0")/../lib/e2e.sh"
case_dir="$GRED_SRC/test/cases/big_chain"
"$case_dir/generate" "$T"
i=0
while [ $i -lt 8 ]; do
  i=$((i + 1))
  out="$T/out$i.mlir"
  "$GRED" reduce -j 2 -o "$out" "$T/input.mlir" sh "$case_dir/test.sh" 2>/dev/null &
  pid=$!
  # 0.05 .. 4 s: before the first write, during the big cuts, near the end
  delay=$(awk -v s="$i$$" 'BEGIN { srand(s); printf "%.2f", 0.05 + rand() * 4 }')
  sleep "$delay"
  kill -9 $pid 2>/dev/null || true
  wait $pid 2>/dev/null || true
  if [ ! -e "$out" ]; then pass; continue; fi
  if ! "$GRED" convert "$out" "$T/re.mlir" 2>"$T/err"; then
    fail "killed after $delay s: OUT does not parse: $(cat "$T/err")"; continue
  fi
  if sh "$case_dir/test.sh" "$out"; then pass; else fail "killed after $delay s: OUT is not interesting"; fi
done
# Ctrl-C: gred stops its tests, says where the best file is, exits 130.
"$GRED" reduce -j 2 -o "$T/int.mlir" "$T/input.mlir" sh "$case_dir/test.sh" 2>"$T/int.err" &
pid=$!
sleep 2
kill -INT $pid
set +e; wait $pid; rc=$?; set -e
if [ $rc -ne 130 ]; then fail "SIGINT: exit $rc, want 130: $(cat "$T/int.err")"
elif ! grep -q "interrupted" "$T/int.err"; then fail "SIGINT: no message: $(cat "$T/int.err")"
elif [ -e "$T/int.mlir" ] && ! sh "$case_dir/test.sh" "$T/int.mlir"; then fail "SIGINT: OUT not interesting"
else pass; fi
sleep 0.5
if pgrep -f "$case_dir/test.sh" >/dev/null; then fail "tests outlived gred"; else pass; fi
finish
