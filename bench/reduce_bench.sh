#!/bin/sh
# Runs gred, mlir-reduce-19 and cvise side by side on real mlir-opt-19
# crashes (bench/reduce_cases.txt) and prints, per case and in total, final
# bytes, test runs and wall time, and gred's ratio to the best peer.
#   bench/reduce_bench.sh [-n CASES] [-t SECONDS-PER-TOOL] [-j JOBS] [GRED]
# -j runs gred with -j JOBS and cvise with --n JOBS (default 1 each).
# Not a ctest test: it takes minutes to hours.
set -u
here=$(cd "$(dirname "$0")" && pwd)
GRED=${GRED:-$here/../build/gred}
CORPUS=${GRED_CORPUS:-$here/../../shared/corpus/mlir}
limit=1000 budget=600 jobs=1
while getopts n:t:j: o; do
  case $o in n) limit=$OPTARG ;; t) budget=$OPTARG ;; j) jobs=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] && GRED=$1
W=$(mktemp -d "${TMPDIR:-/tmp}/gred-bench.XXXXXX")
trap 'rm -rf "$W"' EXIT

# The crash's signature: the LLVM ERROR line, else the first named frame
# below the signal handler in the stack dump.
signature() {
  # (numbers in the message, like a requested capacity, vary with the input)
  if grep -q '^LLVM ERROR' "$1"; then grep -m1 '^LLVM ERROR' "$1" | sed 's/[0-9].*//' | cut -c1-80; return; fi
  sed -n '/libc.so.6/,$p' "$1" | grep -m1 ' mlir-opt-19 *0x[0-9a-f]* [_a-zA-Z]' |
    sed 's/^.*0x[0-9a-f]* //; s/ + [0-9]*$//' | cut -c1-120
}

# write_test DIR FLAGS SIG FILENAME EXIT-IF-INTERESTING: a test that logs
# each run (candidate bytes, exit status) in DIR/runs.
write_test() {
  cat >"$1/test.sh" <<EOS
#!/bin/sh
f=\${1:-$4}
env -i setarch -R timeout 20 mlir-opt-19 --allow-unregistered-dialect $2 < "\$f" > /dev/null 2> "\$f.log"
if grep -qF -- '$3' "\$f.log"; then r=$5; else r=\$((1 - $5)); fi
rm -f "\$f.log"
echo "\$(wc -c < "\$f") \$r" >> "$1/runs"
exit \$r
EOS
  chmod +x "$1/test.sh"
  : >"$1/runs"
}

runs() { wc -l <"$1/runs" | tr -d ' '; }

