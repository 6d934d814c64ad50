#!/bin/sh
# Runs the .mlir end-to-end checks (test/e2e/convert_mlir.sh and
# reduce_corpus.sh) over an outside corpus as well as the repository's
# files. Not a ctest test: the corpus is not part of the repository.
#   bench/corpus_check.sh [CORPUS-DIR]   (default: ../shared/corpus/mlir)
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
GRED_MLIR_CORPUS=$(cd "${1:-$here/../shared/corpus/mlir}" && pwd) || exit 2
export GRED_MLIR_CORPUS
export GRED="${GRED:-$here/build/gred}" GRED_SRC="$here" GRED_BUILD="${GRED_BUILD:-$here/build}"
rc=0
for t in convert_mlir reduce_corpus; do
  echo "== $t on $GRED_MLIR_CORPUS"
  sh "$here/test/e2e/$t.sh" || rc=1
done
exit $rc
