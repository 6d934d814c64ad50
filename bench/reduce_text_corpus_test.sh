#!/bin/sh
# The test of the text-mode bench's files from MLIR's own test suite:
# interesting iff mlir-opt-19 (which has the test dialect) parses and
# verifies the file and what it prints, debug locations included, holds
# each given string.
#   sh reduce_text_corpus_test.sh STRING... FILE
eval "f=\${$#}"
mlir-opt-19 --allow-unregistered-dialect --mlir-print-debuginfo "$f" >"$f.out" 2>/dev/null || exit 1
while [ $# -gt 1 ]; do
  grep -qF -- "$1" "$f.out" || exit 1
  shift
done