printf '%-52s %-10s %8s %6s %8s\n' case tool bytes runs seconds
n=0
tg=0 tm=0 tc=0 rg=0 rm=0 rc=0 sg=0 sm=0 sc=0
grep -v '^#' "$here/reduce_cases.txt" >"$W/cases"
# The case list comes in on fd 3: the reducers read stdin.
while IFS='|' read -r file flags <&3; do
  file=$(echo $file) flags=$(echo $flags)
  [ -n "$file" ] || continue
  n=$((n + 1)); [ $n -le $limit ] || break
  name=$(basename "$file" .mlir)
  d="$W/$n"; mkdir -p "$d"
  cp "$CORPUS/$file" "$d/in.mlir"
  env -i setarch -R mlir-opt-19 --allow-unregistered-dialect $flags < "$d/in.mlir" >/dev/null 2>"$d/orig.log"
  sig=$(signature "$d/orig.log")
  [ -n "$sig" ] || { echo "$name: no crash, skipped"; continue; }
  label="$name $flags"
  orig=$(wc -c <"$d/in.mlir")

  # gred
  mkdir -p "$d/g"; cp "$d/in.mlir" "$d/g/in.mlir"; write_test "$d/g" "$flags" "$sig" in.mlir 0
  t0=$(date +%s.%N)
  timeout "$budget" "$GRED" reduce -j "$jobs" -o "$d/g/out.mlir" "$d/g/in.mlir" "$d/g/test.sh" 2>/dev/null
  t1=$(date +%s.%N)
  gb=$(wc -c <"$d/g/out.mlir" 2>/dev/null || echo "$orig"); gr=$(runs "$d/g"); gt=$(echo "$t1 - $t0" | bc)

  # mlir-reduce-19: interesting = exit 1; each stage on its own, so a
  # crash of one stage keeps what the previous one reached.
  mkdir -p "$d/m"; cp "$d/in.mlir" "$d/m/cur.mlir"; write_test "$d/m" "$flags" "$sig" cur.mlir 1
  t0=$(date +%s.%N)
  mkdir -p "$d/mc"; write_test "$d/mc" "$flags" "$sig" cur.mlir 1
  for stage in "--opt-reduction-pass=opt-pass=symbol-dce test=$d/m/test.sh" \
               "--reduction-tree=traversal-mode=0 test=$d/m/test.sh" \
               "--opt-reduction-pass=opt-pass=canonicalize test=$d/m/test.sh"; do
    rm -f "$d/m/next.mlir"
    timeout "$budget" mlir-reduce-19 "$d/m/cur.mlir" "$stage" -o "$d/m/next.mlir" >/dev/null 2>&1
    if [ -s "$d/m/next.mlir" ]; then
      "$d/mc/test.sh" "$d/m/next.mlir"
      [ $? -eq 1 ] && mv "$d/m/next.mlir" "$d/m/cur.mlir"
    fi
  done
  t1=$(date +%s.%N)
  mb=$(wc -c <"$d/m/cur.mlir"); mr=$(runs "$d/m"); mt=$(echo "$t1 - $t0" | bc)

  # cvise: runs the test with no argument beside a file of fixed name.
  mkdir -p "$d/c"; cp "$d/in.mlir" "$d/c/in.mlir"; write_test "$d/c" "$flags" "$sig" in.mlir 0
  t0=$(date +%s.%N)
  (cd "$d/c" && timeout "$budget" cvise --not-c --n "$jobs" --tidy "$d/c/test.sh" in.mlir >/dev/null 2>&1)
  t1=$(date +%s.%N)
  cb=$(wc -c <"$d/c/in.mlir"); cr=$(runs "$d/c"); ct=$(echo "$t1 - $t0" | bc)

  printf '%-52s %-10s %8d %6d %8.1f\n' "$label" gred "$gb" "$gr" "$gt"
  printf '%-52s %-10s %8d %6d %8.1f\n' "" mlir-reduce "$mb" "$mr" "$mt"
  printf '%-52s %-10s %8d %6d %8.1f\n' "" cvise "$cb" "$cr" "$ct"
  # The best peer: fewest final bytes, then fewest runs, among the peers
  # that reduced at all (a peer that crashed at once is no contender).
  best_b=$orig best_r=0
  if [ "$mb" -lt "$orig" ]; then best_b=$mb best_r=$mr; fi
  if [ "$cb" -lt "$best_b" ] || { [ "$cb" -eq "$best_b" ] && [ "$cb" -lt "$orig" ] &&
       [ "$cr" -lt "$best_r" ]; }; then
    best_b=$cb best_r=$cr
  fi
  if [ "$best_r" -gt 0 ]; then rr=$(echo "$gr / $best_r" | bc -l); else rr=0; fi
  # The runs gred needed to hold a file no bigger than the best peer's.
  gm=$(awk -v b="$best_b" '$2 == 0 && $1 <= b { print NR; exit }' "$d/g/runs")
  printf '%-52s %-10s %8.2f %6.2f   (orig %d bytes; gred matched the best peer after %s runs)\n' \
    "" "gred/best" "$(echo "$gb / $best_b" | bc -l)" "$rr" "$orig" "${gm:--}"
  echo "$gb $gr $gt $mb $mr $mt $cb $cr $ct $best_b $best_r ${gm:-$gr}" >> "$W/totals"
done 3<"$W/cases"
if [ -s "$W/totals" ]; then
  awk '{ for (i = 1; i <= 12; i++) s[i] += $i }
    END {
      printf "%-52s %-10s %8d %6d %8.1f\n", "TOTAL", "gred", s[1], s[2], s[3]
      printf "%-52s %-10s %8d %6d %8.1f\n", "", "mlir-reduce", s[4], s[5], s[6]
      printf "%-52s %-10s %8d %6d %8.1f\n", "", "cvise", s[7], s[8], s[9]
      printf "%-52s %-10s %8d %6d\n", "", "best peer", s[10], s[11]
      printf "%-52s %-10s %8.2f %6.2f\n", "", "gred/best", s[1] / s[10], s[2] / (s[11] ? s[11] : 1)
      printf "%-52s runs gred needed to match the best peers bytes: %d (%.2fx the peers runs)\n", "", s[12], s[12] / (s[11] ? s[11] : 1)
    }' "$W/totals"
fi
