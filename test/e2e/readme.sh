# The README's examples run as written: every command line of a block
# fenced as ```sh run``` is run, in order, in a directory holding the files
# they name (a real mlir-opt-19 crash as crash.mlir, an ONNX model, crash
# logs), with `gred` on PATH. Each must exit 0.
. "$(dirname "$0")/../lib/e2e.sh"
CASES="$GRED_SRC/test/cases"
W=$T/readme
mkdir -p "$W/bin" "$W/crashes"
ln -s "$GRED" "$W/bin/gred"
cd "$W"
# The files the examples name.
cp "$CASES/mlir_opt_remove_dead_values/input.mlir" crash.mlir
cp "$CASES/onnx_conv3x3/input.onnx" bug.onnx
cp "$CASES/onnx_conv3x3/input.onnx" model.onnx
printf 'model.onnx\tpairs.mlir\n' >pairs.txt
# test.sh: the crash case's test on its last argument (TEST ARGS... FILE).
cat >test.sh <<'SH'
#!/bin/sh
eval "f=\${$#}"
env -i setarch -R mlir-opt-19 --allow-unregistered-dialect --remove-dead-values \
  < "$f" > /dev/null 2> log.txt
grep -q 'CallOpInterface::getArgOperands' log.txt
SH
# interesting.sh: the test for either kind of input.
cat >interesting.sh <<SH
#!/bin/sh
case "\$1" in
*.onnx) GRED="$GRED" exec sh "$CASES/onnx_conv3x3/test.sh" "\$1" ;;
*) exec sh "$W/test.sh" "\$1" ;;
esac
SH
chmod +x test.sh interesting.sh
mlir-opt-19 --remove-dead-values crash.mlir >/dev/null 2>crashes/a-rdv.log || true
cp "$GRED_SRC/test/triage/corpus/asan-double-free/dfree-8.log" crashes/b-asan.log
cp crashes/b-asan.log crash.log

# The marked blocks, continuation lines joined.
awk '/^```sh run$/ {on = 1; next} /^```/ {on = 0} on' "$GRED_SRC/README.md" |
  sed -e ':a' -e '/\\$/N; s/\\\n//; ta' >"$T/commands"
n=$(grep -c '^gred ' "$T/commands" || true)
if [ "$n" -ge 20 ]; then pass; else fail "only $n gred commands extracted from README.md"; fi
while IFS= read -r cmd; do
  case "$cmd" in ''|'#'*|' '*'#'*) continue ;; esac
  if PATH="$W/bin:$PATH" sh -c "$cmd" >"$T/out" 2>"$T/err" </dev/null; then pass
  else fail "README: '$cmd' exited $?: $(tail -5 "$T/err")"; fi
done <"$T/commands"
finish
