# The option grammar of gred reduce and of its short form `gred IN TEST`:
# options anywhere before TEST (or --), --same-crash and --match before IN,
# range-checked numbers, a warning for gred options given to the test, and
# a TEST named without ./ found in the current directory. Results are
# judged by the fixtures' expected files, onnx.checker and mlir-opt-19.
. "$(dirname "$0")/../lib/e2e.sh"
CASES="$GRED_SRC/test/cases"
mkdir "$T/w"
cd "$T/w"
cp "$CASES/mulf_feeds_addf/input.mlir" in.mlir
cp "$CASES/mulf_feeds_addf/test.sh" t.sh
chmod +x t.sh

# verified FILE: mlir-opt-19 parses and verifies it.
verified() { mlir-opt-19 --allow-unregistered-dialect "$1" >/dev/null 2>&1; }

# The short form takes options; TEST without a slash is ./t.sh.
"$GRED_SRC/test/cases/onnx_mul_tanh/generate" "$T/w"
cp "$CASES/onnx_mul_tanh/test.sh" tanh.sh
chmod +x tanh.sh
if "$GRED" -j 2 input.onnx tanh.sh 2>"$T/err"; then pass; else fail "gred -j 2 x.onnx t.sh: $(cat "$T/err")"; fi
if cmp -s input.reduced.onnx "$CASES/onnx_mul_tanh/expected.onnx" &&
   /usr/bin/python3 -c 'import onnx,sys; onnx.checker.check_model(onnx.load(sys.argv[1]))' input.reduced.onnx; then
  pass; else fail "short form -j 2: result is not the expected valid model"; fi
if "$GRED" --stats in.mlir t.sh 2>"$T/err" && grep -q "^test runs: " "$T/err" &&
   cmp -s in.reduced.mlir "$CASES/mulf_feeds_addf/expected.mlir" && verified in.reduced.mlir; then
  pass; else fail "gred --stats in.mlir t.sh: $(cat "$T/err")"; fi

# A TEST named without ./ in the current directory, as README promises.
cp in.mlir plain.mlir
if "$GRED" plain.mlir t.sh 2>"$T/err" && cmp -s plain.reduced.mlir "$CASES/mulf_feeds_addf/expected.mlir"; then
  pass; else fail "gred IN t.sh: $(cat "$T/err")"; fi

# Options between IN and TEST, in every spelling; -j 0 is one job per core.
rm -f out.mlir
if "$GRED" reduce in.mlir -j0 --timeout 2.5 --output=out.mlir -v sh t.sh 2>"$T/err" &&
   cmp -s out.mlir "$CASES/mulf_feeds_addf/expected.mlir" && grep -q "interesting" "$T/err"; then
  pass; else fail "options between IN and TEST: $(tail -3 "$T/err")"; fi
# The documented trailing -o OUT still works.
if "$GRED" reduce --stats -j 2 in.mlir ./t.sh -o trail.mlir 2>/dev/null &&
   cmp -s trail.mlir "$CASES/mulf_feeds_addf/expected.mlir"; then
  pass; else fail "trailing -o OUT"; fi

# --same-crash before IN, with -o between it and --; the real mlir-opt-19
# crash must survive in the result.
cp "$CASES/mlir_opt_remove_dead_values/input.mlir" crash.mlir
if "$GRED" reduce --same-crash crash.mlir -o small.mlir -- mlir-opt-19 \
     --allow-unregistered-dialect --remove-dead-values 2>"$T/err" &&
   [ "$(wc -c <small.mlir)" -lt "$(wc -c <crash.mlir)" ] &&
   ! mlir-opt-19 --allow-unregistered-dialect --remove-dead-values small.mlir >/dev/null 2>"$T/log" &&
   grep -q "CallOpInterface::getArgOperands" "$T/log"; then
  pass; else fail "reduce --same-crash IN -o X -- CMD: $(cat "$T/err")"; fi
# --match REGEX before IN.
if "$GRED" reduce --match 'arith\.addf' -o match.mlir in.mlir -- cat 2>"$T/err" &&
   grep -q "arith.addf" match.mlir && [ "$(grep -c arith match.mlir)" -eq 1 ] && verified match.mlir; then
  pass; else fail "reduce --match REGEX IN -- CMD: $(cat "$T/err")"; fi
if "$GRED" reduce --help | grep -q -- "--same-crash IN -- CMD" &&
   "$GRED" reduce --help | grep -q "^  gred reduce --same-crash crash.mlir -- mlir-opt-19"; then
  pass; else fail "reduce --help lacks the --same-crash syntax and example"; fi

# A gred option after TEST goes to the test, with one warning.
cat >last.sh <<'SH'
#!/bin/sh
echo "$@" >"$ARGS_LOG"
eval "f=\${$#}"
sh "$TEST" "$f"
SH
chmod +x last.sh
if ARGS_LOG="$T/args" TEST="$T/w/t.sh" "$GRED" reduce -o warn.mlir in.mlir ./last.sh --timeout 5 2>"$T/err" &&
   cmp -s warn.mlir "$CASES/mulf_feeds_addf/expected.mlir" && grep -q "^--timeout 5 /" "$T/args" &&
   [ "$(grep -c "^gred: warning: .*--timeout" "$T/err")" -eq 1 ] && [ "$(wc -l <"$T/err")" -eq 2 ] && tail -1 "$T/err" | grep -q "; wrote warn.mlir$"; then
  pass; else fail "--timeout after TEST: $(cat "$T/err")"; fi
# After --, the user said where gred's options end: no warning.
if ARGS_LOG="$T/args" TEST="$T/w/t.sh" "$GRED" reduce -o warn.mlir in.mlir -- ./last.sh --timeout 5 2>"$T/err" &&
   ! grep -q "warning" "$T/err"; then pass; else fail "warning after --: $(cat "$T/err")"; fi

# usage_error DESC WANT-LINE CMD...: exit 2 and exactly that stderr line.
usage_error() {
  desc=$1; want=$2; shift 2
  set +e; "$@" >/dev/null 2>"$T/err"; rc=$?; set -e
  if [ "$rc" -eq 2 ] && [ "$(cat "$T/err")" = "$want" ]; then pass; else fail "$desc: exit $rc, stderr '$(cat "$T/err")'"; fi
}
usage_error "unknown option, short form" "gred: reduce: unknown option '--x' (see gred reduce --help)" "$GRED" --x in.mlir t.sh
usage_error "unknown option" "gred: reduce: unknown option '--x' (see gred reduce --help)" "$GRED" reduce in.mlir --x t.sh
usage_error "missing value" "gred: reduce: -j needs N (see gred reduce --help)" "$GRED" reduce in.mlir -j

expect_error "-j too big" "-j needs a number from 0 to 1024 (whole), not '99999999999'" "$GRED" -j 99999999999 in.mlir t.sh
expect_error "-j not a number" "--jobs needs a number from 0 to 1024 (whole), not 'x'" "$GRED" reduce --jobs x in.mlir t.sh
expect_error "--timeout 0" "--timeout needs seconds, a decimal above 0" "$GRED" --timeout 0 in.mlir t.sh
expect_error "--timeout negative" "--timeout needs seconds" "$GRED" --timeout=-1 in.mlir t.sh
expect_error "missing CMD" "wants -- CMD" "$GRED" reduce --same-crash in.mlir
cmp -s in.mlir "$CASES/mulf_feeds_addf/input.mlir" || fail "input modified"
finish
