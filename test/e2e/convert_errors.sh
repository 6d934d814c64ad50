# ctest-labels: asan
# Bad input to `gred convert`: exit 1, one line naming the file, output
# path untouched.
. "$(dirname "$0")/../lib/e2e.sh"
: >"$T/empty.onnx"
printf 'func.func @f( {\n' >"$T/syntax.mlir"
head -c 4096 /dev/urandom >"$T/random.onnx"
printf '\010\007\022\004ab' >"$T/truncated.onnx"
printf 'module {}\n' >"$T/ok.mlir"
printf '\010\007' >"$T/notmodel.onnx"                  # a ModelProto with no graph
printf '\010\001\020\001\112\004\000\000\200\077' >"$T/tensor.onnx" # a TensorProto
printf '\010\007\072\377\377\377\377\017' >"$T/huge.onnx"   # a 4 GB graph field
printf '\010\007\072\015\012\013\012\001\141\022\001\142\042\003\101\142\163' >"$T/undef.onnx" # Abs(a), a undefined
printf 'module {\n  "test.op"() : () -> ()\n}\n' >"$T/foreign.mlir"
echo hi >"$T/x.txt"
# nest N OPEN CLOSE: N copies of OPEN, then N of CLOSE (a file made here).
nest() { awk -v n="$1" -v o="$2" -v c="$3" 'BEGIN { for (i = 0; i < n; i++) printf "%s", o; for (i = 0; i < n; i++) printf "%s", c; print "" }'; }
nest 2500 '"test.op"() ({\n' '}) : () -> ()\n' >"$T/deep.mlir"    # 75 KB, overflowed the parser's stack
nest 8000 '[' ']' | sed 's/^/module attributes {test.x = /; s/$/} {}/' >"$T/deeparray.mlir"
nest 20000 '(' ')' | sed 's/^/func.func private @f() -> /' >"$T/deepparen.mlir"
nest 20000 'tensor<4x' '>' | sed 's/>/f32>/; s/^/func.func private @f() -> /' >"$T/deeptype.mlir"
nest 120 '"test.op"() ({\n' '}) : () -> ()\n' >"$T/nested.mlir"     # deep, but within the limit
echo keep >"$T/out.mlir"

expect_error "syntax error" "syntax.mlir:1:14: " "$GRED" convert "$T/syntax.mlir" "$T/out.mlir"
expect_error "missing file" "nope.mlir: No such file" "$GRED" convert "$T/nope.mlir" "$T/out.mlir"
expect_error "unknown input extension" "x.txt: unknown file type" "$GRED" convert "$T/x.txt" "$T/out.mlir"
expect_error "unknown output extension" "o.txt: unknown file type" "$GRED" convert "$T/ok.mlir" "$T/o.txt"
expect_error "unwritable output" "/nonexistent/o.mlir: cannot write" "$GRED" convert "$T/ok.mlir" /nonexistent/o.mlir
expect_error "empty onnx" "empty.onnx: " "$GRED" convert "$T/empty.onnx" "$T/out.mlir"
expect_error "random bytes" "random.onnx: " "$GRED" convert "$T/random.onnx" "$T/out.mlir"
expect_error "truncated protobuf" "truncated.onnx: " "$GRED" convert "$T/truncated.onnx" "$T/out.mlir"
expect_error "protobuf that is not a model" "notmodel.onnx: not an ONNX model" "$GRED" convert "$T/notmodel.onnx" "$T/out.mlir"
expect_error "a tensor, not a model" "tensor.onnx: " "$GRED" convert "$T/tensor.onnx" "$T/out.mlir"
expect_error "huge length" "huge.onnx: " "$GRED" convert "$T/huge.onnx" "$T/out.mlir"
expect_error "undefined node input" "undef.onnx: .*'a' is not defined" "$GRED" convert "$T/undef.onnx" "$T/out.mlir"
expect_error "mlir that is not onnx" "foreign.mlir: " "$GRED" convert "$T/foreign.mlir" "$T/out.onnx"
expect_error "directory as input" "is a directory\|not a regular file" "$GRED" convert "$T" "$T/out.mlir"
expect_error "2,500 nested regions" "deep.mlir:129:10: nesting deeper than 256" "$GRED" convert "$T/deep.mlir" "$T/out.mlir"
expect_error "8,000 nested arrays" "deeparray.mlir:1:.*nesting" "$GRED" convert "$T/deeparray.mlir" "$T/out.mlir"
expect_error "20,000 nested parentheses" "deepparen.mlir:1:.*nesting" "$GRED" convert "$T/deepparen.mlir" "$T/out.mlir"
expect_error "20,000 nested tensor types" "deeptype.mlir:1:.*nesting" "$GRED" convert "$T/deeptype.mlir" "$T/out.mlir"
# Within the limit the file converts, and MLIR's own tool reads the result.
if "$GRED" convert "$T/nested.mlir" "$T/nested2.mlir" && mlir-opt-19 --allow-unregistered-dialect "$T/nested2.mlir" >/dev/null; then pass; else fail "120 nested regions do not convert"; fi
# reduce takes a too-deep file in text mode: no crash, a smaller file that
# still passes the test, no temp dirs left.
mkdir "$T/tmp"
printf '#!/bin/sh\ngrep -q test.op "$1"\n' >"$T/has_op.sh"
chmod +x "$T/has_op.sh"
set +e
TMPDIR="$T/tmp" "$GRED" reduce "$T/deep.mlir" "$T/has_op.sh" -o "$T/deep_r.mlir" >"$T/out" 2>"$T/err"
rc=$?
set -e
if [ "$rc" -eq 0 ]; then pass; else fail "reduce of deep.mlir: exit $rc: $(cat "$T/err")"; fi
if "$T/has_op.sh" "$T/deep_r.mlir" && [ "$(wc -c <"$T/deep_r.mlir")" -lt 100 ]; then pass; else fail "reduce of deep.mlir: $(wc -c <"$T/deep_r.mlir") bytes"; fi
if [ -z "$(ls -A "$T/tmp")" ]; then pass; else fail "reduce left $(ls "$T/tmp")"; fi
if [ "$(cat "$T/out.mlir")" = keep ]; then pass; else fail "output was modified"; fi
if ls "$T" | grep -q '\.tmp\.'; then fail "temp files left behind"; else pass; fi
finish
