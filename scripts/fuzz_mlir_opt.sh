#!/bin/sh
# The mlir-opt-19 target of `gred fuzz`: runs one .mlir file through a pass
# pipeline and judges it with the crash and verify oracles.
# usage: scripts/fuzz_mlir_opt.sh [--oracle crash,verify] [--timeout SEC] PIPELINE FILE.mlir
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
# mlir-opt's log, for `gred triage sig`. With the verify oracle (--oracle
# crash,verify), exit 1 also when the input verifies alone and a pass turns
# it into IR that mlir-opt's verifier rejects; stderr is "gred-oracle:
# verify", mlir-opt's log, then a line signed by the pass and the
# verifier's message (symbol names blanked):
#   Error: PASS emits IR the verifier rejects: OP: MESSAGE
#       at PASS (fuzz_mlir_opt.sh:0:0)
# It is told from a pass's own error by running the pipeline again with
# --mlir-print-ir-after-failure: the IR after the failed pass must fail
# verification alone, with the run's first error. Exit 2: mlir-opt rejected
# the input with a normal diagnostic ("error: ..." and exit status 1), the
# input's own or a pass's. Exit 3: the runner failed (bad options, a
# pipeline mlir-opt does not know, no mlir-opt-19); one line on stderr.
set -u

die() { echo "fuzz_mlir_opt: $*" >&2; exit 3; }

timeout_s=60
verify=0
while [ $# -gt 0 ]; do
  case $1 in
  --oracle)
    [ $# -ge 2 ] || die "--oracle needs a value"
    case ,$2, in
    ,crash,) verify=0 ;;
    ,crash,verify,|,verify,crash,|,verify,) verify=1 ;;
    *) die "--oracle $2: mlir-opt has the crash and verify oracles" ;;
    esac
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
[ $# -eq 2 ] || die "usage: fuzz_mlir_opt.sh [--oracle crash,verify] [--timeout SEC] PIPELINE FILE.mlir"
pipeline=$1
file=$2
[ -f "$file" ] && [ -r "$file" ] || die "$file: no such file"

mlir_opt=${MLIR_OPT:-$(command -v mlir-opt-19 || true)}
[ -n "$mlir_opt" ] && [ -x "$mlir_opt" ] || die "no mlir-opt-19 (scripts/bootstrap installs mlir-19-tools)"
command -v setarch >/dev/null 2>&1 || die "no setarch (util-linux)"
command -v timeout >/dev/null 2>&1 || die "no timeout (coreutils)"

log=$(mktemp "${TMPDIR:-/tmp}/fuzz_mlir_opt.XXXXXX") || die "cannot make a temporary file"
dump=$log.dump
trap 'rm -f "$log" "$dump" "$dump.ir" "$dump.err"' EXIT

# The flags: a pipeline in words, or one --pass-pipeline argument.
case $pipeline in
-*)
  # shellcheck disable=SC2086 # the words are the flags
  set -- $pipeline ;;
'') set -- ;;
*) set -- "--pass-pipeline=$pipeline" ;;
esac

opt() {  # FLAGS...: mlir-opt on the file, as every run of this runner
  timeout -k 5 "$timeout_s" setarch -R env -i "$mlir_opt" --mlir-disable-threading "$@"
}
opt "$@" <"$file" >/dev/null 2>"$log"
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
# The first diagnostic's text, without its location.
first_error() { sed -n 's/^.*error: //p' "$1" | head -n 1; }

# A pass whose output the verifier rejects: the input verifies alone, and
# the IR that --mlir-print-ir-after-failure shows after the failed pass
# fails verification alone with the run's first error. Prints the pass.
verify_failed_pass() {
  opt <"$file" >/dev/null 2>/dev/null || return 1
  opt "$@" --mlir-print-ir-after-failure --mlir-print-ir-module-scope \
    <"$file" >/dev/null 2>"$dump"
  header=$(grep -m1 '^// -----// IR Dump After .* Failed (' "$dump") || return 1
  sed -n '/^\/\/ -----\/\/ IR Dump After .* Failed (/,$p' "$dump" | sed 1d >"$dump.ir"
  opt <"$dump.ir" >/dev/null 2>"$dump.err" && return 1
  [ "$(first_error "$dump.err")" = "$(first_error "$log")" ] || return 1
  echo "$header" | sed 's/^.* Failed (\([^)]*\)).*/\1/'
}

if [ "$rc" -eq 1 ] && grep -q 'error: ' "$log"; then
  if [ "$verify" -eq 1 ] && pass=$(verify_failed_pass "$@"); then
    # the op, from the note mlir-opt adds; its name out of quotes, as
    # triage blanks quoted values; symbol names blanked, as reduction
    # renames them
    op=$(sed -n 's/^.*note: see current operation: \(%[^=]* = \)\{0,1\}"\([^"]*\)".*/\2/p' "$log" | head -n 1)
    [ -n "$op" ] || op=$(first_error "$log" | sed -n "s/^'\([^']*\)' op .*/\1/p")
    msg=$(first_error "$log" | sed "s/^'[^']*' op //; s/@[A-Za-z0-9_.\$-]*/@?/g")
    {
      echo "gred-oracle: verify"
      echo "gred-fuzz-mlir: $mlir_opt $shown < $file: $pass emits IR the verifier rejects"
      cat "$log"
      echo "Error: $pass emits IR the verifier rejects: ${op:-?}: $msg"
      echo "    at $pass (fuzz_mlir_opt.sh:0:0)"
    } >&2
    exit 1
  fi
  echo "gred-fuzz-mlir: rejected: $(grep -m1 'error: ' "$log")" >&2
  exit 2
fi
crash "exit status $rc without a diagnostic" "Error: mlir-opt exited with status $rc without a diagnostic"
exit 1
