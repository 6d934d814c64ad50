# Replaying the reduced findings kept under bench/gen_*_findings (sourced
# after e2e.sh), each judged by mlir-opt-19 itself, the file on stdin with
# its mlir_reproducer block, one thread, no address randomisation:
#
# findings_crash DIR: each DIR/PASS.mlir crashes mlir-opt-19 (a signal and
# a "Stack dump:"), and the pass running then is PASS (the last "IR Dump
# Before" of --mlir-print-ir-before-all).
#
# findings_verify DIR: each DIR/PASS.mlir verifies alone; its pipeline
# fails in PASS (the "IR Dump After ... Failed (PASS)" of
# --mlir-print-ir-after-failure), and the IR PASS left behind fails the
# verifier alone with the run's own first error. The runner
# (scripts/fuzz_mlir_opt.sh) files it as a verify finding of PASS, and with
# the crash oracle alone as a rejection.
#
# Both print the count of files checked, which must be at least $2.

FINDINGS_OPT="setarch -R env -i /usr/bin/mlir-opt-19 --mlir-disable-threading --run-reproducer"

findings_crash() {
  n=0
  for f in "$1"/*.mlir; do
    [ -f "$f" ] || continue
    want=$(basename "$f" .mlir)
    n=$((n + 1))
    rc=0
    $FINDINGS_OPT --mlir-print-ir-before-all <"$f" >/dev/null 2>"$T/log" || rc=$?
    got=$(sed -n 's/^\/\/ -----\/\/ IR Dump Before [^ ]* (\([^)]*\)).*/\1/p' "$T/log" | tail -n 1)
    if [ "$rc" -gt 128 ] && grep -q '^Stack dump:' "$T/log"; then pass; else fail "$want: exit $rc, no crash"; fi
    if [ "$got" = "$want" ]; then pass; else fail "$want: the crash is in '$got'"; fi
  done
  if [ "$n" -ge "$2" ]; then pass; else fail "$n crash findings in $1, want $2+"; fi
}

findings_first_error() { sed -n 's/^.*error: //p' "$1" | head -n 1; }

findings_verify() {
  n=0
  for f in "$1"/*.mlir; do
    [ -f "$f" ] || continue
    want=$(basename "$f" .mlir)
    n=$((n + 1))
    if env -i /usr/bin/mlir-opt-19 <"$f" >/dev/null 2>"$T/log"; then pass
    else fail "$want: input does not verify: $(head -2 "$T/log")"; fi
    rc=0
    $FINDINGS_OPT --mlir-print-ir-after-failure --mlir-print-ir-module-scope <"$f" >/dev/null 2>"$T/log" || rc=$?
    got=$(sed -n 's/^\/\/ -----\/\/ IR Dump After .* Failed (\([^)]*\)).*/\1/p' "$T/log" | tail -n 1)
    if [ "$rc" -eq 1 ] && [ "$got" = "$want" ]; then pass; else fail "$want: exit $rc, failed in '$got'"; fi
    sed -n '/^\/\/ -----\/\/ IR Dump After .* Failed (/,$p' "$T/log" | sed 1d >"$T/after.mlir"
    rc=0
    env -i /usr/bin/mlir-opt-19 <"$T/after.mlir" >/dev/null 2>"$T/after.log" || rc=$?
    e1=$(findings_first_error "$T/log"); e2=$(findings_first_error "$T/after.log")
    if [ "$rc" -eq 1 ] && [ -n "$e1" ] && [ "$e1" = "$e2" ]; then pass
    else fail "$want: the IR after the pass: exit $rc, '$e2', not the run's '$e1'"; fi
    rc=0
    sh "$GRED_SRC/scripts/fuzz_mlir_opt.sh" --oracle crash,verify --run-reproducer "$f" 2>"$T/log" || rc=$?
    if [ "$rc" -eq 1 ] && [ "$(head -n 1 "$T/log")" = "gred-oracle: verify" ] &&
       grep -q "^    at $want (fuzz_mlir_opt.sh" "$T/log"; then pass
    else fail "$want: runner exit $rc, $(head -n 1 "$T/log")"; fi
    rc=0
    sh "$GRED_SRC/scripts/fuzz_mlir_opt.sh" --oracle crash --run-reproducer "$f" 2>/dev/null || rc=$?
    if [ "$rc" -eq 2 ]; then pass; else fail "$want: crash oracle alone: exit $rc, want 2"; fi
  done
  if [ "$n" -ge "$2" ]; then pass; else fail "$n verify findings in $1, want $2+"; fi
}
