#!/bin/sh
# gred fuzz with the learning generator (--mcts --mutate, a residual
# skeleton) on a cmd: target with planted bugs. Checked: the models and
# findings do not depend on -j; a campaign stopped after 20 models and
# resumed to 40 makes the same 40 models as one run of 40 (the generator
# is replayed with the recorded results); every case onnx.checker accepts;
# the bucket feedback changes what is generated (a different target, other
# models after the first ones).
. "$GRED_SRC/test/lib/e2e.sh"
need_python_onnx

cat >"$T/target.sh" <<'EOF2'
#!/bin/sh
if grep -q Softmax "$1"; then echo "target: Assertion \`softmax' failed." >&2; kill -ABRT $$; fi
if grep -q Sigmoid "$1"; then kill -SEGV $$; fi
exit 0
EOF2
chmod +x "$T/target.sh"
cat >"$T/none.sh" <<'EOF2'
#!/bin/sh
exit 0
EOF2
chmod +x "$T/none.sh"
guide="--mcts --mutate 2 --skeleton residual --seed 3 --nodes 8"

# The cases a campaign filed and the bucket ids, as one checksum list.
cases_of() { (cd "$1" && ls cases | sort && cat cases/* | cksum && ls buckets | sort); }

run() { # DIR JOBS N [TARGET]
  "$GRED" fuzz --target "cmd:${4:-$T/target.sh} {}" $guide -n "$3" -j "$2" \
    --out "$1" >"$1.out" 2>"$1.err" || fail "$1: exit $?: $(tail -3 "$1.err")"
}

run "$T/j1" 1 40
run "$T/j2" 2 40
nf=$(ls "$T/j1/cases" | wc -l)
[ "$nf" -gt 0 ] && pass || fail "no finding in 40 guided models"
[ "$(cases_of "$T/j1")" = "$(cases_of "$T/j2")" ] && pass ||
  fail "-j 1 and -j 2 filed different cases"

# stop at 20, resume to 40
run "$T/r" 1 20
"$GRED" fuzz --resume "$T/r" -n 40 -j 2 >"$T/r2.out" 2>"$T/r2.err" ||
  fail "resume: exit $?: $(tail -3 "$T/r2.err")"
[ "$(cases_of "$T/j1")" = "$(cases_of "$T/r")" ] && pass ||
  fail "stopped at 20 and resumed to 40: other cases than one run of 40"
[ -f "$T/r/.gred/guide.bits" ] && [ "$(wc -c <"$T/r/.gred/guide.bits")" -eq 40 ] && pass ||
  fail "guide.bits does not record the 40 models"

# every filed case is a valid model
"$PY" - "$T/j1/cases" <<'EOF2' && pass || fail "a guided case fails onnx.checker"
import onnx, os, sys
d = sys.argv[1]
for f in sorted(os.listdir(d)):
    onnx.checker.check_model(onnx.load(os.path.join(d, f)), full_check=True)
EOF2

# The results steer the generator: with a target that never fails, the
# models after the lag differ from those of the campaign above. The
# models are kept only for findings, so compare with the generator's own
# output through a target that copies each model.
cat >"$T/copy.sh" <<EOF2
#!/bin/sh
cp "\$1" "$T/models/\$(basename "\$1")"
sh "$T/target.sh" "\$1"
EOF2
cat >"$T/copy0.sh" <<EOF2
#!/bin/sh
cp "\$1" "$T/models0/\$(basename "\$1")"
exit 0
EOF2
mkdir -p "$T/models" "$T/models0"
run "$T/c" 1 40 "sh $T/copy.sh"
run "$T/c0" 1 40 "sh $T/copy0.sh"
same_early=1
for i in 0 1 2 3 4 5 6 7; do
  f=$(printf '%08d.onnx' $i)
  cmp -s "$T/models/$f" "$T/models0/$f" || same_early=0
done
[ "$same_early" = 1 ] && pass || fail "the first 8 models depend on results they cannot have yet"
differ=0
for f in $(cd "$T/models" && ls 0*.onnx); do
  cmp -s "$T/models/$f" "$T/models0/$f" || differ=$((differ + 1))
done
[ "$differ" -gt 0 ] && pass || fail "new buckets did not change any later model"
finish
