#!/bin/sh
# The buckets of a `gred fuzz --target mlir-opt:random-vector` (or
# mlir-opt:random) campaign by crashing pass, as mlir-opt-19 itself says:
# each bucket's reduced case is replayed (--run-reproducer, file on stdin,
# env -i, setarch -R, one thread, --mlir-print-ir-before-all) and the pass
# of the last "IR Dump Before" is the one that crashed. One line a bucket:
#   BUCKET PASS crashes|no-crash PASSES-IN-PIPELINE BYTES-OF-PROGRAM FIRST-LINE-OF-SIGNATURE
# then the count per pass.
#   bench/gen_vector_buckets.sh RUNDIR
set -eu
run=$1
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for b in "$run"/buckets/*/; do
  id=$(basename "$b")
  f=$b/reduced.mlir
  [ -f "$f" ] || f=$b/first.mlir
  rc=0
  setarch -R env -i /usr/bin/mlir-opt-19 --mlir-disable-threading --run-reproducer \
    --mlir-print-ir-before-all <"$f" >/dev/null 2>"$tmp" || rc=$?
  pass=$(sed -n 's/^\/\/ -----\/\/ IR Dump Before [^ ]* (\([^)]*\)).*/\1/p' "$tmp" | tail -n 1)
  crash=no-crash
  if [ "$rc" -gt 128 ] || grep -q -e '^Stack dump:' -e 'LLVM ERROR' "$tmp"; then crash=crashes; fi
  pipeline=$(sed -n 's/^ *pipeline: "\(.*\)",\{0,1\}$/\1/p' "$f")
  npasses=$(echo "$pipeline" | sed 's/{[^}]*}//g; s/builtin.module(//; s/func.func(//g; s/)//g' | tr ',' '\n' | grep -c . || true)
  bytes=$(sed '/^{-#/,$d' "$f" | wc -c)
  what=$(grep -m1 -E 'LLVM ERROR|Assertion|^ #[0-9]+ .*mlir::' "$tmp" | sed 's/^ *#[0-9]* 0x[0-9a-f]* //' | cut -c1-100)
  echo "$id ${pass:-?} $crash $npasses $bytes $what"
done | tee "$tmp.lines"
echo "## buckets by pass"
awk '{print $2}' "$tmp.lines" | sort | uniq -c | sort -rn
rm -f "$tmp.lines"
