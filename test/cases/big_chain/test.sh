#!/bin/sh
# interesting iff the result of an arith.mulf is an operand of an arith.addf
grep -q 'arith.mulf' "$1" || exit 1
v=$(sed -n 's/^ *\(%[0-9a-z_]*\) = arith.mulf.*/\1/p' "$1" | head -1)
grep "arith.addf" "$1" | grep -q "$v\b"
