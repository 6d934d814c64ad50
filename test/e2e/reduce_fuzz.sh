# Random inputs, random predicates: ONNX models from libonnx-testdata and
# the repository's .mlir files (as in convert_mlir.sh), each reduced while "it has an op of type X"
# (X picked from its ops). Every result must parse, verify, pass
# onnx.checker (ONNX) and still be interesting. GRED_FUZZ_SEED picks the
# cases (default fixed, so CI is reproducible); GRED_FUZZ_N how many of each.
. "$(dirname "$0")/../lib/e2e.sh"
SEED=${GRED_FUZZ_SEED:-20261123}
N=${GRED_FUZZ_N:-2}
TESTDATA=/usr/share/libonnx-testdata/data
need_python_onnx
need_cmd mlir-opt-19
[ -d "$TESTDATA" ] || missing "libonnx-testdata ($TESTDATA)"
echo "seed $SEED"

# pick SALT: one line of stdin, chosen by the seed and the number SALT
pick() { awk -v s="$SEED" -v k="$1" 'BEGIN { srand(s * 100 + k) } { a[NR] = $0 }
  END { if (NR) print a[int(rand() * NR) + 1] }'; }

# The predicates. Graph inputs and outputs need types, as every ONNX
# runtime requires; the rest is "has op X".
cat >"$T/onnx_has.sh" <<'PRED'
#!/bin/sh
"$GRED" convert "$2" m.mlir 2>/dev/null || exit 1
grep -q '^ *func.func @main_graph.*!onnx.unknown' m.mlir && exit 1
grep -q "\"onnx.$1\"" m.mlir
PRED
cat >"$T/mlir_has.sh" <<'PRED'
#!/bin/sh
grep -Eq "^ *(%[^=]*= )?\"?$1[\" ({<]" "$2"
PRED

# Candidates that do not fit (untyped graphs, no op to pick) are passed
# over; N cases of each kind must be reduced, within 10 N tries.
i=0; done_onnx=0
while [ $done_onnx -lt "$N" ] && [ $i -lt $((10 * N)) ]; do
  i=$((i + 1))
  model=$(find "$TESTDATA" -name model.onnx -size -8k | sort | pick $i)
  d="$T/onnx$i"; mkdir -p "$d"
  cp "$model" "$d/in.onnx"
  "$GRED" convert "$d/in.onnx" "$d/in.mlir" 2>/dev/null || { fail "$model: does not import"; continue; }
  op=$(grep -o '"onnx\.[A-Za-z]*"' "$d/in.mlir" | tr -d '"' | sed 's/^onnx\.//' |
    grep -vx 'Constant\|NoValue\|Yield' | sort -u | pick $((i + 10)))
  [ -n "$op" ] || continue
  (cd "$d" && sh "$T/onnx_has.sh" "$op" in.onnx) || continue  # untyped graph
  echo "onnx: $model has $op"
  if ! timeout 100 "$GRED" reduce -j 2 --timeout 20 -o "$d/out.onnx" "$d/in.onnx" \
      sh "$T/onnx_has.sh" "$op" 2>"$d/err"; then
    fail "$model ($op): gred failed: $(cat "$d/err")"; continue
  fi
  mkdir -p "$d/check"
  if ! (cd "$d/check" && sh "$T/onnx_has.sh" "$op" "$d/out.onnx"); then
    fail "$model ($op): the result is not interesting"; continue
  fi
  if ! "$GRED" convert "$d/out.onnx" "$d/out.mlir" 2>"$d/err"; then
    fail "$model ($op): the result does not import: $(cat "$d/err")"; continue
  fi
  if ! $PY -c 'import onnx, sys; onnx.checker.check_model(onnx.load(sys.argv[1]))' \
      "$d/out.onnx" 2>"$d/err"; then
    fail "$model ($op): onnx.checker rejects the result: $(tail -1 "$d/err")"; continue
  fi
  echo "  $(wc -c <"$d/in.onnx") -> $(wc -c <"$d/out.onnx") bytes"
  done_onnx=$((done_onnx + 1))
  pass
done
if [ $done_onnx -eq "$N" ]; then pass; else fail "only $done_onnx ONNX cases in $i tries"; fi

repo_mlir_files | while read -r f; do
  if "$GRED" convert "$f" "$T/p.mlir" 2>/dev/null; then echo "$f"; fi
done >"$T/mlir_files"
i=0; done_mlir=0
while [ $done_mlir -lt "$N" ] && [ $i -lt $((10 * N)) ]; do
  i=$((i + 1))
  f=$(pick $((i + 20)) <"$T/mlir_files")
  [ -n "$f" ] || { fail "no .mlir file to pick"; break; }
  d="$T/mlir$i"; mkdir -p "$d"
  "$GRED" convert "$f" "$d/in.mlir" 2>/dev/null || continue  # text mode: no IR to check
  op=$(sed -n 's/^ *\(%[^=]*= \)\{0,1\}"\{0,1\}\([a-z_0-9]*\.[a-z_0-9.]*\).*/\2/p' "$f" |
    sort -u | pick $((i + 30)))
  [ -n "$op" ] || continue
  sh "$T/mlir_has.sh" "$op" "$f" || continue
  echo "mlir: $(basename "$f") has $op"
  if ! timeout 100 "$GRED" reduce -j 2 --timeout 20 -o "$d/out.mlir" "$f" \
      sh "$T/mlir_has.sh" "$op" 2>"$d/err"; then
    fail "$f ($op): gred failed: $(cat "$d/err")"; continue
  fi
  if ! sh "$T/mlir_has.sh" "$op" "$d/out.mlir"; then
    fail "$f ($op): the result is not interesting"; continue
  fi
  if ! "$GRED" convert "$d/out.mlir" "$d/chk.mlir" 2>"$d/err"; then
    fail "$f ($op): the result does not parse or verify: $(cat "$d/err")"; continue
  fi
  if ! mlir-opt-19 --allow-unregistered-dialect "$d/out.mlir" -o /dev/null 2>"$d/err"; then
    fail "$f ($op): mlir-opt-19 rejects the result: $(head -3 "$d/err")"; continue
  fi
  echo "  $(wc -c <"$f") -> $(wc -c <"$d/out.mlir") bytes"
  done_mlir=$((done_mlir + 1))
  pass
done
if [ $done_mlir -eq "$N" ]; then pass; else fail "only $done_mlir .mlir cases in $i tries"; fi
finish
