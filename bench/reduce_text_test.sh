#!/bin/sh
# The test of the text-mode bench: stands for a compiler that knows the
# made-up dialect foo. Its two ops, each a whole line in custom syntax,
# are turned into generic form; interesting iff both are there, the
# crash op takes %1 as the setup op does, and the file then parses and
# verifies in mlir-opt-19 (so the values they take are defined f32s).
#   sh reduce_text_test.sh FILE
f=$1
sed -E -e 's/^( *)foo\.setup (%[0-9a-z_]+)(, %[0-9a-z_]+)?( \{[^}]*\})? : f32$/\1"foo.setup"(\2) : (f32) -> ()/' \
  -e 's/^( *)foo\.crash_here (%[0-9a-z_]+) then %1 : f32$/\1"foo.crash_here"(\2, %1) : (f32, f32) -> ()/' \
  "$f" >"$f.generic" || exit 1
grep -q '^ *"foo\.setup"(%1)' "$f.generic" || exit 1
grep -q '^ *"foo\.crash_here"(%[0-9a-z_]*, %1)' "$f.generic" || exit 1
grep -q '^ *func\.func' "$f.generic" || exit 1
mlir-opt-19 --allow-unregistered-dialect -o /dev/null "$f.generic" 2>/dev/null
