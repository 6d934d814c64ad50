#!/bin/sh
# Mutation-fuzzes gred's two loaders (MLIR text, ONNX protobuf) with
# test/fuzz/fuzz_loaders, built with ASan+UBSan, and prints per loader:
# inputs, accepted, rejected, crashes. A crash is saved, counted, and the
# run resumes at the next input.
#
#   bench/fuzz_loaders.sh [N [SEED]]    N inputs per loader (default 1000000)
#
# FUZZ_COUNT_MLIR=N overrides N for MLIR, whose inputs each take a
# fork (the check parse gred does before parsing text itself).
# FUZZ_DIRECT=1 parses MLIR text in process only (see fuzz_loaders
# --direct): about 100 times faster than a forked check per input.
# FUZZ_BUILD names a build dir whose fuzz_loaders to use (else one is
# made in build-fuzz with -DGRED_SANITIZE=ON); FUZZ_OUT keeps crashes
# (default build-fuzz/crashes); FUZZ_LOADERS picks "mlir", "onnx" or both.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-1000000}
seed=${2:-1}
loaders=${FUZZ_LOADERS:-"mlir onnx"}
if [ -n "${FUZZ_BUILD:-}" ]; then
  build=$FUZZ_BUILD
else
  build=$src/build-fuzz
  [ -f "$build/build.ninja" ] || cmake -S "$src" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Debug -DGRED_SANITIZE=ON >/dev/null
  cmake --build "$build" --target fuzz_loaders >/dev/null
fi
out=${FUZZ_OUT:-$build/crashes}
mkdir -p "$out"
# MLIR's libraries are not instrumented: ASan checks gred's code; LSan is
# off (MLIR keeps global registrations alive on purpose).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

seeds_mlir=$(find "$src/test" -name '*.mlir' | sort)
seeds_onnx=$( (find "$src/test" -name '*.onnx'; dpkg -L libonnx-testdata | grep '\.onnx$') | sort)
[ -n "$seeds_onnx" ] && [ -n "$seeds_mlir" ] || { echo "no seeds" >&2; exit 1; }

status=0
n_all=$n
for loader in $loaders; do
  eval "seeds=\$seeds_$loader"
  n=$n_all
  [ "$loader" = mlir ] && n=${FUZZ_COUNT_MLIR:-$n}
  start=0 accepted=0 crashes=0
  t0=$(date +%s)
  while [ "$start" -lt "$n" ]; do
    set +e
    # shellcheck disable=SC2086
    line=$("$build/fuzz_loaders" --format "$loader" --seed "$seed" \
      ${FUZZ_DIRECT:+--direct} --start "$start" --count $((n - start)) --crash-dir "$out" $seeds \
      2>>"$out/$loader.log")
    rc=$?
    set -e
    if [ "$rc" -eq 0 ]; then
      accepted=$((accepted + $(echo "$line" | awk '{print $4}')))
      break
    fi
    # The crashing input was saved as crash-LOADER-I.LOADER; go on at I+1.
    last=$(ls "$out" | sed -n "s/^crash-$loader-\([0-9]*\)\.$loader\$/\1/p" | sort -n | tail -1)
    if [ -z "$last" ] || [ "$last" -lt "$start" ]; then
      echo "$loader: fuzz_loaders failed (exit $rc) without a crash file:" >&2
      tail -12 "$out/$loader.log" >&2
      exit 1
    fi
    crashes=$((crashes + 1))
    # Inputs start..last-1 were tried; their acceptances are not known
    # from a dead run, so they are run again to count them.
    if [ "$last" -gt "$start" ]; then
      line=$("$build/fuzz_loaders" --format "$loader" --seed "$seed" \
        ${FUZZ_DIRECT:+--direct} --start "$start" --count $((last - start)) --crash-dir "$out" $seeds \
        2>>"$out/$loader.log")
      accepted=$((accepted + $(echo "$line" | awk '{print $4}')))
    fi
    start=$((last + 1))
  done
  t1=$(date +%s)
  rejected=$((n - accepted - crashes))
  echo "$loader${FUZZ_DIRECT:+ (direct)}: inputs $n accepted $accepted rejected $rejected crashes $crashes ($((t1 - t0)) s, seed $seed)"
  [ "$crashes" -eq 0 ] || status=1
done
exit $status
