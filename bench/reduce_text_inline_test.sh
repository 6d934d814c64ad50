#!/bin/sh
# The test of the text-mode bench's `test`-dialect file, judged by
# mlir-opt-19 itself (which has MLIR's test dialect): interesting iff
# the file parses and verifies, and --inline puts a
# test.format_operand_a_op inside a test.format_region_a_op's region
# where there was none before (a call there was inlined).
#   sh reduce_text_inline_test.sh FILE
f=$1
# region_holds: does a test.format_region_a_op's region hold the op?
region_holds() {
  awk '
    d > 0 { if (/test\.format_operand_a_op/) found = 1
            n = gsub(/\{/, "{"); m = gsub(/\}/, "}"); d += n - m; next }
    /test\.format_region_a_op \{$/ { d = 1 }
    END { exit !found }'
}
mlir-opt-19 --allow-unregistered-dialect "$f" >"$f.before" 2>/dev/null || exit 1
mlir-opt-19 --allow-unregistered-dialect --inline "$f" >"$f.after" 2>/dev/null || exit 1
! region_holds <"$f.before" && region_holds <"$f.after"
