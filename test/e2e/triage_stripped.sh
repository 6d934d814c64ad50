# Logs of a stripped program name no function: what ties them to their bug
# is the machine code that crashed. One program with two null reads of one
# kind, built with -g and stripped (the same instructions), crashes under
# ASan, gdb and lldb; each log of bug A must share a bucket with the others
# of A (a stripped ASan report with the symbolised one, gdb's bare
# addresses with lldb's unnamed symbols and with gdb's named frames), and
# never with bug B's.
. "$(dirname "$0")/../lib/e2e.sh"
need_cmd cc gdb lldb strip nm
cat >"$T/k.c" <<'C'
#include <stdlib.h>
volatile long g_zero = 0;
__attribute__((noinline)) int load_a(int v) { int *p = (int *)g_zero; return p[v] + 1; }
__attribute__((noinline)) int load_b(int v) { int *p = (int *)g_zero; return p[v + 2] * 3; }
__attribute__((noinline)) int run_a(int v) { return load_a(v) + 5; }
__attribute__((noinline)) int run_b(int v) { return load_b(v) + 7; }
int main(int argc, char **argv) {
	if (argc < 2) return 2;
	return argv[1][0] == 'a' ? run_a(argc) : run_b(argc);
}
C
for d in asan-g asan-s plain-g plain-s; do mkdir -p "$T/$d"; done
cc -O1 -g -fsanitize=address -o "$T/asan-g/k" "$T/k.c"
cc -O1 -fsanitize=address -o "$T/asan-s/k" "$T/k.c"
cc -O1 -g -o "$T/plain-g/k" "$T/k.c"
cc -O1 -o "$T/plain-s/k" "$T/k.c"
strip "$T/asan-s/k" "$T/plain-s/k"
# nm confirms the stripped builds name nothing
if nm "$T/plain-s/k" 2>&1 | grep -q 'no symbols'; then pass; else fail "plain-s/k has symbols"; fi

export ASAN_OPTIONS=detect_leaks=0:symbolize=1
mkdir -p "$T/logs"
for bug in a b; do
  for d in asan-g asan-s; do
    "$T/$d/k" "$bug" >"$T/logs/$bug-$d.log" 2>&1 || :
  done
  for d in plain-g plain-s; do
    gdb -q -batch -nx -ex run -ex 'bt 20' --args "$T/$d/k" "$bug" >"$T/logs/$bug-gdb-$d.log" 2>&1 || :
  done
  lldb -b --no-lldbinit -o run -k 'bt 20' -- "$T/plain-s/k" "$bug" >"$T/logs/$bug-lldb-plain-s.log" 2>&1 || :
done
# the captures crashed, and the stripped ones have no function name
for f in "$T"/logs/*.log; do
  if grep -Eq 'AddressSanitizer: SEGV|SIGSEGV' "$f"; then pass; else fail "$(basename "$f") did not crash: $(head -c 300 "$f")"; fi
done
for f in a-asan-s a-gdb-plain-s a-lldb-plain-s; do
  if grep -Eq 'load_a|run_a' "$T/logs/$f.log"; then fail "$f names a function"; else pass; fi
done

"$GRED" triage add -v --db "$T/t.db" "$T"/logs/*.log >"$T/add" 2>&1 || fail "add: $(cat "$T/add")"
bucket() { "$PY" -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("SELECT bucket FROM members WHERE source = ?", (sys.argv[2],)).fetchone()[0])' "$T/t.db" "$T/logs/$1.log"; }
for bug in a b; do
  want=$(bucket "$bug-asan-g")
  if [ "$(bucket "$bug-asan-s")" = "$want" ]; then pass; else fail "$bug: stripped ASan apart from symbolised ASan"; fi
  want=$(bucket "$bug-gdb-plain-g")
  for f in gdb-plain-s lldb-plain-s; do
    if [ "$(bucket "$bug-$f")" = "$want" ]; then pass; else fail "$bug: $f apart from gdb's named frames"; fi
  done
done
for f in asan-g asan-s gdb-plain-g gdb-plain-s lldb-plain-s; do
  for g in asan-g asan-s gdb-plain-g gdb-plain-s lldb-plain-s; do
    if [ "$(bucket "a-$f")" = "$(bucket "b-$g")" ]; then fail "a-$f and b-$g share a bucket"; fi
  done
done
pass
# `triage sig` shows the code the stripped log matched by
if "$GRED" triage sig "$T/logs/a-gdb-plain-s.log" | grep -Eq '^code +[0-9a-f]+ [0-9a-f]+'; then pass; else fail "no code line: $("$GRED" triage sig "$T/logs/a-gdb-plain-s.log")"; fi
finish
