# Random inputs, random predicates: ONNX models from libonnx-testdata and
# .mlir files from $CORPUS, each reduced while "it has an op of type X"
# (X picked from its ops). Every result must parse, verify, pass
# onnx.checker (ONNX) and still be interesting. GRED_FUZZ_SEED picks the
# cases (default fixed, so CI is reproducible); GRED_FUZZ_N how many of each.
. "$(dirname "$0")/../lib/e2e.sh"
SEED=${GRED_FUZZ_SEED:-20261123}
N=${GRED_FUZZ_N:-2}
TESTDATA=/usr/share/libonnx-testdata/data
PY=/usr/bin/python3
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

onnx_ok=0
if [ -d "$TESTDATA" ] && $PY -c 'import onnx' 2>/dev/null; then onnx_ok=1; fi

i=0
while [ "$onnx_ok" = 1 ] && [ $i -lt "$N" ]; do
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
  pass
done

i=0
while [ -d "$CORPUS" ] && [ $i -lt "$N" ]; do
  i=$((i + 1))
  f=$(find "$CORPUS" -name '*.mlir' -size -12k | sort | pick $((i + 20)))
  [ -n "$f" ] || break
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
  echo "  $(wc -c <"$f") -> $(wc -c <"$d/out.mlir") bytes"
  pass
done
finish
