#!/bin/sh
# The test of the text-mode bench: stands for a compiler that knows the
# made-up dialect foo. Its two ops, in custom syntax or generic form, are
# read into generic form; interesting iff the crash op's second operand
# is the setup op's first, and the file then parses and verifies in
# mlir-opt-19 (so the values they take are defined f32s).
#   sh reduce_text_test.sh FILE
f=$1
sed -E \
  -e 's/^( *)foo\.setup (%[0-9a-z_]+), (%[0-9a-z_]+)( \{[^}]*\})? : f32$/\1"foo.setup"(\2, \3)\4 : (f32, f32) -> ()/' \
  -e 's/^( *)foo\.setup (%[0-9a-z_]+)( \{[^}]*\})? : f32$/\1"foo.setup"(\2)\3 : (f32) -> ()/' \
  -e 's/^( *)foo\.crash_here (%[0-9a-z_]+) then (%[0-9a-z_]+) : f32$/\1"foo.crash_here"(\2, \3) : (f32, f32) -> ()/' \
  "$f" >"$f.generic" || exit 1
awk '
  match($0, /"foo\.setup"\(%[0-9a-z_]+/) { setup = substr($0, RSTART + 12, RLENGTH - 12) }
  match($0, /"foo\.crash_here"\(%[0-9a-z_]+, %[0-9a-z_]+\)/) {
    s = substr($0, RSTART, RLENGTH); sub(/.*, /, "", s); sub(/\)$/, "", s); crash = s
  }
  /^ *func\.func/ { func = 1 }
  END { exit !(func && setup != "" && setup == crash) }' "$f.generic" || exit 1
mlir-opt-19 --allow-unregistered-dialect -o /dev/null "$f.generic" 2>/dev/null
