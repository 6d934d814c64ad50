#!/bin/sh
# The mlir-opt-19 target of `gred fuzz`: runs one .mlir file through a pass
# pipeline and judges it with the crash oracle.
# usage: scripts/fuzz_mlir_opt.sh [--oracle crash] [--timeout SEC] PIPELINE FILE.mlir
# PIPELINE is either mlir-opt flags, when it starts with "-" (split on
# blanks: "--allow-unregistered-dialect --remove-dead-values"), or a textual
# pass pipeline given as --pass-pipeline ("builtin.module(canonicalize)");
# "" only parses and verifies. "--run-reproducer" runs the pipeline of
# the mlir_reproducer block at the file's end (the mlir-opt:random target
# of `gred fuzz` writes one into each model). The file goes on stdin, with an empty
# environment, no address-space randomisation (setarch -R), one thread
# and no IR dump after a failure, so that a crash and its log are stable.
# MLIR_OPT names the binary (default mlir-opt-19 on PATH).
# Exit 0: mlir-opt succeeded. Exit 1: a crash finding (a signal, a timeout,
# "Stack dump:", "LLVM ERROR", an assertion or UNREACHABLE, or a failure
# without an "error:" diagnostic); stderr is "gred-oracle: crash" and then
# mlir-opt's log, for `gred triage sig`. Exit 2: mlir-opt rejected the input
# with a normal diagnostic ("error: ..." and exit status 1). Exit 3: the
# runner failed (bad options, a pipeline mlir-opt does not know, no
# mlir-opt-19); one line on stderr.
set -u

die() { echo "fuzz_mlir_opt: $*" >&2; exit 3; }

timeout_s=60
while [ $# -gt 0 ]; do
  case $1 in
  --oracle)
    [ $# -ge 2 ] || die "--oracle needs a value"
    [ "$2" = crash ] || die "--oracle $2: mlir-opt has the crash oracle only"
    shift 2 ;;
  --timeout)
    [ $# -ge 2 ] || die "--timeout needs a value"
    case $2 in ''|*[!0-9]*|0) die "--timeout $2: not a positive whole number of seconds" ;; esac
    timeout_s=$2; shift 2 ;;
  -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
  --) shift; break ;;
  -?*) [ $# -eq 2 ] && break; die "unknown option $1" ;;
  *) break ;;
  esac
done
[ $# -eq 2 ] || die "usage: fuzz_mlir_opt.sh [--oracle crash] [--timeout SEC] PIPELINE FILE.mlir"
pipeline=$1
file=$2
[ -f "$file" ] && [ -r "$file" ] || die "$file: no such file"

mlir_opt=${MLIR_OPT:-$(command -v mlir-opt-19 || true)}
[ -n "$mlir_opt" ] && [ -x "$mlir_opt" ] || die "no mlir-opt-19 (scripts/bootstrap installs mlir-19-tools)"
command -v setarch >/dev/null 2>&1 || die "no setarch (util-linux)"
command -v timeout >/dev/null 2>&1 || die "no timeout (coreutils)"

log=$(mktemp "${TMPDIR:-/tmp}/fuzz_mlir_opt.XXXXXX") || die "cannot make a temporary file"
trap 'rm -f "$log"' EXIT

# The flags: a pipeline in words, or one --pass-pipeline argument.
case $pipeline in
-*)
  # shellcheck disable=SC2086 # the words are the flags
  set -- $pipeline ;;
'') set -- ;;
*) set -- "--pass-pipeline=$pipeline" ;;
esac

timeout -k 5 "$timeout_s" setarch -R env -i "$mlir_opt" --mlir-disable-threading "$@" \
  <"$file" >/dev/null 2>"$log"
rc=$?

# What ran, for the log: the block's pipeline under --run-reproducer.
shown=${pipeline:-(no passes)}
case " $pipeline " in
*" --run-reproducer "*)
  block=$(sed -n 's/^ *pipeline: *"\(.*\)",\{0,1\} *$/\1/p' "$file" | tail -n 1)
  [ -n "$block" ] && shown="--pass-pipeline='$block' (the file's mlir_reproducer block)" ;;
esac

crash() {
  echo "gred-oracle: crash"
  echo "gred-fuzz-mlir: $mlir_opt $shown < $file: $1"
  cat "$log"
  [ -n "${2:-}" ] && echo "$2"
} >&2

case $rc in
0) exit 0 ;;
124|137) crash "timed out after $timeout_s s" "Error: mlir-opt timed out"; exit 1 ;;
esac
if [ "$rc" -gt 128 ]; then
  sig=$(kill -l "$((rc - 128))" 2>/dev/null || echo "$((rc - 128))")
  # mlir-opt's own handler prints "Stack dump:"; without one, name the signal
  # the way a shell does, so that triage still sees a crash.
  case $sig in
  SEGV) word="Segmentation fault" ;; ABRT) word="Aborted" ;; BUS) word="Bus error" ;;
  FPE) word="Floating point exception" ;; ILL) word="Illegal instruction" ;;
  TRAP) word="Trace/breakpoint trap" ;; *) word="Error: mlir-opt killed by signal SIG$sig" ;;
  esac
  if grep -q -e '^Stack dump:' -e 'LLVM ERROR' -e 'Assertion .* failed' "$log"; then word=; fi
  crash "killed by signal SIG$sig" "$word"
  exit 1
fi
if grep -q -e '^Stack dump:' -e 'LLVM ERROR' -e 'Assertion .* failed' -e 'UNREACHABLE executed' "$log"; then
  crash "exit status $rc"
  exit 1
fi
if grep -q -e 'PassPipeline Parser' -e 'Unknown command line argument' -e 'for the -pass-pipeline option' "$log"; then
  die "mlir-opt rejects the pipeline '$pipeline': $(grep -m1 -e error -e Unknown "$log")"
fi
if [ "$rc" -eq 1 ] && grep -q 'error: ' "$log"; then
  echo "gred-fuzz-mlir: rejected: $(grep -m1 'error: ' "$log")" >&2
  exit 2
fi
crash "exit status $rc without a diagnostic" "Error: mlir-opt exited with status $rc without a diagnostic"
exit 1
