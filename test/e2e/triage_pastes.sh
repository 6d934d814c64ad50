# Real crash logs pasted the way reports break them, and captures that say
# too little. One C program with two assertions (bugs a and b), two stack
# overflows of two variables, and two signed overflows, built with gcc and
# clang at two -O levels, with and without symbols:
# - an assertion line a paste cut inside "Assertion", or broke in three
#   pieces mid-word, files with the whole line of its bug, not the other;
# - gdb's SIGABRT with the program's message and frames cut off says only
#   the signal: the captures of a and b stand alone;
# - ASan's stack object ("'a' (line N)"), which GCC keeps in a stripped
#   program, ties a stripped report to a symbolised one of another build;
# - UBSan's line broken before " + N" still meets the whole one.
. "$(dirname "$0")/../lib/e2e.sh"
need_cmd gcc clang gdb strip awk
cat >"$T/k.c" <<'C'
#include <assert.h>
#include <limits.h>
#include <stdlib.h>
volatile int g_zero = 0;
__attribute__((noinline)) int fold_gather_rows(int v) { int limit = g_zero; assert(v < limit && "fold_gather_rows input row within the configured limit"); return v; }
__attribute__((noinline)) int tile_concat_cols(int v) { int limit = g_zero; assert(v < limit && "tile_concat_cols input col within the configured limit"); return v; }
__attribute__((noinline)) int read_a(int v) { volatile int a[8]; for (int i = 0; i < 8; i++) a[i] = i; return a[8 + v % 2 + g_zero]; }
__attribute__((noinline)) int read_b(int v) { volatile int b[8]; for (int i = 0; i < 8; i++) b[i] = i; return b[8 + v % 2 + g_zero]; }
__attribute__((noinline)) int add_a(int v) { int x = INT_MAX - g_zero; return x + v; }
__attribute__((noinline)) int add_b(int v) { int x = INT_MAX - g_zero; return v + x * 1; }
int main(int argc, char **argv) {
	int v = argc + 2;
	switch (argv[1][0]) {
	case 'a': return fold_gather_rows(v);
	case 'b': return tile_concat_cols(v);
	case 's': return read_a(v);
	case 't': return read_b(v);
	case 'u': return add_a(v);
	case 'w': return add_b(v);
	}
	return 0;
}
C
# build NAME CC OPT [FLAGS...]: a build directory of its own; NAME ending
# in -s is stripped.
build() {
  name=$1; cc=$2; opt=$3; shift 3
  mkdir -p "$T/$name"
  cp "$T/k.c" "$T/$name/k.c"
  case $name in *-s) g= ;; *) g=-g ;; esac
  "$cc" "$opt" $g "$@" -o "$T/$name/k" "$T/$name/k.c"
  case $name in *-s) strip "$T/$name/k" ;; esac
}
build plain-gcc gcc -O0
build plain-clang clang -O2
build asan-gcc-s gcc -O1 -fsanitize=address -fno-omit-frame-pointer
build asan-clang clang -O1 -fsanitize=address -fno-omit-frame-pointer
build ubsan-gcc-s gcc -O2 -fsanitize=undefined -fno-sanitize-recover=undefined
build ubsan-clang clang -O0 -fsanitize=undefined -fno-sanitize-recover=undefined
export ASAN_OPTIONS=detect_leaks=0:symbolize=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
L=$T/logs
mkdir -p "$L"
run() { out=$1; shift; sh -c '"$0" "$@"' "$@" >"$out" 2>&1 || :; }

for bug in a b; do
  run "$L/$bug-plain-gcc.log" "$T/plain-gcc/k" "$bug"
  run "$T/$bug-clang.whole" "$T/plain-clang/k" "$bug"
  # cut after "Assert", as a box of that width does
  awk '/Assertion/ { i = index($0, "Assertion") + 6; print substr($0, 1, i - 1); print substr($0, i); next } { print }' \
    "$T/$bug-clang.whole" >"$L/$bug-plain-clang-cut.log"
  # three pieces mid-word, of unequal widths (no fixed box to unwrap)
  awk '/Assertion/ { print substr($0, 1, 63); print substr($0, 64, 61); print substr($0, 125); next } { print }' \
    "$L/$bug-plain-gcc.log" >"$L/$bug-plain-gcc-three.log"
  # gdb, the program's own stderr gone and the paste cut after libc's frames
  # (a's from the gcc build cut after frame #2, b's from clang's after #1:
  # two logs, each saying only SIGABRT)
  if [ "$bug" = a ]; then d=plain-gcc; last=2; else d=plain-clang; last=1; fi
  gdb -q -batch -nx -ex run -ex 'bt 20' --args "$T/$d/k" "$bug" 2>/dev/null |
    awk -v last="^#$last " '$0 ~ last { print; exit } { print }' >"$L/$bug-gdb-bare.log"
