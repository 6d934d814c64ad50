#!/bin/sh
# Regenerates test/triage/corpus/: real crash logs of known bugs, one
# directory per expected bucket. Needs mlir-opt-19, cc, python3, node, gdb,
# rustc, go and javac.
#
# A directory is one bug as seen by one build and capture setup (ASan,
# UBSan, plain, gdb): triage compares logs of one setup. Several logs per
# bug come from different inputs. Run by hand; the logs are committed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
src=$here/src
out=${1:-$here/corpus}
mlir=${GRED_CORPUS:?name a folder of real .mlir crash inputs in GRED_CORPUS}
ort=${ORT_DIR:-$here/../../.deps/ort/node_modules}
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
rm -rf "$out"
mkdir -p "$out"

# log GROUP NAME CMD...: runs CMD with stdout and stderr into GROUP/NAME.log.
log() {
  g=$1; n=$2; shift 2
  mkdir -p "$out/$g"
  "$@" >"$out/$g/$n.log" 2>&1
  # Paths of this machine's checkout say nothing about the bug.
  sed -i "s|$w|/build|g; s|$here|/src|g" "$out/$g/$n.log"
}

# --- MLIR: release mlir-opt-19, input on stdin, no ASLR, clean env ------
opt() { env -i ${SYM:+LLVM_SYMBOLIZER_PATH=$SYM} setarch -R mlir-opt-19 "$1" <"$mlir/$2"; }
mlir_bug() {
  g=$1; pass=$2; shift 2
  for f in "$@"; do log "$g" "${f%.mlir}" opt "$pass" "$f"; done
}
s1=smith_temp01004710739588206080.mlir
s2=smith_temp01011869450349265920.mlir
s3=smith_temp0109813101200218624.mlir
s4=smith_temp01269162521801285632.mlir
s5=smith_temp01590295053814986752.mlir
s6=smith_temp01882852339802878976.mlir
s7=smith_temp02058843166058548992.mlir
s8=smith_temp02264305190555386880.mlir
t1=t_Analysis__DataFlow__test-last-modified__0.mlir
t2=t_Analysis__test-alias-analysis-modref__3.mlir
mlir_bug mlir-print-dominance --test-print-dominance $s1 $s2 $s5 $t1
mlir_bug mlir-print-liveness --test-print-liveness $s1 $s3 $s6 $t2
mlir_bug mlir-diagnostic-filter --test-diagnostic-filter $s2 $s4 $s7
mlir_bug mlir-memref-stride --test-memref-stride-calculation $s1 $s5 $s8
mlir_bug mlir-debug-info-scope --ensure-debug-info-scope-on-llvm-func $s2 $s6 $t1
mlir_bug mlir-test-pass-crash --test-pass-crash $s3 $s7 $t2
mlir_bug mlir-vector-linearize --test-vector-linearize $s1 $s4 $s8
mlir_bug mlir-convert-to-spirv --convert-to-spirv $t1 $t2
mlir_bug mlir-ir-visitors --test-ir-visitors $t1
mlir_bug mlir-rdv-smallvector --remove-dead-values $s8 $t2
mlir_bug mlir-rdv-copy --remove-dead-values $s3 $s5
mlir_bug mlir-rdv-transfer-read --remove-dead-values $s1
mlir_bug mlir-rdv-dot --remove-dead-values $s6
# The same bugs with symbolised stacks (llvm-symbolizer on the PATH).
SYM=/usr/bin/llvm-symbolizer-19
log mlir-print-dominance sym-${s4%.mlir} opt --test-print-dominance $s4
log mlir-test-pass-crash sym-${s1%.mlir} opt --test-pass-crash $s1
log mlir-rdv-copy sym-${s3%.mlir} opt --remove-dead-values $s3
unset SYM
# A Python driver that runs mlir-opt and fails after it: the native crash
# is the bug, not the driver's exception.
cat >"$w/driver.py" <<'PY'
import subprocess, sys
p = subprocess.run(["mlir-opt-19", sys.argv[1]], stdin=open(sys.argv[2]),
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
sys.stderr.write(p.stderr)
if p.returncode:
    raise RuntimeError(f"mlir-opt failed with status {p.returncode}")
PY
log mlir-print-liveness driver-${s5%.mlir} env -i setarch -R python3 "$w/driver.py" --test-print-liveness "$mlir/$s5"
log mlir-diagnostic-filter driver-${t1%.mlir} env -i setarch -R python3 "$w/driver.py" --test-diagnostic-filter "$mlir/$t1"
# Interleaved: a log collector merging the crash with another process's
# lines, line by line.
cat >"$w/interleave.py" <<'PY'
import subprocess, sys
p = subprocess.run(sys.argv[1:], stderr=subprocess.STDOUT, stdout=subprocess.PIPE, text=True)
for i, line in enumerate(p.stdout.splitlines()):
    if i % 3 == 1:
        print(f"[worker 2] compiled graph {i}: 0 errors")
    print(line)
PY
log mlir-memref-stride interleaved-${s3%.mlir} python3 "$w/interleave.py" env -i setarch -R mlir-opt-19 --test-memref-stride-calculation "$mlir/$s3"
# Truncated: the first lines only, as a log rotated or cut by a size limit.
head -n 14 "$out/mlir-vector-linearize/${s1%.mlir}.log" >"$out/mlir-vector-linearize/truncated.log"

# --- C: ASan, UBSan, plain, gdb -----------------------------------------
cc -g -O0 -fsanitize=address -fno-omit-frame-pointer -o "$w/asan" "$src/bugs.c"
cc -g -O0 -fsanitize=undefined -o "$w/ubsan" "$src/bugs.c"
cc -g -O0 -fstack-protector-all -o "$w/plain" "$src/bugs.c"
c_bug() {
  g=$1; prog=$2; mode=$3; shift 3
  for a in "$@"; do log "$g" "$mode-$a" "$w/$prog" "$mode" "$a"; done
}
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
c_bug asan-heap-overflow asan hbo 3 5 17
c_bug asan-use-after-free asan uaf 2 9 40
c_bug asan-double-free asan dfree 8 16 100
c_bug asan-null-lookup asan null 0 3 7
c_bug asan-stack-overflow asan stack abcdefghij abcdefghijklmnopqrstuvwxyz0123456789 0123456789abcdef
c_bug asan-leak asan leak 1 5 50
c_bug ubsan-shift ubsan shift 33 40 63
c_bug ubsan-overflow ubsan overflow 2 7 100
c_bug ubsan-div ubsan div 5 10 77
# Interleaved stdout and a cut-off ASan report.
log asan-heap-overflow interleaved-11 python3 "$w/interleave.py" "$w/asan" hbo 11
head -n 6 "$out/asan-use-after-free/uaf-9.log" >"$out/asan-use-after-free/truncated.log"
# Plain builds under a shell: what is left without a sanitizer.
shc() { sh -c "$*"; }
for a in 5 9 12; do log plain-assert "assert-$a" shc "'$w/plain' assert $a"; done
for a in 0 3 7; do log plain-segv "null-$a" shc "'$w/plain' null $a"; done
for a in 5 10 77; do log plain-fpe "div-$a" shc "'$w/plain' div $a"; done
for a in 8 16 100; do log plain-double-free "dfree-$a" shc "'$w/plain' dfree $a"; done
for a in abcdefghijklmnop abcdefghijklmnopqrstuvwxyz0123456789; do
  log plain-stack-smashing "stack-${#a}" shc "'$w/plain' stack $a"
done
if command -v gdb >/dev/null; then
  for a in 0 3 7; do log gdb-null "null-$a" gdb -q -batch -ex run -ex bt --args "$w/plain" null $a; done
  for a in 5 9; do log gdb-assert "assert-$a" gdb -q -batch -ex run -ex bt --args "$w/plain" assert $a; done
  sed -i '/^\[Inferior\|^\[Thread\|^Using host/d' "$out"/gdb-*/*.log
fi

# --- Python, Node.js, Rust ------------------------------------------------
py_bug() {
  g=$1; mode=$2; shift 2
  for a in "$@"; do log "$g" "$mode-$a" python3 "$src/bugs.py" "$mode" "$a"; done
}
py_bug python-key-error key a b c
py_bug python-zero-division zerodiv 1 2
py_bug python-value-error value 3xax4 1x2x? 8xbx8
py_bug python-shape-error shape 5 9 31
py_bug python-recursion recursion 0 7
py_bug python-chained chained abc x1 9.5
js_bug() {
  g=$1; mode=$2; shift 2
  for a in "$@"; do log "$g" "$mode-$(echo "$a" | tr -c 'a-z0-9\n' _)" node "$src/bugs.js" "$mode" "$a"; done
}
js_bug node-type-error type '{}' '{"x":1}' '{"input":2}'
js_bug node-range-error range 1 5 100
js_bug node-rank-error rank 5 9
js_bug node-json-error json '{bad' '{x' '{nope'
if [ -d "$ort/onnxruntime-node" ]; then
  export ORT_DIR=$ort
  for a in garbage zzzzzzzz 0123456789; do log ort-load-error "load-$a" node "$src/ort.js" load $a; done
  /usr/bin/python3 - "$w/add.onnx" <<'PY'
import sys, onnx
from onnx import helper, TensorProto
x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4])
y = helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4])
g = helper.make_graph([helper.make_node("Relu", ["x"], ["y"])], "g", [x], [y])
onnx.save(helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)]), sys.argv[1])
PY
  for n in 3 7; do log ort-bad-shape "run-$n" node "$src/ort.js" run "$w/add.onnx" $n; done
fi
if command -v rustc >/dev/null; then
  rustc -g -o "$w/rbugs" "$src/bugs.rs" 2>/dev/null
  for m in index:5 index:9 unwrap:x unwrap:-3 rank:7 rank:12; do
    log "rust-${m%%:*}" "${m%%:*}-${m#*:}" env RUST_BACKTRACE=1 "$w/rbugs" "${m%%:*}" "${m#*:}"
  done
fi
# --- Go and Java ----------------------------------------------------------
if command -v go >/dev/null; then
  cp "$src/bugs.go" "$w/bugs.go"
  (cd "$w" && GO111MODULE=off go build -o gobugs bugs.go &&
    GO111MODULE=off go build -gcflags=-l -o gobugs-noinline bugs.go)
  for m in index:5 index:9 nil:y nil:q rank:9 rank:12; do
    log "go-${m%%:*}" "${m%%:*}-${m#*:}" "$w/gobugs" "${m%%:*}" "${m#*:}"
  done
  for m in index:7 nil:z rank:7; do
    log "go-${m%%:*}" "noinline-${m%%:*}-${m#*:}" env GOTRACEBACK=all "$w/gobugs-noinline" "${m%%:*}" "${m#*:}"
  done
fi
if command -v javac >/dev/null; then
  mkdir -p "$w/java" && javac -d "$w/java" "$src/Bugs.java"
  for m in index:7 index:4 null:q null:z rank:9 rank:12; do
    log "java-${m%%:*}" "${m%%:*}-${m#*:}" java -cp "$w/java" Bugs "${m%%:*}" "${m#*:}"
  done
fi
du -sh "$out"
