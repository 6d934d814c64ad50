#!/bin/bash
# The metamorphic oracle for generated TOSA and linalg programs: each
# program in DIR is rewritten into an equivalent one
# (scripts/mlir_meta_rewrite.py: an op moved into a called function,
# commutative operands swapped, x + 0, x * 1 or a transpose pair inserted,
# an elementwise op split in two halves by extract_slice/insert_slice),
# both get the same @entry that runs @main on fixed inputs and prints its
# results (scripts/mlir_tosa_entry.py), both are lowered to LLVM by
# mlir-opt-19 with the same pipeline and run with mlir-cpu-runner-19, and
# the printed numbers are compared (relative tolerance 1e-3, nan equal to
# nan). A difference is a miscompile of one of them, or undefined behaviour
# in the program. Prints one line per program that differs, crashes, fails
# or whose rewrite does not verify (invalid: the rewriter's fault), and:
#   programs N same S differ D crashed C failed F invalid I skipped K
# (skipped: no site fits the kind).
# usage: mlir_tosa_meta.sh DIR
#   KIND=any|call|swap|identity|split    the rewrite (default any)
#   KIND=broken-add|broken-swap          controls: NOT equivalent rewrites
#   REWRITES=N   rewrites applied one after the other (default 2)
#   PIPE=O1|O0   with (default) or without canonicalize, cse and fusion
#   JOBS=2 parallel runs, KEEP=DIR keeps the differing pairs and outputs
set -eu
DIR=$1
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/mlir_lower.sh"
case ${PIPE:-O1} in
  O0) PIPELINE=$O0 ;;
  O1) PIPELINE=$O1 ;;
  *) echo "mlir_tosa_meta.sh: PIPE must be O0 or O1" >&2; exit 2 ;;
esac
export PIPELINE top
export KIND=${KIND:-any} REWRITES=${REWRITES:-2} KEEP=${KEEP:-}

one() {
  f=$1
  w=$(mktemp -d)
  trap 'rm -rf "$w"' RETURN
  b=$(basename "$f")
  # the entry: the lines mlir_tosa_entry.py appends to the program
  python3 "$top/scripts/mlir_tosa_entry.py" "$f" >"$w/full.mlir" || { echo "failed $f: entry"; return 0; }
  tail -c +$(($(wc -c <"$f") + 1)) "$w/full.mlir" >"$w/entry.mlir"
  env -i /usr/bin/mlir-opt-19 --mlir-print-op-generic "$f" -o "$w/orig.mlir" 2>"$w/err" ||
    { echo "failed $f: does not verify"; return 0; }
  cp "$w/orig.mlir" "$w/cur.mlir"
  what=""
  seed=$(printf '%s' "$b" | cksum | cut -d' ' -f1)
  for k in $(seq 1 "$REWRITES"); do
    set +e
    python3 "$top/scripts/mlir_meta_rewrite.py" --kind "$KIND" --seed $((seed + k)) \
      "$w/cur.mlir" >"$w/rw.mlir" 2>"$w/what"
    rc=$?
    set -e
    if [ "$rc" -eq 3 ]; then break; fi
    [ "$rc" -eq 0 ] || { echo "failed $f: rewrite: $(tail -1 "$w/what")"; return 0; }
    what="$what${what:+; }$(cat "$w/what")"
    if ! env -i /usr/bin/mlir-opt-19 --mlir-print-op-generic "$w/rw.mlir" -o "$w/cur.mlir" 2>"$w/err"; then
      echo "invalid $f: $what: $(grep -m1 error "$w/err")"
      [ -n "$KEEP" ] && mkdir -p "$KEEP" && cp "$w/rw.mlir" "$KEEP/$b.invalid.mlir"
      return 0
    fi
  done
  if [ -z "$what" ]; then echo "skipped $f: no site for $KIND"; return 0; fi
  for v in orig cur; do
    # the entry goes inside the module, before its closing line
    python3 "$top/scripts/mlir_meta_rewrite.py" --kind none --entry "$w/entry.mlir" \
      "$w/$v.mlir" >"$w/$v.e.mlir" 2>/dev/null
    set +e
    lower_to "$PIPELINE" "$w/$v.e.mlir" "$w/$v.ll.mlir" "$w/$v.err"
    rc=$?
    set -e
    if [ "$rc" -ne 0 ]; then
      if [ "$rc" -gt 128 ]; then kind=crash; else kind=failed; fi
      echo "$kind $f: mlir-opt-19 on the $v program ($what): $(grep -m1 -o ' mlir::[^(]*' "$w/$v.err" || grep -m1 error "$w/$v.err")"
      [ -n "$KEEP" ] && mkdir -p "$KEEP" && cp "$w/$v.e.mlir" "$KEEP/$b.$v.mlir" && cp "$w/$v.err" "$KEEP/$b.$v.stderr"
      return 0
    fi
    set +e
    run_entry "$w/$v.ll.mlir" "$w/$v.out" "$w/$v.rerr"
    rc=$?
    set -e
    if [ "$rc" -ne 0 ]; then
      echo "failed $f: mlir-cpu-runner-19 on the $v program exit $rc ($what)"
      return 0
    fi
  done
  if python3 "$top/scripts/mlir_tosa_entry.py" --compare "$w/orig.out" "$w/cur.out"; then
    echo "same $f: $what"
  else
    risky=$(grep -o -E 'tosa\.cast' "$f" | sort -u | tr '\n' ' ')
    echo "differ $f: $what${risky:+ (has $risky)}"
    if [ -n "$KEEP" ]; then
      mkdir -p "$KEEP"
      for v in orig cur; do cp "$w/$v.e.mlir" "$KEEP/$b.$v.mlir"; cp "$w/$v.out" "$KEEP/$b.$v.out"; done
    fi
  fi
}
export -f one

OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
ls "$DIR"/*.mlir | xargs -P "${JOBS:-2}" -n 1 bash -c 'one "$0"' >"$OUT" 2>&1 || true
grep -E '^(differ|crash|failed|invalid|skipped) ' "$OUT" | sort || true
[ -z "${VERBOSE:-}" ] || grep -E '^same ' "$OUT" | sort
awk '/^(same|differ|crash|failed|invalid|skipped) /{ n++; k[$1]++ }
  END { printf "programs %d same %d differ %d crashed %d failed %d invalid %d skipped %d\n", n, k["same"], k["differ"], k["crash"], k["failed"], k["invalid"], k["skipped"] }' "$OUT"