done
for bug in s t; do
  run "$L/$bug-asan-gcc-s.log" "$T/asan-gcc-s/k" "$bug"
  run "$L/$bug-asan-clang.log" "$T/asan-clang/k" "$bug"
done
for bug in u w; do
  run "$L/$bug-ubsan-clang.log" "$T/ubsan-clang/k" "$bug"
  run "$T/$bug-ubsan.whole" "$T/ubsan-gcc-s/k" "$bug"
  awk '/runtime error/ { i = index($0, " + "); print substr($0, 1, i - 1); print substr($0, i); next } { print }' \
    "$T/$bug-ubsan.whole" >"$L/$bug-ubsan-gcc-s-cut.log"
done

# The captures are what they claim: the pieces hold no whole report word,
# the bare gdb logs no message and no frame of the program, the stripped
# builds' reports no function name, and GCC kept the variable's line.
for bug in a b; do
  if grep -q "Assertion" "$L/$bug-plain-clang-cut.log"; then fail "$bug: 'Assertion' left whole"; else pass; fi
  if grep -q "Assert$" "$L/$bug-plain-clang-cut.log"; then pass; else fail "$bug: no cut: $(cat "$L/$bug-plain-clang-cut.log")"; fi
  if [ "$(grep -c . "$L/$bug-plain-gcc-three.log")" -ge 4 ]; then pass; else fail "$bug: not in three pieces"; fi
  if grep -q "SIGABRT" "$L/$bug-gdb-bare.log" && ! grep -Eq "Assertion|fold_gather|tile_concat|main" "$L/$bug-gdb-bare.log"; then
    pass; else fail "$bug: gdb capture: $(cat "$L/$bug-gdb-bare.log")"; fi
done
for bug in s t; do
  if grep -q "stack-buffer-overflow" "$L/$bug-asan-gcc-s.log" && ! grep -q "read_" "$L/$bug-asan-gcc-s.log" &&
     grep -q "' (line [0-9]*) <== Memory access" "$L/$bug-asan-gcc-s.log"; then pass; else
    fail "$bug: stripped ASan log: $(head -c 600 "$L/$bug-asan-gcc-s.log")"; fi
  if grep -q "read_" "$L/$bug-asan-clang.log"; then pass; else fail "$bug: clang's ASan log names no function"; fi
done
for bug in u w; do
  if grep -q "runtime error: signed integer overflow" "$T/$bug-ubsan.whole" && ! grep -q "add_" "$T/$bug-ubsan.whole"; then
    pass; else fail "$bug: stripped UBSan log: $(cat "$T/$bug-ubsan.whole")"; fi
done

"$GRED" triage add -v --db "$T/t.db" "$L"/*.log >"$T/add" 2>&1 || fail "add: $(cat "$T/add")"
bucket() { "$PY" -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("SELECT bucket FROM members WHERE source = ?", (sys.argv[2],)).fetchone()[0])' "$T/t.db" "$L/$1.log"; }
same() {
  if [ "$(bucket "$1")" = "$(bucket "$2")" ]; then pass; else fail "$1 and $2 apart: $("$GRED" triage sig "$L/$1.log" | head -3) / $("$GRED" triage sig "$L/$2.log" | head -3)"; fi
}
apart() {
  if [ "$(bucket "$1")" != "$(bucket "$2")" ]; then pass; else fail "$1 and $2 share a bucket"; fi
}
for bug in a b; do
  same "$bug-plain-gcc" "$bug-plain-clang-cut"
  same "$bug-plain-gcc" "$bug-plain-gcc-three"
done
apart a-plain-gcc b-plain-gcc
apart a-plain-clang-cut b-plain-clang-cut
apart a-plain-gcc-three b-plain-gcc-three
apart a-gdb-bare b-gdb-bare
for f in plain-gcc plain-clang-cut gdb-bare; do apart "a-$f" b-gdb-bare; apart "b-$f" a-gdb-bare; done
same s-asan-gcc-s s-asan-clang
same t-asan-gcc-s t-asan-clang
apart s-asan-gcc-s t-asan-clang
apart t-asan-gcc-s s-asan-clang
same u-ubsan-gcc-s-cut u-ubsan-clang
same w-ubsan-gcc-s-cut w-ubsan-clang
apart u-ubsan-gcc-s-cut w-ubsan-clang
# a bare signal's line says why it stands alone
if "$GRED" triage sig "$L/a-gdb-bare.log" | grep -q "nothing read but a crash"; then pass; else
  fail "bare gdb log: $("$GRED" triage sig "$L/a-gdb-bare.log")"; fi
finish
