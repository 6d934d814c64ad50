# Every command reads its options by one grammar: --help with usage and
# examples, one line and exit 2 for an unknown option, values range-checked
# and named in errors, --name=VALUE and -xVALUE spellings, options after
# operands. Results are judged by onnx.checker and mlir-opt-19.
. "$(dirname "$0")/../lib/e2e.sh"
CASES="$GRED_SRC/test/cases"

# usage_error DESC WANT-LINE CMD...: exit 2 and exactly that stderr line.
usage_error() {
  desc=$1; want=$2; shift 2
  set +e; "$@" >/dev/null 2>"$T/err"; rc=$?; set -e
  if [ "$rc" -eq 2 ] && [ "$(cat "$T/err")" = "$want" ]; then pass; else fail "$desc: exit $rc, stderr '$(cat "$T/err")'"; fi
}

for c in reduce "triage add" "triage run" "triage list" "triage show" "triage sig" \
         "triage check" bisect gen cov convert demo; do
  # shellcheck disable=SC2086
  if "$GRED" $c --help >"$T/help" && grep -q "^usage: gred $c" "$T/help" &&
     grep -q "^examples:" "$T/help" && grep -q "^  gred $c" "$T/help" &&
     grep -q "^  -h, --help" "$T/help"; then pass; else fail "$c --help: $(head -3 "$T/help")"; fi
  # shellcheck disable=SC2086
  usage_error "$c --x" "gred: $c: unknown option '--x' (see gred $c --help)" "$GRED" $c --x
done
usage_error "a bad -x" "gred: gen: unknown option '-Z' (see gred gen --help)" "$GRED" gen -n 1 -Z -o "$T/z"
usage_error "value of a flag" "gred: gen: --guided takes no value (see gred gen --help)" "$GRED" gen --guided=1
usage_error "missing value" "gred: triage sig: --frames needs N (see gred triage sig --help)" "$GRED" triage sig x --frames

# gen: attached values and --name=VALUE; the same models as the spaced form.
"$GRED" gen -q -n3 --seed=7 --output="$T/g1" --nodes=12
"$GRED" gen -q --nodes 12 -o "$T/g2" -n 3 --seed 7
if /usr/bin/python3 - "$T/g1" <<'PY'; then pass; else fail "gen --name=VALUE: models invalid"; fi
import os, sys, onnx
fs = sorted(os.listdir(sys.argv[1]))
assert len(fs) == 3, fs
for f in fs:
    onnx.checker.check_model(onnx.load(os.path.join(sys.argv[1], f)), full_check=True)
PY
if diff -r "$T/g1" "$T/g2" >/dev/null; then pass; else fail "gen: spellings gave different models"; fi
expect_error "gen range" "--max-rank needs a number from 1 to 6 (whole), not '7'" "$GRED" gen -n 1 -o "$T/x" --max-rank 7
expect_error "gen pick-rate" "--pick-rate needs a number from 0 to 1, not '1.5'" "$GRED" gen -n 1 -o "$T/x" --pick-rate 1.5
# A bad value is named before a missing option.
expect_error "gen dialect" "gen: --dialect must be onnx, tosa, linalg or vector" "$GRED" gen --dialect foo
usage_error "gen operand" "gred: gen: unexpected argument 'extra' (see gred gen --help)" "$GRED" gen -n 1 -o "$T/x" extra

# convert: --batch=LIST, and options after the operands.
cp "$CASES/mulf_feeds_addf/input.mlir" "$T/in.mlir"
printf '%s\t%s\n' "$T/in.mlir" "$T/re.mlir" >"$T/list"
if "$GRED" convert --batch="$T/list" && mlir-opt-19 "$T/re.mlir" >/dev/null 2>&1; then pass; else fail "convert --batch=LIST"; fi
usage_error "convert operands" "gred: convert: missing IN or OUT (see gred convert --help)" "$GRED" convert "$T/in.mlir"

# triage: options after the operand and --name=VALUE; --timeout in decimals.
log="$GRED_SRC/test/triage/corpus/asan-double-free/dfree-8.log"
if "$GRED" triage sig "$log" --frames=2 --json >"$T/sig" && grep -q '"frames":\["[^"]*","[^"]*"\]' "$T/sig"; then
  pass; else fail "triage sig FILE --frames=2 --json: $(cat "$T/sig")"; fi
start=$(date +%s)
if "$GRED" triage check --timeout 0.5 -- sleep 30; then fail "check of a timeout passed"; else pass; fi
[ $(($(date +%s) - start)) -lt 10 ] && pass || fail "--timeout 0.5 did not stop sleep 30"
expect_error "triage frames range" "--frames needs a number from 1 to 64 (whole), not '65'" "$GRED" triage sig --frames 65 "$log"
expect_error "triage timeout" "--timeout needs seconds, a decimal above 0" "$GRED" triage check --timeout 0 -- true
usage_error "triage check operand" "gred: triage check: unexpected argument 'true': CMD goes after -- (see gred triage check --help)" "$GRED" triage check true
usage_error "triage list option" "gred: triage list: unknown option '--frames' (see gred triage list --help)" "$GRED" triage list --frames 3

# bisect and demo: ranges named.
expect_error "bisect repeat" "--repeat needs a number from 1 to 1000 (whole), not '0'" "$GRED" bisect --good a --bad b --repeat 0 -- true
expect_error "bisect timeout" "--timeout needs seconds" "$GRED" bisect --good a --bad b --timeout=-3 -- true
usage_error "bisect operand" "gred: bisect: unexpected argument 'true': TEST goes after -- (see gred bisect --help)" "$GRED" bisect --good a --bad b true
expect_error "demo jobs" "-j needs a number from 0 to 1024 (whole), not '99999999999'" "$GRED" demo -j 99999999999
finish
