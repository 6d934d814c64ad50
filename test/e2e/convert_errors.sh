# ctest-labels: asan
# Bad input to `gred convert`: exit 1, one line naming the file, output
# path untouched.
. "$(dirname "$0")/../lib/e2e.sh"
: >"$T/empty.onnx"
printf 'func.func @f( {\n' >"$T/syntax.mlir"
head -c 4096 /dev/urandom >"$T/random.onnx"
printf '\x08\x07\x12\x04ab' >"$T/truncated.onnx"
printf 'module {}\n' >"$T/ok.mlir"
echo hi >"$T/x.txt"
echo keep >"$T/out.mlir"

expect_error "syntax error" "syntax.mlir:1:14: " "$GRED" convert "$T/syntax.mlir" "$T/out.mlir"
expect_error "missing file" "nope.mlir: No such file" "$GRED" convert "$T/nope.mlir" "$T/out.mlir"
expect_error "unknown input extension" "x.txt: unknown file type" "$GRED" convert "$T/x.txt" "$T/out.mlir"
expect_error "unknown output extension" "o.txt: unknown file type" "$GRED" convert "$T/ok.mlir" "$T/o.txt"
expect_error "unwritable output" "/nonexistent/o.mlir: cannot write" "$GRED" convert "$T/ok.mlir" /nonexistent/o.mlir
expect_error "empty onnx" "empty.onnx: " "$GRED" convert "$T/empty.onnx" "$T/out.mlir"
expect_error "random bytes" "random.onnx: " "$GRED" convert "$T/random.onnx" "$T/out.mlir"
expect_error "truncated protobuf" "truncated.onnx: " "$GRED" convert "$T/truncated.onnx" "$T/out.mlir"
expect_error "directory as input" "is a directory\|not a regular file" "$GRED" convert "$T" "$T/out.mlir"
if [ "$(cat "$T/out.mlir")" = keep ]; then pass; else fail "output was modified"; fi
if ls "$T" | grep -q '\.tmp\.'; then fail "temp files left behind"; else pass; fi
finish
