#!/bin/sh
# Whether the buckets of a `gred fuzz` campaign are distinct bugs: runs the
# best case of every bucket (reduced, else first) against every bucket's
# test.sh and prints the matrix, 1 where the test calls the case
# interesting. Distinct bugs give 1 on the diagonal only. For
# mlir-opt:random campaigns it also prints each bucket's pipeline.
# usage: bench/fuzz_cross_check.sh CAMPAIGN-DIR
set -u
[ $# -eq 1 ] && [ -d "$1/buckets" ] || { echo "usage: $0 CAMPAIGN-DIR" >&2; exit 2; }
dir=$(cd "$1" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/fuzz_cross.XXXXXX")
trap 'rm -rf "$work"' EXIT
ids=$(ls "$dir/buckets")
best() {
  for f in "$dir/buckets/$1"/reduced.onnx "$dir/buckets/$1"/reduced.mlir \
      "$dir/buckets/$1"/first.onnx "$dir/buckets/$1"/first.mlir; do
    [ -f "$f" ] && { echo "$f"; return; }
  done
}
printf '%-16s' "case \\ test"
for t in $ids; do printf ' %.4s' "$t"; done
echo
off=0
for c in $ids; do
  f=$(best "$c")
  printf '%-16s' "$c"
  for t in $ids; do
    cp "$f" "$work/case.${f##*.}"
    if (cd "$work" && sh "$dir/buckets/$t/test.sh" "$work/case.${f##*.}" >/dev/null 2>&1); then
      hit=1
    else
      hit=0
    fi
    printf ' %4s' "$hit"
    if [ "$c" = "$t" ] && [ $hit -eq 0 ]; then off=$((off + 1)); fi
    if [ "$c" != "$t" ] && [ $hit -eq 1 ]; then off=$((off + 1)); fi
  done
  p=$(sed -n 's/^ *pipeline: "\(.*\)",\{0,1\}$/\1/p' "$f" | tail -n 1)
  bytes=$(sed '/^{-#/,$d' "$f" | wc -c)
  printf '  %s B%s\n' "$bytes" "${p:+  $p}"
done
echo "$off cells off the diagonal pattern"
[ $off -eq 0 ]
