#!/bin/bash
# The opt-differential oracle for generated TOSA programs: each program in
# DIR gets an @entry that runs @main on fixed inputs and prints its results
# (scripts/mlir_tosa_entry.py); it is lowered to LLVM twice with mlir-opt-19,
# without (O0) and with (O1) optimisation passes, both are run with
# mlir-cpu-runner-19, and the printed numbers are compared (relative
# tolerance 1e-3, nan equal to nan). Prints one line per program that
# differs, crashes, fails or times out, or divides by zero at run time (ub:
# none of gred's own programs should, their divisors are in [1, 7]),
# and a summary:
#   programs N same S differ D crashed C failed F ub U
# usage: mlir_tosa_diff.sh DIR   (JOBS=2 parallel runs, KEEP=DIR keeps the
# differing and crashing programs with both outputs)
set -eu
DIR=$1
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/mlir_lower.sh"
export top
export KEEP=${KEEP:-}

one() {
  f=$1
  w=$(mktemp -d)
  trap 'rm -rf "$w"' RETURN
  python3 "$top/scripts/mlir_tosa_entry.py" "$f" >"$w/e.mlir" || { echo "failed $f: entry"; return 0; }
  for o in O0 O1; do
    set +e
    lower_to "${!o}" "$w/e.mlir" "$w/$o.mlir" "$w/$o.err"
    rc=$?
    set -e
    if [ "$rc" -ne 0 ]; then
      if [ "$rc" -gt 128 ]; then kind=crash; else kind=failed; fi
      echo "$kind $f: mlir-opt-19 $o: $(grep -m1 -o ' mlir::[^(]*' "$w/$o.err" || grep -m1 error "$w/$o.err")"
      [ -n "$KEEP" ] && mkdir -p "$KEEP" && cp "$f" "$KEEP/" && cp "$w/$o.err" "$KEEP/$(basename "$f").$o.stderr"
      return 0
    fi
    set +e
    run_entry "$w/$o.mlir" "$w/$o.out" "$w/$o.rerr"
    rc=$?
    set -e
    if [ "$rc" -eq 136 ]; then
      echo "ub $f: SIGFPE in $o (integer division by zero)"
      return 0
    elif [ "$rc" -ne 0 ]; then
      echo "failed $f: mlir-cpu-runner-19 $o exit $rc"
      return 0
    fi
  done
  if python3 "$top/scripts/mlir_tosa_entry.py" --compare "$w/O0.out" "$w/O1.out"
  then
    echo "same $f"
  else
    # ops whose out-of-range inputs are poison in LLVM: a difference there
    # may be the program's undefined behaviour, not a miscompile. Shift
    # amounts and divisors of gred's programs are in range by construction;
    # a float cast to an integer is not (NaN, too large).
    risky=$(grep -o -E 'tosa\.cast' "$f" | sort -u | tr '\n' ' ')
    echo "differ $f${risky:+ (has $risky)}"
    if [ -n "$KEEP" ]; then
      mkdir -p "$KEEP"; cp "$f" "$KEEP/"
      b=$(basename "$f"); cp "$w/O0.out" "$KEEP/$b.O0.out"; cp "$w/O1.out" "$KEEP/$b.O1.out"
    fi
  fi
}
export -f one

OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
ls "$DIR"/*.mlir | xargs -P "${JOBS:-2}" -n 1 bash -c 'one "$0"' >"$OUT" 2>&1 || true
grep -E '^(differ|crash|failed|ub) ' "$OUT" | sort || true
awk '/^(same|differ|crash|failed|ub) /{ n++; k[$1]++ }
  END { printf "programs %d same %d differ %d crashed %d failed %d ub %d\n", n, k["same"], k["differ"], k["crash"], k["failed"], k["ub"] }' "$OUT"
