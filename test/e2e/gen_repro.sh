# gred gen / gred cov: same seed -> byte-identical models, different seeds
# differ, --format mlir goes through the ONNX bridge, cov prints the metrics,
# bad options fail with one line.
. "$(dirname "$0")/../lib/e2e.sh"
. "$GRED_SRC/test/lib/gen_seeds.sh"
gen_same_seed onnx --nodes 25

# guided mode is reproducible too
"$GRED" gen -q -n 20 -o "$T/g1" --seed 5 --guided
"$GRED" gen -q -n 20 -o "$T/g2" --seed 5 --guided
cat "$T"/g1/* >"$T/g1.cat"; cat "$T"/g2/* >"$T/g2.cat"
if cmp -s "$T/g1.cat" "$T/g2.cat"; then pass; else fail "guided: not reproducible"; fi

# --ops restricts the op types
"$GRED" gen -q -n 5 -o "$T/ops" --ops Conv,Relu,Add --nodes 12
"$GRED" cov "$T/ops" >"$T/cov"
if grep -q "^NOT 3 " "$T/cov"; then pass; else fail "--ops: $(grep NOT "$T/cov")"; fi

# cov over a directory and gen --coverage agree
"$GRED" gen -q -n 30 -o "$T/d" --seed 5 --nodes 25 --coverage >"$T/gencov"
"$GRED" cov "$T/d" >"$T/dircov"
for m in OTC IDC ODC SEC DEC SPC NOP NOO NOT; do
  if grep -q "^$m " "$T/dircov"; then pass; else fail "cov lacks $m"; fi
done
if diff "$T/gencov" "$T/dircov" >/dev/null; then pass; else fail "gen --coverage and cov differ: $(diff "$T/gencov" "$T/dircov")"; fi

# --format mlir through the ONNX bridge
if "$GRED" gen -q -n 3 -o "$T/m" --format mlir 2>"$T/err"; then
  if grep -q '"onnx.' "$T/m/g000000.mlir"; then pass; else fail "mlir output lacks onnx ops"; fi
else
  fail "--format mlir: $(cat "$T/err")"
fi

expect_error "unknown op" "unknown op 'Nope'" "$GRED" gen -n 1 -o "$T/x" --ops Relu,Nope
expect_error "bad number" "--nodes needs a number" "$GRED" gen -n 1 -o "$T/x" --nodes abc
expect_error "bad format" "--format must be" "$GRED" gen -n 1 -o "$T/x" --format txt
expect_error "missing dir" "no such file" "$GRED" cov "$T/does-not-exist"
finish
