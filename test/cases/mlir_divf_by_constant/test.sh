#!/bin/sh
# interesting iff an arith.divf divides by the result of an arith.constant
for c in $(sed -n 's/^ *\(%[a-z0-9_]*\) = arith.constant.*/\1/p' "$1"); do
  grep -q "arith.divf [^,]*, $c\b" "$1" && exit 0
done
exit 1
